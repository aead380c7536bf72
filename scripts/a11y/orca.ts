/**
 * `npm run a11y:orca`: what Debian's Orca screen reader says through a whole card-element checkout in Chromium,
 * driven by the keyboard only. Prints the transcript (each key, then each utterance) and writes it to
 * .reports/a11y/orca-transcript.txt.
 *
 * Runs everything on this machine, nothing kept: the sandbox API and the demo merchant in-process on 127.0.0.1
 * port 0; an X server of its own (Xvfb), a D-Bus session bus and the AT-SPI bus; Orca 43 with speech disabled
 * (`-d speech`: no speech server, no audio), whose debug log still records every utterance as a
 * `SPEECH OUTPUT: '...'` line (orca/speech.py logs before it hands text to a server), and each live-region message
 * it presents by its braille flash (`presentMessage` speaks only when speech is on); the log is written through a
 * terminal (`script`), so line by line, and each line comes under the key that caused it; Chromium with
 * `--force-renderer-accessibility`, every non-loopback request sent to a closed port; keys sent with xdotool.
 * Needs the Debian packages orca, at-spi2-core, xvfb, xdotool, dbus-x11 and bsdutils (`script`; not in CI: a tool,
 * not a test). Flags: --lang en|es (default en), --out FILE, --keep-log FILE (a copy of Orca's whole debug log).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { startMerchant } from '../../demo/merchant/server';
import { SANDBOX_DEFAULTS } from '../../sandbox/src/defaults';
import { startSandbox } from '../../sandbox/src/server';
import { CHROMIUM_ARGS } from '../bench/setup';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const AT_SPI_LAUNCHER = '/usr/libexec/at-spi-bus-launcher';
const TOOLS = ['/usr/bin/orca', '/usr/bin/script', '/usr/bin/Xvfb', '/usr/bin/xdotool', '/usr/bin/dbus-daemon', AT_SPI_LAUNCHER, CHROMIUM];
const CREDENTIALS = {
  merchantId: SANDBOX_DEFAULTS.merchantId,
  publicKey: SANDBOX_DEFAULTS.publicKey,
  privateKey: SANDBOX_DEFAULTS.privateKey,
};
/** A valid expiry three years ahead, typed as digits (the field formats `MM/YY`). */
const EXPIRY = `12${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts a helper process; its output goes nowhere unless `stdio` says otherwise. */
function start(cmd: string, args: string[], env: NodeJS.ProcessEnv, stdio: ('ignore' | 'pipe')[] = ['ignore', 'ignore', 'ignore']) {
  return spawn(cmd, args, { env, stdio });
}

/** The first line a child writes on the pipe `fd` (Xvfb's display number, the bus address), within 15 s. */
function firstLine(child: ChildProcess, fd: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from ${child.spawnfile} within 15 s`)), 15_000);
    let text = '';
    (child.stdio[fd] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(text.split('\n')[0]!.trim());
      }
    });
    child.on('exit', (code) => reject(new Error(`${child.spawnfile} exited (${code}) before answering`)));
  });
}

/** The prefix of a live-region message Orca presented, in the transcript. */
const LIVE = '(live region) ';
/** Where Orca's log starts the block of a live-region message it presents. */
const LIVE_BLOCK = 'vvvvv PRESENT LIVE REGION MESSAGE vvvvv';
/** An utterance (`SPEECH OUTPUT: '...'`), or a live-region message presented (the log's block for it, up to its end). */
const UTTERANCES =
  /SPEECH OUTPUT: '(.*?)' ?(?:voice=\w+)?\{|vvvvv PRESENT LIVE REGION MESSAGE vvvvv((?:(?!\^\^\^\^\^ PRESENT)[\s\S])*)\^\^\^\^\^ PRESENT/g;

/** Orca's debug log, read as it grows: the utterances since a mark, once the log has been quiet a while. */
class OrcaLog {
  private mark = 0;
  constructor(private readonly path: string) {}
  private text = () => (existsSync(this.path) ? readFileSync(this.path, 'utf8') : '');
  /** Waits until the log holds `pattern` (bounded). */
  async waitFor(pattern: RegExp, ms: number): Promise<void> {
    for (const end = Date.now() + ms; !pattern.test(this.text()); await sleep(250))
      if (Date.now() > end) throw new Error(`Orca's log never showed ${pattern} within ${ms / 1000} s`);
  }
  /**
   * Every `SPEECH OUTPUT` since the last call, once the log has not grown for `quietMs` (Orca idle; at most 20 s),
   * and the objects that got the focus meanwhile (`locusOfFocus: [role | name]`).
   */
  async sinceMark(quietMs = 3000): Promise<{ spoken: string[]; focused: string[]; focusMode: boolean }> {
    let size = -1;
    for (const end = Date.now() + 20_000; Date.now() < end; await sleep(quietMs)) {
      const now = this.text().length;
      if (now === size) break;
      size = now;
    }
    let text = this.text().slice(this.mark);
    // a live-region message's block not ended yet is read whole at the next call
    const open = text.lastIndexOf(LIVE_BLOCK);
    if (open >= 0 && !text.includes('^^^^^ PRESENT', open)) text = text.slice(0, open);
    this.mark += text.length;
    // in log order: what speech was given, and each live-region message Orca presented (its `presentMessage`,
    // which speaks only when speech is on: with `-d speech` the message's braille flash is what the log keeps)
    const said = [...text.matchAll(UTTERANCES)].map((m) =>
      m[1] !== undefined ? m[1].trim() : `${LIVE}${(/BRAILLE LINE: {2}'(.*)'/.exec(m[2]!)?.[1] ?? '').trim()}`,
    );
    const focused = [...text.matchAll(/locusOfFocus: \[([^\]]*)\]/g)].map((m) => m[1]!);
    const modes = [...this.text().matchAll(/_inFocusMode: (True|False)/g)];
    return { spoken: said.filter((s) => s && s !== LIVE), focused, focusMode: modes.at(-1)?.[1] === 'True' };
  }
}

