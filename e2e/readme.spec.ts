/**
 * The README's browser code blocks (```html, ```js, ```ts), extracted from README.md at run time and run in
 * Chromium against a sandbox, so none can rot. Each block is matched to a scenario by what it contains; a block
 * that no scenario claims fails the test (add a scenario when you add a snippet). Rewrites: the sandbox
 * address `http://127.0.0.1:4010` becomes this test's sandbox (on a free port), the `integrity` placeholder the built file's SRI value. `ts` blocks are compiled and
 * bundled by esbuild, `paytoken` resolving to the npm build (dist/paytoken.js). Pages are served by a small
 * server on 127.0.0.1 that records what a form or `fetch` posts to it (`/charge`, `/pay`).
 * The server-side block (docs/examples/charge.mjs) runs in Node: test/tooling/server-example.test.ts.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import type { Page } from '@playwright/test';
import { test as base, expect, FUTURE_YY, fillCard, LABELS } from './fixtures';
import { startSandbox, type RunningSandbox } from '../demo/sandbox/server';
import { SANDBOX_DEFAULTS } from '../demo/sandbox/defaults';

interface Block {
  lang: 'html' | 'js' | 'ts';
  code: string;
  line: number;
}

/** The README's html, js and ts blocks, in order, without the server-side example (Node). */
function readmeBlocks(): Block[] {
  const readme = readFileSync('README.md', 'utf8').replace(/<!-- server-example:start -->[\s\S]*?<!-- server-example:end -->/, '');
  const blocks: Block[] = [];
  const re = /^```(html|js|ts)\n([\s\S]*?)^```$/gm;
  for (let m; (m = re.exec(readme)); ) blocks.push({ lang: m[1] as Block['lang'], code: m[2]!, line: readme.slice(0, m.index).split('\n').length });
  return blocks;
}

/** What the page server serves now, and what was posted to it. */
const site = { html: '', js: '', module: '', posted: [] as { path: string; body: string }[] };
let server: Server;
let siteUrl = '';
let api: RunningSandbox;

const test = base.extend({});
test.beforeAll(async () => {
  const { merchantId, publicKey, privateKey } = SANDBOX_DEFAULTS;
  api = await startSandbox({ merchantId, publicKey, privateKey, port: 0, fraud: { velocityMaxCards: 0 } });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.length < 100 && chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const send = (type: string, body: string | Buffer) => res.writeHead(200, { 'Content-Type': type }).end(body);
      if (req.method === 'POST') {
        site.posted.push({ path, body: Buffer.concat(chunks).toString() });
        return send('text/plain', 'ok');
      }
      if (path === '/') return send('text/html; charset=utf-8', `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>README</title></head><body>${site.html}</body></html>`);
      if (path === '/paytoken.iife.js') return send('text/javascript', readFileSync('dist/paytoken.iife.js'));
      if (path === '/checkout.js') return send('text/javascript', site.js);
      if (path === '/app.js') return send('text/javascript', site.module);
      if (path === '/favicon.ico') return res.writeHead(204).end();
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((r) => server.close(r));
  await api.close();
});
test.beforeEach(() => {
  site.html = site.js = site.module = '';
  site.posted = [];
});

/** The sandbox address becomes this test's sandbox; the script tag's `integrity="sha384-…"` placeholder becomes the
 * value `npm run build` wrote to dist/paytoken.iife.js.sri (as the README says), so the browser checks it. */
const sandboxed = (code: string) =>
  code.replaceAll('http://127.0.0.1:4010', api.baseUrl).replaceAll('sha384-…', readFileSync('dist/paytoken.iife.js.sri', 'utf8').trim());

