/**
 * The sandbox's dashboard (`{base}/dashboard`) in each engine: signed in with the private key by the keyboard, a
 * simulation button pressed (a SPEI transfer arrives at a customer's CLABE) and its message read, a store charge and a
 * bank charge paid by the buttons beside them ("Pagar en tienda", "Enviar la transferencia SPEI"), the request log's
 * token request read back masked, the clock advanced; then, in the same profile, a page of another site posts a form
 * to the dashboard (refused, the SameSite=Strict session cookie not even sent) and tries to read it (its fetch
 * fails). Outcomes are read server side: the sandbox's store and the requests it received.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { kindCharge, seedDashboard } from '../../dashboard-seed';
import { waitFor, waitForText, type Tab } from '../engine';
import { CREDENTIALS } from '../credentials';
import type { Ctx, Scenario } from '../harness';
import { clickText, expectCleanPage } from './helpers';

/** Waits for the page's main heading to read `text`. */
const heading = (tab: Tab, text: string) => waitForText(tab, 'h1', text);

/** Signs in on the dashboard's sign-in page: the key typed, Enter pressed. */
export async function signIn(ctx: Ctx, tab: Tab): Promise<void> {
  await tab.goto(`${ctx.apiUrl}/dashboard`);
  await heading(tab, 'Entrar al panel');
  await tab.type('#key', CREDENTIALS.privateKey);
  await tab.press('Enter');
  await heading(tab, 'Resumen');
}

/** The sandbox clock's offset from real time, ms. */
const offset = (ctx: Ctx) => ctx.api.clock.offsetMs;

/** Serves, on 127.0.0.1, a page that posts a form to the dashboard and one that fetches it; `close()` stops it. */
async function otherSite(target: string) {
  const pages: Record<string, string> = {
    '/post': `<!doctype html><title>prize</title><form method="post" action="${target}/dashboard/clock/do/advance"><input name="step" value="day"><input name="csrf" value="guessed"><button id="go">Win a prize</button></form>`,
    '/read': `<!doctype html><title>reading</title><script>fetch('${target}/dashboard', { credentials: 'include' }).then((r) => r.text()).then((t) => { document.title = 'read ' + t.length; }, (e) => { document.title = 'blocked ' + e.name; });</script>`,
  };
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(pages[new URL(req.url ?? '/', 'http://x').pathname] ?? '');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise((done) => server.close(done)) };
}

export const dashboard: Scenario[] = [
  {
    name: 'dashboard: sign in with the keyboard, press the SPEI button and read what it did, pay a store and a SPEI charge by their buttons, the request log masked, the clock a day ahead; zero CSP violations',
    async run(ctx) {
      const seed = await seedDashboard(ctx.apiUrl, CREDENTIALS);
      const tab = await ctx.tab();
      await signIn(ctx, tab);
      await expectCleanPage(ctx, tab);
      // the simulation: a SPEI transfer of the form's 500.00 to the customer's CLABE
      await tab.goto(`${ctx.apiUrl}/dashboard/customers/${seed.customerId}`);
      await clickText(tab, 'button', 'Enviar la transferencia');
      const said = await waitForText(tab, '.flash[role="status"]', /Llegó una transferencia SPEI/);
      expect(said).toContain(`Llegó una transferencia SPEI de $500.00 MXN a la CLABE ${seed.clabe}.`);
      const [deposit] = ctx.api.store.transactions.listWhere({ customerId: seed.customerId }, { offset: 0, limit: 1 });
      expect(deposit).toMatchObject({ method: 'bank', status: 'completed', amountCents: 50_000 });
      // beside a charge: a store charge paid at the store, a bank charge paid by its SPEI transfer
      for (const [method, button, told] of [
        ['store', 'Pagar en tienda', /Pagado en tienda en efectivo/],
        ['bank_account', 'Enviar la transferencia SPEI', /Llegó la transferencia SPEI a la CLABE/],
      ] as const) {
        const id = (await kindCharge(ctx.apiUrl, CREDENTIALS, { method })).id as string;
        await tab.goto(`${ctx.apiUrl}/dashboard/transactions/${id}`);
        await clickText(tab, 'button', button);
        expect(await waitForText(tab, '.flash[role="status"]', told)).toContain(`${id}, $275.00 MXN (completed).`);
        expect(ctx.api.store.transactions.get(id)?.status).toBe('completed');
      }
      // the request log: the seed's first token request, masked
      const id = ctx.api.store.requestLog
        .list({ method: 'POST' }, 0, 1000)
        .filter((r) => r.path.endsWith('/tokens'))
        .at(-1)!.id;
      await tab.goto(`${ctx.apiUrl}/dashboard/requests/${id}`);
      const body = await waitForText(tab, 'pre', /card_number/);
      expect(body).toContain('"card_number": "411111******1111"');
      expect(body).toContain('"cvv2": "[removed]"');
      expect(await tab.evaluate(() => document.documentElement.outerHTML)).not.toMatch(new RegExp(`${seed.pan}|"${seed.cvv2}"`));
      // the clock
      const before = ctx.api.clock.nowMs(); // the instant, not the offset: the offset loses the real time the advance took
      await tab.goto(`${ctx.apiUrl}/dashboard/clock`);
      await clickText(tab, 'button', '+ 1 día');
      await waitForText(tab, '.flash[role="status"]', /Reloj adelantado 1 día/);
      expect(ctx.api.clock.nowMs() - before).toBeGreaterThanOrEqual(86_400_000);
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'dashboard: a page of another site can neither drive it (its form post refused, the session cookie not sent) nor read it (its fetch fails)',
    async run(ctx) {
      const site = await otherSite(ctx.apiUrl);
      try {
        const tab = await ctx.tab();
        await signIn(ctx, tab);
        const before = offset(ctx);
        // localhost and 127.0.0.1 are different sites: the browser keeps the SameSite=Strict cookie to itself
        await tab.goto(`http://localhost:${site.port}/post`);
        await tab.click('#go');
        await waitFor(tab, 'the refusal', (origin: string) => location.origin === origin && document.body?.textContent?.trim(), [
          new URL(ctx.apiUrl).origin,
        ]);
        const post = ctx.requests().filter((r) => r.to === 'api' && r.method === 'POST' && r.url.endsWith('/dashboard/clock/do/advance'));
        expect(post.length).toBe(1);
        expect(post[0]!.headers.cookie ?? '').not.toContain('pt_dashboard=');
        expect(offset(ctx)).toBe(before);
        await tab.goto(`http://localhost:${site.port}/read`);
        await waitFor(tab, 'the fetch to end', () => document.title !== 'reading' && document.title);
        expect(await tab.evaluate(() => document.title)).toBe('blocked TypeError');
        // still signed in on the dashboard itself
        await tab.goto(`${ctx.apiUrl}/dashboard`);
        await heading(tab, 'Resumen');
      } finally {
        await site.close();
      }
    },
  },
];
