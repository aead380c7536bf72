/**
 * 3-D Secure on the checkout page (/direct), as a shopper goes through it: the card typed and paid, the merchant's
 * retry with 3-D Secure on 3012 sending the page to the sandbox's bank page (/3ds/{id}, on the API origin), the
 * one-time code (from the sandbox log, where the sandbox writes it) typed there with the keyboard, and back to the
 * merchant's /3ds/return. The outcome is read server side, in the sandbox's own record of the charge.
 */
import { expect } from 'vitest';
import { probe, waitFor, waitForText, type Tab } from '../engine';
import type { Ctx, Scenario } from '../harness';
import { expectCleanPage, expectNoLeak, expectPaidByWebhook, fillCard, freshCvv2, resultHeading, SEL } from './helpers';

/** A test card whose charge the sandbox answers with 3012 unless 3-D Secure is used; its challenge asks for a code. */
const CHALLENGE_CARD = '4000000000030124';

/** Pays `CHALLENGE_CARD` on /direct (`lang`) and waits for the bank page; its charge id and one-time code, from the log. */
async function toBankPage(
  ctx: Ctx,
  tab: Tab,
  lang: 'es' | 'en',
  cvv2?: string,
): Promise<{ txId: string; code: string; resources: string[] }> {
  await fillCard(tab, { number: CHALLENGE_CARD, cvv2 });
  const checkout = (await probe(tab)).resources;
  await tab.click(SEL.pay);
  const title = lang === 'en' ? 'Purchase verification' : 'Verificación de compra';
  await waitFor(
    tab,
    'the bank page',
    (origin: string, heading: string) =>
      location.origin === origin && location.pathname.startsWith('/3ds/') && document.querySelector('h1')?.textContent?.trim() === heading,
    [new URL(ctx.apiUrl).origin, title],
  );
  expect(await tab.evaluate(() => document.documentElement.lang)).toBe(lang === 'en' ? 'en' : 'es-MX');
  // the charge the merchant made: refused (3012), then again with 3-D Secure, pending the shopper
  expect(ctx.merchant.charges.slice(-2).map((c) => c.error_code ?? c.status)).toEqual([3012, 'charge_pending']);
  const lines = ctx.apiLog().flatMap((l) => /^3ds (tr\w+) one-time code (\d{6})$/.exec(l) ?? []);
  expect(lines.length).toBe(3); // one challenge in this scenario: [line, id, code]
  const [, txId, code] = lines as [string, string, string];
  expect(ctx.api.store.transactions.get(txId)?.status).toBe('charge_pending');
  return { txId, code, resources: checkout };
}

/** Presses Tab from the focused element until the element `selector` has the focus (bounded). */
async function tabTo(tab: Tab, selector: string): Promise<void> {
  const on = () => tab.evaluate((sel: string) => document.activeElement === document.querySelector(sel), selector);
  for (let i = 0; i < 6 && !(await on()); i++) await tab.press('Tab');
  expect(await on(), `focus on ${selector}`).toBe(true);
}

/** The page's heading once the browser is back on the merchant's /3ds/return. */
const returnHeading = (tab: Tab, merchantUrl: string) =>
  waitFor(
    tab,
    'the return page',
    (origin: string) =>
      location.origin === origin && location.pathname === '/3ds/return' ? document.querySelector('h1')?.textContent?.trim() : null,
    [new URL(merchantUrl).origin],
  ) as Promise<string>;

export const threeDSecure: Scenario[] = [
  {
    name: '3-D Secure: a challenge card paid on the checkout; the one-time code typed on the bank page, approved with the keyboard; back to a completed receipt; zero CSP violations on the bank page and the receipt',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/direct`);
      const cvv2 = await freshCvv2(ctx);
      const { txId, code, resources } = await toBankPage(ctx, tab, 'es', cvv2);
      const bank = (await probe(tab)).resources;
      await expectCleanPage(ctx, tab);
      await tab.type('#code', code);
      await tabTo(tab, 'button[value="approve"]');
      await tab.press('Enter');
      expect(await resultHeading(tab)).toBe('Pago completado'); // back from the bank: the order's page, paid by the event
      expectPaidByWebhook(ctx);
      // server side: the sandbox completed the charge, with an authorization; the receipt shows that charge
      const charge = ctx.api.store.transactions.get(txId)!;
      expect(charge.status).toBe('completed');
      expect(charge.authorization).toMatch(/^\d{6}$/);
      expect(await waitForText(tab, '[data-field="id"]', txId)).toBe(txId);
      expect(await waitForText(tab, '[data-field="authorization"]', charge.authorization!)).toBe(charge.authorization);
      const receipt = (await probe(tab)).resources;
      expectNoLeak(ctx, CHALLENGE_CARD, cvv2, [...resources, ...bank, ...receipt]);
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: '3-D Secure: the challenge rejected on the bank page (English, keyboard only) ends on the failure message; the charge failed',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/direct?lang=en`);
      const { txId } = await toBankPage(ctx, tab, 'en');
      await tab.type('#code', '');
      await tabTo(tab, 'button[value="reject"]');
      expect(await tab.evaluate(() => document.activeElement?.textContent?.trim())).toBe('I do not recognise this purchase');
      await tab.press('Enter');
      expect(await returnHeading(tab, ctx.merchantUrl)).toBe('Payment failed');
      expect(await waitForText(tab, '#result-message', 'Your bank could not confirm it was you. You were not charged.')).toBeTruthy();
      expect(ctx.api.store.transactions.get(txId)).toMatchObject({ status: 'failed', authorization: null });
      // in the shopper's words only: no raw status, no API error_message
      const body = await tab.evaluate(() => [...document.querySelectorAll('main > :not(h1)')].map((el) => el.textContent).join(' '));
      expect(body).not.toMatch(/failed|3-D Secure|Status/);
      await expectCleanPage(ctx, tab);
    },
  },
];
