/**
 * The processor's classic scripts (`openpay-js` 1.0.0, devDependency used only by tests and benchmarks) as the
 * reference of `npm run bench`, in the same browser session against a sandbox of their own, both libraries on one
 * page (e2e/classic-page.ts, `/both`), runs interleaved (ours, classic, ours, ...; the order flips each round):
 * - `token.create` to the success callback, first call of a fresh context (connection + preflight + POST);
 * - the same, later calls on a warm page;
 * - CORS preflights the sandbox saw per 30 calls of each (a fresh context each, calls one after another);
 * - `deviceData.setup(formId)`: its synchronous cost in the page (ours starts its collection in the background;
 *   the classic one starts its anti-fraud requests, kept on loopback by the page server's trap);
 * - the size of each on the wire: our script tag against the classic pair (card + device data), gzip -9 of each
 *   as published (unminified) and minified by terser (as the processor serves its `.min.js`).
 * It asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { minify } from 'terser';
import { startSandbox } from '../../demo/sandbox/server';
import { CLASSIC_CREDS, configureClassic, startClassicPages } from '../../e2e/classic-page';

type Who = 'PayToken' | 'OpenPay';
const CARD = { card_number: '4111111111111111', holder_name: 'Bench Mark', expiration_month: '12', expiration_year: String((new Date().getFullYear() + 3) % 100).padStart(2, '0'), cvv2: '123' };

/** One `token.create` of `who`, from the call to the success callback, in ms (rejects on failure). */
const createOnce = (page: Page, who: Who) =>
  page.evaluate(
    ({ who, card }) =>
      new Promise<number>((resolve, reject) => {
        const t0 = performance.now();
        (window as any)[who].token.create(card, () => resolve(performance.now() - t0), (e: { message: string }) => reject(new Error(`${who}: ${e.message}`)));
      }),
    { who, card: CARD },
  );

const gz = (code: string | Buffer) => gzipSync(code, { level: 9 }).length;

/** Runs the comparison; returns the table rows (`| measure | ours | classic | ratio |`) and extra lines. */
export async function classicReference(browser: Browser, runs: number): Promise<string[]> {
  const api = await startSandbox({ ...CLASSIC_CREDS, port: 0 });
  const pages = await startClassicPages();
  const open = async () => {
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
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const t = { firstOurs: [] as number[], firstClassic: [] as number[], laterOurs: [] as number[], laterClassic: [] as number[], setupOurs: [] as number[], setupClassic: [] as number[] };
  try {
    // first calls and setup cost: a fresh context each, interleaved
    for (let i = 0; i < runs; i++) {
      for (const who of (i % 2 ? ['OpenPay', 'PayToken'] : ['PayToken', 'OpenPay']) as Who[]) {
        const { ctx, page } = await open();
        (who == 'PayToken' ? t.firstOurs : t.firstClassic).push(await createOnce(page, who));
        const setup = await page.evaluate((who) => {
          const t0 = performance.now();
          (window as any)[who].deviceData.setup('processCard');
          return performance.now() - t0;
        }, who);
        (who == 'PayToken' ? t.setupOurs : t.setupClassic).push(setup);
        await ctx.close();
      }
    }
    // later calls: one warm page, interleaved
    {
      const { ctx, page } = await open();
      await createOnce(page, 'PayToken');
      await createOnce(page, 'OpenPay');
      for (let i = 0; i < Math.max(runs, 30); i++) {
        for (const who of (i % 2 ? ['OpenPay', 'PayToken'] : ['PayToken', 'OpenPay']) as Who[]) {
          (who == 'PayToken' ? t.laterOurs : t.laterClassic).push(await createOnce(page, who));
        }
      }
      await ctx.close();
    }
    // preflights per 30 calls, counted by the sandbox
    const tokens = `/v1/${CLASSIC_CREDS.merchantId}/tokens`;
    const preflights: Record<Who, number> = { PayToken: 0, OpenPay: 0 };
    for (const who of ['PayToken', 'OpenPay'] as Who[]) {
      const { ctx, page } = await open();
      api.counter.reset();
      for (let i = 0; i < 30; i++) await createOnce(page, who);
      preflights[who] = api.counter.count('OPTIONS', tokens);
      await ctx.close();
    }
    // sizes
    const ours = readFileSync(new URL('../../dist/paytoken.iife.js', import.meta.url), 'utf8');
    const classic = ['openpay-card.v1.js', 'openpay-data.v1.js'].map((f) => readFileSync(new URL(`../../node_modules/openpay-js/lib/${f}`, import.meta.url), 'utf8'));
    const classicMin = await Promise.all(classic.map(async (c) => (await minify(c, { compress: { passes: 3 } })).code ?? ''));
    const rawPair = gz(classic[0]!) + gz(classic[1]!);
    const minPair = gz(classicMin[0]!) + gz(classicMin[1]!);
    const r = (a: number, b: number) => (a / b).toFixed(2);
    const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;
    const line = (name: string, a: number[], b: number[]) => `| ${name} | ${ms(median(a))} | ${ms(median(b))} | ${r(median(a), median(b))} |`;
    return [
      '| Measure (medians; ours vs the classic openpay-js 1.0.0, same session, interleaved) | Ours | Classic | Ours / classic |',
      '|---|---|---|---|',
      line(`token.create to success callback, first call (fresh context; ${runs} each)`, t.firstOurs, t.firstClassic),
      line(`token.create to success callback, later calls (warm page; ${t.laterOurs.length} each)`, t.laterOurs, t.laterClassic),
      `| CORS preflights per 30 calls (sandbox count) | ${preflights.PayToken} | ${preflights.OpenPay} | |`,
      line(`deviceData.setup(formId), synchronous cost (${runs} each)`, t.setupOurs, t.setupClassic),
      `| Size, gzip -9: our script tag vs the classic pair as published | ${gz(ours)} B | ${rawPair} B | ${r(gz(ours), rawPair)} |`,
      `| Size, gzip -9: our script tag vs the classic pair minified by terser | ${gz(ours)} B | ${minPair} B | ${r(gz(ours), minPair)} |`,
      '',
      `classic anti-fraud requests trapped on loopback: ${[...new Set(pages.trapped.map((l) => l.replace(/s=\w+/, 's={device_session_id}')))].join(', ')}`,
    ];
  } finally {
    await pages.close();
    await api.close();
  }
}