/** One step of the checkout: the keys a shopper presses (xdotool arguments) and what the transcript calls it. */
type Step = [what: string, xdotool: string[]];

/** The steps of the card-element checkout after the card number has the focus. */
function checkoutSteps(): Step[] {
  const type = (text: string): Step => [`type ${text}`, ['type', '--delay', '120', text]];
  const key = (name: string): Step => [name, ['key', name]];
  return [
    type('4111111111111111'),
    key('Tab'),
    type(EXPIRY),
    key('Tab'),
    type('12'),
    ['Tab (the security code left with 2 digits)', ['key', 'Tab']],
    ['Shift+Tab (back to the security code)', ['key', 'shift+Tab']],
    ['End (the caret after the 2 digits, which the focus selected)', ['key', 'End']],
    type('3'),
    key('Tab'),
    type('Ana Perez'),
    ['(the card complete: nothing pressed)', []],
    key('Tab'),
    ['Return (pay)', ['key', 'Return']],
  ];
}

/** Runs xdotool with the session's display. */
const xdotool = (env: NodeJS.ProcessEnv, args: string[]) =>
  new Promise<void>((resolve, reject) =>
    start('/usr/bin/xdotool', args, env).on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`xdotool ${args.join(' ')}: ${code}`)),
    ),
  );

/** Drives the checkout in the running Chromium; returns the transcript's lines. */
async function driveCheckout(env: NodeJS.ProcessEnv, log: OrcaLog, title: string): Promise<string[]> {
  const transcript: string[] = [];
  const record = async (what: string) => {
    const { spoken, focused, focusMode } = await log.sinceMark();
    // typed characters are echoed one utterance each: shown on one line
    const echo = spoken.every((s) => s.length <= 2) && spoken.length > 1;
    const quote = (s: string) => (s.startsWith(LIVE) ? `  ${LIVE}"${s.slice(LIVE.length)}"` : `  "${s}"`);
    transcript.push(`> ${what}`, ...(echo ? [`  (echoes ${spoken.join(' ')})`] : spoken.map(quote)));
    return { focused, focusMode };
  };
  await log.waitFor(new RegExp(`document web \\| ${title}`), 60_000);
  await sleep(3000);
  await record(`(page loaded: ${title})`);
  // Tab from the top of the page to the card element's first input (the shop's links come first)
  for (let i = 0; ; i++) {
    if (i === 20) throw new Error('20 Tabs never reached the card number');
    await xdotool(env, ['key', 'Tab']);
    const { focused, focusMode } = await record('Tab');
    if (!focused.some((object) => /^entry \| Card number/.test(object))) continue;
    // Orca left in browse mode, where digits are its quick keys ("1": next heading), a user switches to focus mode
    if (!focusMode) {
      await xdotool(env, ['key', 'Insert+a']);
      await record('Insert+A (Orca stayed in browse mode on the card number: the Orca key and A switch to focus mode)');
    }
    break;
  }
  for (const [what, args] of checkoutSteps()) {
    if (args.length) await xdotool(env, args);
    await record(what);
  }
  return transcript;
}

