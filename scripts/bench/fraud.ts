/**
 * `npm run bench:fraud`: the device-data collection's cost, in size and time. A benchmark, not a test: it
 * asserts nothing and prints figures (the machine is shared and timings are noisy, hence medians and p95).
 *
 * Size (scripts/size/fraud-size.ts: fresh builds in a temporary folder, gzip level 9): the fraud module alone
 * (`src/fraud/device-data.ts` and everything it pulls in, as a minified ES module), the script-tag build, and the
 * marginal cost of device data in it (the same build minus the build with `device-data.ts` stubbed out).
 *
 * Time: Debian's Chromium (playwright-core, headless, the flags of playwright.config.ts) loads a local page
 * (http://127.0.0.1, a secure context) with the script-tag build, RUNS times (default 50) in each of two ways, each
 * load in a fresh browser context: `PayToken.deviceData.setup()` called after the load event (the library's own
 * cost), and called by a script while the page parses, as the demo checkout does (the page's own loading work then
 * runs in the collection's yields, so its wall time is longer). `timings.total` of `collected()` is the collection
 * time in the page (automation flags, every signal, the visitor id). No merchant id is set, so nothing is sent.
 * Loads are PAUSE_MS apart, and the first way calls setup() SETTLE_MS after the load event (see below). Prints median, p95, min and max of the totals, the median of each signal, and the machine's load average
 * (timings on a shared machine are noisy). With `--write` (`npm run bench:fraud -- --write`) it also writes the
 * medians as a chart, ours beside FingerprintJS, to docs/device-data.svg (scripts/ci/chart.ts).
 *
 * Two more figures tell the library's cost apart from the machine's: in the first way, the renderer main thread's
 * CPU time during the collection (CDP `Performance.getMetrics` `ThreadTime`, thread ticks), which excludes waits
 * on other processes (WebGL context creation in the GPU process, font lookups in the browser process) and time
 * the virtual CPU did not run; and the hypervisor's steal during the library's loads (`/proc/stat`, Linux): on a
 * virtual machine whose host is busy, wall times grow with it (docs/performance.md has runs at high and low steal).
 *
 * Reference, same machine and protocol: FingerprintJS 5 (`@fingerprintjs/fingerprintjs`, MIT, a devDependency used
 * only here), `load({ monitoring: false })` then `get()` SETTLE_MS after the load event, each in its own fresh
 * context, RUNS loads after all of the library's. The device-data goal quotes 300-510 ms for it in headless
 * Chromium; measuring it here says how this machine compares with wherever those figures came from. Its page has no CSP but
 * `connect-src 'none'` (nothing may leave the machine; it would only send with monitoring on). The library's page
 * allows `worker-src blob:`, so the consistency check's Worker (src/fraud/consistency.ts) runs and is measured.
 *
 * Env: RUNS (default 50), PAUSE_MS (300), SETTLE_MS (200), CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { createServer } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { BUDGETS, measureFraudSizes } from '../size/fraud-size';
import { barChart } from '../ci/chart';

const RUNS = Number(process.env.RUNS ?? 50);
/**
 * Milliseconds to wait after closing each context, so that a load is not measured while Chromium still tears
 * down the previous one's renderer process (on 2 cores that competes with the page: medians 5-10 ms higher), and
 * in the `after` mode after the load event before setup(), so the library's cost is measured on a page that has
 * finished loading. PAUSE_MS=0 SETTLE_MS=0 measures loads back to back.
 */
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 300);
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 200);
/**
 * The machine's CPU time counters (`/proc/stat` first line, in clock ticks): all of them, and steal (time the
 * hypervisor ran something else while this machine's virtual CPUs wanted to run). Null where there is no
 * /proc/stat.
 */
function cpuTicks(): { total: number; steal: number } | null {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: ticks.reduce((a, b) => a + b, 0), steal: ticks[7] ?? 0 };
  } catch {
    return null;
  }
}

/** The test page: the script-tag build, and with `during` a script that calls setup() while the page parses. */
const PAGE = (during: boolean) =>
  `<!doctype html><meta charset="utf-8"><title>bench</title><script src="/paytoken.iife.js"></script>${during ? '<script src="/run.js"></script>' : ''}`;
