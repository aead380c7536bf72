/**
 * Hosted-fields benchmark (`npm run bench:hosted`; options `-- --runs 30`, `--same-site`): Playwright in Debian's
 * Chromium, the local sandbox on 127.0.0.1 serving the frames (`{base_url}/fields/v1/`), and a bench page server
 * on its own origin, reached as `localhost`: the merchant page and the frames are two sites, as a shop and its
 * payment provider always are, so Chromium runs the frames in a renderer process of their own (site isolation),
 * as it does in production. `--same-site` reaches the page server as 127.0.0.1 instead: page and frames then share
 * one renderer and its main thread, which no real deployment does. Each run is a fresh browser context (a fresh
 * page load). Prints median and p95 of:
 * - mount to `ready` of the card element (the whole card in one frame) against the floor of one empty iframe from
 *   the API origin, and the ratio of the medians (target at most 1.15); keystroke to `change` in the element
 *   (target under 16 ms); the element's submit to token against the on-page form layer's (target at most 1.1);
 * - mount to `ready` of three hosted fields (card number, expiry, CVV2), against the floor measured in the same
 *   run: three empty iframes from the same API origin (its `frame.css`, a document as small as the frame page),
 *   from their insertion to their three `load` events; and the ratio of the medians (target at most 1.5);
 * - keystroke in the card-number frame to the merchant page's `change` event: from the frame's `keydown` to the
 *   page's listener, both on the shared `performance.timeOrigin + now()` clock (target: under one frame, 16 ms);
 * - submit to token, first call on a fresh page: hosted `tokenize()` against the on-page form layer's `submit()`
 *   (`/direct`'s mode, `flow: 'spa'`), interleaved, and the ratio of the medians (target at most 1.3).
 * Timings on a shared 2-core machine are noisy: compare the ratios measured in the same run. This is a benchmark,
 * not a test: it asserts nothing. Needs `npm run build` first (the script does it).
 */
import { Hono } from 'hono';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { fmt, startBench, timingTable } from './setup';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '30' }, 'same-site': { type: 'boolean', default: false } } });
const RUNS = Math.max(5, Number(values.runs));
const CREDS = { merchantId: 'mbenchhosted0001', publicKey: 'pk_bench_public', privateKey: 'sk_bench_private' };
const YEAR = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');

const { rows, row } = timingTable();

/**
 * The bench pages, on their own origin: `/hosted` (three containers and the hosted script tag), `/floor` (nothing:
 * the empty iframes are added by the benchmark), `/direct` (the on-page form with the checkout script tag,
 * paytoken-checkout.iife.js).
 */
function pageApp() {
  const app = new Hono();
  const hosted = readFileSync(new URL('../../dist/paytoken-hosted.iife.js', import.meta.url));
  const checkout = readFileSync(new URL('../../dist/paytoken-checkout.iife.js', import.meta.url));
  const html = (script: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>${script}</head><body>${body}</body></html>`;
  app.get('/hosted', (c) =>
    c.html(html('<script src="/paytoken-hosted.iife.js"></script>', '<div id="pan"></div><div id="exp"></div><div id="cvv"></div>')),
  );
  app.get('/element', (c) => c.html(html('<script src="/paytoken-hosted.iife.js"></script>', '<div id="card"></div>')));
  app.get('/floor', (c) => c.html(html('', '<div id="pan"></div><div id="exp"></div><div id="cvv"></div>')));
  app.get('/direct', (c) =>
    c.html(
      html(
        '<script src="/paytoken-checkout.iife.js"></script>',
        '<form id="f"><input data-paytoken-card="holder_name" value="Bench Mark"><input data-paytoken-card="card_number">' +
          '<input data-paytoken-card="expiry"><input data-paytoken-card="cvv2"><button>Pay</button></form>',
      ),
    ),
  );
  app.get('/paytoken-hosted.iife.js', (c) => c.body(hosted, 200, { 'Content-Type': 'text/javascript' }));
  app.get('/paytoken-checkout.iife.js', (c) => c.body(checkout, 200, { 'Content-Type': 'text/javascript' }));
  return app;
}

/** The containers of each layout: split fields (three frames) or the card element (one). */
const LAYOUTS = {
  split: { path: '/hosted', containers: { card_number: '#pan', expiry: '#exp', cvv2: '#cvv' } },
  element: { path: '/element', containers: { card: '#card' } },
};
type Layout = keyof typeof LAYOUTS;

/** Mounts hosted fields on a fresh page of `layout`; resolves with the page and the mount-to-ready time. */
async function mountHosted(
  browser: Browser,
  pages: string,
  apiUrl: string,
  layout: Layout = 'split',
): Promise<{ page: Page; ms: number; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${pages}${LAYOUTS[layout].path}`);
  const ms = await page.evaluate(
    ({ apiUrl: baseUrl, creds, flow, containers }) =>
      new Promise<number>((resolve) => {
        const w = window as unknown as Record<string, any>;
        w.PayToken.setId(creds.merchantId);
        w.PayToken.setApiKey(creds.publicKey);
        w.PayToken.setBaseUrl(baseUrl);
        const t0 = performance.now();
        const m = (w.__fields = w.PayToken.fields.mount(containers, { flow, locale: 'en' }));
        m.on('ready', () => resolve(performance.now() - t0));
      }),
    { apiUrl, creds: CREDS, flow: 'spa', containers: LAYOUTS[layout].containers },
  );
  return { page, ms, close: () => context.close() };
}