/** Starts X, the buses, Orca and Chromium on `url`; runs `drive`; stops them all. */
async function withScreenReader<T>(
  url: string,
  keepLog: string | undefined,
  drive: (env: NodeJS.ProcessEnv, log: OrcaLog) => Promise<T>,
): Promise<T> {
  const home = mkdtempSync(join(tmpdir(), 'paytoken-orca-'));
  const children: ChildProcess[] = [];
  try {
    const xvfb = start('/usr/bin/Xvfb', ['-displayfd', '3', '-screen', '0', '1280x900x24', '-nolisten', 'tcp'], process.env, [
      'ignore',
      'ignore',
      'ignore',
      'pipe',
    ]);
    children.push(xvfb);
    const display = `:${await firstLine(xvfb, 3)}`;
    const bus = start('/usr/bin/dbus-daemon', ['--session', '--nofork', '--print-address=1'], process.env, ['ignore', 'pipe', 'ignore']);
    children.push(bus);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: home,
      LANG: 'en_US.UTF-8',
      DISPLAY: display,
      DBUS_SESSION_BUS_ADDRESS: await firstLine(bus, 1),
      XDG_RUNTIME_DIR: home,
      NO_AT_BRIDGE: '0',
      ACCESSIBILITY_ENABLED: '1',
    };
    children.push(start(AT_SPI_LAUNCHER, ['--launch-immediately'], env));
    const debugFile = join(home, 'orca.debug');
    // Orca writes its debug log through a terminal (`script` records it to the file, flushed at each write): Python
    // buffers a file in blocks of kilobytes but a terminal by lines, so an utterance is in the log when Orca logs it
    const orca = `/usr/bin/orca -d speech --debug-file=/dev/tty`;
    children.push(start('/usr/bin/script', ['--quiet', '--flush', '--return', '--command', orca, debugFile], env));
    const log = new OrcaLog(debugFile);
    await log.waitFor(/ORCA: Launching version/, 60_000);
    await sleep(3000);
    const chromiumArgs = [...CHROMIUM_ARGS, '--force-renderer-accessibility', '--proxy-server=http://127.0.0.1:9'];
    // Chromium's card autofill off: on a page served over http its popup ("filling is disabled because this form
    // does not use a secure connection") takes the window's focus mid-typing, which a shopper on https never sees
    mkdirSync(join(home, 'chromium', 'Default'), { recursive: true });
    writeFileSync(
      join(home, 'chromium', 'Default', 'Preferences'),
      JSON.stringify({ autofill: { credit_card_enabled: false, profile_enabled: false } }),
    );
    const profile = `--user-data-dir=${join(home, 'chromium')}`;
    children.push(start(CHROMIUM, [...chromiumArgs, profile, '--window-size=1280,900', '--window-position=0,0', url], env));
    return await drive(env, log);
  } finally {
    if (keepLog && existsSync(join(home, 'orca.debug'))) copyFileSync(join(home, 'orca.debug'), keepLog);
    // each stopped and waited for (at most 5 s), the last started first, before its files go
    for (const child of children.reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5000)]);
    }
    rmSync(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { lang: { type: 'string', default: 'en' }, out: { type: 'string' }, 'keep-log': { type: 'string' } },
  });
  const lang = values.lang === 'es' ? 'es' : 'en';
  const out = values.out ?? '.reports/a11y/orca-transcript.txt';
  const missing = TOOLS.filter((tool) => !existsSync(tool));
  if (missing.length) {
    console.error(`a11y:orca needs ${missing.join(', ')}: apt-get install orca at-spi2-core xvfb xdotool dbus-x11 chromium`);
    process.exit(2);
  }
  const api = await startSandbox({ ...CREDENTIALS, port: 0, fraud: { velocityMaxCards: 0 }, log: () => {} });
  const merchant = await startMerchant({ ...CREDENTIALS, apiBaseUrl: api.baseUrl, port: 0, log: () => {} });
  try {
    const url = `${merchant.url}/?lang=${lang}`;
    const title = await fetch(url).then(async (r) => /<title>([^<]*)<\/title>/.exec(await r.text())?.[1] ?? '');
    const transcript = await withScreenReader(url, values['keep-log'], (env, log) => driveCheckout(env, log, title));
    const version = await new Promise<string>((resolve) => {
      let text = '';
      spawn('/usr/bin/orca', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
        .on('exit', () => resolve(text.trim()))
        .stdout!.on('data', (c: Buffer) => (text += c.toString()));
    });
    const head = `Orca ${version}, ${CHROMIUM} (--force-renderer-accessibility), card element at /?lang=${lang}:`;
    const text = [head, ...transcript].join('\n') + '\n';
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, text);
    process.stdout.write(text);
  } finally {
    await merchant.close();
    await api.close();
  }
}

await main();
