/**
 * Hosted-fields benchmark (`npm run bench:hosted`; options `-- --runs 20`, `--typed-runs 20`, `--profiles
 * localhost,mobile`): the shopper's view, in Debian's Chromium driven by puppeteer-core (which applies network
 * emulation to every frame target, the frames' own requests included). The local sandbox on 127.0.0.1 serves the
 * frames (`{base_url}/fields/v1/`), compressed as a CDN sends them; a bench page server on its own site
 * (`localhost`) serves the merchant pages and the script tags, compressed too: the frames run in a renderer of
 * their own (site isolation), as in production. A benchmark, not a test: it prints figures and asserts nothing.
 *
 * Each case runs under two network profiles: `localhost` (no emulation) and `mobile` (Chromium's network
 * emulation: 150 ms round trip, 1.6 Mbps down, 750 kbps up), each with a cold cache (a fresh browser context per
 * load) and a warm one (one context that has loaded every page before: a second checkout). Medians of fresh loads,
 * the cases interleaved so that the machine's load weighs on each alike:
 * - mount to `ready` of the card element against one empty iframe of the API origin (insertion to `load`; the
 *   document a 404 of the API, nine bytes) (target at most 1.15x), and against the frame page without its script
 *   (the same HTML and style, a one-statement script posting a message), which splits the card element's time
 *   into the document's and the first script's; three split fields (card number, expiry, CVV2)
 *   against three such iframes (target at most 1.15x);
 * - submit to token (`tokenize()` or the on-page form layer's `submit()`, to the token), after the card was typed
 *   at a person's pace (60-250 ms between keys, number, expiry, CVV2 and holder name) in the card element and in
 *   the on-page form (`/direct`'s mode), device data on in both (the frame's from the first focus; the form's from
 *   `deviceData.setup` at mount) (target at most 1.05x); and after a scripted fast fill (keys without delay), the
 *   card element, split fields and the on-page form, beside it;
 * - keystroke in the card element to the page's `change` event (the frame's `keydown` to the page's listener, on
 *   the shared `performance.timeOrigin + now()` clock), during the typed runs;
 * - long tasks (over 50 ms) in the card element's frame from its load to the token, by a `PerformanceObserver`
 *   installed in every frame at its start (target: none).
 * Needs `npm run build` first (the script does it).
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import puppeteer, { TimeoutError, type Browser, type BrowserContext, type Frame, type Page } from 'puppeteer-core';
import { sendCompressed } from '../../sandbox/src/compression';
import { FRAME_PAGE_MAX_AGE_S } from '../../sandbox/src/pages/fields';
import { startSandbox } from '../../sandbox/src/server';
import { CHROMIUM_ARGS, fmt, stats } from './setup';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    'typed-runs': { type: 'string', default: '20' },
    profiles: { type: 'string', default: 'localhost,mobile' },
  },
});
const RUNS = Math.max(5, Number(values.runs));
const TYPED_RUNS = Math.max(3, Number(values['typed-runs']));
const CREDS = { merchantId: 'mbenchhosted0001', publicKey: 'pk_bench_public', privateKey: 'sk_bench_private' };
const YEAR = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
const CARD = { number: '4111111111111111', expiry: `12${YEAR}`, cvv2: '123', name: 'Ana Lopez' };

/** The network profiles: none, and Chromium's emulation of a mobile connection (bytes per second, ms). */
const PROFILES = {
  localhost: null,
  mobile: { download: 1_600_000 / 8, upload: 750_000 / 8, latency: 150 },
} as const;
type Profile = keyof typeof PROFILES;

/**
 * The merchant pages: `/element` (the card element), `/split` (three containers), `/floor` (nothing: the empty
 * iframes are added by the benchmark), `/direct` (the on-page form with the checkout script tag); the script tags
 * compressed, cached for good (a second checkout has them).
 */
