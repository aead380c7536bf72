/**
 * Property (fast-check): any sequence of money operations, sent over the API to an in-process sandbox (card charges to
 * customers with and without an account and at merchant level, SPEI deposits through the simulation API, transfers,
 * payouts at both levels, some to the test CLABE the bank rejects, fees, refunds of charges and fees, and the clock
 * moved so payouts settle), keeps the ledger balanced (`ledger.check()` empty: every operation sums to zero, every
 * balance equals its entries, none below zero), and every balance equals a plain model's, which also says which
 * operation must be refused with 4001 (a refused one leaves nothing behind).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../../src/app';
import { makeClabe } from '../../src/domain/clabe';
import { PAYOUT_SETTLE_MS, REJECTED_CLABE } from '../../src/domain/payouts';
import { basic, CARD, CREDS, NOW } from './helpers';

/** Who holds money: the merchant (index 3) or one of three customers with an account (0-2); index 4 has no account. */
const PARTIES = 5;
const MERCHANT = 3;
const NO_ACCOUNT = 4;

type Op =
  | { op: 'charge'; who: number; cents: number }
  | { op: 'deposit'; who: number; cents: number }
  | { op: 'transfer'; from: number; to: number; cents: number }
  | { op: 'payout'; who: number; cents: number; rejected: boolean }
  | { op: 'fee'; who: number; cents: number }
  | { op: 'refundCharge'; pick: number; cents: number }
  | { op: 'refundFee'; pick: number; cents: number }
  | { op: 'advance'; seconds: number };

/** Money in is larger than money out, so that most outgoing operations find funds and some do not. */
const inCents = fc.integer({ min: 1, max: 100_000 });
const outCents = fc.integer({ min: 1, max: 30_000 });
const customer = fc.integer({ min: 0, max: 2 });
const anyone = fc.integer({ min: 0, max: PARTIES - 1 });
const OPS: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('charge' as const), who: anyone, cents: inCents }),
  fc.record({ op: fc.constant('deposit' as const), who: customer, cents: inCents }),
  fc
    .record({ from: customer, other: fc.integer({ min: 1, max: 2 }), cents: fc.integer({ min: 101, max: 30_000 }) })
    .map(({ from, other, cents }) => ({ op: 'transfer' as const, from, to: (from + other) % 3, cents })),
  fc.record({ op: fc.constant('payout' as const), who: anyone, cents: outCents, rejected: fc.boolean() }),
  fc.record({ op: fc.constant('fee' as const), who: customer, cents: outCents }),
  fc.record({ op: fc.constant('refundCharge' as const), pick: fc.nat(), cents: outCents }),
  fc.record({ op: fc.constant('refundFee' as const), pick: fc.nat(), cents: outCents }),
  fc.record({ op: fc.constant('advance' as const), seconds: fc.integer({ min: 1, max: 2 * 3600 }) }),
);

/** What the model knows: balances in cents by party, refundable charges and fees, payouts in flight. */
interface Model {
  balance: number[];
  /** Card charges: the party charged (its level), the party paid, what is left to refund. */
  charges: { id: string; who: number; payee: number; left: number }[];
  fees: { id: string; who: number; left: number }[];
  payouts: { payer: number; cents: number; due: number; rejected: boolean }[];
  now: number;
}

/** The party a charge of `who` pays: its own account, or the merchant (merchant level, or no account). */
const payee = (who: number) => (who < MERCHANT ? who : MERCHANT);
const pesos = (c: number) => c / 100;

