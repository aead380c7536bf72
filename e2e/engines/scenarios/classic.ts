/** The classic calls of the script-tag global (`PayToken.token.create`, `PayToken.card.*`), from a page script. */
import { expect } from 'vitest';
import { waitFor } from '../engine';
import type { Scenario } from '../harness';
import { expectCleanPage, FUTURE_YY, tokensUrl } from './helpers';

export const classic: Scenario[] = [
  {
    name: 'classic calls: token.create succeeds with a token; invalid data fails locally with zero requests; card.* validators',
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/direct`); // the page has set the id, key and base URL (demo/web/checkout.js)
      const out = await tab.evaluate((yy: string) => {
        type Cb = (r: any) => void;
        const P = (window as any).PayToken as {
          token: { create(d: object, ok: Cb, fail: Cb): void };
          card: Record<string, (...a: string[]) => unknown>;
        };
        const create = (d: object) =>
          new Promise((done) =>
            P.token.create(
              d,
              (r) => done({ ok: r }),
              (e) => done({ fail: e }),
            ),
          );
        const card = {
          card_number: '4111111111111111',
          holder_name: 'Ana Perez',
          expiration_month: '12',
          expiration_year: yy,
          cvv2: '123',
        };
        return Promise.all([
          create(card),
          create({ ...card, card_number: '4111111111111112' }),
          [
            P.card.validateCardNumber!('4111 1111 1111 1111'),
            P.card.validateCardNumber!('4111111111111112'),
            P.card.cardType!('5555555555554444'),
            P.card.validateCVC!('123'),
            P.card.validateExpiry!('12', `20${yy}`),
          ],
        ]);
      }, FUTURE_YY);
      const [ok, fail, validators] = out as [any, any, unknown[]];
      expect(ok.ok.status).toBe(200); // the classic success status (src/browser.ts)
      expect(ok.ok.data).toMatchObject({ id: expect.stringMatching(/^\w+$/), card: { card_number: 'XXXXXXXXXXXX1111', brand: 'visa' } });
      expect(fail.fail.data).toMatchObject({ field: 'card_number', error_code: expect.any(Number) });
      expect(validators).toEqual([true, false, 'Mastercard', true, true]);
      const posts = ctx.requests().filter((r) => r.method === 'POST' && r.url === tokensUrl(ctx));
      expect(posts).toHaveLength(1); // the valid card only
      expect(JSON.parse(posts[0]!.body).card_number).toBe('4111111111111111');
      await expectCleanPage(ctx, tab);
    },
  },
  {
    name: 'classic calls: after the first, token.create calls send no CORS preflight (one per 10 calls), as bare fetch calls in the same engine',
    async run(ctx) {
      const cards = tokensUrl(ctx).replace(/\/tokens$/, '/cards');
      /** The methods the sandbox received for one URL, in order. */
      const methods = (url: string) =>
        ctx
          .requests()
          .filter((r) => r.url === url)
          .map((r) => r.method);
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/direct`);
      // its id, key and base URL are set by demo/web/checkout.js, a module script
      await waitFor(tab, 'the public key set by the page', () => !!(window as any).PayToken?.getApiKey());
      const answers = (await tab.evaluate(
        async (cardsUrl: string, yy: string) => {
          const P = (window as any).PayToken;
          const card = {
            card_number: '4111111111111111',
            holder_name: 'Ana Perez',
            expiration_month: '12',
            expiration_year: yy,
            cvv2: '123',
          };
          const out: (string | number)[] = [];
          // the engine's own behaviour first: bare fetch calls with the same headers, to another URL of the API
          const headers = {
            Authorization: `Basic ${btoa(`${P.getApiKey()}:`)}`,
            Accept: 'application/json',
            'Content-Type': 'application/json',
          };
          for (let i = 0; i < 10; i++)
            out.push(
              await fetch(cardsUrl, { method: 'POST', headers, body: JSON.stringify(card), credentials: 'omit' }).then((r) =>
                r.text().then(() => r.status),
              ),
            );
          for (let i = 0; i < 10; i++)
            out.push(
              await new Promise<string>((done) =>
                P.token.create(
                  card,
                  (r: any) => done(r.data.id),
                  (e: any) => done(`failed ${e.status}`),
                ),
              ),
            );
          return out;
        },
        cards,
        FUTURE_YY,
      )) as (string | number)[];
      expect(answers.slice(0, 10)).toEqual(Array(10).fill(201));
      expect(
        answers.slice(10).every((id) => /^\w+$/.test(String(id))),
        answers.join(' '),
      ).toBe(true);
      // the sandbox answers Access-Control-Max-Age: 7200. Firefox 153 sends the first URL a fresh profile calls
      // twice its preflight again once, sometimes twice (bare fetch here; in a checkout, the token endpoint)
      const preflights = methods(cards).filter((m) => m === 'OPTIONS').length;
      const [least, most] = ctx.engine.name === 'firefox' ? [2, 3] : [1, 1];
      expect(preflights).toBeGreaterThanOrEqual(least);
      expect(preflights).toBeLessThanOrEqual(most);
      expect(methods(tokensUrl(ctx))).toEqual(['OPTIONS', ...Array(10).fill('POST')]);
      await expectCleanPage(ctx, tab);
    },
  },
];