function pageApp(): Hono {
  const app = new Hono();
  const html = (script: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>${script}</head><body>${body}</body></html>`;
  const hostedTag = '<script src="/paytoken-hosted.iife.js"></script>';
  app.get('/element', (c) => c.html(html(hostedTag, '<div id="card"></div>')));
  app.get('/split', (c) => c.html(html(hostedTag, '<div id="pan"></div><div id="exp"></div><div id="cvv"></div>')));
  app.get('/floor', (c) => c.html(html('', '<div id="pan"></div><div id="exp"></div><div id="cvv"></div>')));
  app.get('/direct', (c) =>
    c.html(
      html(
        '<script src="/paytoken-checkout.iife.js"></script>',
        '<form id="f"><input data-paytoken-card="card_number"><input data-paytoken-card="expiry"><input data-paytoken-card="cvv2">' +
          '<input data-paytoken-card="holder_name"><button>Pay</button></form>',
      ),
    ),
  );
  for (const tag of ['paytoken-hosted.iife.js', 'paytoken-checkout.iife.js']) {
    const body = readFileSync(new URL(`../../dist/${tag}`, import.meta.url));
    app.get(`/${tag}`, (c) => {
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      return sendCompressed(c, body);
    });
  }
  return app;
}

/**
 * The reference that splits the card element's time: its frame page as built (`dist/fields/frame.html`: the
 * inputs' HTML and style), its first script replaced by one statement that posts a message to the page. Served
 * compressed and cacheable as the sandbox serves the frame page, from 127.0.0.1 (the API's site: the same
 * renderer as the frames), without CSP (its script has no hash). The card element minus this is what the first script costs; this minus one empty iframe, the page.
 */
function frameDocApp(): Hono {
  const page = readFileSync(new URL('../../dist/fields/frame.html', import.meta.url), 'utf8')
    .replace('{{allowed_origins}}', 'http://localhost:*')
    .replace(/<script data-later[\s\S]*?<\/script>/, '<script>parent.postMessage("paytoken-bench", "*")</script>');
  const app = new Hono();
  app.get('/frame-doc.html', (c) => {
    c.header('Content-Type', 'text/html; charset=utf-8');
    c.header('Cache-Control', `public, max-age=${FRAME_PAGE_MAX_AGE_S}`); // as the sandbox sends the frame page
    return sendCompressed(c, Buffer.from(page));
  });
  return app;
}

/** Serves `app` on 127.0.0.1 (a free port), reached as `host` (`localhost`: another site than the API's 127.0.0.1). */
const servePages = (app: Hono, host = 'localhost'): Promise<{ url: string; close: () => void }> =>
  new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ url: `http://${host}:${info.port}`, close: () => server.close() }),
    );
  });

/** Where the bench runs: the sandbox, the page server, the browser; and the frame pages the sandbox has served. */
interface Bench {
  api: string;
  pages: string;
  /** The frame page without its script (see `frameDocApp`). */
  frameDoc: string;
  browser: Browser;
  framePages: () => number;
}

/** A fresh page in `context`, under `profile`, with the long-task observer in every frame from its start. */
async function openPage(context: BrowserContext, profile: Profile): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  if (PROFILES[profile]) await page.emulateNetworkConditions(PROFILES[profile]);
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => w.__longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
  });
  return page;
}

/** The containers of each layout: the card element (one frame), or split fields (three). */
const LAYOUTS = { element: { card: '#card' }, split: { card_number: '#pan', expiry: '#exp', cvv2: '#cvv' } } as const;
type Layout = keyof typeof LAYOUTS;

