/**
 * Subscriptions (spec, Endpoints > Subscriptions; Resources > Subscription object), customer level: create with a
 * token, a stored card or an inline card; the trial from trial_end_date or the plan; get, list, update and cancel
 * (as the public server SDKs call them). Each refusal answers its exact Error and leaves nothing behind: no
 * subscription, card, charge, ledger entry, event or job, and the token unused.
 */
import { describe, expect, it } from 'vitest';
import { CARD, createCustomer, expectError, tokenize, useSandbox } from './helpers';
import {
  advance,
  chargesOf,
  createPlan,
  DAY,
  DECLINED,
  footprint,
  getSubscription,
  subscribe,
  subscribeWithToken,
} from './billing-helpers';

const api = useSandbox();
const deactivated = useSandbox({ merchant: { status: 'deleted' } });
const lenient = useSandbox({ lenient: true });

const SUBSCRIPTION_KEYS = [
  'cancel_at_period_end',
  'card',
  'charge_date',
  'creation_date',
  'current_period_number',
  'customer_id',
  'id',
  'period_end_date',
  'plan_id',
  'status',
  'trial_end_date',
];

describe('POST /customers/{id}/subscriptions', () => {
  it('with a token and the plan trial: trial, first charge the day after; the token became a card of the customer', async () => {
    const plan = await createPlan(api, { trial_days: 30 });
    const customer = await createCustomer(api);
    const tok = await tokenize(api);
    const r = await subscribe(api, customer, { plan_id: plan.id, source_id: tok });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(SUBSCRIPTION_KEYS);
    expect(r.body).toMatchObject({
      id: expect.stringMatching(/^s[a-z0-9]{19}$/),
      creation_date: '2026-03-10T12:00:00-06:00',
      status: 'trial',
      cancel_at_period_end: false,
      trial_end_date: '2026-04-08',
      charge_date: '2026-04-09',
      period_end_date: '2026-04-08',
      current_period_number: 0,
      plan_id: plan.id,
      customer_id: customer,
      card: { card_number: 'XXXXXXXXXXXX1111', brand: 'visa', customer_id: customer, holder_name: CARD.holder_name },
    });
    const cards = (await api.call('GET', `/customers/${customer}/cards`)).body;
    expect(cards).toStrictEqual([r.body.card]);
    expect(await chargesOf(api, customer)).toEqual([]);
    // the token is used up
    expectError(await subscribe(api, customer, { plan_id: plan.id, source_id: tok }), 3006, 412, 'single-use');
    expect((await getSubscription(api, customer, r.body.id)).card.id).toBe(r.body.card.id);
  });

  it('with a stored card and no trial: charged at once (a card charge naming the subscription), active', async () => {
    const plan = await createPlan(api, { amount: 249.5 });
    const customer = await createCustomer(api);
    const card = (await api.call('POST', `/customers/${customer}/cards`, { body: CARD })).body;
    const merchant = api.sandbox.store.ledger.balance('merchant');
    const r = await subscribe(api, customer, { plan_id: plan.id, source_id: card.id });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: 'active',
      trial_end_date: '2026-03-10',
      charge_date: '2026-04-10',
      period_end_date: '2026-04-09',
      current_period_number: 1,
      card: card,
    });
    const [charge] = await chargesOf(api, customer);
    expect(charge).toMatchObject({
      transaction_type: 'charge',
      method: 'card',
      status: 'completed',
      amount: 249.5,
      currency: 'MXN',
      customer_id: customer,
      order_id: null,
      subscription_id: r.body.id,
      authorization: expect.stringMatching(/^\d{6}$/),
      card: { id: card.id },
    });
    expect(api.sandbox.store.ledger.balance('merchant') - merchant).toBe(24950);
    expect(api.sandbox.store.events.of(charge.id).map((e) => e.type)).toEqual(['charge.succeeded']);
  });

  it('with an inline card (and device_session_id) through the card rules; trial_end_date given; cancel_at_period_end', async () => {
    const plan = await createPlan(api, { trial_days: 30 });
    const customer = await createCustomer(api);
    const r = await subscribe(api, customer, {
      plan_id: plan.id,
      card: { ...CARD, card_number: '5555555555554444', device_session_id: 'dsid0123456789abcdefABCDEF012345' },
      trial_end_date: '2026-03-20',
      cancel_at_period_end: true,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: 'trial',
      trial_end_date: '2026-03-20',
      period_end_date: '2026-03-20',
      charge_date: null,
      cancel_at_period_end: true,
      card: { brand: 'mastercard', card_number: 'XXXXXXXXXXXX4444' },
    });
  });

  it('trial_end_date today is a one-day trial; a past date means no trial (charged now, trial_end_date the day it started)', async () => {
    const plan = await createPlan(api, { trial_days: 30 });
    const customer = await createCustomer(api);
    const today = await subscribeWithToken(api, customer, plan.id, { trial_end_date: '2026-03-10' });
    expect(today).toMatchObject({ status: 'trial', trial_end_date: '2026-03-10', charge_date: '2026-03-11' });
    const past = await subscribeWithToken(api, customer, plan.id, { trial_end_date: '2025-12-24' });
    expect(past).toMatchObject({ status: 'active', trial_end_date: '2026-03-10', charge_date: '2026-04-10', current_period_number: 1 });
    expect((await chargesOf(api, customer)).map((c) => c.subscription_id)).toEqual([past.id]);
  });

  it('a plan without a trial (trial_days 0): charged now, and trial_end_date is not a past date (the day it started)', async () => {
    const plan = await createPlan(api, { trial_days: 0 });
    const customer = await createCustomer(api);
    const s = await subscribeWithToken(api, customer, plan.id);
    expect(s).toMatchObject({ status: 'active', trial_end_date: '2026-03-10', charge_date: '2026-04-10', current_period_number: 1 });
    expect(s.trial_end_date >= s.creation_date.slice(0, 10)).toBe(true);
  });

  it('1001 for each malformed member, naming it; nothing left behind and the token unused', async () => {
    const plan = await createPlan(api);
    const customer = await createCustomer(api);
    const tok = await tokenize(api);
    const cases: [Record<string, unknown>, string][] = [
      [{ source_id: tok }, 'plan_id'],
      [{ plan_id: plan.id }, 'source_id'],
      [{ plan_id: plan.id, source_id: tok, card: CARD }, 'source_id'],
      [{ plan_id: 'pln-bad!', source_id: tok }, 'plan_id'],
      [{ plan_id: plan.id, source_id: 'x'.repeat(46) }, 'source_id'],
      [{ plan_id: plan.id, source_id: tok, trial_end_date: '2026-3-20' }, 'trial_end_date'],
      [{ plan_id: plan.id, source_id: tok, trial_end_date: '2026-02-30' }, 'trial_end_date'],
      [{ plan_id: plan.id, source_id: tok, trial_end_date: '2026-03-20T00:00:00' }, 'trial_end_date'],
      [{ plan_id: plan.id, source_id: tok, trial_end_date: 20260320 }, 'trial_end_date'],
      [{ plan_id: plan.id, source_id: tok, cancel_at_period_end: 'yes' }, 'cancel_at_period_end'],
      [{ plan_id: plan.id, card: 'visa' }, 'card'],
      [{ plan_id: plan.id, card: { ...CARD, holder_name: undefined } }, 'card.holder_name'],
      [{ plan_id: plan.id, card: { ...CARD, device_session_id: 'bad id!' } }, 'device_session_id'],
    ];
    for (const [body, field] of cases) {
      const before = footprint(api);
      expectError(await subscribe(api, customer, body), 1001, 400, field);
      expect(footprint(api)).toEqual(before);
    }
    expect((await api.call('POST', `/customers/${customer}/cards`, { body: { token_id: tok, device_session_id: 'd1' } })).status).toBe(201);
  });

  it('the card rules answer their own codes for an inline card: 2004, 2005, 2006, 2009', async () => {
    const plan = await createPlan(api);
    const customer = await createCustomer(api);
    const before = footprint(api);
    expectError(await subscribe(api, customer, { plan_id: plan.id, card: { ...CARD, card_number: '4111111111111112' } }), 2004, 422);
    expectError(await subscribe(api, customer, { plan_id: plan.id, card: { ...CARD, expiration_year: '20' } }), 2005, 400);
    expectError(await subscribe(api, customer, { plan_id: plan.id, card: { ...CARD, cvv2: undefined } }), 2006, 400);
    expectError(await subscribe(api, customer, { plan_id: plan.id, card: { ...CARD, cvv2: '1234' } }), 2009, 412);
    expect(footprint(api)).toEqual(before);
  });

  it('1005: unknown customer, plan, card or token, and a card of another customer; nothing left behind', async () => {
    const plan = await createPlan(api);
    const customer = await createCustomer(api);
    const other = await createCustomer(api);
    const theirs = (await api.call('POST', `/customers/${other}/cards`, { body: CARD })).body.id;
    const merchantCard = (await api.call('POST', '/cards', { body: CARD })).body.id;
    const tok = await tokenize(api);
    const before = footprint(api);
    expectError(await subscribe(api, 'aunknown000000000000', { plan_id: plan.id, source_id: tok }), 1005, 404, 'aunknown000000000000');
    expectError(await subscribe(api, customer, { plan_id: 'plnunknown0000000000', source_id: tok }), 1005, 404, 'plnunknown0000000000');
    expectError(await subscribe(api, customer, { plan_id: plan.id, source_id: 'kunknown000000000000' }), 1005, 404, 'kunknown000000000000');
    expectError(await subscribe(api, customer, { plan_id: plan.id, source_id: theirs }), 1005, 404, theirs);
    expectError(await subscribe(api, customer, { plan_id: plan.id, source_id: merchantCard }), 1005, 404, merchantCard);
    expect(footprint(api)).toEqual(before);
    expect((await subscribe(api, customer, { plan_id: plan.id, source_id: tok })).status).toBe(201);
  });

  it('1003 for a deleted plan (it exists, but takes no new subscription) and for a trial ending over 3650 days ahead', async () => {
    const plan = await createPlan(api);
    const live = await createPlan(api);
    const customer = await createCustomer(api);
    const tok = await tokenize(api);
    expect((await api.call('DELETE', `/plans/${plan.id}`)).status).toBe(204);
    const before = footprint(api);
    expectError(await subscribe(api, customer, { plan_id: plan.id, source_id: tok }), 1003, 422, plan.id, 'deleted');
    expectError(
      await subscribe(api, customer, { plan_id: live.id, source_id: tok, trial_end_date: '2036-03-08' }),
      1003,
      422,
      'trial_end_date',
    );
    expect(footprint(api)).toEqual(before);
    expect((await subscribe(api, customer, { plan_id: live.id, source_id: tok, trial_end_date: '2036-03-07' })).status).toBe(201);
  });

  it('a declined first charge (no trial) refuses the subscription with the card error, and nothing is kept', async () => {
    const plan = await createPlan(api);
    const customer = await createCustomer(api);
    const tok = await tokenize(api, { card_number: DECLINED });
    const before = footprint(api);
    expectError(await subscribe(api, customer, { plan_id: plan.id, source_id: tok }), 3001, 402);
    expectError(await subscribe(api, customer, { plan_id: plan.id, card: { ...CARD, card_number: '4000000000030033' } }), 3003, 402);
    expect(footprint(api)).toEqual(before);
    expect((await api.call('GET', `/customers/${customer}/cards`)).body).toEqual([]);
    expect((await api.call('GET', `/customers/${customer}/subscriptions`)).body).toEqual([]);
    // the token was not used: it still stores a card
    expect((await api.call('POST', `/customers/${customer}/cards`, { body: { token_id: tok, device_session_id: 'd1' } })).status).toBe(201);
  });

  it('a token or card of a number the customer already has is that stored card (no 2002); the token is used up', async () => {
    const plan = await createPlan(api, { trial_days: 5 });
    const customer = await createCustomer(api);
    const stored = (await api.call('POST', `/customers/${customer}/cards`, { body: CARD })).body;
    const tok = await tokenize(api);
    const byToken = await subscribe(api, customer, { plan_id: plan.id, source_id: tok });
    const inline = await subscribe(api, customer, { plan_id: plan.id, card: { ...CARD, holder_name: 'Otro Nombre' } });
    expect([byToken.body.card, inline.body.card]).toStrictEqual([stored, stored]);
    expect((await api.call('GET', `/customers/${customer}/cards`)).body).toStrictEqual([stored]);
    expectError(await subscribe(api, customer, { plan_id: plan.id, source_id: tok }), 3006, 412, 'single-use');
  });

  it('1008 while the merchant account is deactivated; 1010 with the public key', async () => {
    const plan = await createPlan(deactivated);
    const customer = await createCustomer(deactivated);
    expectError(await subscribe(deactivated, customer, { plan_id: plan.id, card: CARD }), 1008, 423);
    expect(deactivated.sandbox.store.subscriptions.size).toBe(0);
    expectError(await api.call('POST', `/customers/${customer}/subscriptions`, { as: 'public', body: {} }), 1010, 403);
  });
});

