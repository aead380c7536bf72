/**
 * The processor's classic scripts (`openpay-js` 1.0.0, devDependency used only by tests and benchmarks) as the
 * reference of `npm run bench`, in the same browser session against a sandbox of their own, both libraries on one
 * page (e2e/classic-page.ts, `/both`), runs interleaved (ours, classic, ours, ...; the order flips each round):
 * - `token.create` to the success callback, first call of a fresh context (connection + preflight + POST);
 * - the same, later calls on a warm page, with the median of the per-round difference (ours minus classic) and its
 *   95% bootstrap interval: each round measures both back to back, so the machine's load drifts out of it;
 * - the same request without either library, later calls in the same rounds: bare `XMLHttpRequest` as ours sends
 *   it (`withCredentials` false) and as the classic script sends it (`withCredentials` true): the floor each
 *   library stands on, and what each adds over it is its own cost; and bare `fetch` with the settings ours uses
 *   where there is no XHR (no credentials, no referrer), the transport ours left for XHR in browsers (in Chromium
 *   `fetch` takes more renderer tasks per call: docs/performance.md "Beside the classic script");
 * - CORS preflights the sandbox saw per 30 calls of each (a fresh context each, calls one after another);
 * - `deviceData.setup(formId)`: its synchronous cost in the page (ours starts its collection in the background;
 *   the classic one starts its anti-fraud requests, kept on loopback by the page server's trap);
 * - the size of each on the wire: our script tag against the classic pair (card + device data), gzip -9 of each
 *   as published (unminified) and minified by terser (as the processor serves its `.min.js`).
 * It asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startSandbox } from '../../sandbox/src/server';
import { classicPairSizes } from '../size/classic-pair';
import { CLASSIC_CREDS, configureClassic, startClassicPages } from '../../e2e/classic-page';

type Who = 'PayToken' | 'OpenPay';
const CARD = {
  card_number: '4111111111111111',
  holder_name: 'Bench Mark',
  expiration_month: '12',
  expiration_year: String((new Date().getFullYear() + 3) % 100).padStart(2, '0'),
  cvv2: '123',
};

/** One `token.create` of `who`, from the call to the success callback, in ms (rejects on failure). */
const createOnce = (page: Page, who: Who) =>
  page.evaluate(
    ({ who: lib, card }) =>
      new Promise<number>((resolve, reject) => {
        const t0 = performance.now();
        (window as any)[lib].token.create(
          card,
          () => resolve(performance.now() - t0),
          (e: { message: string }) => reject(new Error(`${lib}: ${e.message}`)),
        );
      }),
    { who, card: CARD },
  );

/**
 * The same request without either library, in the page: `fetch` as ours sends it without XHR, `XMLHttpRequest` as
 * ours sends it (`xhr`), and as the classic does (`xhr-credentials`).
 */
const bareOnce = (page: Page, how: 'fetch' | 'xhr' | 'xhr-credentials', apiUrl: string) =>
  page.evaluate(
    ({ how: transport, card, url, auth }) =>
      new Promise<number>((resolve, reject) => {
        const headers: Record<string, string> = { Authorization: auth, Accept: 'application/json', 'Content-Type': 'application/json' };
        const body = JSON.stringify(card);
        const t0 = performance.now();
        // (no named function in here: the page gets this function's source as it is)
        if (transport === 'fetch') {
          fetch(url, { method: 'POST', headers, body, credentials: 'omit', referrerPolicy: 'no-referrer' })
            .then((r) => r.text())
            .then((text) => (JSON.parse(text).id ? resolve(performance.now() - t0) : reject(new Error('bare fetch: no token'))), reject);
        } else {
          const x = new XMLHttpRequest();
          x.open('POST', url, true);
          x.withCredentials = transport === 'xhr-credentials';
          for (const [k, v] of Object.entries(headers)) x.setRequestHeader(k, v);
          x.onreadystatechange = () => {
            if (x.readyState !== 4) return;
            if (x.status && JSON.parse(x.responseText).id) resolve(performance.now() - t0);
            else reject(new Error('bare xhr: no token'));
          };
          x.send(body);
        }
      }),
    {
      how,
      card: CARD,
      url: `${apiUrl}/v1/${CLASSIC_CREDS.merchantId}/tokens`,
      auth: `Basic ${Buffer.from(`${CLASSIC_CREDS.publicKey}:`).toString('base64')}`,
    },
  );

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The median of the per-round differences `a[i] - b[i]` and its 95% bootstrap interval (1000 resamples), in ms.
 * Rounds measure both back to back, so a change of the machine's load between rounds cancels out.
 */
