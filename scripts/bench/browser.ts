/**
 * Browser benchmark (`npm run bench`; options `-- --runs 50`): Playwright in Debian's Chromium against the
 * local sandbox on 127.0.0.1. Prints median and p95 over `--runs` runs (default 50) of:
 * - submit to token, first call of a fresh browser context (connection + CORS preflight + POST), and later
 *   calls on a warm page (preflight cached, connection kept alive);
 * - the same first call with a `<link rel=preconnect crossorigin>` hint to the API origin, interleaved with
 *   the plain runs, and the ratio of the medians (does an early connection help?);
 * - the library's own main-thread time per tokenization, network excluded: from the call to the XHR `send` it
 *   makes (validation, serialisation), plus from its reading of the response text to the success callback;
 * - the longest main-thread task during a demo checkout (load, typing, submit, until the token is in the form), from a
 *   `longtask` PerformanceObserver (it sees tasks of 50 ms and more; none means every task was shorter);
 * - device-data collection time, when the build has the anti-fraud collector;
 * - the processor's classic scripts as the reference, in the same session (./classic.ts): token.create first and
 *   later calls, preflights per 30 calls, deviceData.setup cost, and the size ratio to the classic pair.
 * With `--write` it also writes docs/latency.svg (scripts/ci/chart.ts): ours beside the classic script, first and
 * later calls, medians of this run; docs/classic-script.md shows it.
 * Timings on a shared 2-core machine are noisy: compare ratios measured in the same run, not absolute figures
 * across runs. This is a benchmark, not a test: it asserts nothing.
 */
import { Hono } from 'hono';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { startMerchant } from '../../demo/merchant/server';
import { barChart } from '../ci/chart';
import { classicReference } from './classic';
import { fmt, startBench, stats, timingTable } from './setup';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '50' }, write: { type: 'boolean', default: false } } });
const RUNS = Math.max(5, Number(values.runs));
const CREDS = { merchantId: 'mbench0merchant01', publicKey: 'pk_bench_public', privateKey: 'sk_bench_private' };
const CARD = {
  card_number: '4111111111111111',
  holder_name: 'Bench Mark',
  expiration_month: '12',
  expiration_year: String(new Date().getFullYear() + 3),
  cvv2: '123',
};

const { rows, row } = timingTable();