/** Opens `/{layout}` and mounts its hosted fields; resolves with the mount-to-`ready` time (ms, the page's clock). */
async function mountHosted(bench: Bench, page: Page, layout: Layout): Promise<number> {
  await page.goto(`${bench.pages}/${layout}`);
  return page.evaluate(
    ({ baseUrl, creds, containers }) =>
      new Promise<number>((resolve) => {
        const w = window as unknown as Record<string, any>;
        w.PayToken.setId(creds.merchantId);
        w.PayToken.setApiKey(creds.publicKey);
        w.PayToken.setBaseUrl(baseUrl);
        const t0 = performance.now();
        const fields = (w.__fields = w.PayToken.fields.mount(containers, { flow: 'spa', locale: 'en' }));
        fields.on('ready', () => resolve(performance.now() - t0));
      }),
    { baseUrl: bench.api, creds: CREDS, containers: LAYOUTS[layout] },
  );
}

/**
 * `count` iframes of `src` (`?pan`, `?exp`, `?cvv`) on `/floor`: insertion to the last `load`, or, `until` a
 * message, to the first message a frame posts to the page.
 */
async function insertFrames(bench: Bench, page: Page, src: string, count: number, until: 'load' | 'message' = 'load'): Promise<number> {
  await page.goto(`${bench.pages}/floor`);
  return page.evaluate(
    ({ url, frames, end }) =>
      new Promise<number>((resolve) => {
        const t0 = performance.now();
        let left = frames;
        if (end === 'message') addEventListener('message', () => resolve(performance.now() - t0), { once: true });
        for (const id of ['pan', 'exp', 'cvv'].slice(0, frames)) {
          const f = document.createElement('iframe');
          f.title = id;
          f.src = `${url}?${id}`;
          if (end === 'load') f.onload = () => --left || resolve(performance.now() - t0);
          document.getElementById(id)!.append(f);
        }
      }),
    { url: src, frames: count, end: until },
  );
}

/** `count` empty iframes of the API origin (a 404 of nine bytes): insertion to the last `load`. */
const floor = (bench: Bench, page: Page, count: number) => insertFrames(bench, page, `${bench.api}/fields/v1/empty`, count);

/** The five load cases, interleaved in one run: their times by name. */
const LOAD_CASES = {
  element: (bench: Bench, page: Page) => mountHosted(bench, page, 'element'),
  one: (bench: Bench, page: Page) => floor(bench, page, 1),
  // the frame page without its script (`frameDocApp`): insertion to its message
  doc: (bench: Bench, page: Page) => insertFrames(bench, page, bench.frameDoc, 1, 'message'),
  split: (bench: Bench, page: Page) => mountHosted(bench, page, 'split'),
  three: (bench: Bench, page: Page) => floor(bench, page, 3),
};
type LoadCase = keyof typeof LOAD_CASES;

/**
 * Mount-to-ready and the floors under one profile and cache: `runs` fresh loads of each case, interleaved. A cold
 * load gets a browser context of its own; warm loads share one that has loaded every case once before.
 */
async function loadTimes(
  bench: Bench,
  profile: Profile,
  cache: 'cold' | 'warm',
  runs: number,
): Promise<Record<LoadCase | 'served', number[]>> {
  const times = { element: [], one: [], doc: [], split: [], three: [], served: [] } as Record<LoadCase | 'served', number[]>;
  const warm = cache === 'warm' ? await bench.browser.createBrowserContext() : undefined;
  const once = async (name: LoadCase) => {
    const context = warm ?? (await bench.browser.createBrowserContext());
    const page = await openPage(context, profile);
    const served = bench.framePages();
    const ms = await LOAD_CASES[name](bench, page);
    if (name === 'split') times.served.push(bench.framePages() - served);
    // the frame's later script is fetched in idle time after `ready`: a warm cache has it for the next checkout
    if (warm) await new Promise((r) => setTimeout(r, 1000));
    await (warm ? page.close() : context.close());
    return ms;
  };
  for (const name of Object.keys(LOAD_CASES) as LoadCase[]) if (warm) await once(name);
  for (let i = 0; i < runs; i++) for (const name of Object.keys(LOAD_CASES) as LoadCase[]) times[name].push(await once(name));
  await warm?.close();
  return times;
}