/** FingerprintJS 5's browser build (UMD: global `FingerprintJS`), and its page. */
const FPJS = readFileSync(createRequire(import.meta.url).resolve('@fingerprintjs/fingerprintjs/dist/fp.umd.min.js'), 'utf8');
const FPJS_PAGE = '<!doctype html><meta charset="utf-8"><title>bench</title><script src="/fp.js"></script>';
/** Page expression: FingerprintJS's [load(), get()] times, ms. */
const FPJS_RUN = `(async () => { const t0 = performance.now(); const agent = await FingerprintJS.load({ monitoring: false });
  const t1 = performance.now(); await agent.get(); return [t1 - t0, performance.now() - t1]; })()`;
/** Page expression: the device data of the collection setup() started. */
const COLLECTED = 'PayToken.deviceData.collected()';

{
  const { fraudModule, scriptTag, deviceData, iife } = await measureFraudSizes();
  console.log(`paytoken device-data benchmark, ${new Date().toISOString().slice(0, 10)}, node ${process.version}`);
  console.log('\nsize (bytes, gzip -9)');
  console.log(
    `  fraud module alone (src/fraud/device-data.ts and its imports, ESM): ${fraudModule.minified} minified, ${fraudModule.gzip} gzip`,
  );
  console.log(
    `  script-tag build (paytoken.iife.js):                               ${scriptTag.minified} minified, ${scriptTag.gzip} gzip (target ${BUDGETS.scriptTag}; ceiling in npm run size)`,
  );
  console.log(
    `  marginal cost of device data in the script-tag build:              ${deviceData.minified} minified, ${deviceData.gzip} gzip (budget ${BUDGETS.deviceData})`,
  );

  // `/?during-load`: setup() runs from a script while the page parses, as the demo checkout does;
  // `/`: the page only loads the library, and setup() is called once the load event has fired.
  const server = createServer((req, res) => {
    const during = req.url?.includes('during-load');
    const fpjs = req.url?.includes('fpjs');
    const [type, body] =
      req.url === '/paytoken.iife.js'
        ? ['text/javascript', iife]
        : req.url === '/fp.js'
          ? ['text/javascript', FPJS]
          : req.url === '/run.js'
            ? ['text/javascript', 'PayToken.deviceData.setup();']
            : ['text/html', fpjs ? FPJS_PAGE : PAGE(!!during)];
    res.writeHead(200, {
      'Content-Type': `${type}; charset=utf-8`,
      'Content-Security-Policy': fpjs ? "connect-src 'none'" : "default-src 'none'; script-src 'self'; worker-src blob:",
    });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const runs = { after: [] as Record<string, unknown>[], during: [] as Record<string, unknown>[] };
  const cpuMs: number[] = [];
  const fpjsMs: number[][] = [];
  const ticks0 = cpuTicks();
  let ticks1: ReturnType<typeof cpuTicks> | undefined; // when the library's loads end
  // The library's loads (both ways alternating), then FingerprintJS's, so that its heavier pages and their
  // teardown never run between two of the library's loads.
  const modes = [
    ...Array.from({ length: RUNS }, () => ['after', 'during'] as const).flat(),
    ...Array.from({ length: RUNS }, () => 'fpjs' as const),
  ];
  for (const mode of modes) {
    if (mode === 'fpjs') ticks1 ??= cpuTicks();
    const context = await browser.newContext();
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const threadTime = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')!.value;
    await tab.goto(mode === 'after' ? url : `${url}?${mode === 'during' ? 'during-load' : 'fpjs'}`, { waitUntil: 'load' });
    if (mode === 'fpjs') {
      await tab.waitForTimeout(SETTLE_MS);
      fpjsMs.push(await tab.evaluate(FPJS_RUN));
    } else if (mode === 'after') {
      await tab.waitForTimeout(SETTLE_MS);
      const before = await threadTime();
      runs.after.push(await tab.evaluate(`PayToken.deviceData.setup(), ${COLLECTED}`));
      cpuMs.push(((await threadTime()) - before) * 1000); // seconds -> ms
    } else runs.during.push(await tab.evaluate(COLLECTED));
    await context.close();
    await new Promise((r) => setTimeout(r, PAUSE_MS));
  }
  await browser.close();
  server.close();

  const q = (xs: number[], p: number) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  };
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  ticks1 ??= cpuTicks();
  const steal = ticks0 && ticks1 ? `${((100 * (ticks1.steal - ticks0.steal)) / (ticks1.total - ticks0.total || 1)).toFixed(1)}%` : 'n/a';
  console.log(
    `\ncollection time, headless Chromium ${browser.version()}, ms over ${RUNS} page loads each in a fresh context, ${PAUSE_MS} ms apart (load average ${load}, hypervisor steal ${steal} of CPU time during these runs):`,
  );
  for (const [mode, label] of [
    ['after', `setup() ${SETTLE_MS} ms after the load event (the library alone)`],
    ['during', 'setup() while the page loads (as the demo checkout)'],
  ] as const) {
    const timings = runs[mode].map((d) => d.timings as Record<string, number>);
    const totals = timings.map((t) => t.total!);
    console.log(`  ${label}: median ${q(totals, 0.5)}, p95 ${q(totals, 0.95)}, min ${Math.min(...totals)}, max ${Math.max(...totals)}`);
    const names = Object.keys(timings[0]!).filter((k) => k !== 'total');
    console.log(
      `    median per signal: ${names
        .map(
          (k) =>
            `${k} ${q(
              timings.map((t) => t[k] ?? 0),
              0.5,
            )}`,
        )
        .join(', ')}`,
    );
    if (mode === 'after')
      console.log(`    renderer main-thread CPU time: median ${q(cpuMs, 0.5).toFixed(1)}, p95 ${q(cpuMs, 0.95).toFixed(1)}`);
  }
  const r1 = (x: number) => x.toFixed(1);
  const fpTotals = fpjsMs.map(([l, g]) => l! + g!);
  console.log(
    `  reference, FingerprintJS 5.2.0 load() + get() ${SETTLE_MS} ms after the load event: median ${r1(q(fpTotals, 0.5))}, p95 ${r1(q(fpTotals, 0.95))} (load() ${r1(
      q(
        fpjsMs.map((t) => t[0]!),
        0.5,
      ),
    )}, get() ${r1(
      q(
        fpjsMs.map((t) => t[1]!),
        0.5,
      ),
    )}); ratio of medians, this library / FingerprintJS: ${(
      q(
        runs.after.map((d) => (d.timings as Record<string, number>).total!),
        0.5,
      ) / q(fpTotals, 0.5)
    ).toFixed(2)}`,
  );
  if (process.argv.includes('--write')) {
    // docs/device-data.svg: the medians above, ours beside FingerprintJS
    const median = (mode: 'after' | 'during') =>
      q(
        runs[mode].map((d) => (d.timings as Record<string, number>).total!),
        0.5,
      );
    const svg = barChart({
      title: 'Device-data collection time (median, ms)',
      desc: `Measured by npm run bench:fraud (scripts/bench/fraud.ts) on ${new Date().toISOString().slice(0, 10)} in headless Chromium ${browser.version()}, ${RUNS} page loads each in a fresh context; the reference is FingerprintJS 5.2.0 (load() + get()) measured in the same run.`,
      unit: 'ms',
      groups: [
        {
          heading: `Collection ${SETTLE_MS} ms after the load event`,
          bars: [
            { label: 'paytoken deviceData.setup()', value: median('after'), ours: true },
            { label: 'FingerprintJS load() + get()', value: q(fpTotals, 0.5), ours: false },
          ],
        },
        {
          heading: 'Collection while the page loads (as the demo checkout)',
          bars: [{ label: 'paytoken deviceData.setup()', value: median('during'), ours: true }],
        },
      ],
    });
    writeFileSync(new URL('../../docs/device-data.svg', import.meta.url), svg);
    console.log('docs/device-data.svg written');
  }
  const last = runs.after.at(-1)!;
  console.log(
    `\nlast run: visitor_id ${last.visitor_id}, missing ${JSON.stringify(last.missing)}, automation ${JSON.stringify(last.automation)}`,
  );
}