/** A bare page on its own origin that loads the script-tag build (and a preconnect hint when asked). */
function pageApp(apiOrigin: string) {
  const app = new Hono();
  const iife = readFileSync(new URL('../../dist/paytoken.iife.js', import.meta.url));
  const page = (hint: boolean) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>bench</title>${hint ? `<link rel="preconnect" href="${apiOrigin}" crossorigin="anonymous">` : ''}` +
    `<script src="/paytoken.iife.js"></script></head><body><form id="f"></form></body></html>`;
  app.get('/', (c) => c.html(page(false)));
  app.get('/preconnect', (c) => c.html(page(true)));
  app.get('/paytoken.iife.js', (c) => c.body(iife, 200, { 'Content-Type': 'text/javascript' }));
  return app;
}

/** Sets the page up for tokenizing. */
async function prepare(page: Page, apiUrl: string) {
  await page.evaluate(
    ({ apiUrl: baseUrl, creds }) => {
      const w = window as unknown as Record<string, any>;
      w.PayToken.setId(creds.merchantId);
      w.PayToken.setApiKey(creds.publicKey);
      w.PayToken.setBaseUrl(baseUrl);
      w.__marks ??= {};
    },
    { apiUrl, creds: CREDS },
  );
}

/**
 * Instruments `XMLHttpRequest.prototype.send` and its `responseText` getter for the split timings (library time
 * before the request, and after the body). An init script, so it runs before the script tag: the library keeps
 * the XHR methods of its load (tamper resistance), so a wrapper installed later would never be called.
 */
const instrument = () => {
  const w = window as unknown as Record<string, any>;
  const proto = XMLHttpRequest.prototype;
  const send = proto.send;
  w.__marks = {};
  proto.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    w.__marks.sent = performance.now();
    return send.call(this, body);
  };
  const text = Object.getOwnPropertyDescriptor(proto, 'responseText')!.get!;
  Object.defineProperty(proto, 'responseText', {
    configurable: true,
    get() {
      w.__marks.bodyRead = performance.now();
      return text.call(this);
    },
  });
};

/** One tokenization; returns [total ms, library main-thread ms]. */
const tokenize = (page: Page) =>
  page.evaluate(
    (card) =>
      new Promise<[number, number]>((resolve, reject) => {
        const w = window as unknown as Record<string, any>;
        const t0 = performance.now();
        w.PayToken.token.create(
          card,
          () => {
            const t1 = performance.now();
            resolve([t1 - t0, w.__marks.sent - t0 + (t1 - w.__marks.bodyRead)]);
          },
          (e: { message: string }) => reject(new Error(e.message)),
        );
      }),
    CARD,
  );

async function firstCalls(browser: Browser, pageUrl: string, apiUrl: string) {
  const plain: number[] = [];
  const hinted: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    for (const [path, into] of [
      ['/', plain],
      ['/preconnect', hinted],
    ] as const) {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      await page.goto(pageUrl + path);
      await prepare(page, apiUrl);
      await page.waitForTimeout(20); // what a shopper's typing gives the hint, at the least
      into.push((await tokenize(page))[0]);
      await ctx.close();
    }
  }
  return { plain, hinted };
}

async function laterCalls(browser: Browser, pageUrl: string, apiUrl: string) {
  const ctx = await browser.newContext();
  await ctx.addInitScript(instrument);
  const page = await ctx.newPage();
  await page.goto(pageUrl);
  await prepare(page, apiUrl);
  await tokenize(page);
  const total: number[] = [];
  const own: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [t, o] = await tokenize(page);
    total.push(t);
    own.push(o);
  }
  const collect = await page.evaluate(async () => {
    const dd = (window as unknown as Record<string, any>).PayToken.deviceData;
    if (typeof dd.collected !== 'function') return null;
    const t0 = performance.now();
    await dd.collected();
    return performance.now() - t0;
  });
  await ctx.close();
  return { total, own, collectSupported: collect !== null };
}

async function longestTask(browser: Browser, merchantUrl: string) {
  const longest: number[] = [];
  for (let i = 0; i < Math.min(RUNS, 20); i++) {
    const ctx = await browser.newContext();
    await ctx.addInitScript(() => {
      const w = window as unknown as Record<string, any>;
      w.__longest = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await ctx.newPage();
    await page.goto(merchantUrl);
    const fill = async (sel: string, v: string) => page.locator(`[data-paytoken-card="${sel}"]`).first().pressSequentially(v);
    await fill('holder_name', CARD.holder_name);
    await fill('card_number', CARD.card_number);
    if (await page.locator('[data-paytoken-card="expiration_month"]').count()) {
      await fill('expiration_month', CARD.expiration_month);
      await fill('expiration_year', CARD.expiration_year.slice(2));
    } else {
      await fill('expiry', `${CARD.expiration_month}${CARD.expiration_year.slice(2)}`);
    }
    await fill('cvv2', CARD.cvv2);
    // Stop at the merchant post: the page stays, with its observer, once the token is in the form.
    await page.route(/\/charge(\?|$)/, (r) => r.abort('aborted'));
    await page.locator('button[type="submit"]').click();
    await page.waitForFunction(() => (document.querySelector('input[name="token_id"]') as HTMLInputElement | null)?.value);
    longest.push(await page.evaluate(() => (window as unknown as { __longest: number }).__longest));
    await ctx.close();
  }
  return longest;
}

const bench = await startBench({
  sandbox: CREDS,
  pages: pageApp,
  chromiumArgs: ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
});
const { api, pages, browser } = bench;
const merchant = await startMerchant({ ...CREDS, apiBaseUrl: api.baseUrl, port: 0 });
try {
  const first = await firstCalls(browser, pages.url, api.baseUrl);
  const later = await laterCalls(browser, pages.url, api.baseUrl);
  const checkout = await longestTask(browser, `${merchant.url}/direct`);
  const classic = await classicReference(browser, Math.min(RUNS, 30));
  rows.push('| Measure | Median | p95 | Runs |', '|---|---|---|---|');
  const mFirst = row('Submit to token, first call (fresh context: connect + preflight + POST)', first.plain);
  const mHint = row('Submit to token, first call, with a preconnect hint', first.hinted);
  const mLater = row('Submit to token, later calls (preflight cached, keep-alive)', later.total);
  row('Library main-thread time per tokenization (network excluded)', later.own);
  const l = stats(checkout);
  rows.push(
    `| Longest main-thread task during a checkout (longtask observer, >= 50 ms) | ${l.median ? `${fmt(l.median)} ms` : 'none'} | ${l.p95 ? `${fmt(l.p95)} ms` : 'none'} | ${l.n} |`,
  );
  console.log(rows.join('\n'));
  console.log(`\nratios of medians: first/later ${(mFirst / mLater).toFixed(2)}, preconnect/plain first ${(mHint / mFirst).toFixed(2)}`);
  console.log(`\n${classic.lines.join('\n')}`);
  console.log(`runs ${RUNS}, ${new Date().toISOString().slice(0, 10)}, Chromium ${browser.version()}, ${process.platform} ${process.arch}`);
  if (values.write) {
    const m = classic.medians;
    const svg = barChart({
      title: 'token.create to the success callback (median, ms)',
      desc: `Measured by npm run bench (scripts/bench/browser.ts and classic.ts) on ${new Date().toISOString().slice(0, 10)} in headless Chromium ${browser.version()} against the local sandbox on loopback, both libraries on one page, runs interleaved; the reference is the processor's classic script (openpay-js 1.0.0) and, for later calls, the same request sent without either library. A shared 2-core machine: compare bars of one chart, not charts of different runs.`,
      unit: 'ms',
      groups: [
        {
          heading: `First call (fresh browser context: connection, CORS preflight, POST; ${Math.min(RUNS, 30)} each)`,
          bars: [
            { label: 'paytoken', value: m.firstOurs, ours: true },
            { label: 'classic script', value: m.firstClassic, ours: false },
          ],
        },
        {
          heading: 'Later calls (warm page: one round trip)',
          bars: [
            { label: 'paytoken', value: m.laterOurs, ours: true },
            { label: 'classic script', value: m.laterClassic, ours: false },
            { label: 'no library: XHR as paytoken sends it', value: m.laterXhr, ours: false },
            { label: 'no library: XHR as the classic sends it', value: m.laterXhrClassic, ours: false },
            { label: 'no library: fetch (paytoken without XHR)', value: m.laterFetch, ours: false },
          ],
        },
      ],
    });
    writeFileSync(new URL('../../docs/latency.svg', import.meta.url), svg);
    console.log('docs/latency.svg written');
  }
} finally {
  await merchant.close();
  await bench.close();
}
