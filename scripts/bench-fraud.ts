/**
 * `npm run bench:fraud`: the device-data collection's cost, in size and time. A benchmark, not a test: it
 * asserts nothing and prints figures (the machine is shared and timings are noisy, hence medians and p95).
 *
 * Size (gzip level 9, builds made fresh into a temporary folder with the project's vite.config.ts):
 * - the fraud module alone: `src/fraud/device-data.ts` and everything it pulls in, as a minified ES module;
 * - the script-tag build (`paytoken.iife.js`), and its marginal cost of device data: the same build minus the
 *   same build with `src/fraud/device-data.ts` replaced by a stub that collects nothing.
 *
 * Time: Debian's Chromium (playwright-core, headless, the flags of playwright.config.ts) loads a local page with
 * the script-tag build that calls `PayToken.deviceData.setup()`, RUNS times (default 50), each in a fresh browser
 * context; `timings.total` of `PayToken.deviceData.collected()` is the collection time in the page (automation
 * flags, every signal, the visitor id). No merchant id is set, so nothing is sent. Prints median, p95, min, max,
 * and the median of each signal.
 *
 * Env: RUNS (default 50), CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build, type Plugin } from 'vite';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 50);
const gz = (b: Buffer) => gzipSync(b, { level: 9 }).length;

/** Replaces src/fraud/device-data.ts with a stub that never collects. */
const stubDeviceData: Plugin = {
  name: 'stub-device-data',
  enforce: 'pre',
  load: (id) => (id.endsWith('/src/fraud/device-data.ts') ? 'export const deviceData = () => Promise.resolve(null);' : undefined),
};

async function buildTo(dir: string, mode: 'production' | 'iife', plugins: Plugin[] = [], lib?: object): Promise<void> {
  await build({ root: ROOT, mode, logLevel: 'silent', plugins, build: { outDir: dir, emptyOutDir: true, sourcemap: false, ...(lib ? { lib } : {}) } });
}

const tmp = mkdtempSync(join(tmpdir(), 'paytoken-bench-'));
try {
  await buildTo(join(tmp, 'fraud'), 'production', [], { entry: join(ROOT, 'src/fraud/device-data.ts'), formats: ['es'], fileName: () => 'fraud.js' });
  await buildTo(join(tmp, 'iife'), 'iife');
  await buildTo(join(tmp, 'stub'), 'iife', [stubDeviceData]);
  const fraud = readFileSync(join(tmp, 'fraud', 'fraud.js'));
  const iife = readFileSync(join(tmp, 'iife', 'paytoken.iife.js'));
  const stub = readFileSync(join(tmp, 'stub', 'paytoken.iife.js'));

  console.log(`paytoken device-data benchmark, ${new Date().toISOString().slice(0, 10)}, node ${process.version}`);
  console.log('\nsize (bytes, gzip -9)');
  console.log(`  fraud module alone (src/fraud/device-data.ts, ESM):  ${fraud.length} minified, ${gz(fraud)} gzip`);
  console.log(`  script-tag build (paytoken.iife.js):                  ${iife.length} minified, ${gz(iife)} gzip`);
  console.log(`  marginal cost of device data in the script-tag build: ${iife.length - stub.length} minified, ${gz(iife) - gz(stub)} gzip`);

  const page = `<!doctype html><meta charset="utf-8"><title>bench</title><script src="/paytoken.iife.js"></script><script src="/run.js"></script>`;
  const server = createServer((req, res) => {
    const [type, body] =
      req.url === '/paytoken.iife.js'
        ? ['text/javascript', iife]
        : req.url === '/run.js'
          ? ['text/javascript', 'PayToken.deviceData.setup();']
          : ['text/html', page];
    res.writeHead(200, { 'Content-Type': `${type}; charset=utf-8`, 'Content-Security-Policy': "default-src 'none'; script-src 'self'" });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const totals: number[] = [];
  const perSignal: Record<string, number[]> = {};
  let last: Record<string, unknown> = {};
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(url);
    last = await tab.evaluate(() => (window as unknown as { PayToken: { deviceData: { collected(): Promise<Record<string, unknown>> } } }).PayToken.deviceData.collected());
    const timings = last.timings as Record<string, number>;
    totals.push(timings.total!);
    for (const [k, v] of Object.entries(timings)) if (k !== 'total') (perSignal[k] ??= []).push(v);
    await context.close();
  }
  await browser.close();
  server.close();

  const q = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!;
  };
  console.log(`\ncollection time in headless Chromium (ms, ${RUNS} page loads, each in a fresh context)`);
  console.log(`  total: median ${q(totals, 0.5)}, p95 ${q(totals, 0.95)}, min ${Math.min(...totals)}, max ${Math.max(...totals)}`);
  console.log(
    `  median per signal: ${Object.entries(perSignal)
      .map(([k, v]) => `${k} ${q(v, 0.5)}`)
      .join(', ')}`,
  );
  console.log(`\nlast run: visitor_id ${last.visitor_id}, missing ${JSON.stringify(last.missing)}, automation ${JSON.stringify(last.automation)}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
