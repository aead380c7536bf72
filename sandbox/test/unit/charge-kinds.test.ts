/**
 * The pure rules of the charge kinds (sandbox/src/domain/methods/) and the transaction state machine they move
 * through (sandbox/src/domain/transaction.ts), every row of it.
 */
import { describe, expect, it } from 'vitest';
import { SandboxError } from '../../src/domain/errors';
import { speiPays } from '../../src/domain/methods/spei';
import { DEFAULT_DUE_MS, dueOf, dueProblem, MAX_DUE_MS, REDIRECT_TTL_MS } from '../../src/domain/methods/due';
import { afterFailedEntry, ivrPaymentMethod, newIvrKey } from '../../src/domain/methods/ivr';
import { chargeKindOf, isMethodName } from '../../src/domain/methods/kinds';
import { isPageKey, newPageKey } from '../../src/domain/methods/pages';
import { newAltReference, storePaymentMethod, storePaymentProblem } from '../../src/domain/methods/store';
import { walletDeadline, walletFee, walletOpen, WALLET_GRACE_MS } from '../../src/domain/methods/wallet';
import { allows, transition, TRANSITIONS } from '../../src/domain/transaction';

describe('which kind a body asks for (method and confirm)', () => {
  it.each([
    [{ method: 'card' }, 'card'],
    [{ method: 'card', confirm: true }, 'card'],
    [{ method: 'card', confirm: false }, 'redirect'],
    [{ method: 'card', confirm: 'false' }, 'redirect'],
    [{ method: 'card', confirm: 'ivr' }, 'ivr'],
    [{ method: 'store' }, 'store'],
    [{ method: 'bank_account' }, 'bank'],
    [{ method: 'wallet' }, 'wallet'],
    [{ method: 'paywallet' }, null],
    [{ method: 'bank' }, null],
    [{}, null],
    [null, null],
    ['card', null],
  ])('%j -> %s', (body, kind) => expect(chargeKindOf(body, 'wallet')).toBe(kind));

  it('store network and wallet names: lowercase letters, digits, underscores from a letter, at most 20', () => {
    for (const ok of ['cashnet', 'wallet', 'a', 'pay_net2']) expect(isMethodName(ok)).toBe(true);
    for (const bad of ['', 'Cash', '2net', 'net-work', 'x'.repeat(21), 'a b']) expect(isMethodName(bad)).toBe(false);
  });
});

describe('due dates', () => {
  const now = Date.parse('2026-03-10T18:00:00Z');
  it('default per kind: store and bank 7 days, wallet 1 hour, IVR 1 day; a redirect page 1 day; an asked date as is', () => {
    expect(dueOf('store', now, undefined) - now).toBe(7 * 86_400_000);
    expect(dueOf('bank', now, undefined) - now).toBe(DEFAULT_DUE_MS.bank);
    expect(dueOf('wallet', now, undefined) - now).toBe(3_600_000);
    expect(dueOf('ivr', now, undefined) - now).toBe(86_400_000);
    expect(dueOf('redirect', now, undefined) - now).toBe(REDIRECT_TTL_MS);
    expect(dueOf('store', now, now + 5)).toBe(now + 5);
  });
  it.each([
    [0, 'past'],
    [-1, 'past'],
    [1, null],
    [MAX_DUE_MS, null],
    [MAX_DUE_MS + 1, 'too_far'],
  ])('asked now + %i ms -> %s', (delta, problem) => expect(dueProblem(now + delta, now)).toBe(problem));
});

describe('store payments', () => {
  it.each([
    [1000, 1000, 2000, null],
    [1000, 999, 2000, 'wrong_amount'],
    [3000, 3000, 2000, 'over_max'],
    [2000, 2000, 2000, null],
    [555, null, 2000, null],
    [2001, null, 2000, 'over_max'],
  ] as const)('paid %i of %s at a chain of at most %i -> %s', (paid, owed, max, problem) =>
    expect(storePaymentProblem(paid, owed, max)).toBe(problem),
  );

  it('references and the payment_method under the network name', () => {
    for (let i = 0; i < 50; i++) expect(newAltReference()).toMatch(/^[1-9]\d{17}$/);
    const pm = storePaymentMethod('netx', { reference: 'SBXABC', alt: '123' }, 'http://h', 'http://h/slips/tr1');
    expect(pm).toEqual({
      type: 'store',
      reference: 'SBXABC',
      netx_reference: '123',
      barcode_url: 'http://h/barcodes/SBXABC.png',
      barcode_netx_url: 'http://h/barcodes/123.png',
      slip_url: 'http://h/slips/tr1',
    });
  });

  it('a SPEI transfer pays a bank charge only with the exact amount', () => {
    expect([speiPays(100, 100), speiPays(99, 100), speiPays(101, 100)]).toEqual([true, false, false]);
  });
});