/** A person's pause between two keys: 60-250 ms. */
const personPause = () => new Promise((r) => setTimeout(r, 60 + Math.random() * 190));

/** Types `text` at the focus: at a person's pace, or as fast as the keyboard goes. */
async function typeKeys(page: Page, text: string, paced: boolean): Promise<void> {
  for (const key of text) {
    await page.keyboard.type(key);
    if (paced) await personPause();
  }
}

/** Records the card element's keystrokes (in its frame) and the page's `change` events, on one clock. */
async function watchKeystrokes(page: Page, frame: Frame): Promise<() => Promise<number[]>> {
  await frame.evaluate(() => {
    const w = window as unknown as { __keys: number[] };
    w.__keys = [];
    document
      .querySelector('input.card_number')!
      .addEventListener('keydown', () => w.__keys.push(performance.timeOrigin + performance.now()), true);
  });
  await page.evaluate(() => {
    const w = window as unknown as Record<string, any>;
    w.__changes = [];
    w.__fields.on(
      'change',
      (e: { field: string }) => e.field === 'card_number' && w.__changes.push(performance.timeOrigin + performance.now()),
    );
  });
  return async () => {
    const keys = await frame.evaluate(() => (window as unknown as { __keys: number[] }).__keys);
    const changes = await page.evaluate(() => (window as unknown as { __changes: number[] }).__changes);
    return keys.map((k, i) => changes[i]! - k).filter((x) => Number.isFinite(x) && x >= 0);
  };
}

/** What one submit measured: submit to token (ms), the keystroke delays seen, the frame's long tasks (ms each). */
interface Submit {
  ms: number;
  keys: number[];
  longTasks: number[];
}

/** Focuses `selector` in `frame` (the page or the card element's frame) and types `text` there. */
async function typeInto(page: Page, frame: Frame | Page, selector: string, text: string, paced: boolean): Promise<void> {
  await (await frame.$(selector))!.focus();
  await typeKeys(page, text, paced);
}

/**
 * Types the card into the split fields as a shopper would: a click on each field (its iframe), then the keys. No
 * script runs in the frames: the
 * driver's view of a second frame's context of one process is sometimes missing (its calls then wait for good).
 */
async function typeSplit(page: Page, paced: boolean): Promise<void> {
  for (const [container, text] of [
    ['#pan', CARD.number],
    ['#exp', CARD.expiry],
    ['#cvv', CARD.cvv2],
  ] as const) {
    await page.click(`${container} iframe`);
    await typeKeys(page, text, paced);
  }
}

/** The card typed into a hosted layout on `page`, then `tokenize()` to the token. */
async function hostedSubmit(bench: Bench, page: Page, layout: Layout, paced: boolean): Promise<Submit> {
  await mountHosted(bench, page, layout);
  const card = page.frames().find((f) => f.url().includes('&f=card&'));
  const keystrokes = card && paced ? await watchKeystrokes(page, card) : async () => [];
  if (card)
    for (const field of ['card_number', 'expiry', 'cvv2', 'holder_name'] as const)
      await typeInto(
        page,
        card,
        `input.${field}`,
        CARD[field === 'card_number' ? 'number' : field === 'holder_name' ? 'name' : field],
        paced,
      );
  else await typeSplit(page, paced);
  const ms = await page.evaluate(async (name) => {
    const t0 = performance.now();
    await (window as unknown as Record<string, any>).__fields.tokenize({ holder_name: name });
    return performance.now() - t0;
  }, CARD.name);
  return {
    ms,
    keys: await keystrokes(),
    longTasks: card ? await card.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks) : [],
  };
}

