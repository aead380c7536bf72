/** The classic calls of the script-tag global (`PayToken.token.create`, `PayToken.card.*`), from a page script. */
import { expect } from 'vitest';
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
        const P = (window as any).PayToken as { token: { create(d: object, ok: Cb, fail: Cb): void }; card: Record<string, (...a: string[]) => unknown> };
        const create = (d: object) => new Promise((done) => P.token.create(d, (r) => done({ ok: r }), (e) => done({ fail: e })));
        const card = { card_number: '4111111111111111', holder_name: 'Ana Perez', expiration_month: '12', expiration_year: yy, cvv2: '123' };
        return Promise.all([
          create(card),
          create({ ...card, card_number: '4111111111111112' }),
          [P.card.validateCardNumber!('4111 1111 1111 1111'), P.card.validateCardNumber!('4111111111111112'), P.card.cardType!('5555555555554444'), P.card.validateCVC!('123'), P.card.validateExpiry!('12', `20${yy}`)],
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
];
