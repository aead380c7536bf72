// @vitest-environment node
/**
 * Device data in Gecko: the script-tag build in Debian's Firefox ESR, headless, two fresh profiles.
 *
 * Firefox is started directly with the page's URL, with no WebDriver and no Playwright (Playwright drives its own
 * patched Firefox, which cannot be downloaded here, and its WebDriver BiDi mode needs commands Firefox ESR 153
 * lacks: `emulation.setMediaFeaturesOverride`). So this is a real, undriven browser: the page itself reports its
 * device data to the local server by `fetch`. No other network target: each profile sends every non-local
 * connection to a local trap that closes it (an HTTP proxy on 127.0.0.1; loopback is never proxied), and
 * turns off Firefox's background services (updates, telemetry, safe browsing, remote settings, push, captive
 * portal). scripts/ci/test-all.ts installs `firefox-esr` through apt when missing (FIREFOX_PATH overrides the path).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firefoxPrefs, startTrap } from '../../e2e/engines/isolation';
import { buildScriptTag } from '../../scripts/size/script-tag';
import { COLLECTORS } from '../../src/fraud/signals/index';
import type { DeviceData } from '../../src/fraud/types';

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** What the page reports: its device data, and what it finds stored on the device after the collection. */
interface Report {
  data: DeviceData;
  stored: { cookie: string; localStorage: number; sessionStorage: number; indexedDB: number };
}

/**
 * The page's own script (a file: the page's CSP allows no inline script). After the load event it starts the
 * collection with a 5 s budget (not the default 500 ms: this suite checks Gecko's answers, not speed, and a busy
 * machine starting Firefox must not turn a signal into `timeout`), then posts what it got to `/report`.
 */
const RUN = `addEventListener('load', () => {
  PayToken.deviceData.setup(undefined, undefined, { budgetMs: 5000 });
  PayToken.deviceData.collected().then(async (data) => {
    const dbs = indexedDB.databases ? await indexedDB.databases() : [];
    const stored = { cookie: document.cookie, localStorage: localStorage.length, sessionStorage: sessionStorage.length, indexedDB: dbs.length };
    fetch('/report', { method: 'POST', body: JSON.stringify({ data, stored }) });
  });
});`;

/** Preferences of each throw-away profile (user.js): no network beyond loopback, no first-run noise. */
const PREFS = (trapPort: number) =>
  Object.entries(firefoxPrefs(trapPort))
    .map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
    .join('\n');

let server: Server;
let trap: Awaited<ReturnType<typeof startTrap>>;
const reports: Report[] = [];

/** Runs Firefox on `url` in a fresh profile until the page reports (60 s at most), then stops it and its children. */
async function runFirefox(url: string, trapPort: number, received: Promise<Report>): Promise<Report> {
  const home = mkdtempSync(join(tmpdir(), 'paytoken-firefox-'));
  const profile = join(home, 'profile');
  mkdirSync(profile); // a fresh, empty profile
  writeFileSync(join(profile, 'user.js'), PREFS(trapPort));
  const env = { ...process.env, HOME: home, XDG_CACHE_HOME: join(home, 'cache'), XDG_CONFIG_HOME: join(home, 'config'), MOZ_HEADLESS: '1' };
  const firefox = spawn(FIREFOX, ['--headless', '--no-remote', '--profile', profile, url], { env, stdio: 'ignore', detached: true });
  const exited = new Promise((r) => firefox.once('exit', r));
  try {
    return await Promise.race([
      received,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Firefox sent no report within 60 s')), 60_000)),
      exited.then(() => Promise.reject(new Error('Firefox exited before the page reported'))),
    ]);
  } finally {
    try {
      process.kill(-firefox.pid!, 'SIGTERM'); // the whole process group: content processes too
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    rmSync(home, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  const script = await buildScriptTag();
  let deliver: (r: Report) => void = () => {};
  server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/report') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => (res.end(), deliver(JSON.parse(body) as Report)));
      return;
    }
    const [type, text] =
      req.url === '/paytoken.iife.js'
        ? ['text/javascript', script]
        : req.url === '/run.js'
          ? ['text/javascript', RUN]
          : [
              'text/html',
              '<!doctype html><meta charset="utf-8"><title>checkout</title><script src="/paytoken.iife.js"></script><script src="/run.js"></script>',
            ];
    res.writeHead(200, {
      'Content-Type': `${type}; charset=utf-8`,
      'Content-Security-Policy': "default-src 'none'; script-src 'self'; connect-src 'self'",
    });
    res.end(text);
  });
  // Every connection Firefox tries beyond loopback arrives at the trap, and is closed at once.
  trap = await startTrap();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const trapPort = trap.port;
  for (let i = 0; i < 2; i++) reports.push(await runFirefox(url, trapPort, new Promise<Report>((r) => (deliver = r))));
}, 180_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await trap?.close();
});

describe('device data in Firefox ESR (Gecko), headless, not driven by automation', () => {
  it('every signal has a value or the reason "unsupported"; Gecko has no navigator.deviceMemory; a refused Worker is named', () => {
    for (const { data } of reports) {
      for (const name of Object.keys(COLLECTORS)) expect(name in data.signals !== name in data.missing).toBe(true);
      const { worker, ...signals } = data.missing;
      expect(Object.values(signals).every((reason) => reason === 'unsupported')).toBe(true);
      // the page's CSP has no worker-src blob:, so the consistency Worker is refused and said so
      expect(worker).toBe('blocked');
      expect(data.missing.device_memory).toBe('unsupported');
      for (const name of ['screen', 'timezone', 'languages', 'math', 'storage', 'canvas', 'fonts', 'audio'] as const)
        expect(data.signals[name]).toBeDefined();
      expect(data.device_session_id).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(data.visitor_id).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('two fresh profiles on the same machine give the same visitor id, under different session ids', () => {
    expect(reports).toHaveLength(2);
    expect(reports[0]!.data.visitor_id).toBe(reports[1]!.data.visitor_id);
    expect(reports[0]!.data.device_session_id).not.toBe(reports[1]!.data.device_session_id);
  });

  it('raises no automation flag in a browser no automation drives (headless alone is not a flag here)', () => {
    for (const { data } of reports) expect(data.automation).toEqual([]);
  });

  it('stores nothing: no cookie, nothing in localStorage, sessionStorage or IndexedDB', () => {
    for (const { stored } of reports) expect(stored).toEqual({ cookie: '', localStorage: 0, sessionStorage: 0, indexedDB: 0 });
  });
});
