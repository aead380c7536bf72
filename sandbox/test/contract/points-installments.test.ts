/**
 * Reward points and months without interest over HTTP (spec, Charges: use_card_points, payment_plan; Resources >
 * CardPoints, PaymentPlan; Cards: GET .../points; Errors 2008, 3003, 3006).
 */
import { describe, expect, it } from 'vitest';
import { splitPoints } from '../../src/domain/card/points';
import { POINTS_SHORT } from '../../src/domain/card/settle';
import { POINTS_CARD_REQUEST } from '../../src/http/example-requests';
import { CARD, charge, chargeBody, expectError, tokenize, useSandbox } from './helpers';

const VISA_POINTS = POINTS_CARD_REQUEST.card_number; // 50,000 points
const MC_POINTS = '5100000000004000'; // 1,000 points = MXN 100.00
const DEBIT = '4000000000000507';

const log: string[] = [];
const api = useSandbox({ log: (l) => log.push(l) });

const balance = async (path: string) => (await api.call('GET', path)).body;

describe('points cards', () => {
  it('Token and Card say points_card true for a points card, false otherwise; the balance endpoints', async () => {
    const tok = await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, card_number: VISA_POINTS } });
    expect(tok.body.card.points_card).toBe(true);
    expect((await api.call('POST', '/tokens', { as: 'public', body: CARD })).body.card.points_card).toBe(false);
    const card = await api.call('POST', '/cards', { body: { ...CARD, card_number: MC_POINTS } });
    expect(card.body).toMatchObject({ points_card: true, type: 'credit', brand: 'mastercard' });
    expect(await balance(`/tokens/${tok.body.id}/points`)).toEqual([
      { points_type: 'SANDBOX', remaining_points: '50000', remaining_mxn: '5000.00' },
    ]);
    expect(await balance(`/cards/${card.body.id}/points`)).toEqual([
      { points_type: 'SANDBOX', remaining_points: '1000', remaining_mxn: '100.00' },
    ]);
    expectError(await api.call('GET', `/tokens/${await tokenize(api)}/points`), 2008, 412);
  });

  it('ONLY_POINTS: the points pay the whole amount; card_points; the balance goes down', async () => {
    const card = await api.call('POST', '/cards', { body: { ...CARD, card_number: VISA_POINTS } });
    const r = await charge(api, chargeBody(card.body.id, { amount: 349.5, use_card_points: 'ONLY_POINTS' }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: 'completed',
      amount: 349.5,
      authorization: expect.stringMatching(/^\d{6}$/),
      card_points: { used: 3495, remaining: 46505, amount: 349.5, caption: expect.stringContaining('3495 puntos') },
    });
    expect((await api.call('GET', `/charges/${r.body.id}`)).body.card_points).toEqual(r.body.card_points);
    expect((await balance(`/cards/${card.body.id}/points`))[0].remaining_points).toBe('46505');
  });

  it('MIXED: the points pay what they cover, the card the rest; then ONLY_POINTS with no points left fails 3003', async () => {
    const card = await api.call('POST', '/cards', { body: { ...CARD, card_number: MC_POINTS } });
    const r = await charge(api, chargeBody(card.body.id, { amount: 349.5, use_card_points: 'MIXED' }));
    expect(r.status).toBe(201);
    // 1,000 points = MXN 100.00 from points, MXN 249.50 from the card
    expect(r.body.card_points).toMatchObject({ used: 1000, remaining: 0, amount: 100 });
    const body = chargeBody(card.body.id, { amount: 10, use_card_points: 'ONLY_POINTS' });
    expectError(await charge(api, body), 3003, 402, 'ONLY_POINTS');
    const [failed] = (await api.call('GET', `/charges?order_id=${body.order_id}`)).body;
    expect(failed).toMatchObject({ status: 'failed', authorization: null, error_message: POINTS_SHORT.description });
    expect(failed).not.toHaveProperty('card_points');
    expect((await balance(`/cards/${card.body.id}/points`))[0].remaining_points).toBe('0');
  });

  it('NONE (the default) on a points card uses no points; a failed charge spends none', async () => {
    const card = await api.call('POST', '/cards', { body: { ...CARD, card_number: VISA_POINTS } });
    const before = (await balance(`/cards/${card.body.id}/points`))[0].remaining_points;
    const r = await charge(api, chargeBody(card.body.id));
    expect(r.status).toBe(201);
    expect(r.body).not.toHaveProperty('card_points');
    expect((await balance(`/cards/${card.body.id}/points`))[0].remaining_points).toBe(before);
  });

  it('2008 for ONLY_POINTS or MIXED on a card without points; the token is not used up', async () => {
    const tok = await tokenize(api);
    expectError(await charge(api, chargeBody(tok, { use_card_points: 'ONLY_POINTS' })), 2008, 412);
    expectError(await charge(api, chargeBody(tok, { use_card_points: 'MIXED' })), 2008, 412);
    expect((await charge(api, chargeBody(tok))).status).toBe(201);
  });

  it('points with 3-D Secure are spent only when the authentication completes', async () => {
    const card = await api.call('POST', '/cards', { body: { ...CARD, card_number: VISA_POINTS } });
    const before = Number((await balance(`/cards/${card.body.id}/points`))[0].remaining_points);
    const r = await charge(
      api,
      chargeBody(card.body.id, { amount: 10, use_card_points: 'MIXED', use_3d_secure: true, redirect_url: 'https://shop.example/r' }),
    );
    expect(r.body).toMatchObject({ status: 'charge_pending' });
    expect(r.body).not.toHaveProperty('card_points');
    expect(Number((await balance(`/cards/${card.body.id}/points`))[0].remaining_points)).toBe(before);
    const code = log.map((l) => new RegExp(`^3ds ${r.body.id} one-time code (\\d{6})$`).exec(l)?.[1]).find(Boolean)!;
    const done = await fetch(r.body.payment_method.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'approve', code }).toString(),
    });
    expect(done.status).toBe(303);
    const tx = (await api.call('GET', `/charges/${r.body.id}`)).body;
    expect(tx).toMatchObject({ status: 'completed', card_points: { used: 100, remaining: before - 100, amount: 10 } });
    expect(Number((await balance(`/cards/${card.body.id}/points`))[0].remaining_points)).toBe(before - 100);
  });
});