/** One sandbox in this process, its API called through `app.request` (no socket). */
function sandbox() {
  const s = createSandboxApp({ ...CREDS, now: () => NOW, scheduler: false });
  const call = async (method: string, path: string, body?: unknown, prefix = `/v1/${CREDS.merchantId}`) => {
    const res = await s.app.request(`${prefix}${path}`, {
      method,
      headers: { Authorization: basic(CREDS.privateKey), 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return { ...s, call };
}
type Sandbox = ReturnType<typeof sandbox>;

/** Three customers with an account, one without; @returns their ids and CLABEs, in party order. */
async function setUp(s: Sandbox) {
  const ids: string[] = [];
  const clabes: string[] = [];
  for (let i = 0; i < 4; i++) {
    const r = await s.call('POST', '/customers', { name: `P${i}`, email: `p${i}@example.com`, requires_account: i < 3 });
    ids.push(r.body.id);
    clabes.push(r.body.clabe);
  }
  return { customers: [ids[0]!, ids[1]!, ids[2]!, '', ids[3]!], clabes };
}

/** The card charge of `cents` by party `who` (merchant level for the merchant). */
function chargeRequest(ids: string[], who: number, c: number) {
  const body = { method: 'card', card: CARD, amount: pesos(c), description: 'Order', device_session_id: 'dsid0123456789abcdef' };
  return who === MERCHANT
    ? ['/charges', { ...body, customer: { name: 'Ana', email: 'ana@example.com' } }]
    : [`/customers/${ids[who]}/charges`, body];
}

/** A payout's request: a fresh CLABE, or the one the bank rejects. */
function payoutRequest(ids: string[], who: number, c: number, rejected: boolean, n: number) {
  const clabe = rejected ? REJECTED_CLABE : makeClabe('012', '180', String(n).padStart(11, '0'));
  const body = { method: 'bank_account', bank_account: { clabe, holder_name: 'Payee' }, amount: pesos(c), description: 'Payout' };
  return [who === MERCHANT ? '/payouts' : `/customers/${ids[who]}/payouts`, body] as const;
}

/** The model's settlement of the payouts due by `now`: a rejected one's money returns to its payer. */
function settle(m: Model): void {
  for (const p of m.payouts.filter((x) => x.due <= m.now)) if (p.rejected) m.balance[p.payer]! += p.cents;
  m.payouts = m.payouts.filter((x) => x.due > m.now);
}

/**
 * Runs one operation on the sandbox and on the model. @returns the status the model expects and the reply's, or null
 * when the operation does not apply (nothing to refund).
 */
async function step(s: Sandbox, ids: string[], clabes: string[], m: Model, o: Op, n: number) {
  const take = (who: number, c: number) => {
    if (m.balance[who]! < c) return false;
    m.balance[who]! -= c;
    return true;
  };
  switch (o.op) {
    case 'charge': {
      const [path, body] = chargeRequest(ids, o.who, o.cents);
      const r = await s.call('POST', path as string, body);
      m.balance[payee(o.who)]! += o.cents;
      m.charges.push({ id: r.body.id, who: o.who, payee: payee(o.who), left: o.cents });
      return { expected: 201, reply: r };
    }
    case 'deposit': {
      const r = await s.call(
        'POST',
        '/spei-transfers',
        { clabe: clabes[o.who], amount: pesos(o.cents) },
        `/sandbox/v1/${CREDS.merchantId}`,
      );
      m.balance[o.who]! += o.cents;
      return { expected: 201, reply: r };
    }
    case 'transfer': {
      const r = await s.call('POST', `/customers/${ids[o.from]}/transfers`, {
        customer_id: ids[o.to],
        amount: pesos(o.cents),
        description: 'T',
      });
      if (o.from === o.to) return { expected: 422, reply: r };
      const ok = take(o.from, o.cents);
      if (ok) m.balance[o.to]! += o.cents;
      return { expected: ok ? 201 : 412, reply: r };
    }
    case 'payout': {
      const [path, body] = payoutRequest(ids, o.who, o.cents, o.rejected, n);
      const r = await s.call('POST', path, body);
      const ok = take(payee(o.who), o.cents);
      if (ok) m.payouts.push({ payer: payee(o.who), cents: o.cents, due: m.now + PAYOUT_SETTLE_MS, rejected: o.rejected });
      return { expected: ok ? 201 : 412, reply: r };
    }
    case 'fee': {
      const r = await s.call('POST', '/fees', { customer_id: ids[o.who], amount: pesos(o.cents) });
      const ok = take(o.who, o.cents);
      if (ok) {
        m.balance[MERCHANT]! += o.cents;
        m.fees.push({ id: r.body.id, who: o.who, left: o.cents });
      }
      return { expected: ok ? 201 : 412, reply: r };
    }
    default:
      return later(s, ids, m, o, take);
  }
}

/** The refunds and the clock (the rest of {@link step}). */
async function later(s: Sandbox, ids: string[], m: Model, o: Op, take: (who: number, c: number) => boolean) {
  if (o.op === 'advance') {
    const r = await s.call('POST', '/clock/advance', { seconds: o.seconds }, `/sandbox/v1/${CREDS.merchantId}`);
    m.now += o.seconds * 1000;
    settle(m);
    return { expected: 200, reply: r };
  }
  if (o.op === 'refundCharge') {
    const open = m.charges.filter((x) => x.left > 0);
    if (!open.length) return null;
    const t = open[o.pick % open.length]!;
    const c = Math.min(t.left, o.cents);
    const r = await s.call('POST', `${t.who === MERCHANT ? '' : `/customers/${ids[t.who]}`}/charges/${t.id}/refund`, { amount: pesos(c) });
    const ok = take(t.payee, c);
    if (ok) t.left -= c;
    return { expected: ok ? 200 : 412, reply: r };
  }
  if (o.op !== 'refundFee') throw new Error(`unknown op ${o.op}`);
  const open = m.fees.filter((x) => x.left > 0);
  if (!open.length) return null;
  const t = open[o.pick % open.length]!;
  const c = Math.min(t.left, o.cents);
  const r = await s.call('POST', `/fees/${t.id}/refund`, { amount: pesos(c) });
  const ok = take(MERCHANT, c);
  if (ok) {
    t.left -= c;
    m.balance[t.who]! += c;
  }
  return { expected: ok ? 200 : 412, reply: r };
}

/** The footprint a refused operation must leave as it was. */
const footprint = (s: Sandbox) => ({
  transactions: s.store.transactions.size,
  events: s.store.events.size,
  ledger: (s.store.db.prepare('SELECT count(*) AS n FROM ledger').get() as { n: number }).n,
  jobs: s.store.jobs.pending,
});

/** Every balance the API shows, in cents, party order (the customer without an account shows none: 0 here). */
async function balances(s: Sandbox, ids: string[]): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < PARTIES; i++) {
    const r = i === MERCHANT ? await s.call('GET', '') : await s.call('GET', `/customers/${ids[i]}`);
    if (i === NO_ACCOUNT) expect(r.body).not.toHaveProperty('balance');
    out.push(i === NO_ACCOUNT ? 0 : Math.round(r.body.balance * 100));
  }
  return out;
}

describe('money operations in any order (fast-check)', () => {
  it('keep the ledger balanced, no balance below zero, every balance the model says, refusals without a trace', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(OPS, { minLength: 10, maxLength: 40, size: 'max' }), async (ops) => {
        const s = sandbox();
        try {
          const { customers: ids, clabes } = await setUp(s);
          const m: Model = { balance: Array(PARTIES).fill(0), charges: [], fees: [], payouts: [], now: 0 };
          for (const [n, o] of ops.entries()) {
            const before = footprint(s);
            const done = await step(s, ids, clabes, m, o, n);
            if (!done) continue;
            expect({ op: o, status: done.reply.status }).toEqual({ op: o, status: done.expected });
            if (done.expected >= 400) expect(footprint(s)).toEqual(before);
            if (done.expected === 412) expect(done.reply.body.error_code).toBe(4001);
            expect(s.store.ledger.check()).toEqual([]);
            expect(await balances(s, ids)).toEqual(m.balance.map((b, i) => (i === NO_ACCOUNT ? 0 : b)));
          }
        } finally {
          s.close();
        }
      }),
      { numRuns: 40 },
    );
    // about 1,000 operations: seconds alone, longer beside the whole suite on two cores
  }, 180_000);
});
