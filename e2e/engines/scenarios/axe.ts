/**
 * axe-core with the WCAG 2.2 A and AA rules on every page of the project, in each engine: the shop's pages, an order
 * page in each state, the SPA, the account page, the redirect payment, wallet and 3-D Secure bank pages, the slips,
 * the dashboard. axe-core's own source is sent to the page as a driver script (the one way every adapter has: no
 * page script, no eval, so the pages' CSP and Trusted Types stay as they are); the hosted fields' frames are other
 * documents, checked by their own scenarios. Plus, on a cash order turning paid by the webhook's event: the status
 * line is a live region present from load and says so without a reload.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import { waitFor, waitForText, type Scope, type Tab } from '../engine';
import { CREDENTIALS } from '../credentials';
import type { Ctx, Scenario } from '../harness';
import { signIn } from './dashboard';
import { fillCard, SEL } from './helpers';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.2 A and AA rule tags of axe-core. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The violations axe-core finds in the document of `scope` (`id: targets`), axe-core installed first when the
 * document has none: its source is the body of the function the adapter sends.
 */
export async function axeViolations(scope: Scope): Promise<string[]> {
  if (!(await scope.evaluate(() => 'axe' in window))) {
    const install = Object.assign(() => undefined, { toString: () => `function () { ${AXE_SOURCE}\n}` });
    await scope.evaluate(install);
  }
  return scope.evaluate(async (tags: string[]) => {
    const axe = (window as unknown as { axe: any }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, iframes: false, resultTypes: ['violations'] });
    return (r.violations as { id: string; nodes: { target: string[] }[] }[]).map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  }, WCAG_22_AA);
}

/** A request to the sandbox with the private key; @returns the parsed answer. */
async function api(ctx: Ctx, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${ctx.apiUrl}${path}`, {
    method,
    headers: {
      Authorization: `Basic ${Buffer.from(`${CREDENTIALS.privateKey}:`).toString('base64')}`,
      'Content-Type': 'application/json',
      'X-Forwarded-For': '203.0.113.7',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** Opens `url`, waits for `ready` (a selector), and expects no violation, naming the page when one is found. */
async function clean(tab: Tab, url: string, ready = 'h1'): Promise<void> {
  await tab.goto(url);
  await waitFor(tab, `${ready} on ${url}`, (sel: string) => !!document.querySelector(sel), [ready]);
  expect(await axeViolations(tab), url).toEqual([]);
  // one main landmark and a top-level heading on every page
  expect(await tab.evaluate(() => [document.querySelectorAll('main').length, !!document.querySelector('h1')]), url).toEqual([1, true]);
}

/** Places a cash or SPEI order in the shop; @returns the order page's URL. */
async function placeOrder(ctx: Ctx, tab: Tab, path: '/store' | '/spei'): Promise<string> {
  await clean(tab, `${ctx.merchantUrl}${path}`);
  await tab.click('#pay');
  await waitFor(tab, 'the order page', () => /\/order\/ord/.test(location.pathname) && !!document.querySelector('#order-status'));
  return tab.evaluate(() => location.href);
}

export const axePages: Scenario[] = [
  {
    name: "axe (WCAG 2.2 AA): the shop's pages, order pages pending and paid (announced by the live region present from load, no reload), the SPA, the account page",
    async run(ctx) {
      const tab = await ctx.tab();
      await clean(tab, `${ctx.merchantUrl}/`, '#card iframe');
      await clean(tab, `${ctx.merchantUrl}/split`, '#card-number iframe, iframe');
      await clean(tab, `${ctx.merchantUrl}/subscribe`, 'iframe');
      await clean(tab, `${ctx.merchantUrl}/account?lang=en`);
      await clean(tab, `${ctx.merchantUrl}/spa/`, 'h1');
      const spei = await placeOrder(ctx, tab, '/spei');
      expect(await axeViolations(tab), spei).toEqual([]);
      const store = await placeOrder(ctx, tab, '/store');
      expect(await axeViolations(tab), store).toEqual([]);
      expect(await tab.evaluate(() => document.querySelector('#order-status')?.getAttribute('role'))).toBe('status');
      await tab.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      const reference = await tab.evaluate(() => document.querySelector('[data-field="reference"]')!.textContent!);
      await api(ctx, 'POST', `/sandbox/v1/${CREDENTIALS.merchantId}/store-payments`, { reference, amount: 349 });
      await waitForText(tab, '#order-status', '¡Pago recibido! Tu pedido está pagado.');
      expect(await tab.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(await tab.evaluate(() => document.querySelectorAll('.slip, .stores, #print').length)).toBe(0);
      expect(await axeViolations(tab), 'the paid order').toEqual([]);
      // the check can fail: an image without a text alternative is found
      await tab.evaluate(() =>
        document.querySelector('main')!.append(Object.assign(document.createElement('img'), { src: '/brands/visa.svg' })),
      );
      expect((await axeViolations(tab)).join('\n')).toMatch(/^image-alt: /m);
    },
  },
  {
    name: 'axe (WCAG 2.2 AA): the redirect payment, wallet and 3-D Secure bank pages, the slips pending and paid, the dashboard',
    async run(ctx) {
      const customer = { name: 'Ana', email: 'ana@example.com' };
      const redirect = await api(ctx, 'POST', `/v1/${CREDENTIALS.merchantId}/charges`, {
        method: 'card',
        amount: 349,
        description: 'axe',
        confirm: false,
        redirect_url: `${ctx.merchantUrl}/`,
        customer,
      });
      const tab = await ctx.tab();
      await clean(tab, `${redirect.payment_method.url}?lang=en`, '#card iframe');
      const wallet = await api(ctx, 'POST', `/v1/${CREDENTIALS.merchantId}/charges`, {
        method: 'wallet',
        amount: 80,
        description: 'axe',
        redirect_url: `${ctx.merchantUrl}/`,
        customer,
      });
      await clean(tab, wallet.payment_method.url);
      for (const method of ['store', 'bank_account']) {
        const tx = await api(ctx, 'POST', `/v1/${CREDENTIALS.merchantId}/charges`, { method, amount: 275, description: 'axe', customer });
        await clean(tab, tx.payment_method.slip_url);
        if (method === 'store') {
          await api(ctx, 'POST', `/sandbox/v1/${CREDENTIALS.merchantId}/store-payments`, {
            reference: tx.payment_method.reference,
            amount: 275,
          });
          await clean(tab, `${tx.payment_method.slip_url}?lang=en`, '#status');
        }
      }
      await tab.goto(`${ctx.merchantUrl}/direct?lang=en`);
      await fillCard(tab, { number: '4000000000030124' });
      await tab.click(SEL.pay);
      await waitFor(tab, 'the bank page', () => location.pathname.startsWith('/3ds/') && !!document.querySelector('h1'));
      expect(await tab.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await axeViolations(tab), 'the bank page').toEqual([]);
      await clean(tab, `${ctx.apiUrl}/dashboard/sign-in`);
      await signIn(ctx, tab);
      expect(await axeViolations(tab), 'the dashboard overview').toEqual([]);
      for (const path of ['/transactions', '/customers', '/billing', '/money', '/webhooks', '/invoices', '/requests', '/clock'])
        await clean(tab, `${ctx.apiUrl}/dashboard${path}`);
    },
  },
];
