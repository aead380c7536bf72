/**
 * The code blocks of README.md and the guides (docs/*.md), extracted at run time and run in Chromium against a
 * sandbox, so none can rot. A block is named by a `<!-- snippet: name -->` marker on the line before it, and each
 * scenario below runs the snippets it names, wherever they are (moving a section moves nothing here). Every
 * ```html, ```js and ```ts block must carry a marker, and every marker must be run by a scenario here or by the
 * test {@link ELSEWHERE} names: add a scenario when you add a snippet. The rewrites: the sandbox
 * address `http://127.0.0.1:4010` becomes this test's sandbox (on a free port), the example shop
 * `https://shop.example` this test's page server (nothing leaves loopback), and the `integrity` placeholder the
 * built file's SRI value. `ts` blocks are compiled and
 * bundled by esbuild, `paytoken` resolving to the npm build (dist/paytoken.js). Pages are served by a small
 * server on 127.0.0.1 that records what a form or `fetch` posts to it (`/charge`, `/pay`).
 * The 3-D Secure server snippet (a `ts` block without `paytoken`) runs in Node here, its variables given by a
 * prelude. The quick start (docs/quickstart.md: its five files, {@link QUICKSTART}) is written to a folder as it names
 * them and run as a merchant would: `node server.mjs` against this test's sandbox, paid in Chromium.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Page } from '@playwright/test';
import { test as base, expect, FUTURE_YY, fillCard, LABELS } from './fixtures';
import { startSandbox, type RunningSandbox } from '../sandbox/src/server';
import { SANDBOX_DEFAULTS } from '../sandbox/src/defaults';
import { QUICKSTART } from '../scripts/ci/readme';

interface Block {
  /** The `<!-- snippet: name -->` marker's name; '' for a block without one. */
  name: string;
  lang: string;
  code: string;
  /** `file:line` of the block's opening fence. */
  at: string;
}

/** The pages whose code blocks are snippets: README.md and the guides (not docs/api/, generated). */
const PAGES = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Every fenced code block of {@link PAGES}, in order, with its snippet name when a marker precedes it. */
function codeBlocks(): Block[] {
  const blocks: Block[] = [];
  for (const file of PAGES) {
    const text = readFileSync(file, 'utf8');
    const re = /^(?:<!-- snippet: ([\w-]+) -->\n)?```(\w*)\n([\s\S]*?)^```$/gm;
    for (let m; (m = re.exec(text));) {
      const line = text.slice(0, m.index).split('\n').length + (m[1] ? 1 : 0);
      blocks.push({ name: m[1] ?? '', lang: m[2]!, code: m[3]!, at: `${file}:${line}` });
    }
  }
  return blocks;
}

/** Snippets run by another test (in Node, not in a browser), and that test. */
const ELSEWHERE: Record<string, string> = {
  'server-charge': 'test/tooling/server-example.test.ts',
  'webhook-receiver': 'test/tooling/webhook-example.test.ts',
  // docs/testing.md: each block is a part of a file of docs/examples/testing/, which that test runs as a merchant would
  'testing-create-merchant': 'test/tooling/testing-examples.test.ts',
  'testing-playwright-fixture': 'test/tooling/testing-examples.test.ts',
  'testing-playwright-test': 'test/tooling/testing-examples.test.ts',
  'testing-wdio-spec': 'test/tooling/testing-examples.test.ts',
  'testing-puppeteer-script': 'test/tooling/testing-examples.test.ts',
  'testing-vitest-global-setup': 'test/tooling/testing-examples.test.ts',
  // docs/sandbox.md: the processor's Node SDK pointed at the sandbox, as that test drives every resource
  'openpay-sdk': 'sandbox/test/contract/sdk-node.test.ts',
};
/** The quick start's text (docs/quickstart.md), where it names its files. */
const QUICKSTART_PAGE = readFileSync('docs/quickstart.md', 'utf8');

/** What the page server serves now, and what was posted to it. */
const site = { html: '', js: '', css: '', module: '', posted: [] as { path: string; body: string }[] };
let server: Server;
let siteUrl = '';
let api: RunningSandbox;
/** The sandbox's log (the 3-D Secure one-time codes). */
const sandboxLog: string[] = [];

