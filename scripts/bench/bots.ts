/**
 * `npm run bench:bots`: automated browsers and people against paytoken's anti-fraud signals and FingerprintJS's
 * BotD (`@fingerprintjs/botd`), on the same checkout page in the same run. A benchmark, not a test: it prints a row
 * per set-up and the totals, and asserts nothing.
 *
 * The matrix (scripts/bench/bots-drivers.ts): Playwright + Chromium headless and headed; puppeteer-core + Chromium
 * headless; puppeteer-extra with puppeteer-extra-plugin-stealth headless and headed; Selenium + Debian's
 * chromedriver headless and headed; puppeteer-core + Firefox ESR over WebDriver BiDi headless and headed;
 * WebKitWebDriver + MiniBrowser; `chromium --headless --dump-dom` and `--screenshot`; and the human baselines:
 * Chromium, Firefox ESR and WebKit's MiniBrowser started headed with a fresh profile and no driver, the card typed
 * at the operating-system level with xdotool with a person's uneven delays. Headed browsers run on an Xvfb this
 * script starts; every server listens on 127.0.0.1 (the sandbox in this process, the page's server); each browser
 * is kept off the network but loopback; every process is stopped, each row within ROW_MS.
 *
 * Columns: expected (bot or human); paytoken's browser flags (the device data's `automation`, consistency flags
 * included); the sandbox's rules over the device data and the card entry (the charge's `fraud_flags`, or for a row
 * that enters no card the device-level rules, `deviceRules` in sandbox/src/fraud/fraud.ts); BotD's `detect()`.
 * Detected: for paytoken, browser flags or sandbox flags; for BotD, `bot: true`. Totals: detection rate over the
 * automated rows, false-positive rate over the human rows, for each.
 *
 * Debian packages it needs (xdotool, chromium-driver, xvfb, webkit2gtk-driver) are installed with apt-get when
 * missing. Env: ROWS (comma-separated row names to run), BOTS_DEBUG (print each row's device record: user agent,
 * platform, fonts, WebGL, card entry), CHROMIUM_PATH, FIREFOX_PATH.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { startSandbox } from '../../sandbox/src/server';
import { deviceRules } from '../../sandbox/src/fraud/fraud';
import { startBenchPage, type BenchApi, type Report } from './bots-page';
import * as drivers from './bots-drivers';
import * as paced from './bots-paced';
import { person } from './bots-people';
import type { Env, Stop } from './bots-drivers';

/** Longest time one row may take, from launch to its last report, milliseconds. */
const ROW_MS = 60_000;
const CREDS = { merchantId: 'mbenchbots0000001', publicKey: 'pk_bench_bots', privateKey: 'sk_bench_bots' };

interface Row {
  name: string;
  expected: 'bot' | 'human';
  /** How it enters the card (null: it enters none). */
  entry: string | null;
  run: (env: Env) => Promise<Stop>;
}

const ROWS: Row[] = [
  { name: 'playwright-chromium-headless', expected: 'bot', entry: 'fill', run: (e) => drivers.playwrightChromium(e, true) },
  { name: 'playwright-chromium-headed', expected: 'bot', entry: 'fill', run: (e) => drivers.playwrightChromium(e, false) },
  { name: 'puppeteer-chromium-headless', expected: 'bot', entry: 'type', run: (e) => drivers.puppeteerChromium(e, true, false) },
  { name: 'puppeteer-stealth-headless', expected: 'bot', entry: 'type', run: (e) => drivers.puppeteerChromium(e, true, true) },
  { name: 'puppeteer-stealth-headed', expected: 'bot', entry: 'type', run: (e) => drivers.puppeteerChromium(e, false, true) },
  { name: 'selenium-chromedriver-headless', expected: 'bot', entry: 'sendKeys', run: (e) => drivers.seleniumChromium(e, true) },
  { name: 'selenium-chromedriver-headed', expected: 'bot', entry: 'sendKeys', run: (e) => drivers.seleniumChromium(e, false) },
  { name: 'puppeteer-firefox-bidi-headless', expected: 'bot', entry: 'type', run: (e) => drivers.puppeteerFirefox(e, true) },
  { name: 'puppeteer-firefox-bidi-headed', expected: 'bot', entry: 'type', run: (e) => drivers.puppeteerFirefox(e, false) },
  { name: 'webkitwebdriver-minibrowser', expected: 'bot', entry: 'sendKeys', run: (e) => drivers.webkitWebDriver(e) },
  { name: 'chromium-headless-dump-dom', expected: 'bot', entry: null, run: (e) => drivers.chromiumCli(e, 'dump-dom') },
  { name: 'chromium-headless-screenshot', expected: 'bot', entry: null, run: (e) => drivers.chromiumCli(e, 'screenshot') },
  { name: 'rebrowser-puppeteer-paced', expected: 'bot', entry: 'delay', run: (e) => paced.rebrowserPaced(e) },
  { name: 'puppeteer-real-browser-paced', expected: 'bot', entry: 'keys', run: (e) => paced.realBrowserPaced(e) },
  { name: 'fingerprint-injector-paced', expected: 'bot', entry: 'delay', run: (e) => paced.injectedPaced(e) },
  { name: 'patchright-paced', expected: 'bot', entry: 'held', run: (e) => paced.patchrightPaced(e) },
  { name: 'stealth-ghost-cursor-paced', expected: 'bot', entry: 'held', run: (e) => paced.stealthPaced(e) },
  { name: 'puppeteer-firefox-paced', expected: 'bot', entry: 'held', run: (e) => paced.firefoxPaced(e) },
  { name: 'webkitwebdriver-paced', expected: 'bot', entry: 'held', run: (e) => paced.webkitPaced(e) },
  ...(['chromium', 'firefox', 'webkit'] as const).flatMap((engine) =>
    (['typist', 'slow', 'narrow', 'paste'] as const).map((style): Row => ({
      name: `human-${engine}-${style}`,
      expected: 'human',
      entry: style,
      run: (e) => person(e, engine, style),
    })),
  ),
  { name: 'human-chromium-autofill', expected: 'human', entry: 'autofill', run: (e) => person(e, 'chromium', 'autofill') },
];

