/**
 * The person-driven rows of `npm run bench:bots` (scripts/bench/bots.ts): a browser started as a person starts it
 * (headed under Xvfb, a fresh profile, no driver, the URL on the command line) and the card entered at the
 * operating-system level with xdotool, as a person's keyboard and mouse would: a click into the first field, Tab
 * between fields, Shift held for capitals, each key held 50-160 ms with uneven gaps. The ways a person enters a card:
 * - `typist`: typed, 90-320 ms between keys;
 * - `slow`: a slow typist, 250-700 ms between keys, who types two wrong digits and corrects each with Backspace;
 * - `narrow`: typed in a 390 x 844 window (a phone-sized window: the window resized with xdotool, the page reloaded);
 * - `paste`: the number pasted with Ctrl+V from the clipboard (xclip), the rest typed;
 * - `autofill` (Chromium): the saved card filled by Chromium's own autofill. Starting autofill takes a click on a
 *   suggestion from a saved card, which a fresh profile has not; the DevTools protocol's `Autofill.trigger` (the
 *   browser started with `--remote-debugging-port`, a raw protocol connection to the page's target with only the
 *   DOM and Autofill domains used) stands in for that click. Firefox and WebKit have no such command.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import {
  CARD,
  CHROMIUM,
  DEAD_PROXY,
  FIREFOX,
  FIREFOX_PREFS,
  MINIBROWSER,
  QUIET,
  freePort,
  stopGroup,
  type Env,
  type Stop,
} from './bots-drivers';

export type PersonStyle = 'typist' | 'slow' | 'narrow' | 'paste' | 'autofill';
export type Engine = 'chromium' | 'firefox' | 'webkit';

/** One key as xdotool names it, held `hold` ms, then `gap` ms to the next key. */
interface Stroke {
  key: string;
  hold: number;
  gap: number;
}

const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);
/** xdotool's name of a character's key: Shift held for a capital, `space` for a space. */
const keyOf = (c: string) => (c === ' ' ? 'space' : /[A-Z]/.test(c) ? `shift+${c.toLowerCase()}` : c);

/** The strokes of `text` at a person's pace: gaps `lo`-`hi` ms, holds 50-160 ms. */
const strokes = (text: string, lo = 90, hi = 320): Stroke[] =>
  [...text].map((c) => ({ key: keyOf(c), hold: between(50, 160), gap: between(lo, hi) }));

/** One key press between two fields or at the end (Tab, Return, Ctrl+V). */
const press = (key: string): Stroke => ({ key, hold: between(60, 120), gap: between(250, 600) });

/** The card number typed slowly with two typos, each corrected with Backspace after a pause. */
function slowNumber(): Stroke[] {
  const out: Stroke[] = [];
  [...CARD.number].forEach((digit, i) => {
    if (i === 5 || i === 11)
      out.push({ key: String((+digit + 3) % 10), hold: between(70, 160), gap: between(400, 900) }, press('BackSpace'));
    out.push(...strokes(digit, 250, 700));
  });
  return out;
}

/** The whole entry of a style: holder, Tab, number (typed, pasted or, for autofill, nothing), Tab, expiry, Tab, CVV2. */
function entry(style: PersonStyle): Stroke[] {
  const [lo, hi] = style === 'slow' ? [250, 700] : [90, 320];
  const number = style === 'slow' ? slowNumber() : style === 'paste' ? [press('ctrl+v')] : strokes(CARD.number, lo, hi);
  return [
    ...strokes(CARD.holder, lo, hi),
    press('Tab'),
    ...number,
    press('Tab'),
    ...strokes(CARD.expiry, lo, hi),
    press('Tab'),
    ...strokes(CARD.cvv, lo, hi),
    press('Return'),
  ];
}

/** Runs xdotool on `display` with `args`; resolves with what it printed when it exits. */
const xdotool = (display: string, args: string[]) =>
  new Promise<string>((done) => {
    let out = '';
    const child = spawn('xdotool', args, { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, DISPLAY: display } });
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', () => done(out));
  });

/** Makes the page's window 390 x 844 (found by its title within 10 s), then reloads the page in it (Ctrl+R). */
async function narrowWindow(env: Env): Promise<void> {
  let windows: string[] = [];
  for (let i = 0; i < 50 && !windows.length; i++) {
    windows = (await xdotool(env.display, ['search', '--onlyvisible', '--name', 'bench checkout'])).split('\n').filter(Boolean);
    if (!windows.length) await new Promise((r) => setTimeout(r, 200));
  }
  if (!windows.length) throw new Error('no window titled bench checkout');
  for (const id of windows) await xdotool(env.display, ['windowsize', id, '390', '844']);
  await new Promise((r) => setTimeout(r, 800));
  env.reset();
  // the pointer over the window, so that the key goes to it (no window manager gives the focus)
  await xdotool(env.display, ['mousemove', '--window', windows[0]!, '100', '100', 'click', '1', 'sleep', '0.3', 'key', 'ctrl+r']);
}