/** The card typed into the on-page form (`/direct`, device data set up at mount), then `submit()` to the token. */
async function directSubmit(bench: Bench, page: Page, paced: boolean): Promise<Submit> {
  await page.goto(`${bench.pages}/direct`);
  await page.evaluate(
    ({ baseUrl, creds }) => {
      const w = window as unknown as Record<string, any>;
      w.PayToken.setId(creds.merchantId);
      w.PayToken.setApiKey(creds.publicKey);
      w.PayToken.setBaseUrl(baseUrl);
      w.PayToken.deviceData.setup('f', 'device_session_id');
      w.__form = w.PayToken.form.mount('f', { flow: 'spa', locale: 'en' });
    },
    { baseUrl: bench.api, creds: CREDS },
  );
  for (const [field, text] of [
    ['card_number', CARD.number],
    ['expiry', CARD.expiry],
    ['cvv2', CARD.cvv2],
    ['holder_name', CARD.name],
  ])
    await typeInto(page, page, `[data-paytoken-card=${field}]`, text!, paced);
  const ms = await page.evaluate(async () => {
    const t0 = performance.now();
    await (window as unknown as Record<string, any>).__form.submit();
    return performance.now() - t0;
  });
  return { ms, keys: [], longTasks: [] };
}

/** The submit cases, interleaved: at a person's pace (element, form) and after a fast fill (element, split, form). */
const SUBMIT_CASES = {
  'element, typed': (bench: Bench, page: Page) => hostedSubmit(bench, page, 'element', true),
  'form, typed': (bench: Bench, page: Page) => directSubmit(bench, page, true),
  'element, fast': (bench: Bench, page: Page) => hostedSubmit(bench, page, 'element', false),
  'split, fast': (bench: Bench, page: Page) => hostedSubmit(bench, page, 'split', false),
  'form, fast': (bench: Bench, page: Page) => directSubmit(bench, page, false),
};
type SubmitCase = keyof typeof SUBMIT_CASES;

/** Checkouts run again because the driver timed out (its view of a frame went missing); printed with the figures. */
let redone = 0;

/**
 * Runs one checkout on a fresh page of a fresh browser context (a cold cache) under `profile`; when the driver
 * times out, runs it again on another (at most three times in all).
 */
async function checkout<T>(bench: Bench, profile: Profile, run: (page: Page) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const context = await bench.browser.createBrowserContext();
    try {
      return await run(await openPage(context, profile));
    } catch (error) {
      if (!(error instanceof TimeoutError) || attempt === 3) throw error;
      redone++;
    } finally {
      await context.close();
    }
  }
}

/** `runs` submits of each case under `profile`, interleaved. */
async function submitTimes(bench: Bench, profile: Profile, runs: number): Promise<Record<SubmitCase, Submit[]>> {
  const out = Object.fromEntries(Object.keys(SUBMIT_CASES).map((k) => [k, []])) as unknown as Record<SubmitCase, Submit[]>;
  for (let i = 0; i < runs; i++)
    for (const name of Object.keys(SUBMIT_CASES) as SubmitCase[])
      out[name].push(await checkout(bench, profile, (page) => SUBMIT_CASES[name](bench, page)));
  return out;
}

const median = (xs: number[]) => stats(xs).median;
const cell = (xs: number[]) => `${fmt(median(xs))} ms (p95 ${fmt(stats(xs).p95)}, n ${xs.length})`;
const ratio = (a: number[], b: number[], target: number) => {
  const r = median(a) / median(b);
  return `${r.toFixed(2)}x (target <= ${target}: ${r <= target ? 'met' : 'NOT met'})`;
};