describe('splitPoints (points at MXN 0.10)', () => {
  it.each([
    [349.5, 50_000, 'ONLY_POINTS', { used: 3495, remaining: 46_505, amount: 349.5 }],
    [0.05, 10, 'ONLY_POINTS', { used: 1, remaining: 9, amount: 0.05 }], // rounded up to a whole point
    [349.5, 1000, 'ONLY_POINTS', null],
    [349.5, 1000, 'MIXED', { used: 1000, remaining: 0, amount: 100 }],
    [50, 1000, 'MIXED', { used: 500, remaining: 500, amount: 50 }],
    [50, 0, 'MIXED', { used: 0, remaining: 0, amount: 0 }],
  ] as const)('%d with %d points, %s -> %j', (amount, bal, use, want) => {
    const got = splitPoints(Math.round(amount * 100), bal, use);
    if (want === null) expect(got).toBeNull();
    else expect(got).toMatchObject(want);
  });

  it('3003 description of ONLY_POINTS beyond the balance names the option', () => {
    expect(POINTS_SHORT).toMatchObject({ error_code: 3003, description: expect.stringContaining('ONLY_POINTS') });
  });
});

describe('payment_plan (months without interest)', () => {
  it.each([3, 6, 9, 12, 18])('%d months on a credit card: recorded on the Transaction', async (payments) => {
    const r = await charge(api, chargeBody(await tokenize(api), { payment_plan: { payments } }));
    expect(r.status).toBe(201);
    expect(r.body.payment_plan).toEqual({ payments });
    expect((await api.call('GET', `/charges/${r.body.id}`)).body.payment_plan).toEqual({ payments });
  });

  it('other values are 1001 naming payment_plan.payments', async () => {
    for (const payments of [1, 4, 24, '3']) {
      expectError(await charge(api, chargeBody(await tokenize(api), { payment_plan: { payments } })), 1001, 400, 'payment_plan.payments');
    }
  });

  it('a debit card: 3006 naming payment_plan; without a plan the debit card is charged', async () => {
    const tok = await tokenize(api, { card_number: DEBIT });
    expect((await api.call('GET', `/tokens/${tok}`)).body.card.points_card).toBe(false);
    expectError(await charge(api, chargeBody(tok, { payment_plan: { payments: 3 } })), 3006, 412, 'payment_plan');
    const r = await charge(api, chargeBody(tok));
    expect(r.status).toBe(201);
    expect(r.body.card.type).toBe('debit');
    expect(r.body).not.toHaveProperty('payment_plan');
  });
});