/** A ts/js block as one browser module: `paytoken` bundled from dist/, with `prelude` (ts) before it. */
async function bundle(code: string, prelude = ''): Promise<string> {
  const out = await build({
    stdin: { contents: sandboxed(`${prelude}\n${code}`), loader: 'ts', resolveDir: process.cwd() },
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    alias: { paytoken: './dist/paytoken.js' },
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/** Page errors and console errors while `fn` runs (a snippet that throws fails its test). */
async function noErrors(page: Page, fn: () => Promise<void>): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await fn();
  expect(errors).toEqual([]);
}

const posted = async (path: string) => {
  await expect.poll(() => site.posted.filter((p) => p.path === path).length, { timeout: 15_000 }).toBeGreaterThan(0);
  return site.posted.find((p) => p.path === path)!.body;
};

const CLIENT_PRELUDE = `import { createClient } from 'paytoken';
const client = createClient({ merchantId: '${SANDBOX_DEFAULTS.merchantId}', publicKey: '${SANDBOX_DEFAULTS.publicKey}', baseUrl: 'http://127.0.0.1:4010' });
const userConsented = true;`;

const blocks = readmeBlocks();
const html = blocks.find((b) => b.lang === 'html' && b.code.includes('data-paytoken-card="card_number"'))!;
const setup = blocks.find((b) => b.code.includes('PayToken.form.mount(') && b.code.includes('PayToken.setId('))!;
/** The quick start's setters (setId, setApiKey, setBaseUrl): the classic snippets follow them. */
const setters = () => setup.code.split('\n').filter((l) => /^PayToken\.set/.test(l)).join('\n');
/** The quick start page (its html block) with `js` as its /checkout.js. */
const quickStartPage = (js: string) => {
  site.html = sandboxed(html.code);
  site.js = sandboxed(js);
};
const tokenOf = (form: string) => new URLSearchParams(form);

/** Scenarios, each claiming the README blocks it runs. */
const SCENARIOS: { name: string; claims: (b: Block) => boolean; run: (page: Page, block: Block) => Promise<void> }[] = [
  {
    name: 'quick start: script tag (the form and checkout.js) posts token_id and device_session_id',
    claims: (b) => b === html || b === setup,
    run: async (page) => {
      quickStartPage(setup.code);
      await page.goto(siteUrl);
      await fillCard(page, { number: '4111 1111 1111 1111' });
      await page.getByRole('button', { name: 'Pagar' }).click();
      const form = tokenOf(await posted('/charge'));
      expect(form.get('token_id')).toMatch(/^[A-Za-z0-9]+$/);
      expect(form.get('device_session_id')).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(api.store.tokens.has(form.get('token_id')!)).toBe(true);
    },
  },
  {
    name: 'classic calls without the form layer: the success callback fills token_id and posts the form',
    claims: (b) => b.code.includes('extractFormAndCreate(e.target'),
    run: async (page, block) => {
      quickStartPage(`${setters()}\nwindow.showError = (code, field) => console.error('showError', code, field);\n${block.code}`);
      await page.goto(siteUrl);
      await page.getByLabel(LABELS.name).fill('Ana Pérez');
      await page.getByLabel(LABELS.number).fill('4111 1111 1111 1111');
      await page.getByLabel(LABELS.expiry).fill(`12/${FUTURE_YY}`);
      await page.getByLabel(LABELS.cvv).fill('123');
      await page.getByRole('button', { name: 'Pagar' }).click();
      const form = tokenOf(await posted('/charge'));
      expect(form.get('token_id')).toMatch(/^[A-Za-z0-9]+$/);
      expect(form.get('device_session_id')).toMatch(/^[A-Za-z0-9]{32}$/);
      expect([...form.keys()].sort()).toEqual(['device_session_id', 'token_id']); // no card field
    },
  },
  {
    name: 'quick start: npm (SPA) tokenizes and posts the token to /pay',
    claims: (b) => b.lang === 'ts' && b.code.includes("from 'paytoken'") && b.code.includes("fetch('/pay'"),
    run: async (page, block) => {
      site.module = await bundle(block.code);
      await page.goto(siteUrl);
      await page.addScriptTag({ url: '/app.js', type: 'module' });
      const body = JSON.parse(await posted('/pay'));
      expect(body.token_id).toMatch(/^[A-Za-z0-9]+$/);
      expect(body.device_session_id).toMatch(/^[A-Za-z0-9]{32}$/);
    },
  },
  {
    name: 'form options, state and events: mount, submit (tokenizes and posts), setLocale, unmount',
    claims: (b) => b.code.includes('client.form.mount(document.querySelector'),
    run: async (page, block) => {
      quickStartPage('');
      await page.goto(siteUrl);
      await page.getByLabel(LABELS.name).fill('Ana Pérez');
      await page.getByLabel(LABELS.number).fill('4111 1111 1111 1111');
      await page.getByLabel(LABELS.expiry).fill(`12/${FUTURE_YY}`);
      await page.getByLabel(LABELS.cvv).fill('123');
      site.module = await bundle(block.code, CLIENT_PRELUDE);
      await page.addScriptTag({ url: '/app.js', type: 'module' });
      expect(tokenOf(await posted('/charge')).get('token_id')).toMatch(/^[A-Za-z0-9]+$/);
    },
  },
  {
    name: 'hosted fields: mountFields frames the card inputs from the sandbox; tokenize gives a token, posted to /pay; unmount removes the frames',
    claims: (b) => b.code.includes('mountFields('),
    run: async (page, block) => {
      const { merchantId, publicKey } = SANDBOX_DEFAULTS;
      site.html = '<input id="holder" aria-label="Name"><div id="pan"></div><div id="exp"></div><div id="cvv"></div><button id="pay">Pay</button>';
      await page.goto(siteUrl);
      site.module = await bundle(block.code.replaceAll('https://API-ORIGIN', api.baseUrl).replaceAll('m1a2b3c4d5e6f7g8h9i0', merchantId).replaceAll('pk_test_123', publicKey));
      await page.addScriptTag({ url: '/app.js', type: 'module' });
      const input = (id: string) => page.frameLocator(`#${id} iframe`).locator('input');
      for (const id of ['pan', 'exp', 'cvv']) await expect(input(id)).toBeEnabled({ timeout: 15_000 });
      await page.locator('#holder').fill('Ana Pérez');
      await input('pan').pressSequentially('4111111111111111');
      await input('exp').pressSequentially(`12${FUTURE_YY}`);
      await input('cvv').pressSequentially('123');
      await page.locator('#pay').click();
      const body = JSON.parse(await posted('/pay'));
      expect(body.token_id).toMatch(/^[A-Za-z0-9]+$/);
      expect(body.device_session_id).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(api.store.tokens.get(body.token_id)).toBeTruthy();
      await expect(page.locator('iframe')).toHaveCount(0);
    },
  },
  {
    name: 'device data: the script-tag setup gives the id, collected() the visitor id; the ESM collect too',
    claims: (b) => b.code.includes('PayToken.deviceData.collected()'),
    run: async (page, block) => {
      quickStartPage(setters());
      await page.goto(siteUrl);
      const visitor = page.waitForEvent('console', (m) => /^[0-9a-f]{32}$/.test(m.text()));
      site.module = await bundle(block.code, CLIENT_PRELUDE);
      await page.addScriptTag({ url: '/app.js', type: 'module' });
      expect((await visitor).text()).toMatch(/^[0-9a-f]{32}$/);
    },
  },
];

test.describe('README code blocks run in Chromium', () => {
  test('every html, js and ts block of the README is claimed by a scenario below', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    const unclaimed = blocks.filter((b) => !SCENARIOS.some((s) => s.claims(b)));
    expect(unclaimed.map((b) => `README.md:${b.line} (${b.lang})`)).toEqual([]);
  });

  for (const s of SCENARIOS) {
    test(s.name, async ({ page }) => {
      const block = blocks.find((b) => s.claims(b) && b !== html) ?? html;
      await noErrors(page, () => s.run(page, block));
    });
  }
});