describe('GET /customers/{id}/subscriptions and /{subscription_id}', () => {
  it("a customer's subscriptions newest first, paged and filtered by creation date; another customer's are 1005", async () => {
    const plan = await createPlan(api, { trial_days: 3 });
    const customer = await createCustomer(api);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await subscribeWithToken(api, customer, plan.id));
    const all = await api.call('GET', `/customers/${customer}/subscriptions`);
    expect(all.status).toBe(200);
    expect(all.body).toStrictEqual([made[2], made[1], made[0]]);
    expect((await api.call('GET', `/customers/${customer}/subscriptions?limit=2&offset=1`)).body).toStrictEqual([made[1], made[0]]);
    expect((await api.call('GET', `/customers/${customer}/subscriptions?creation=2026-03-10`)).body).toHaveLength(3);
    expect((await api.call('GET', `/customers/${customer}/subscriptions?creation[gte]=2026-03-11`)).body).toEqual([]);
    expect((await api.call('GET', `/customers/${customer}/subscriptions?creation[lte]=2026-03-09`)).body).toEqual([]);
    expectError(await api.call('GET', `/customers/${customer}/subscriptions?limit=0`), 1001, 400, 'limit');
    expectError(await api.call('GET', `/customers/${customer}/subscriptions?creation[gte]=yesterday`), 1001, 400, 'creation[gte]');
    const other = await createCustomer(api);
    expect((await api.call('GET', `/customers/${other}/subscriptions`)).body).toEqual([]);
    expectError(await api.call('GET', `/customers/${other}/subscriptions/${made[0].id}`), 1005, 404, made[0].id);
    expectError(await api.call('GET', '/customers/aunknown000000000000/subscriptions'), 1005, 404);
    expectError(await api.call('GET', `/customers/${customer}/subscriptions/sunknown000000000000`), 1005, 404);
  });
});

