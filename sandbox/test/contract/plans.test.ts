/**
 * Plans (spec, Endpoints > Plans; Resources > Plan object; States and transitions, the Plan row): create, get,
 * update (name and trial_days only), delete (the plan becomes deleted), the list of active plans with its filters,
 * and a plan's subscriptions (as the public server SDKs call it). Each refusal answers its exact Error and leaves
 * nothing behind.
 */
import { describe, expect, it } from 'vitest';
import { createCustomer, expectError, useSandbox } from './helpers';
import { advance, createPlan, DAY, footprint, PLAN, subscribeWithToken } from './billing-helpers';

const api = useSandbox();

const PLAN_KEYS = [
  'amount',
  'creation_date',
  'currency',
  'id',
  'name',
  'repeat_every',
  'repeat_unit',
  'retry_times',
  'status',
  'status_after_retry',
  'trial_days',
];

describe('POST /plans', () => {
  it('201: the Plan object, active; status_after_retry in any case; retry_times 3 and currency MXN by default', async () => {
    const r = await api.call('POST', '/plans', {
      body: {
        name: 'Plan Curso Verano',
        amount: 150,
        repeat_every: 1,
        repeat_unit: 'month',
        status_after_retry: 'CANCELLED',
        trial_days: 30,
      },
    });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(PLAN_KEYS);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^pln[a-z0-9]{17}$/),
      creation_date: '2026-03-10T12:00:00-06:00',
      name: 'Plan Curso Verano',
      amount: 150,
      currency: 'MXN',
      repeat_every: 1,
      repeat_unit: 'month',
      retry_times: 3,
      status: 'active',
      status_after_retry: 'cancelled',
      trial_days: 30,
    });
    expect((await api.call('GET', `/plans/${r.body.id}`)).body).toStrictEqual(r.body);
  });

  it('retry_times up to 100, as the public Java SDK suite creates its plans; 101 is refused saying the bound', async () => {
    const p = await createPlan(api, { retry_times: 100 });
    expect(p).toMatchObject({ retry_times: 100, status: 'active' });
    expectError(await api.call('POST', '/plans', { body: { ...PLAN, retry_times: 101 } }), 1001, 400, 'retry_times', 'must be at most 100');
  });

  it('counts as numbers (digit strings only under --lenient: lenient-fidelity.test.ts); two decimals kept; USD; Unpaid', async () => {
    const p = await createPlan(api, {
      amount: 99.99,
      repeat_every: 2,
      trial_days: 7,
      retry_times: 0,
      currency: 'USD',
      status_after_retry: 'Unpaid',
    });
    expect(p).toMatchObject({
      amount: 99.99,
      repeat_every: 2,
      trial_days: 7,
      retry_times: 0,
      currency: 'USD',
      status_after_retry: 'unpaid',
    });
    expect(await createPlan(api, { repeat_unit: 'week', repeat_every: 365, trial_days: 3650, retry_times: 10 })).toMatchObject({
      repeat_unit: 'week',
      repeat_every: 365,
      trial_days: 3650,
      retry_times: 10,
    });
    expect((await createPlan(api, { repeat_unit: 'year', name: 'x'.repeat(255) })).name).toHaveLength(255);
  });

  const REFUSED: [what: string, field: string, body: Record<string, unknown>][] = [
    ['no name', 'name', { name: undefined }],
    ['an empty name', 'name', { name: '  ' }],
    ['a name of 256 characters', 'name', { name: 'x'.repeat(256) }],
    ['a name with a line feed', 'name', { name: 'Plan\nX' }],
    ['a name with a zero-width space', 'name', { name: 'Plan\u200bX' }],
    ['a name with a soft hyphen', 'name', { name: 'Plan\u00adX' }],
    ['no amount', 'amount', { amount: undefined }],
    ['amount zero', 'amount', { amount: 0 }],
    ['a negative amount', 'amount', { amount: -5 }],
    ['three decimals', 'amount', { amount: 10.005 }],
    ['an amount as a string', 'amount', { amount: '150' }],
    ['a currency that is not MXN or USD', 'currency', { currency: 'EUR' }],
    ['no repeat_every', 'repeat_every', { repeat_every: undefined }],
    ['repeat_every zero', 'repeat_every', { repeat_every: 0 }],
    ['repeat_every 1.5', 'repeat_every', { repeat_every: 1.5 }],
    ['repeat_every 366', 'repeat_every', { repeat_every: 366 }],
    ['repeat_every not a number', 'repeat_every', { repeat_every: 'monthly' }],
    ['repeat_every as the digits 2 (a string)', 'repeat_every', { repeat_every: '2' }],
    ['trial_days as the text 7.5', 'trial_days', { trial_days: '7.5' }],
    ['no repeat_unit', 'repeat_unit', { repeat_unit: undefined }],
    ['repeat_unit day', 'repeat_unit', { repeat_unit: 'day' }],
    ['repeat_unit Month (not in lower case)', 'repeat_unit', { repeat_unit: 'Month' }],
    ['retry_times -1', 'retry_times', { retry_times: -1 }],
    ['retry_times 101', 'retry_times', { retry_times: 101 }],
    ['no status_after_retry', 'status_after_retry', { status_after_retry: undefined }],
    ['status_after_retry paid', 'status_after_retry', { status_after_retry: 'paid' }],
    ['no trial_days', 'trial_days', { trial_days: undefined }],
    ['trial_days -1', 'trial_days', { trial_days: -1 }],
    ['trial_days 3651', 'trial_days', { trial_days: 3651 }],
  ];

  it.each(REFUSED)('1001 for %s, naming %s, and nothing stored', async (_what, field, change) => {
    const before = footprint(api);
    const r = await api.call('POST', '/plans', { body: { ...PLAN, ...change } });
    expectError(r, 1001, 400, field);
    expect(footprint(api)).toEqual(before);
  });

  it('1001 for a body that is not a JSON object; 1010 with the public key', async () => {
    expectError(await api.call('POST', '/plans', { body: '[1]' }), 1001, 400);
    expectError(await api.call('POST', '/plans', { body: PLAN, as: 'public' }), 1010, 403);
  });
});