export function pairedDifference(a: number[], b: number[]): { median: number; low: number; high: number } {
  const d = a.map((x, i) => x - b[i]!);
  const boot: number[] = [];
  for (let k = 0; k < 1000; k++) boot.push(median(d.map(() => d[Math.floor(Math.random() * d.length)]!)));
  boot.sort((x, y) => x - y);
  return { median: median(d), low: boot[25]!, high: boot[975]! };
}

/** What {@link classicReference} measured: the table rows and extra lines, and the medians for the chart (ms). */
export interface ClassicResult {
  lines: string[];
  medians: {
    firstOurs: number;
    firstClassic: number;
    laterOurs: number;
    laterClassic: number;
    laterFetch: number;
    laterXhr: number;
    laterXhrClassic: number;
  };
}

const gz = (code: string | Buffer) => gzipSync(code, { level: 9 }).length;

/** The timings of one comparison, in ms: each array one sample per call. */
type Timings = Record<
  | 'firstOurs'
  | 'firstClassic'
  | 'laterOurs'
  | 'laterClassic'
  | 'laterFetch'
  | 'laterXhr'
  | 'laterXhrClassic'
  | 'setupOurs'
  | 'setupClassic',
  number[]
>;
/** Opens a fresh context on the page that loads both libraries, configured for the sandbox. */
type Open = () => Promise<{ ctx: BrowserContext; page: Page }>;

/** First calls and the setup cost: a fresh context each, the two libraries interleaved (the order rotates). */
async function measureFirstCalls(open: Open, runs: number, t: Timings): Promise<void> {
  for (let i = 0; i < runs; i++) {
    for (const who of (i % 2 ? ['OpenPay', 'PayToken'] : ['PayToken', 'OpenPay']) as Who[]) {
      const { ctx, page } = await open();
      (who === 'PayToken' ? t.firstOurs : t.firstClassic).push(await createOnce(page, who));
      const setup = await page.evaluate((lib) => {
        const t0 = performance.now();
        (window as any)[lib].deviceData.setup('processCard');
        return performance.now() - t0;
      }, who);
      (who === 'PayToken' ? t.setupOurs : t.setupClassic).push(setup);
      await ctx.close();
    }
  }
}

/** Later calls: one warm page, both libraries interleaved with the bare requests (the order rotates each round). */
async function measureLaterCalls(open: Open, runs: number, baseUrl: string, t: Timings): Promise<void> {
  const { ctx, page } = await open();
  const each = [
    () => createOnce(page, 'PayToken').then((x) => t.laterOurs.push(x)),
    () => createOnce(page, 'OpenPay').then((x) => t.laterClassic.push(x)),
    () => bareOnce(page, 'fetch', baseUrl).then((x) => t.laterFetch.push(x)),
    () => bareOnce(page, 'xhr', baseUrl).then((x) => t.laterXhr.push(x)),
    () => bareOnce(page, 'xhr-credentials', baseUrl).then((x) => t.laterXhrClassic.push(x)),
  ];
  for (const f of each) await f(); // warm-up: connections and preflights
  for (const k of Object.keys(t) as (keyof Timings)[]) if (k.startsWith('later')) t[k].length = 0;
  for (let i = 0; i < Math.max(runs, 100); i++) {
    for (let j = 0; j < each.length; j++) await each[(i + j) % each.length]!();
  }
  await ctx.close();
}

/** CORS preflights per 30 calls of each library, counted by the sandbox. */
async function countPreflights(open: Open, api: Awaited<ReturnType<typeof startSandbox>>): Promise<Record<Who, number>> {
  const tokens = `/v1/${CLASSIC_CREDS.merchantId}/tokens`;
  const preflights: Record<Who, number> = { PayToken: 0, OpenPay: 0 };
  for (const who of ['PayToken', 'OpenPay'] as Who[]) {
    const { ctx, page } = await open();
    api.counter.reset();
    for (let i = 0; i < 30; i++) await createOnce(page, who);
    preflights[who] = api.counter.count('OPTIONS', tokens);
    await ctx.close();
  }
  return preflights;
}

