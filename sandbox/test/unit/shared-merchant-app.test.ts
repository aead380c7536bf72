/**
 * The views the created merchants' shared app reads its merchant through (sandbox/src/merchants/shared.ts): outside a
 * request only the shared settings answer; inside, each member is the handled merchant's own, across awaits too.
 */
import { describe, expect, it } from 'vitest';
import { asMerchant, perRequest, type MerchantState } from '../../src/merchants/shared';

/** A merchant state holding just what these tests read (the views only pick members of it). */
const stateOf = (id: string) => ({ creds: { merchantId: id, publicKey: `pk_${id}`, privateKey: `sk_${id}` } }) as unknown as MerchantState;

class Tally {
  #n = 0;
  add(): number {
    return ++this.#n;
  }
}

describe('perRequest', () => {
  it("outside a request: the settings answer, a merchant's own member throws naming it", () => {
    const creds = perRequest((s) => s.creds, { merchantId: 'shared' });
    expect(creds.merchantId).toBe('shared');
    expect(() => creds.privateKey).toThrow(/privateKey is one merchant's own/);
  });

  it("inside a request: the handled merchant's members, across awaits, with requests of others interleaved", async () => {
    const creds = perRequest((s) => s.creds);
    const seen = await Promise.all(
      ['a', 'b', 'c', 'a', 'b', 'c'].map((id, i) =>
        asMerchant(stateOf(id), async () => {
          const before = creds.privateKey;
          await new Promise((r) => setTimeout(r, (6 - i) * 3));
          return [before, creds.privateKey, creds.merchantId];
        }),
      ),
    );
    expect(seen).toEqual(['a', 'b', 'c', 'a', 'b', 'c'].map((id) => [`sk_${id}`, `sk_${id}`, id]));
  });

  it("methods run on the merchant's own object (its private state)", () => {
    const tallies = { a: new Tally(), b: new Tally() };
    const view = perRequest((s) => (s as unknown as { tally: Tally }).tally);
    const run = (id: 'a' | 'b') => asMerchant({ tally: tallies[id] } as unknown as MerchantState, () => view.add());
    expect([run('a'), run('a'), run('b'), run('a')]).toEqual([1, 2, 1, 3]);
  });
});
