/**
 * `paytoken/testing` in each engine, through the driver a merchant's test would use: Chromium with
 * `paytoken/testing/playwright` (the tab's Playwright page), Firefox with `.../puppeteer` (puppeteer-core over
 * WebDriver BiDi) and WebKit with `.../webdriverio` (WebdriverIO attached to the tab's WebKitWebDriver session).
 * `fillCard` types a test card into the card element and the split fields with trusted key events, resolves when
 * the mount says the card is complete, rejects naming the field in error; `completeThreeDSecure` answers the bank
 * page's test buttons. The merchant page still reads no card data.
 */
import { expect } from 'vitest';
import { attach } from 'webdriverio';
import * as playwright from 'paytoken/testing/playwright';
import * as puppeteer from 'paytoken/testing/puppeteer';
import * as wdio from 'paytoken/testing/webdriverio';
import { FillCardError, testCards, type CardToFill, type FillCardOptions, type ThreeDSecureAnswer } from 'paytoken/testing';
import { waitFor, type Tab } from '../engine';
import type { Scenario } from '../harness';
import { expectCleanPage, randomPan, resultHeading } from './helpers';

/** The helpers bound to the tab's own driver. */
async function helpersFor(tab: Tab) {
  const d = tab.driver;
  if (d.kind === 'playwright')
    return {
      fillCard: (card: CardToFill, o?: FillCardOptions) => playwright.fillCard(d.page, card, o),
      completeThreeDSecure: (a: ThreeDSecureAnswer) => playwright.completeThreeDSecure(d.page, a, { timeoutMs: 30_000 }),
    };
  if (d.kind === 'puppeteer')
    return {
      fillCard: (card: CardToFill, o?: FillCardOptions) => puppeteer.fillCard(d.page, card, o),
      completeThreeDSecure: (a: ThreeDSecureAnswer) => puppeteer.completeThreeDSecure(d.page, a, { timeoutMs: 30_000 }),
    };
  const { hostname, port } = new URL(d.url);
  const browser = await attach({
    sessionId: d.sessionId,
    capabilities: d.capabilities,
    options: { hostname, port: Number(port), protocol: 'http', path: '/', logLevel: 'error' },
  });
  return {
    fillCard: (card: CardToFill, o?: FillCardOptions) => wdio.fillCard(browser, card, o),
    completeThreeDSecure: (a: ThreeDSecureAnswer) => wdio.completeThreeDSecure(browser, a, { timeoutMs: 30_000 }),
  };
}

/** What any script on the merchant page sees: its document and every input's value. */
const merchantView = (tab: Tab) =>
  tab.evaluate(() => [document.documentElement.outerHTML, ...[...document.querySelectorAll('input')].map((i) => i.value)].join('\n'));

/** Counts, in the card element's frame, the trusted key events and the inputs' value changes made by no key. */
const countKeys = (tab: Tab) =>
  tab.frame('#card iframe').evaluate(() => {
    const w = window as unknown as { trusted: number };
    w.trusted = 0;
    document.addEventListener('keydown', (e) => void (e.isTrusted && w.trusted++), true);
  });

export const testingHelpers: Scenario[] = [
  {
    name: 'paytoken/testing: fillCard types a card into the card element with trusted keys, resolves when the mount says complete; paid; no card data on the merchant page',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/`);
      const h = await helpersFor(tab);
      await waitFor(tab.frame('#card iframe'), 'the card element ready', () => document.querySelector('input')?.disabled === false);
      await countKeys(tab);
      const card = { ...testCards.visa, number: randomPan(), name: 'Ana Perez' };
      await h.fillCard(card);
      expect(await tab.evaluate(() => document.getElementById('card')!.hasAttribute('data-paytoken-valid'))).toBe(true);
      const typed = card.number.length + 4 + card.cvv2.length + card.name.length;
      expect(await tab.frame('#card iframe').evaluate(() => (window as unknown as { trusted: number }).trusted)).toBe(typed);
      const view = await merchantView(tab);
      expect(view.includes(card.number) || view.includes(card.number.replace(/(\d{4})(?=\d)/g, '$1 '))).toBe(false);
      await tab.click('#pay');
      expect(await resultHeading(tab)).toBe('Pago completado');
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'paytoken/testing: fillCard on the split fields resolves for a good card and rejects naming the field (expiry in the past, a short CVV2)',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/split`);
      const h = await helpersFor(tab);
      await h.fillCard({ ...testCards.mastercard, number: '5555555555554444' }, { within: 'form' });
      const valid = () => tab.evaluate(() => [...document.querySelectorAll('[data-paytoken-valid]')].length);
      expect(await valid()).toBeGreaterThanOrEqual(3);
      const refusal = await h.fillCard({ ...testCards.visa, expiry: '01/20' }).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(FillCardError);
      expect((refusal as FillCardError).field).toBe('expiry');
      const short = await h.fillCard({ ...testCards.visa, cvv2: '1' }, { timeoutMs: 3000 }).catch((e: unknown) => e);
      expect((short as FillCardError).field).toBe('cvv2');
      const none = await h.fillCard(testCards.visa, { within: '#no-such-element', timeoutMs: 500 }).catch((e: unknown) => e);
      expect(none).toBeInstanceOf(FillCardError);
      expect(String(none)).toContain('#no-such-element');
    },
  },
  {
    name: "paytoken/testing: completeThreeDSecure answers the bank page's Approve (charge completed) and Fail (charge failed) test buttons",
    async run(ctx) {
      // a fresh profile each: the challenge card approved, the card whose authentication fails answered "Fail"
      const cards = { approve: testCards.threeDSecureChallenge, fail: testCards.threeDSecureFails };
      // each tab closed before the next opens: WebKitWebDriver drives one session at a time
      for (const answer of ['approve', 'fail'] as const) {
        const tab = await ctx.tab();
        try {
          await tab.goto(`${ctx.merchantUrl}/`);
          const h = await helpersFor(tab);
          await h.fillCard({ ...cards[answer], name: 'Ana Perez' });
          await tab.click('#pay');
          await h.completeThreeDSecure(answer).catch(async (e: unknown) => {
            const where = await tab.evaluate(() => `${location.href}: ${document.querySelector('h1')?.textContent}`);
            throw new Error(`${String(e)} (the tab on ${where}; charges ${JSON.stringify(ctx.merchant.charges.slice(-2))})`);
          });
          const charge = ctx.merchant.charges.at(-1)!;
          await expect
            .poll(() => ctx.api.store.transactions.get(String(charge.id))?.status)
            .toBe(answer === 'approve' ? 'completed' : 'failed');
          // back on the shop: the paid order's page, or the return page's failure (its final page: no further redirect)
          if (answer === 'approve') expect(await resultHeading(tab)).toBe('Pago completado');
          else
            await waitFor(
              tab,
              'the failure on the return page',
              (origin: string) =>
                location.origin === origin && location.pathname === '/3ds/return' && !!document.getElementById('result-message'),
              [new URL(ctx.merchantUrl).origin],
            );
        } finally {
          await tab.close();
        }
      }
    },
  },
];