describe('PUT /customers/{id}/subscriptions/{subscription_id}', () => {
  it('moves the end of the trial (the charge date follows); refused once the trial is over (3006)', async () => {
    const plan = await createPlan(api, { trial_days: 10 });
    const customer = await createCustomer(api);
    const s = await subscribeWithToken(api, customer, plan.id);
    const r = await api.call('PUT', `/customers/${customer}/subscriptions/${s.id}`, { body: { trial_end_date: '2026-05-31' } });
    expect(r.status).toBe(200);
    expect(r.body).toStrictEqual({ ...s, trial_end_date: '2026-05-31', charge_date: '2026-06-01', period_end_date: '2026-05-31' });
    expect((await getSubscription(api, customer, s.id)).charge_date).toBe('2026-06-01');
    const paid = await subscribeWithToken(api, customer, (await createPlan(api)).id);
    expectError(
      await api.call('PUT', `/customers/${customer}/subscriptions/${paid.id}`, { body: { trial_end_date: '2026-06-01' } }),
      3006,
      412,
      'trial',
    );
    // the same date sent back is no change
    const same = await api.call('PUT', `/customers/${customer}/subscriptions/${paid.id}`, {
      body: { trial_end_date: paid.trial_end_date },
    });
    expect(same.body).toStrictEqual(paid);
  });

  it('a trial_end_date before today ends the trial at once: the first charge runs before the answer', async () => {
    const plan = await createPlan(api, { trial_days: 10 });
    const customer = await createCustomer(api);
    const s = await subscribeWithToken(api, customer, plan.id);
    const r = await api.call('PUT', `/customers/${customer}/subscriptions/${s.id}`, { body: { trial_end_date: '2026-03-01' } });
    expect(r.body).toMatchObject({ status: 'active', trial_end_date: '2026-03-10', current_period_number: 1, charge_date: '2026-04-10' });
    expect((await chargesOf(api, customer)).map((c) => [c.status, c.subscription_id])).toEqual([['completed', s.id]]);
  });

  it('a new card (inline or source_id) replaces the card; cancel_at_period_end set and cleared', async () => {
    const plan = await createPlan(api, { trial_days: 10 });
    const customer = await createCustomer(api);
    const s = await subscribeWithToken(api, customer, plan.id);
    const inline = await api.call('PUT', `/customers/${customer}/subscriptions/${s.id}`, {
      body: { card: { ...CARD, card_number: '5555555555554444' }, cancel_at_period_end: true },
    });
    expect(inline.body).toMatchObject({
      status: 'trial',
      cancel_at_period_end: true,
      charge_date: null,
      card: { card_number: 'XXXXXXXXXXXX4444' },
    });
    const tok = await tokenize(api, { card_number: '5062210000000009' });
    const bytoken = await api.call('PUT', `/customers/${customer}/subscriptions/${s.id}`, {
      body: { source_id: tok, cancel_at_period_end: false },
    });
    expect(bytoken.body).toMatchObject({
      status: 'trial',
      cancel_at_period_end: false,
      charge_date: '2026-03-20',
      card: { brand: 'carnet' },
    });
    expect((await api.call('GET', `/customers/${customer}/cards`)).body).toHaveLength(3);
  });

  it('refusals: 1001 malformed, 1003 a trial too long, 1005 unknown, the card rules; nothing changes', async () => {
    const plan = await createPlan(api, { trial_days: 10 });
    const customer = await createCustomer(api);
    const s = await subscribeWithToken(api, customer, plan.id);
    const path = `/customers/${customer}/subscriptions/${s.id}`;
    const before = footprint(api);
    expectError(await api.call('PUT', path, { body: { trial_end_date: '31/12/2026' } }), 1001, 400, 'trial_end_date');
    expectError(await api.call('PUT', path, { body: { card: CARD, source_id: await tokenize(api) } }), 1001, 400, 'source_id');
    expectError(await api.call('PUT', path, { body: { cancel_at_period_end: 1 } }), 1001, 400, 'cancel_at_period_end');
    expectError(await api.call('PUT', path, { body: { card: { ...CARD, card_number: '4111111111111112' } } }), 2004, 422);
    expectError(await api.call('PUT', path, { body: { source_id: 'kunknown000000000000' } }), 1005, 404);
    expectError(await api.call('PUT', path, { body: { trial_end_date: '2036-03-08' } }), 1003, 422, 'trial_end_date');
    expectError(await api.call('PUT', `/customers/${customer}/subscriptions/sunknown000000000000`, { body: {} }), 1005, 404);
    expect(footprint(api)).toEqual(before);
    expect(await getSubscription(api, customer, s.id)).toStrictEqual(s);
  });
});