describe('wallet', () => {
  const due = 1_000_000;
  it.each([
    [due - 1, null, true],
    [due, null, true],
    [due + 1, null, false],
    [due + 1, due - 10, true],
    [due + WALLET_GRACE_MS, due - 10, true],
    [due + WALLET_GRACE_MS + 1, due - 10, false],
    [due + 5, due + 1, false],
  ])('at %i, signed in at %s -> open %s', (now, signedIn, open) => expect(walletOpen(now, due, signedIn)).toBe(open));

  it('the deadline moves by the grace only for a payer signed in by the due date', () => {
    expect([walletDeadline(due, null), walletDeadline(due, due), walletDeadline(due, due + 1)]).toEqual([due, due + WALLET_GRACE_MS, due]);
  });

  it.each([
    [100_000, 3150, 504],
    [1, 250, 40],
    [8000, 482, 77],
  ])('fee of %i cents: 2.90 %% + 2.50 = %i, VAT %i', (cents, fee, tax) => expect(walletFee(cents)).toEqual({ fee, tax }));
});

describe('IVR', () => {
  it('keys of six digits; attempts count down and the last failed entry fails the charge', () => {
    for (let i = 0; i < 50; i++) expect(String(newIvrKey())).toMatch(/^[1-9]\d{5}$/);
    expect([afterFailedEntry(3), afterFailedEntry(2), afterFailedEntry(1)]).toEqual([
      { left: 2, fails: false },
      { left: 1, fails: false },
      { left: 0, fails: true },
    ]);
    expect(ivrPaymentMethod(123456, 3)).toEqual({ type: 'ivr', phone_number: '5500000000', ivr_key: 123456, attempts: 3 });
  });

  it('page keys: 32 letters and digits, unguessable', () => {
    const keys = new Set(Array.from({ length: 100 }, newPageKey));
    expect(keys.size).toBe(100);
    for (const k of keys) expect(isPageKey(k)).toBe(true);
    expect(isPageKey('short')).toBe(false);
  });
});

describe('the transaction state machine, every row', () => {
  it.each(TRANSITIONS.map((t) => [t.kinds.join('|'), t.from ?? '(new)', t.trigger, t.to, t] as const))(
    '%s: %s --%s--> %s',
    (_k, _f, _t, to, row) => {
      for (const kind of row.kinds) {
        expect(transition(kind, row.from, row.trigger)).toBe(to);
        expect(allows(kind, row.from, row.trigger)).toBe(true);
      }
    },
  );

  it('the paths of the charge kinds', () => {
    const path = (from: Parameters<typeof transition>[1], ...triggers: Parameters<typeof transition>[2][]) =>
      triggers.reduce<typeof from>((s, trig) => transition('charge', s, trig), from);
    expect(path(null, 'create_in_progress', 'pay')).toBe('completed'); // store, bank paid
    expect(path(null, 'create_in_progress', 'expire')).toBe('cancelled'); // past due
    expect(path(null, 'create_in_progress', 'cancel')).toBe('cancelled');
    expect(path(null, 'create_pending', 'pay', 'chargeback_open', 'chargeback_reject')).toBe('completed');
    expect(path(null, 'create_pending', 'fail')).toBe('failed'); // IVR attempts used up, wallet declined
    expect(path(null, 'create_pending', 'cancel')).toBe('cancelled');
    expect(path(null, 'create_pending', 'expire')).toBe('cancelled');
    expect(path('completed', 'chargeback_open', 'chargeback_adjust')).toBe('chargeback_adjustment');
    expect(path('completed', 'chargeback_open', 'chargeback_accept')).toBe('chargeback_accepted');
  });

  it.each([
    ['completed', 'pay'],
    ['cancelled', 'pay'],
    ['failed', 'cancel'],
    ['completed', 'chargeback_accept'],
    ['chargeback_pending', 'chargeback_open'],
    ['chargeback_accepted', 'chargeback_reject'],
    ['refunded', 'chargeback_open'],
  ] as const)('a charge %s cannot move by %s (3006)', (from, trigger) => {
    expect(allows('charge', from, trigger)).toBe(false);
    expect(() => transition('charge', from, trigger)).toThrow(SandboxError);
  });
});