const test = base.extend({});
test.beforeAll(async () => {
  const { merchantId, publicKey, privateKey } = SANDBOX_DEFAULTS;
  api = await startSandbox({ merchantId, publicKey, privateKey, port: 0, fraud: { velocityMaxCards: 0 }, log: (l) => sandboxLog.push(l) });
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
      // a snippet that is a whole page is served as written; the others inside a page of this server
      if (path === '/') {
        const page = /^<!doctype/i.test(site.html)
          ? site.html
          : `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>README</title></head><body>${site.html}</body></html>`;
        return send('text/html; charset=utf-8', page);
      }
      // the script tags the snippets' pages load, from dist/ as `npm run build` wrote them
      if (/^\/paytoken(-checkout|-hosted)?\.iife\.js$/.test(path)) return send('text/javascript', readFileSync(`dist${path}`));
      if (path === '/checkout.js') return send('text/javascript', site.js);
      if (path === '/checkout.css') return send('text/css', site.css);
      if (path === '/app.js') return send('text/javascript', site.module);
      if (path === '/favicon.ico') return res.writeHead(204).end();
      // the 3-D Secure return page (redirect_url) and the shop's own read of the charge (`/api/charge/{id}`)
      if (path === '/3ds/return')
        return send(
          'text/html; charset=utf-8',
          '<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>Return</title></head><body><h1>Return</h1></body></html>',
        );
      const charge = /^\/api\/charge\/(\w+)$/.exec(path);
      if (charge) {
        const tx = api.store.transactions.get(charge[1]!);
        return tx ? send('application/json', JSON.stringify({ id: tx.id, status: tx.status })) : res.writeHead(404).end();
      }
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
  site.html = site.js = site.css = site.module = '';
  site.posted = [];
});

/** The sandbox address becomes this test's sandbox, the example shop this test's page server, and a script tag's
 * `integrity="sha384-…"` placeholder the value `npm run build` wrote to that file's `.sri` (dist/paytoken.iife.js.sri,
 * dist/paytoken-checkout.iife.js.sri, as the README says), so the browser checks it. */
const sandboxed = (code: string) =>
  code
    .replaceAll('http://127.0.0.1:4010', api.baseUrl)
    .replaceAll('https://shop.example', siteUrl)
    .replace(
      /(paytoken(?:-checkout|-hosted)?\.iife\.js)" integrity="sha384-…"/g,
      (_, file: string) => `${file}" integrity="${readFileSync(`dist/${file}.sri`, 'utf8').trim()}"`,
    );

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

const blocks = codeBlocks();
/** The snippet of that name (the scenario that asks for a missing one fails, and so does the inventory test). */
const snippet = (name: string): Block => {
  const found = blocks.find((b) => b.name === name);
  if (!found) throw new Error(`no <!-- snippet: ${name} --> in ${PAGES.join(', ')}`);
  return found;
};
const html = snippet('form-page-html');
const setup = snippet('form-page-js');
/** The quick start's setters (setId, setApiKey, setBaseUrl): the classic snippets follow them. */
const setters = () =>
  setup.code
    .split('\n')
    .filter((l) => /^PayToken\.set/.test(l))
    .join('\n');
/**
 * The quick start page (its html block) with `js` as its /checkout.js; with `classicTag`, loading the classic-API
 * script tag (paytoken.iife.js) instead of the checkout tag, as a page without the form layer does.
 */
const quickStartPage = (js: string, classicTag = false) => {
  site.html = sandboxed(classicTag ? html.code.replace('src="/paytoken-checkout.iife.js"', 'src="/paytoken.iife.js"') : html.code);
  expect(site.html).toContain(classicTag ? 'src="/paytoken.iife.js"' : 'src="/paytoken-checkout.iife.js"');
  site.js = sandboxed(js);
};
const tokenOf = (form: string) => new URLSearchParams(form);