/** `count` empty iframes (3 or 1) of the API origin on a fresh `/floor` page: insertion to the last `load`. */
async function floor(browser: Browser, pages: string, apiUrl: string, count = 3): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${pages}/floor`);
  const ms = await page.evaluate(
    ({ src, count: frames }) =>
      new Promise<number>((resolve) => {
        const t0 = performance.now();
        let left = frames;
        for (const id of ['pan', 'exp', 'cvv'].slice(0, frames)) {
          const f = document.createElement('iframe');
          f.title = id;
          f.src = `${src}#${id}`;
          f.onload = () => --left || resolve(performance.now() - t0);
          document.getElementById(id)!.append(f);
        }
      }),
    { src: `${apiUrl}/fields/v1/frame.css`, count },
  );
  await context.close();
  return ms;
}

/** Keystrokes in the card-number input (its frame, or the element's) to the page's `change` event, on one mounted page. */
async function keystrokes(page: Page, layout: Layout = 'split'): Promise<number[]> {
  const frame = page.frames().find((f) => (layout === 'split' ? /#.*f=card_number/ : /#.*f=card&/).test(f.url()))!;
  await frame.evaluate(() => {
    const w = window as unknown as { __keys: number[] };
    w.__keys = [];
    document.getElementById('i')!.addEventListener('keydown', () => w.__keys.push(performance.timeOrigin + performance.now()), true);
  });
  await page.evaluate(() => {
    const w = window as unknown as Record<string, any>;
    w.__changes = [];
    w.__fields.on('change', () => w.__changes.push(performance.timeOrigin + performance.now()));
  });
  const input =
    layout === 'split' ? page.frameLocator('#pan iframe').locator('input') : page.frameLocator('#card iframe').locator('input.card_number');
  await input.focus();
  for (const d of '4111111111111111') {
    await page.keyboard.press(d);
    await page.waitForTimeout(30);
  }
  const keys = await frame.evaluate(() => (window as unknown as { __keys: number[] }).__keys);
  const changes = await page.evaluate(() => (window as unknown as { __changes: number[] }).__changes);
  return keys.map((k, i) => changes[i]! - k).filter((x) => Number.isFinite(x));
}

/** Submit to token on a fresh page: hosted `tokenize()` (split fields, or the card element). */
async function hostedSubmit(browser: Browser, pages: string, apiUrl: string, layout: Layout = 'split'): Promise<number> {
  const { page, close } = await mountHosted(browser, pages, apiUrl, layout);
  const input = (split: string, field: string) =>
    layout === 'split'
      ? page.frameLocator(`${split} iframe`).locator('input')
      : page.frameLocator('#card iframe').locator(`input.${field}`);
  await input('#pan', 'card_number').fill('4111111111111111');
  await input('#exp', 'expiry').fill(`12/${YEAR}`);
  await input('#cvv', 'cvv2').fill('123');
  if (layout === 'element') await input('#card', 'holder_name').fill('Bench Mark'); // the element hosts the name
  const ms = await page.evaluate(async () => {
    const t0 = performance.now();
    await (window as unknown as Record<string, any>).__fields.tokenize({ holder_name: 'Bench Mark' });
    return performance.now() - t0;
  });
  await close();
  return ms;
}

/** Submit to token on a fresh page: the on-page form layer's `submit()` (`/direct`'s mode, `flow: 'spa'`). */
async function directSubmit(browser: Browser, pages: string, apiUrl: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${pages}/direct`);
  await page.evaluate(
    ({ apiUrl: baseUrl, creds }) => {
      const w = window as unknown as Record<string, any>;
      w.PayToken.setId(creds.merchantId);
      w.PayToken.setApiKey(creds.publicKey);
      w.PayToken.setBaseUrl(baseUrl);
      w.__form = w.PayToken.form.mount('f', { flow: 'spa', locale: 'en' });
    },
    { apiUrl, creds: CREDS },
  );
  await page.locator('[data-paytoken-card=card_number]').fill('4111111111111111');
  await page.locator('[data-paytoken-card=expiry]').fill(`12/${YEAR}`);
  await page.locator('[data-paytoken-card=cvv2]').fill('123');
  const ms = await page.evaluate(async () => {
    const t0 = performance.now();
    await (window as unknown as Record<string, any>).__form.submit();
    return performance.now() - t0;
  });
  await context.close();
  return ms;
}

const bench = await startBench({ sandbox: { ...CREDS, fraud: { velocityMaxCards: 0 } }, pages: pageApp });
const { api, browser } = bench;
// the merchant pages on `localhost`, the API (and its frames) on 127.0.0.1: two sites, as a shop and its payment
// provider are, so the frames run in a renderer of their own (site isolation); `--same-site` puts both on 127.0.0.1
const pages = { url: values['same-site'] ? bench.pages.url : bench.pages.url.replace('//127.0.0.1:', '//localhost:') };
try {
  const ready: number[] = [];
  const empty: number[] = [];
  const keys: number[] = [];
  const hosted: number[] = [];
  const direct: number[] = [];
  const element = { ready: [] as number[], empty: [] as number[], keys: [] as number[], submit: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    // interleaved, so that the machine's load weighs on every side alike
    element.empty.push(await floor(browser, pages.url, api.baseUrl, 1));
    const e = await mountHosted(browser, pages.url, api.baseUrl, 'element');
    element.ready.push(e.ms);
    if (i < 3) element.keys.push(...(await keystrokes(e.page, 'element')));
    await e.close();
    element.submit.push(await hostedSubmit(browser, pages.url, api.baseUrl, 'element'));
    empty.push(await floor(browser, pages.url, api.baseUrl));
    const m = await mountHosted(browser, pages.url, api.baseUrl);
    ready.push(m.ms);
    if (i < 3) keys.push(...(await keystrokes(m.page)));
    await m.close();
    hosted.push(await hostedSubmit(browser, pages.url, api.baseUrl));
    direct.push(await directSubmit(browser, pages.url, api.baseUrl));
  }
  rows.push('| Measure | Median | p95 | Runs |', '|---|---|---|---|');
  const eReady = row('Mount to ready, the card element (fresh page)', element.ready);
  const eFloor = row('Floor: one empty iframe of the API origin, insertion to load', element.empty);
  const eKey = row("Keystroke in the card element to the page's change event", element.keys);
  const eSubmit = row('Submit to token, the card element tokenize() (fresh page)', element.submit);
  const mReady = row('Mount to ready, three hosted fields (fresh page)', ready);
  const mFloor = row('Floor: three empty iframes of the API origin, insertion to load', empty);
  const mKey = row("Keystroke in a frame to the page's change event", keys);
  const mHosted = row('Submit to token, hosted fields tokenize() (fresh page)', hosted);
  const mDirect = row('Submit to token, on-page form submit() (fresh page)', direct);
  console.log(rows.join('\n'));
  console.log(
    `\ncard element: mount-to-ready / one-iframe floor ${(eReady / eFloor).toFixed(2)} (target <= 1.15); ` +
      `submit to token / on-page ${(eSubmit / mDirect).toFixed(2)} (target <= 1.1); keystroke to change ${fmt(eKey)} ms (target < 16 ms)`,
  );
  console.log(
    `split fields: mount-to-ready / three-iframe floor ${(mReady / mFloor).toFixed(2)} (target <= 1.5); ` +
      `hosted / on-page submit to token ${(mHosted / mDirect).toFixed(2)} (target <= 1.3); keystroke to change ${fmt(mKey)} ms (target < 16 ms)`,
  );
  console.log(`runs ${RUNS}, ${new Date().toISOString().slice(0, 10)}, Chromium ${browser.version()}, ${process.platform} ${process.arch}`);
} finally {
  await bench.close();
}