/** Installs the Debian packages the matrix needs when any is missing (as scripts/ci/test-all.ts does). */
function ensurePackages(): void {
  const has = (path: string) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  const missing = [
    ...(has('/usr/bin/xdotool') ? [] : ['xdotool']),
    ...(has('/usr/bin/chromedriver') ? [] : ['chromium-driver']),
    ...(has('/usr/bin/Xvfb') ? [] : ['xvfb']),
    ...(has('/usr/bin/WebKitWebDriver') ? [] : ['webkit2gtk-driver']),
    ...(has('/usr/bin/xclip') ? [] : ['xclip']),
  ];
  if (!missing.length) return;
  console.log(`installing Debian's ${missing.join(' ')} (apt-get)`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args: string[]) =>
    spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', '--no-install-recommends', ...missing]))
    throw new Error(`could not install ${missing.join(' ')}`);
}

/** Starts an Xvfb on the first free display from :90; resolves once its socket exists. */
async function startXvfb(): Promise<{ display: string; child: ChildProcess }> {
  let n = 90;
  while (existsSync(`/tmp/.X11-unix/X${n}`) || existsSync(`/tmp/.X${n}-lock`)) n++;
  const child = spawn('Xvfb', [`:${n}`, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: 'ignore', detached: true });
  for (let i = 0; !existsSync(`/tmp/.X11-unix/X${n}`); i++) {
    if (i > 100) throw new Error('Xvfb did not start within 10 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { display: `:${n}`, child };
}

/** Charges a token on the sandbox with the private key, as the merchant's backend would; its fraud flags. */
const chargeWith = (api: BenchApi) => async (token: string, session: string) => {
  const res = await fetch(`${api.baseUrl}/v1/${api.merchantId}/charges`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`${api.privateKey}:`).toString('base64')}`,
      'X-Forwarded-For': '127.0.0.1',
    },
    body: JSON.stringify({
      method: 'card',
      source_id: token,
      amount: 100,
      currency: 'MXN',
      description: 'bench',
      order_id: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      device_session_id: session,
      customer: { name: 'Ana', last_name: 'Perez', email: 'ana@example.com' },
    }),
  });
  const body = (await res.json()) as { fraud_flags?: string[]; fraud_rules?: string[]; description?: string };
  return res.ok ? { flags: body.fraud_flags ?? [] } : { flags: body.fraud_rules ?? [], error: `${res.status} ${body.description ?? ''}` };
};

/** Waits until `done()` or `ms` passed, polling every 200 ms. */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) if (done()) return true;
  return done();
}

/** The result of a row: what each detector said. */
interface Outcome {
  row: Row;
  report: Report;
  sandbox: string[] | null;
  entry: string[] | null;
  error?: string;
}

/** Runs one row: launches it, waits (within ROW_MS) for its reports, stops it; never throws. */
async function runRow(
  row: Row,
  n: number,
  base: string,
  display: string,
  page: Awaited<ReturnType<typeof startBenchPage>>,
  store: Awaited<ReturnType<typeof startSandbox>>['store'],
): Promise<Outcome> {
  const run = `r${n}`;
  page.reports.set(run, {});
  const report = page.reports.get(run)!;
  const env: Env = {
    url: `${base}?run=${run}`,
    display,
    ready: async () => {
      if (!(await until(() => !!report.ready && report.automation !== undefined, 30_000))) throw new Error('the page did not load');
      return { holder: report.holder };
    },
    reset: () => {
      for (const key of Object.keys(report)) delete report[key as keyof Report];
    },
  };
  let stop: Stop | undefined;
  let error: string | undefined;
  const deadline = new Promise<never>((_, no) => setTimeout(() => no(new Error(`over ${ROW_MS / 1000} s`)), ROW_MS).unref());
  try {
    stop = await Promise.race([row.run(env), deadline]);
    const complete = () => report.botd !== undefined && report.automation !== undefined && (!row.entry || report.fraudFlags !== undefined);
    if (!(await until(complete, ROW_MS / 2))) error = 'incomplete reports';
  } catch (e) {
    error = String((e as Error).message ?? e)
      .split('\n')[0]!
      .slice(0, 100);
  }
  await stop?.().catch(() => {});
  const record = report.session ? store.devices.get(report.session) : undefined;
  if (process.env.BOTS_DEBUG && record) {
    const { platform, fonts, webgl } = record.data.signals;
    console.log(
      `    ${row.name}: ${record.userAgent} | size ${JSON.stringify(report.size)} | missing ${JSON.stringify(record.data.missing)} | timings.worker ${record.data.timings.worker} | platform ${JSON.stringify(platform)} | fonts ${JSON.stringify(fonts)} | webgl ${JSON.stringify(webgl)} | entry ${JSON.stringify(record.entry)}`,
    );
  }
  const sandbox = report.fraudFlags ?? (record ? Object.values(deviceRules(record)).flat() : null);
  return { row, report, sandbox, entry: record?.entry?.card_number?.methods ?? null, error };
}

/** Prints the table and the totals. */
function print(outcomes: Outcome[]): void {
  const pad = (s: string, n: number) => s.padEnd(n).slice(0, Math.max(n, s.length));
  const list = (a: string[] | null | undefined) => (a == null ? 'n/a' : a.length ? a.join(',') : '-');
  console.log(
    `\n${pad('set-up', 32)} ${pad('expected', 8)} ${pad('entry', 9)} ${pad('paytoken browser flags', 48)} ${pad('paytoken + sandbox rules', 62)} BotD`,
  );
  for (const o of outcomes) {
    const botd =
      o.report.botd === undefined
        ? 'n/a'
        : o.report.botd === true
          ? `bot${o.report.botKind ? ` (${o.report.botKind})` : ''}`
          : o.report.botd === false
            ? 'human'
            : String(o.report.botd);
    const entry = o.row.entry ? `${o.row.entry}${o.entry ? `:${o.entry.join('+')}` : ''}` : '-';
    console.log(
      `${pad(o.row.name, 32)} ${pad(o.row.expected, 8)} ${pad(entry, 9)} ${pad(list(o.report.automation), 48)} ${pad(list(o.sandbox), 62)} ${botd}${o.error ? `  [${o.error}]` : ''}`,
    );
  }
  const paytoken = (o: Outcome) => !!o.report.automation?.length || !!o.sandbox?.length;
  const browserOnly = (o: Outcome) => !!o.report.automation?.length;
  const botd = (o: Outcome) => o.report.botd === true;
  const bots = outcomes.filter((o) => o.row.expected === 'bot');
  const people = outcomes.filter((o) => o.row.expected === 'human');
  const rate = (rows: Outcome[], hit: (o: Outcome) => boolean) => `${rows.filter(hit).length}/${rows.length}`;
  console.log(
    `\ndetection rate (automated set-ups flagged): paytoken browser flags ${rate(bots, browserOnly)}, paytoken browser + sandbox ${rate(bots, paytoken)}, BotD ${rate(bots, botd)}`,
  );
  console.log(
    `false-positive rate (human baselines flagged): paytoken browser flags ${rate(people, browserOnly)}, paytoken browser + sandbox ${rate(people, paytoken)}, BotD ${rate(people, botd)}`,
  );
  const behind = bots.filter((o) => botd(o) && !paytoken(o)).map((o) => o.row.name);
  console.log(`rows where BotD detects and paytoken does not: ${behind.length ? behind.join(', ') : 'none'}`);
}

{
  ensurePackages();
  if (!existsSync(new URL('../../dist/paytoken-checkout.iife.js', import.meta.url)))
    throw new Error('dist/ is missing: npm run build first');
  const only = process.env.ROWS?.split(',');
  const rows = ROWS.filter((r) => !only || only.includes(r.name));
  const xvfb = await startXvfb();
  const sandbox = await startSandbox({
    ...CREDS,
    port: 0,
    fraud: { velocityMaxCards: 0, cardVelocityMaxDevices: 0, ipVelocityMaxCards: 0 },
  });
  const api: BenchApi = { baseUrl: sandbox.baseUrl, ...CREDS };
  const page = await startBenchPage(api, chargeWith(api));
  const outcomes: Outcome[] = [];
  try {
    console.log(
      `paytoken bots benchmark, ${new Date().toISOString().slice(0, 16)}Z, node ${process.version}, ${rows.length} set-ups, page ${page.url}, Xvfb ${xvfb.display}`,
    );
    for (const [i, row] of rows.entries()) {
      const o = await runRow(row, i, page.url, xvfb.display, page, sandbox.store);
      console.log(`  ${row.name}: ${o.error ?? 'done'}`);
      outcomes.push(o);
    }
    print(outcomes);
  } finally {
    await page.close();
    await sandbox.close();
    await drivers.stopGroup(xvfb.child);
  }
  process.exit(0);
}