/** A token of `card_number`, created with the public key as a page would. */
async function apiToken(card_number: string): Promise<string> {
  const res = await fetch(`${api.baseUrl}/v1/${SANDBOX_DEFAULTS.merchantId}/tokens`, {
    method: 'POST',
    headers: { Authorization: `Basic ${btoa(`${SANDBOX_DEFAULTS.publicKey}:`)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ card_number, holder_name: 'Ana Pérez', expiration_month: '12', expiration_year: FUTURE_YY, cvv2: '123' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A card charge with 3-D Secure of the 3012 test card, returning to `returnUrl`: the pending Transaction. */
async function pending3ds(returnUrl: string): Promise<{ id: string; payment_method: { url: string } }> {
  const res = await fetch(`${api.baseUrl}/v1/${SANDBOX_DEFAULTS.merchantId}/charges`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa(`${SANDBOX_DEFAULTS.privateKey}:`)}`,
      'Content-Type': 'application/json',
      'X-Forwarded-For': '127.0.0.1',
    },
    body: JSON.stringify({
      method: 'card',
      source_id: await apiToken('4000000000030124'),
      amount: 100,
      description: 'README',
      device_session_id: 'readme3ds',
      customer: { name: 'Ana Pérez', email: 'ana@example.com' },
      use_3d_secure: true,
      redirect_url: returnUrl,
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; payment_method: { url: string } };
}

/** The one-time code of 3-D Secure charge `id`, from the sandbox log. */
const otp = async (id: string) => {
  const re = new RegExp(`^3ds ${id} one-time code (\\d{6})$`);
  await expect.poll(() => sandboxLog.some((l) => re.test(l))).toBe(true);
  return re.exec(sandboxLog.find((l) => re.test(l))!)![1]!;
};

/** The README's 3-D Secure js block, in its two parts: the redirect, then the modal. */
const authParts = (code: string) => {
  const at = code.indexOf('// or over your checkout');
  return { redirect: code.slice(0, at), modal: code.slice(at) };
};

/** The README quick start's page (`pageHtml`, whole), its CSS and its `checkout.js`, served with this test's sandbox. */
function serveQuickStart(pageHtml: string, js: string): void {
  site.html = sandboxed(pageHtml);
  site.css = snippet('quickstart-css').code;
  site.js = sandboxed(js);
}

/** Pays on the quick start's page: `pan` typed into the four frames, then the Pay button. No card input on the page. */
async function payInFrames(page: Page, pan = '4111111111111111'): Promise<void> {
  const input = (field: string) => page.frameLocator('#card iframe').locator(`input.${field}`);
  await expect(input('card_number')).toBeEnabled({ timeout: 15_000 });
  await expect(page.locator('iframe')).toHaveCount(1);
  // the merchant page holds no input the shopper types in, and none the browser would autofill with card data
  await expect(page.locator('input:not([type="hidden"]), [autocomplete^="cc-"]')).toHaveCount(0);
  await input('card_number').pressSequentially(pan);
  await input('expiry').pressSequentially(`12${FUTURE_YY}`);
  await input('cvv2').pressSequentially('123');
  await input('holder_name').pressSequentially('Ana Pérez');
  await page.getByRole('button', { name: 'Pay' }).click();
}

/**
 * The README quick start as a merchant pastes it: each of its five snippets written to the file the README names
 * just before it, `paytoken-hosted.iife.js` and its `.sri` copied from dist/ as it says, the sandbox address in
 * checkout.js made this test's, and `node server.mjs` started there (`PORT=0`: a free port; `PAYMENTS_API_URL`: this
 * test's sandbox). @returns the URL it prints and its stop.
 */
async function startQuickStart(): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'paytoken-quickstart-'));
  for (const { file, snippet: name } of QUICKSTART) {
    const before = QUICKSTART_PAGE.slice(0, QUICKSTART_PAGE.indexOf(`<!-- snippet: ${name} -->`))
      .trimEnd()
      .split('\n\n')
      .at(-2)!;
    expect(before.startsWith(`\`${file}\``), `the paragraph before the ${name} block starts with \`${file}\``).toBe(true);
    writeFileSync(join(dir, file), name === 'quickstart-script' ? sandboxed(snippet(name).code) : snippet(name).code);
  }
  for (const f of ['paytoken-hosted.iife.js', 'paytoken-hosted.iife.js.sri']) copyFileSync(`dist/${f}`, join(dir, f));
  const child = spawn(process.execPath, ['server.mjs'], { cwd: dir, env: { ...process.env, PORT: '0', PAYMENTS_API_URL: api.baseUrl } });
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  let out = '';
  child.stderr.on('data', (d: Buffer) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`node server.mjs printed no URL in 10 s: ${out}`)), 10_000);
    child.stdout.on('data', (d: Buffer) => {
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec((out += d));
      if (m) resolve(m[0]);
      if (m) clearTimeout(timer);
    });
    child.once('exit', (code) => reject(new Error(`node server.mjs exited (${code}): ${out}`)));
  }).catch((e: Error) => {
    stop();
    throw e;
  });
  return { url, stop };
}

/** Layout facts of the page at its viewport: sideways scroll (px) and the form's left and right edges. */
const fit = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('form')!.getBoundingClientRect();
    return { scroll: document.documentElement.scrollWidth - innerWidth, left: box.left, right: innerWidth - box.right };
  });

/**
 * Scenarios, each naming the snippets it runs; `run` gets the first (the others it reads with {@link snippet}).
 */