describe('DELETE /customers/{id}/subscriptions/{subscription_id}', () => {
  it('204: cancelled at once, never charged again; a second DELETE or a PUT is 3006', async () => {
    const plan = await createPlan(api);
    const customer = await createCustomer(api);
    const s = await subscribeWithToken(api, customer, plan.id);
    const r = await api.call('DELETE', `/customers/${customer}/subscriptions/${s.id}`);
    expect(r.status).toBe(204);
    expect(r.body).toBeNull();
    expect(await getSubscription(api, customer, s.id)).toStrictEqual({ ...s, status: 'cancelled', charge_date: null });
    expectError(await api.call('DELETE', `/customers/${customer}/subscriptions/${s.id}`), 3006, 412, 'cancelled');
    expectError(await api.call('PUT', `/customers/${customer}/subscriptions/${s.id}`, { body: { cancel_at_period_end: true } }), 3006, 412);
    expectError(await api.call('DELETE', `/customers/${customer}/subscriptions/sunknown000000000000`), 1005, 404);
    expect(api.sandbox.store.jobs.pendingFor(s.id)).toEqual([]);
    await advance(api, 40 * DAY);
    expect(await chargesOf(api, customer)).toHaveLength(1);
    expect(api.sandbox.store.ledger.check()).toEqual([]);
  });
});

describe("card_id, the older clients' name for source_id", () => {
  it('strict: refused (1001 source_id is required), nothing created; lenient: read as source_id, with a warning', async () => {
    for (const [sandbox, strict] of [
      [api, true],
      [lenient, false],
    ] as const) {
      const plan = await createPlan(sandbox);
      const customer = await createCustomer(sandbox);
      const card = await sandbox.call('POST', `/customers/${customer}/cards`, { body: CARD });
      expect(card.status).toBe(201);
      const r = await sandbox.call('POST', `/customers/${customer}/subscriptions`, { body: { plan_id: plan.id, card_id: card.body.id } });
      if (strict) {
        expectError(r, 1001, 400, 'source_id');
        expect((await sandbox.call('GET', `/customers/${customer}/subscriptions`)).body).toEqual([]);
      } else {
        expect(r.status).toBe(201);
        expect(r.body.card.id).toBe(card.body.id);
        expect(r.headers.get('x-sandbox-warning')).toContain('card_id read as source_id');
      }
    }
  });
});