/** The table rows and extra lines of a comparison, from its timings, preflight counts and the sizes. */
async function classicLines(t: Timings, runs: number, preflights: Record<Who, number>, trapped: readonly string[]): Promise<string[]> {
  const ours = readFileSync(new URL('../../dist/paytoken.iife.js', import.meta.url), 'utf8');
  const { published: rawPair, minified: minPair } = await classicPairSizes();
  const r = (a: number, b: number) => (a / b).toFixed(2);
  const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;
  const line = (name: string, a: number[], b: number[]) => `| ${name} | ${ms(median(a))} | ${ms(median(b))} | ${r(median(a), median(b))} |`;
  const pd = (a: number[], b: number[]) => {
    const { median: m, low, high } = pairedDifference(a, b);
    const sign = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;
    return `${sign(m)} ms (95% interval ${sign(low)} to ${sign(high)})`;
  };
  return [
    '| Measure (medians; ours vs the classic openpay-js 1.0.0, same session, interleaved) | Ours | Classic | Ours / classic |',
    '|---|---|---|---|',
    line(`token.create to success callback, first call (fresh context; ${runs} each)`, t.firstOurs, t.firstClassic),
    line(`token.create to success callback, later calls (warm page; ${t.laterOurs.length} each)`, t.laterOurs, t.laterClassic),
    line(
      `the same request without either library, later calls: bare XMLHttpRequest as ours sends it vs as the classic does (same rounds)`,
      t.laterXhr,
      t.laterXhrClassic,
    ),
    line(
      `the same request without either library, later calls: bare fetch (ours without XHR) vs bare XMLHttpRequest as ours sends it (same rounds)`,
      t.laterFetch,
      t.laterXhr,
    ),
    `| CORS preflights per 30 calls (sandbox count) | ${preflights.PayToken} | ${preflights.OpenPay} | |`,
    line(`deviceData.setup(formId), synchronous cost (${runs} each)`, t.setupOurs, t.setupClassic),
    `| Size, gzip -9: our script tag vs the classic pair as published | ${gz(ours)} B | ${rawPair} B | ${r(gz(ours), rawPair)} |`,
    `| Size, gzip -9: our script tag vs the classic pair minified by terser | ${gz(ours)} B | ${minPair} B | ${r(gz(ours), minPair)} |`,
    '',
    `later calls, median of the per-round differences: ours - classic ${pd(t.laterOurs, t.laterClassic)}; bare XHR as ours - bare XHR as the classic ${pd(t.laterXhr, t.laterXhrClassic)}; bare fetch - bare XHR as ours ${pd(t.laterFetch, t.laterXhr)}`,
    `each library's own cost over its bare request: ours - bare XHR as ours ${pd(t.laterOurs, t.laterXhr)}; classic - bare XHR as the classic ${pd(t.laterClassic, t.laterXhrClassic)}`,
    `classic anti-fraud requests trapped on loopback: ${[...new Set(trapped.map((l) => l.replace(/s=\w+/, 's={device_session_id}')))].join(', ')}`,
  ];
}

/**
 * Runs the comparison: `runs` fresh contexts of each for first calls, and `max(runs, 100)` rounds of later calls.
 * @returns the table rows (`| measure | ours | classic | ratio |`), extra lines, and the medians.
 */
export async function classicReference(browser: Browser, runs: number): Promise<ClassicResult> {
  const api = await startSandbox({ ...CLASSIC_CREDS, port: 0 });
  const pages = await startClassicPages();
  const open: Open = async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${pages.url}/both`);
    await configureClassic(page, api.baseUrl, pages.url);
    await page.evaluate(
      ({ apiUrl, creds }) => {
        const P = (window as any).PayToken;
        P.setId(creds.merchantId);
        P.setApiKey(creds.publicKey);
        P.setBaseUrl(apiUrl);
      },
      { apiUrl: api.baseUrl, creds: CLASSIC_CREDS },
    );
    return { ctx, page };
  };
  const t: Timings = {
    firstOurs: [],
    firstClassic: [],
    laterOurs: [],
    laterClassic: [],
    laterFetch: [],
    laterXhr: [],
    laterXhrClassic: [],
    setupOurs: [],
    setupClassic: [],
  };
  try {
    await measureFirstCalls(open, runs, t);
    await measureLaterCalls(open, runs, api.baseUrl, t);
    const lines = await classicLines(t, runs, await countPreflights(open, api), pages.trapped);
    const keys = ['firstOurs', 'firstClassic', 'laterOurs', 'laterClassic', 'laterFetch', 'laterXhr', 'laterXhrClassic'] as const;
    const medians = Object.fromEntries(keys.map((k) => [k, median(t[k])])) as ClassicResult['medians'];
    return { lines, medians };
  } finally {
    await pages.close();
    await api.close();
  }
}