const SCENARIOS: { name: string; snippets: string[]; run: (page: Page, block: Block) => Promise<void> }[] = [
  {
    name: 'the form layer page (script tag: the form and checkout.js) posts token_id and device_session_id',
    snippets: ['form-page-html', 'form-page-js'],
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
    snippets: ['classic-calls', 'form-page-html'],
    run: async (page, block) => {
      quickStartPage(`${setters()}\nwindow.showError = (code, field) => console.error('showError', code, field);\n${block.code}`, true);
      await page.goto(siteUrl);
      // the classic-API tag: no form layer on this page
      expect(await page.evaluate(() => 'form' in (window as unknown as { PayToken: object }).PayToken)).toBe(false);
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
    name: 'the client step by step (npm) tokenizes and posts the token to /pay',
    snippets: ['npm-client'],
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
    snippets: ['form-options', 'form-page-html'],
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
    snippets: ['hosted-mount'],
    run: async (page, block) => {
      const { merchantId, publicKey } = SANDBOX_DEFAULTS;
      site.html =
        '<input id="holder" aria-label="Name"><div id="pan"></div><div id="exp"></div><div id="cvv"></div><button id="pay">Pay</button>';
      await page.goto(siteUrl);
      expect(block.code).toContain(`merchantId: '${merchantId}', publicKey: '${publicKey}'`);
      site.module = await bundle(block.code);
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
    name: 'the card element: one frame for the whole card from the sandbox; the bin event; tokenize gives a token',
    snippets: ['card-element-mount'],
    run: async (page, block) => {
      site.html = '<div id="card"></div>';
      await page.goto(siteUrl);
      site.module = await bundle(block.code + '\nwindow.card = card;');
      const bin = page.waitForEvent('console', (m) => m.text() === 'BIN 411111');
      await page.addScriptTag({ url: '/app.js', type: 'module' });
      const input = (field: string) => page.frameLocator('#card iframe').locator(`input.${field}`);
      await expect(input('card_number')).toBeEnabled({ timeout: 15_000 });
      await input('card_number').pressSequentially('4111111111111111');
      await bin;
      await input('expiry').pressSequentially(`12${FUTURE_YY}`);
      await input('cvv2').pressSequentially('123');
      await input('holder_name').pressSequentially('Ana Pérez');
      const token = await page.evaluate(() =>
        (window as unknown as { card: { tokenize(): Promise<{ token_id: string }> } }).card.tokenize(),
      );
      expect(api.store.tokens.get(token.token_id)).toBeTruthy();
    },
  },
  {
    name: 'device data: the script-tag setup gives the id, collected() the visitor id; the ESM collect too',
    snippets: ['device-data', 'form-page-html', 'form-page-js'],
    run: async (page, block) => {
      quickStartPage(setters());
      await page.goto(siteUrl);
      const visitor = page.waitForEvent('console', (m) => /^[0-9a-f]{32}$/.test(m.text()));
      site.module = await bundle(block.code, CLIENT_PRELUDE);
      await page.addScriptTag({ url: '/app.js', type: 'module' });
      expect((await visitor).text()).toMatch(/^[0-9a-f]{32}$/);
    },
  },
  {
    name: '3-D Secure, your server: a 3012 charged again with 3-D Secure, redirected to the bank page, completed there',
    snippets: ['3ds-server'],
    run: async (page, block) => {
      // the snippet's free variables, as a Node server has them; `redirect` records where the shopper is sent
      const prelude = `const baseUrl = 'http://127.0.0.1:4010', merchantId = '${SANDBOX_DEFAULTS.merchantId}', privateKey = '${SANDBOX_DEFAULTS.privateKey}';
const shopperIp = '127.0.0.1', token_id = '${await apiToken('4000000000030124')}', amount = 100, description = 'README';
const device_session_id = 'readme3dsserver', customer = { name: 'Ana Pérez', email: 'ana@example.com' }, order_id = 'readme${Date.now()}';
const redirect = (status: number, url: string) => ({ status, url });`;
      const out = await build({
        stdin: { contents: sandboxed(`export default async function run() {\n${prelude}\n${block.code}\n}`), loader: 'ts' },
        format: 'esm',
        target: 'node20',
        write: false,
        logLevel: 'silent',
      });
      const mod = (await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0]!.text).toString('base64')}`)) as {
        default: () => Promise<{ status: number; url: string }>;
      };
      const sent = await mod.default();
      expect(sent.status).toBe(303);
      const bank = new URL(sent.url);
      expect(bank.origin).toBe(api.baseUrl);
      const tx = [...api.store.transactions.values()].at(-1)!;
      expect(tx.status).toBe('charge_pending');
      // the shopper on the bank page: the one-time code, back to redirect_url?id=..., the charge read there
      await page.goto(sent.url);
      await page.getByLabel('Código de un solo uso').fill(await otp(tx.id));
      await page.getByRole('button', { name: 'Confirmar compra' }).click();
      await page.waitForURL(`${siteUrl}/3ds/return?id=${tx.id}`);
      expect(api.store.transactions.get(tx.id)!.status).toBe('completed');
    },
  },
  {
    name: '3-D Secure in the browser: PayToken.authenticate(url) sends the page to the bank page (redirect mode)',
    snippets: ['3ds-browser', 'form-page-html', 'form-page-js'],
    run: async (page, block) => {
      const tx = await pending3ds(`${siteUrl}/3ds/return`);
      quickStartPage(`${setters()}\nconst url = ${JSON.stringify(tx.payment_method.url)};\n${authParts(block.code).redirect}`);
      await page.goto(siteUrl);
      await page.waitForURL((u) => u.href === tx.payment_method.url);
      await page.getByLabel('Código de un solo uso').fill(await otp(tx.id));
      await page.getByRole('button', { name: 'Confirmar compra' }).click();
      await page.waitForURL(`${siteUrl}/3ds/return?id=${tx.id}`);
      expect(api.store.transactions.get(tx.id)!.status).toBe('completed');
    },
  },
  {
    name: '3-D Secure in the browser: client.authenticate(url, {mode: modal}) resolves on the return, the shop reads the charge',
    snippets: ['3ds-browser', 'form-page-html'],
    run: async (page, block) => {
      const tx = await pending3ds(`${siteUrl}/3ds/return`);
      quickStartPage('');
      await page.goto(siteUrl);
      const shown = page.waitForEvent('console', (m) => m.text().startsWith('result '));
      site.module = await bundle(
        authParts(block.code).modal,
        `${CLIENT_PRELUDE}\nconst url = ${JSON.stringify(tx.payment_method.url)};\nconst showResult = (r: unknown) => console.log('result ' + JSON.stringify(r));`,
      );
      await page.addScriptTag({ url: '/app.js', type: 'module' });
      const bank = page.frameLocator('dialog iframe');
      await bank.getByLabel('Código de un solo uso').fill(await otp(tx.id));
      await bank.getByRole('button', { name: 'Confirmar compra' }).click();
      expect(JSON.parse((await shown).text().slice('result '.length))).toEqual({ id: tx.id, status: 'completed' });
      await expect(page.locator('dialog')).toHaveCount(0);
    },
  },
  {
    name: 'README quick start as written: the five files and `node server.mjs` pay (no sideways scroll at 390 and 1280 px), a 3-D Secure card through the bank page and back',
    snippets: ['quickstart-html', 'quickstart-css', 'quickstart-script', 'quickstart-server'],
    run: async (page) => {
      const shop = await startQuickStart();
      try {
        // a phone: the form inside the screen, nothing to scroll sideways; the script tag checked by its SRI value
        await page.setViewportSize({ width: 390, height: 800 });
        const res = await page.goto(shop.url);
        expect(res!.headers()['content-security-policy']).toContain(`frame-src ${api.baseUrl}`);
        const sri = readFileSync('dist/paytoken-hosted.iife.js.sri', 'utf8').trim();
        await expect(page.locator('script[src="paytoken-hosted.iife.js"]')).toHaveAttribute('integrity', sri);
        await expect(page.locator('script[src="paytoken-hosted.iife.js"]')).toHaveAttribute('crossorigin', 'anonymous');
        const phone = await fit(page);
        expect(phone.scroll).toBeLessThanOrEqual(0);
        expect(Math.min(phone.left, phone.right)).toBeGreaterThanOrEqual(8);
        await expect(page.frameLocator('#card iframe').locator('input.card_number')).toBeEnabled({ timeout: 15_000 });
        mkdirSync('.reports/screens', { recursive: true });
        await page.screenshot({ path: '.reports/screens/quickstart-390.png', fullPage: true });
        await payInFrames(page);
        await expect(page.getByRole('heading', { name: 'Paid, thank you' })).toBeVisible({ timeout: 15_000 });
        const paid = [...api.store.transactions.values()].at(-1)!;
        expect([paid.status, paid.amountCents]).toEqual(['completed', 34900]);
        await expect(page.getByText(paid.id)).toBeVisible();
        // a desktop, the card whose bank asks for 3-D Secure: the bank page, its one-time code, back to /3ds/return
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(shop.url);
        expect((await fit(page)).scroll).toBeLessThanOrEqual(0);
        await payInFrames(page, '4000000000030124');
        await page.waitForURL((u) => u.origin === api.baseUrl, { timeout: 15_000 });
        const tx = [...api.store.transactions.values()].at(-1)!;
        expect(tx.status).toBe('charge_pending');
        await page.getByLabel('Código de un solo uso').fill(await otp(tx.id));
        await page.getByRole('button', { name: 'Confirmar compra' }).click();
        await page.waitForURL(`${shop.url}/3ds/return?id=${tx.id}`);
        await expect(page.getByRole('heading', { name: 'Paid, thank you' })).toBeVisible();
        expect(api.store.transactions.get(tx.id)!.status).toBe('completed');
        await page.screenshot({ path: '.reports/screens/quickstart-paid-1280.png', fullPage: true });
      } finally {
        shop.stop();
      }
    },
  },
  {
    name: 'README quick start, npm: the same page with the bundled module tokenizes in the frames and posts the token to /pay',
    snippets: ['quickstart-npm', 'quickstart-html', 'quickstart-css'],
    run: async (page, block) => {
      serveQuickStart(
        snippet('quickstart-html').code.replace(
          /<script src="paytoken-hosted\.iife\.js"[^>]*><\/script>\s*<script src="checkout\.js"><\/script>/,
          '<script type="module" src="/app.js"></script>',
        ),
        '',
      );
      expect(site.html).toContain('src="/app.js"');
      site.module = await bundle(block.code);
      await page.goto(siteUrl);
      await payInFrames(page);
      const body = JSON.parse(await posted('/pay'));
      expect(body.token_id).toMatch(/^[A-Za-z0-9]+$/);
      expect(body.device_session_id).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(api.store.tokens.has(body.token_id)).toBe(true);
    },
  },
  {
    name: 'the classic script tag with its Subresource Integrity value (dist/paytoken.iife.js.sri) loads and defines PayToken',
    snippets: ['classic-sri'],
    run: async (page, block) => {
      site.html = sandboxed(block.code);
      expect(site.html).toMatch(/integrity="sha384-[A-Za-z0-9+/]{64}"/);
      await page.goto(siteUrl);
      expect(await page.evaluate(() => typeof (window as unknown as { PayToken?: { setId: unknown } }).PayToken?.setId)).toBe('function');
      // a wrong hash blocks the script (in a second tab, whose console error is the expected one)
      site.html = site.html.replace(/integrity="sha384-[^"]+"/, `integrity="sha384-${'A'.repeat(64)}"`);
      const other = await page.context().newPage();
      const blocked = other.waitForEvent('console', (m) => m.type() === 'error');
      await other.goto(siteUrl);
      expect((await blocked).text()).toMatch(/integrity/i);
      expect(await other.evaluate(() => 'PayToken' in window)).toBe(false);
      await other.close();
    },
  },
];

test.describe('README and guide snippets run in Chromium', () => {
  test('every html, js and ts block of README.md and docs/ has a snippet marker; every snippet runs here or in the test ELSEWHERE names', () => {
    expect(PAGES).toContain('README.md');
    expect(blocks.filter((b) => b.name).length).toBeGreaterThanOrEqual(12);
    const unmarked = blocks.filter((b) => !b.name && ['html', 'js', 'ts'].includes(b.lang));
    expect(unmarked.map((b) => `${b.at} (${b.lang})`)).toEqual([]);
    const names = blocks.filter((b) => b.name).map((b) => b.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]); // each name once
    const run = new Set(SCENARIOS.flatMap((s) => s.snippets));
    expect(names.filter((n) => !run.has(n) && !ELSEWHERE[n])).toEqual([]);
    for (const [name, file] of Object.entries(ELSEWHERE))
      expect(readFileSync(file, 'utf8'), name).toMatch(
        /docs\/examples\/(quickstart\/)?[\w-]+\.mjs|docs\/examples\/testing|Openpay\.SANDBOX_URL/,
      );
    // every snippet a scenario asks for exists
    expect([...run].filter((n) => !names.includes(n))).toEqual([]);
  });

  for (const s of SCENARIOS) {
    test(s.name, async ({ page }) => {
      await noErrors(page, () => s.run(page, snippet(s.snippets[0]!)));
    });
  }
});