/** The xdotool arguments of a click at `at` (screen pixels), then `keys`. */
export function xdotoolTyping(keys: Stroke[], at: [number, number]): string[] {
  const args = ['mousemove', String(at[0]), String(at[1]), 'click', '1', 'sleep', '0.6'];
  const s = (ms: number) => (ms / 1000).toFixed(3);
  for (const { key, hold, gap } of keys) args.push('keydown', key, 'sleep', s(hold), 'keyup', key, 'sleep', s(gap));
  return args;
}

/** The command line of `browser` opening `url` with a fresh profile in `dir` (and a DevTools port for autofill). */
function command(browser: Engine, dir: string, url: string, devtoolsPort?: number): [string, string[]] {
  if (browser === 'chromium') {
    const devtools = devtoolsPort ? [`--remote-debugging-port=${devtoolsPort}`, '--remote-allow-origins=*'] : [];
    return [CHROMIUM, [...QUIET, ...devtools, `--user-data-dir=${dir}`, '--window-position=0,0', '--window-size=1000,800', url]];
  }
  if (browser === 'firefox') {
    const prefs = Object.entries(FIREFOX_PREFS).map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`);
    writeFileSync(join(dir, 'user.js'), prefs.join('\n'));
    return [FIREFOX, ['--profile', dir, '--no-remote', '--new-instance', url]];
  }
  return [MINIBROWSER, [`--proxy=http://${DEAD_PROXY}`, '--ignore-host=127.0.0.1', url]];
}

/** Fills the card with Chromium's autofill through the DevTools protocol (the page's target; DOM and Autofill only). */
async function autofill(port: number): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { type: string; webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(targets.find((t) => t.type === 'page')!.webSocketDebuggerUrl);
  await new Promise((opened, failed) => ws.once('open', opened).once('error', failed));
  let id = 0;
  const send = (method: string, params: object) =>
    new Promise<any>((answered) => {
      const mine = ++id;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data));
        if (message.id === mine) answered(ws.off('message', onMessage) && message.result);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  const { root } = await send('DOM.getDocument', {});
  const { nodeId } = await send('DOM.querySelector', { nodeId: root.nodeId, selector: '#number' });
  const { node } = await send('DOM.describeNode', { nodeId });
  const card = {
    number: CARD.number,
    name: CARD.holder,
    expiryMonth: CARD.expiry.slice(0, 2),
    expiryYear: `20${CARD.expiry.slice(2)}`,
    cvc: CARD.cvv,
  };
  await send('Autofill.trigger', { fieldId: node.backendNodeId, card });
  ws.close();
}

/** Puts the card number on the X clipboard (xclip, in the foreground until stopped). */
function clipboard(display: string): ChildProcess {
  const child = spawn('xclip', ['-selection', 'clipboard', '-quiet'], {
    stdio: ['pipe', 'ignore', 'ignore'],
    env: { ...process.env, DISPLAY: display },
  });
  child.stdin!.end(CARD.number);
  return child;
}

/** A person-driven row: `browser` started as a person starts it, the card entered in `style` with xdotool. */
export async function person(env: Env, browser: Engine, style: PersonStyle): Promise<Stop> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-human-'));
  const xdg = { HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CACHE_HOME: join(dir, 'cache'), XDG_CONFIG_HOME: join(dir, 'config') };
  const devtools = style === 'autofill' ? await freePort() : undefined;
  const [bin, args] = command(browser, dir, `${env.url}&human=1`, devtools);
  const child = spawn(bin, args, { stdio: 'ignore', detached: true, env: { ...process.env, ...xdg, DISPLAY: env.display } });
  const helpers: ChildProcess[] = [];
  const stop = async () => {
    for (const helper of helpers) helper.kill();
    await stopGroup(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    let { holder } = await env.ready();
    if (style === 'narrow') {
      await narrowWindow(env); // the person makes the window phone-sized, then reloads the page in it
      ({ holder } = await env.ready());
    }
    if (style === 'paste') helpers.push(clipboard(env.display));
    if (style === 'autofill') {
      await xdotool(env.display, xdotoolTyping([...strokes(CARD.holder), press('Tab')], holder ?? [120, 60]));
      await autofill(devtools!);
      await new Promise((r) => setTimeout(r, 900));
      await xdotool(env.display, ['key', 'Return']);
    } else await xdotool(env.display, xdotoolTyping(entry(style), holder ?? [120, 60]));
  } catch (e) {
    await stop();
    throw e;
  }
  return stop;
}