describe('GET, PUT and DELETE /plans/{id}', () => {
  it('1005 for an unknown plan, on every operation', async () => {
    for (const [method, path, body] of [
      ['GET', '/plans/plnunknown0000000000', undefined],
      ['PUT', '/plans/plnunknown0000000000', { name: 'x' }],
      ['DELETE', '/plans/plnunknown0000000000', undefined],
      ['GET', '/plans/plnunknown0000000000/subscriptions', undefined],
    ] as const)
      expectError(await api.call(method, path, { body }), 1005, 404, 'plnunknown0000000000');
  });

  it('PUT changes name (max 80) and trial_days only; other members change nothing', async () => {
    const p = await createPlan(api, { trial_days: 5 });
    const r = await api.call('PUT', `/plans/${p.id}`, {
      body: { name: 'Café de temporada', trial_days: 14, amount: 1, repeat_unit: 'year' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toStrictEqual({ ...p, name: 'Café de temporada', trial_days: 14 });
    expect((await api.call('PUT', `/plans/${p.id}`, { body: { trial_days: 0 } })).body).toMatchObject({
      name: 'Café de temporada',
      trial_days: 0,
    });
    expect((await api.call('PUT', `/plans/${p.id}`, { body: {} })).body).toStrictEqual({ ...p, name: 'Café de temporada', trial_days: 0 });
    expect((await api.call('PUT', `/plans/${p.id}`, { body: { name: 'y'.repeat(80) } })).status).toBe(200);
  });

  it('PUT refusals: a name over 80 or with a control character, trial_days malformed (1001); nothing changes', async () => {
    const p = await createPlan(api);
    for (const [body, field] of [
      [{ name: 'y'.repeat(81) }, 'name'],
      [{ name: 'a\tb' }, 'name'],
      [{ trial_days: -2 }, 'trial_days'],
      [{ trial_days: 'soon' }, 'trial_days'],
    ] as const)
      expectError(await api.call('PUT', `/plans/${p.id}`, { body }), 1001, 400, field);
    expect((await api.call('GET', `/plans/${p.id}`)).body).toStrictEqual(p);
  });

  it('DELETE: 204 with no body, the plan is deleted (still readable), out of the list; a second DELETE or a PUT is 3006', async () => {
    const p = await createPlan(api);
    const r = await api.call('DELETE', `/plans/${p.id}`);
    expect(r.status).toBe(204);
    expect(r.body).toBeNull();
    expect((await api.call('GET', `/plans/${p.id}`)).body).toStrictEqual({ ...p, status: 'deleted' });
    const listed = (await api.call('GET', '/plans?limit=100')).body as { id: string }[];
    expect(listed.map((x) => x.id)).not.toContain(p.id);
    expectError(await api.call('DELETE', `/plans/${p.id}`), 3006, 412, 'deleted');
    expectError(await api.call('PUT', `/plans/${p.id}`, { body: { name: 'again' } }), 3006, 412, 'deleted');
    expect((await api.call('GET', `/plans/${p.id}`)).body.name).toBe(p.name);
  });
});

describe('GET /plans: the active plans, newest first, with the common filters', () => {
  it('pagination: limit and offset over newest first; limit bounds 1-100', async () => {
    const made = [];
    for (let i = 0; i < 4; i++) made.push((await createPlan(api, { name: `Page plan ${i}` })).id);
    const first = await api.call('GET', '/plans?limit=2');
    expect(first.body.map((p: { id: string }) => p.id)).toEqual([made[3], made[2]]);
    const second = await api.call('GET', '/plans?limit=2&offset=2');
    expect(second.body.map((p: { id: string }) => p.id)).toEqual([made[1], made[0]]);
    expect((await api.call('GET', '/plans')).body.length).toBeLessThanOrEqual(10);
    expectError(await api.call('GET', '/plans?limit=0'), 1001, 400, 'limit');
    const capped = await api.call('GET', '/plans?limit=10000');
    expect(capped.status).toBe(200);
    expect(capped.headers.get('X-Sandbox-Warning')).toBe('limit 10000 capped at 100, the largest page');
    expect((await api.call('GET', '/plans?limit=100')).headers.get('X-Sandbox-Warning')).toBeNull();
    expectError(await api.call('GET', '/plans?offset=-1'), 1001, 400, 'offset');
  });

  it('creation, creation[gte], creation[lte] compare the creation date (central time); a malformed date is 1001', async () => {
    const before = (await api.call('GET', '/plans?limit=100&creation=2026-03-10')).body.length;
    expect(before).toBeGreaterThan(0);
    await advance(api, DAY);
    const later = await createPlan(api, { name: 'Made on March 11' });
    expect(later.creation_date).toBe('2026-03-11T12:00:00-06:00');
    const on11 = (await api.call('GET', '/plans?limit=100&creation=2026-03-11')).body;
    expect(on11.map((p: { id: string }) => p.id)).toEqual([later.id]);
    expect((await api.call('GET', '/plans?limit=100&creation[gte]=2026-03-11')).body.map((p: { id: string }) => p.id)).toEqual([later.id]);
    expect((await api.call('GET', '/plans?limit=100&creation[lte]=2026-03-10')).body).toHaveLength(before);
    expect((await api.call('GET', '/plans?limit=100&creation[gte]=2026-03-12')).body).toEqual([]);
    expectError(await api.call('GET', '/plans?creation=2026-02-30'), 1001, 400, 'creation');
  });
});

describe("GET /plans/{id}/subscriptions: a plan's subscriptions, any status, newest first", () => {
  it('lists each customer subscribed, paged; an active plan with none gives []; a deleted plan still lists them', async () => {
    const p = await createPlan(api, { trial_days: 10 });
    expect((await api.call('GET', `/plans/${p.id}/subscriptions`)).body).toEqual([]);
    const subs = [];
    for (let i = 0; i < 3; i++) subs.push(await subscribeWithToken(api, await createCustomer(api), p.id));
    const other = await createPlan(api);
    await subscribeWithToken(api, await createCustomer(api), other.id);
    const all = await api.call('GET', `/plans/${p.id}/subscriptions`);
    expect(all.status).toBe(200);
    expect(all.body).toStrictEqual([subs[2], subs[1], subs[0]]);
    expect((await api.call('GET', `/plans/${p.id}/subscriptions?limit=1&offset=1`)).body).toStrictEqual([subs[1]]);
    await api.call('DELETE', `/customers/${subs[0].customer_id}/subscriptions/${subs[0].id}`);
    await api.call('DELETE', `/plans/${p.id}`);
    const after = (await api.call('GET', `/plans/${p.id}/subscriptions`)).body;
    expect(after.map((s: { status: string }) => s.status)).toEqual(['trial', 'trial', 'cancelled']);
    expect((await api.call('GET', `/plans/${p.id}/subscriptions?limit=500`)).headers.get('X-Sandbox-Warning')).toMatch(/capped at 100/);
  });
});