/** Prints the load table of one profile and cache. */
function printLoads(profile: Profile, cache: string, t: Record<LoadCase | 'served', number[]>): void {
  console.log(`\n### ${profile}, ${cache} cache: mount to ready (median of ${t.element.length} fresh loads each)`);
  console.log('| Case | Median |\n|---|---|');
  console.log(`| Card element, mount to ready | ${cell(t.element)} |`);
  console.log(`| One empty API-origin iframe, insertion to load | ${cell(t.one)} |`);
  console.log(`| The frame page without its script, insertion to its message | ${cell(t.doc)} |`);
  console.log(`| Split fields (3), mount to ready | ${cell(t.split)} |`);
  console.log(`| Three empty API-origin iframes, insertion to load | ${cell(t.three)} |`);
  console.log(
    `card element / one iframe: ${ratio(t.element, t.one, 1.15)}; split fields / three iframes: ${ratio(t.split, t.three, 1.15)}`,
  );
  const part = (a: number[], b: number[]) => fmt(median(a) - median(b));
  console.log(
    `card element's time over one iframe, split (medians): the frame page without its script ${part(t.doc, t.one)} ms ` +
      `(${(median(t.doc) / median(t.one)).toFixed(2)}x), its first script and the mount ${part(t.element, t.doc)} ms`,
  );
  console.log(
    `frame pages the server sent per split-fields mount (three frames): median ${median(t.served)}, at most ${Math.max(...t.served)}`,
  );
}

/** Prints the submit table of one profile. */
function printSubmits(profile: Profile, s: Record<SubmitCase, Submit[]>): void {
  const ms = (name: SubmitCase) => s[name].map((x) => x.ms);
  console.log(`\n### ${profile}: submit to token (cold, median of ${s['element, typed'].length} each)`);
  console.log('| Case | Median |\n|---|---|');
  for (const name of Object.keys(SUBMIT_CASES) as SubmitCase[]) console.log(`| ${name} | ${cell(ms(name))} |`);
  console.log(`typed at a person's pace: card element / on-page form ${ratio(ms('element, typed'), ms('form, typed'), 1.05)}`);
  console.log(
    `fast fill: card element / on-page form ${(median(ms('element, fast')) / median(ms('form, fast'))).toFixed(2)}x; ` +
      `split fields / on-page form ${(median(ms('split, fast')) / median(ms('form, fast'))).toFixed(2)}x`,
  );
  const keys = s['element, typed'].flatMap((x) => x.keys);
  if (keys.length)
    console.log(`keystroke in the card element to the page's change event: median ${fmt(median(keys))} ms (n ${keys.length})`);
  const tasks = [...s['element, typed'], ...s['element, fast']].flatMap((x) => x.longTasks);
  console.log(
    `long tasks in the card element's frame, load to token (${s['element, typed'].length + s['element, fast'].length} checkouts): ` +
      `${tasks.length}${tasks.length ? ` (longest ${fmt(Math.max(...tasks))} ms)` : ''} (target: none)`,
  );
}

let framePages = 0;
const sandbox = await startSandbox({
  ...CREDS,
  port: 0,
  fraud: { velocityMaxCards: 0 },
  log: (line) => void (line.startsWith('GET /fields/v1/frame.html ') && framePages++),
});
const pages = await servePages(pageApp());
const docs = await servePages(frameDocApp(), '127.0.0.1');
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
  headless: true,
});
const bench: Bench = {
  api: sandbox.baseUrl,
  pages: pages.url,
  frameDoc: `${docs.url}/frame-doc.html`,
  browser,
  framePages: () => framePages,
};
try {
  const load = loadavg()[0]!.toFixed(1);
  for (const profile of values.profiles.split(',') as Profile[]) {
    if (!(profile in PROFILES)) throw new Error(`--profiles: no profile ${profile}`);
    for (const cache of ['cold', 'warm'] as const) printLoads(profile, cache, await loadTimes(bench, profile, cache, RUNS));
    printSubmits(profile, await submitTimes(bench, profile, TYPED_RUNS));
  }
  console.log(
    `\nruns ${RUNS} (typed ${TYPED_RUNS}; checkouts run again after a driver time-out: ${redone}), ${new Date().toISOString().slice(0, 16)}Z, ${await browser.version()}, load average ${load} -> ${loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  await browser.close();
  pages.close();
  docs.close();
  await sandbox.close();
}
