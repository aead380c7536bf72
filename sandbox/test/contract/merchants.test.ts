/**
 * Merchants on demand and their isolation (sandbox/src/merchants/): each created merchant answers on its own
 * `/v1/{id}` and simulation API with its own keys, sees none of the others' data, has its own clock, and is gone
 * with its data once deleted; snapshots bring data, ledger and clock back exactly; seeds load all or nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEED_REQUEST } from '../../src/http/example-requests';
import { startSandbox } from '../../src/server';
import { DashboardClient } from './dashboard-client';
import { basic, CREDS, expectError, NOW, useSandbox, type TestApi } from './helpers';

const api = useSandbox();

/** The sandbox's own answer to the merchants' management calls, with the primary's key unless told. */
const manage = (method: string, path = '', key = CREDS.privateKey) =>
  api.call(method, path, { prefix: '/sandbox/v1/merchants', as: { authorization: basic(key) } });

type Keys = { id: string; public_key: string; private_key: string };

/** A call as merchant `m` under `/v1/{m.id}` (or `/sandbox/v1/{m.id}` with `sim`). */
const as = (t: TestApi, m: Keys, method: string, path: string, body?: unknown, sim = false) =>
  t.call(method, path, { prefix: `${sim ? '/sandbox' : ''}/v1/${m.id}`, as: { authorization: basic(m.private_key) }, body });

const PRIMARY: Keys = { id: CREDS.merchantId, public_key: CREDS.publicKey, private_key: CREDS.privateKey };

describe('merchants on demand', () => {
  it('201 {id, public_key, private_key}; the merchant works with its own keys and sees none of the others', async () => {
    const r = await manage('POST');
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(['id', 'private_key', 'public_key']);
    const m = r.body as Keys;
    expect(m.id).toMatch(/^m[a-z0-9]{19}$/);
    const mine = await as(api, m, 'POST', '/customers', { name: 'Mía', email: 'mia@example.com' });
    expect(mine.status).toBe(201);
    expect((await as(api, PRIMARY, 'GET', `/customers/${mine.body.id}`)).status).toBe(404);
    expect((await as(api, m, 'GET', '/customers')).body.map((c: { id: string }) => c.id)).toEqual([mine.body.id]);
    // its public key tokenizes on its own path (the hosted fields' call), and no key crosses to another merchant
    const token = await api.call('POST', '/tokens', {
      prefix: `/v1/${m.id}`,
      as: { authorization: basic(m.public_key) },
      body: { card_number: '4111111111111111', holder_name: 'Mía', expiration_month: '12', expiration_year: '35', cvv2: '123' },
    });
    expect(token.status).toBe(201);
    expectError(await as(api, { ...PRIMARY, private_key: m.private_key }, 'GET', '/customers'), 1002, 401);
    expectError(await as(api, { ...m, private_key: CREDS.privateKey }, 'GET', '/customers'), 1002, 401);
  });

  it('only the primary private key manages merchants; DELETE removes the merchant and its data', async () => {
    const m = (await manage('POST')).body as Keys;
    expectError(await manage('POST', '', m.private_key), 1002, 401);
    expectError(await manage('POST', '', CREDS.publicKey), 1002, 401);
    expectError(await manage('DELETE', `/${CREDS.merchantId}`), 3006, 412);
    expect((await as(api, m, 'POST', '/customers', { name: 'Ida', email: 'ida@example.com' })).status).toBe(201);
    expect((await manage('DELETE', `/${m.id}`)).status).toBe(204);
    expectError(await as(api, m, 'GET', '/customers'), 1002, 401);
    expectError(await manage('DELETE', `/${m.id}`), 1005, 404);
  });

  it('past --max-merchants: 1003 until one is deleted', async () => {
    const s = await startSandbox({ ...CREDS, port: 0, maxMerchants: 2 });
    try {
      const post = () =>
        fetch(`${s.baseUrl}/sandbox/v1/merchants`, { method: 'POST', headers: { Authorization: basic(CREDS.privateKey) } });
      const [a] = [await (await post()).json(), await post()];
      const third = await post();
      expect([third.status, (await third.json()).error_code]).toEqual([422, 1003]);
      await s.deleteMerchant(a.id);
      expect((await post()).status).toBe(201);
    } finally {
      await s.close();
    }
  });
});

describe('isolation under random interleavings (fast-check)', () => {
  it("two merchants' records and clocks never cross", async () => {
    const op = fc.record({
      who: fc.constantFrom(0, 1),
      kind: fc.constantFrom('customer', 'advance', 'deposit'),
      seconds: fc.integer({ min: 1, max: 40 * 86_400 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const ms = [(await manage('POST')).body as Keys, (await manage('POST')).body as Keys];
        const model = ms.map(() => ({ offset: 0, customers: [] as string[], balance: 0 }));
        try {
          for (const o of ops) {
            const m = ms[o.who]!;
            const mine = model[o.who]!;
            if (o.kind === 'advance') {
              expect((await as(api, m, 'POST', '/clock/advance', { seconds: o.seconds }, true)).status).toBe(200);
              mine.offset += o.seconds * 1000;
            } else {
              const c = await as(api, m, 'POST', '/customers', { name: 'N', email: 'n@example.com', requires_account: true });
              expect(c.status).toBe(201);
              // dated by its own merchant's clock alone
              expect(Date.parse(c.body.creation_date)).toBe(NOW.getTime() + mine.offset);
              mine.customers.push(c.body.id);
              if (o.kind === 'deposit') {
                expect((await as(api, m, 'POST', '/spei-transfers', { clabe: c.body.clabe, amount: 10 }, true)).status).toBe(201);
                mine.balance += 1000;
              }
            }
          }
          for (const [i, m] of ms.entries()) {
            const clock = await as(api, m, 'GET', '/clock', undefined, true);
            expect(Date.parse(clock.body.now)).toBe(NOW.getTime() + model[i]!.offset);
            const listed = await as(api, m, 'GET', '/customers?limit=100');
            expect(listed.body.map((c: { id: string }) => c.id).sort()).toEqual([...model[i]!.customers].sort());
            const cents = listed.body.reduce((sum: number, c: { balance: number }) => sum + Math.round(c.balance * 100), 0);
            expect(cents).toBe(model[i]!.balance);
          }
          // the primary's clock and records stayed where they were
          expect(Date.parse((await as(api, PRIMARY, 'GET', '/clock', undefined, true)).body.now)).toBe(NOW.getTime());
        } finally {
          for (const m of ms) await manage('DELETE', `/${m.id}`);
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});

describe('one app shared by the created merchants', () => {
  it('requests of several merchants at once each reach their own data and clock', async () => {
    const ms = [(await manage('POST')).body as Keys, (await manage('POST')).body as Keys, (await manage('POST')).body as Keys];
    try {
      await Promise.all(ms.map((m, i) => as(api, m, 'POST', '/clock/advance', { seconds: (i + 1) * 86_400 }, true)));
      // interleaved: every merchant's creations in flight together
      const made = await Promise.all(
        Array.from({ length: 24 }, (_, k) => as(api, ms[k % 3]!, 'POST', '/customers', { name: `N${k}`, email: `n${k}@example.com` })),
      );
      for (const [i, m] of ms.entries()) {
        const mine = made.filter((_, k) => k % 3 === i);
        for (const c of mine) {
          expect(c.status).toBe(201);
          expect(Date.parse(c.body.creation_date)).toBe(NOW.getTime() + (i + 1) * 86_400_000);
        }
        const listed = await as(api, m, 'GET', '/customers?limit=100');
        expect(listed.body.map((c: { id: string }) => c.id).sort()).toEqual(mine.map((c) => c.body.id).sort());
      }
    } finally {
      for (const m of ms) await manage('DELETE', `/${m.id}`);
    }
  });
});

describe('snapshots', () => {
  it('a restore brings data, ledger and clock back exactly, earlier time included; the ledger stays balanced', async () => {
    const store = api.sandbox.store;
    const ledgerRows = () => store.db.prepare('SELECT * FROM ledger ORDER BY seq').all();
    const balances = () => store.db.prepare('SELECT * FROM balances ORDER BY account, currency').all();
    const customer = (await as(api, PRIMARY, 'POST', '/customers', { name: 'S', email: 's@example.com', requires_account: true })).body;
    await as(api, PRIMARY, 'POST', '/spei-transfers', { clabe: customer.clabe, amount: 250 }, true);
    const before = {
      ledger: ledgerRows(),
      balances: balances(),
      customer: (await as(api, PRIMARY, 'GET', `/customers/${customer.id}`)).body,
    };
    const clockBefore = (await as(api, PRIMARY, 'GET', '/clock', undefined, true)).body.now;
    const snap = await as(api, PRIMARY, 'POST', '/snapshots', undefined, true);
    expect(snap.status).toBe(201);
    // afterwards: more money, a later clock, a payout settling, a new customer
    await as(api, PRIMARY, 'POST', '/spei-transfers', { clabe: customer.clabe, amount: 100 }, true);
    const later = (await as(api, PRIMARY, 'POST', '/customers', { name: 'L', email: 'l@example.com' })).body;
    await as(api, PRIMARY, 'POST', '/clock/advance', { seconds: 10 * 86_400 }, true);
    expect(ledgerRows()).not.toEqual(before.ledger);
    const restored = await as(api, PRIMARY, 'POST', `/snapshots/${snap.body.id}/restore`, undefined, true);
    expect(restored.status).toBe(200);
    expect(restored.body.now).toBe(clockBefore);
    expect((await as(api, PRIMARY, 'GET', '/clock', undefined, true)).body.now).toBe(clockBefore);
    expect(ledgerRows()).toEqual(before.ledger);
    expect(balances()).toEqual(before.balances);
    expect(store.ledger.check()).toEqual([]);
    expect((await as(api, PRIMARY, 'GET', `/customers/${customer.id}`)).body).toEqual(before.customer);
    expectError(await as(api, PRIMARY, 'GET', `/customers/${later.id}`), 1005, 404);
    // the store keeps working after it: new records, counted and balanced
    expect((await as(api, PRIMARY, 'POST', '/spei-transfers', { clabe: customer.clabe, amount: 1 }, true)).status).toBe(201);
    expect(store.ledger.check()).toEqual([]);
    expectError(await as(api, PRIMARY, 'POST', '/snapshots/snapnone000000000000/restore', undefined, true), 1005, 404);
  });

  it("one merchant's restore leaves another's data and clock alone", async () => {
    const [a, b] = [(await manage('POST')).body as Keys, (await manage('POST')).body as Keys];
    const snap = (await as(api, a, 'POST', '/snapshots', undefined, true)).body.id;
    await as(api, b, 'POST', '/customers', { name: 'B', email: 'b@example.com' });
    await as(api, b, 'POST', '/clock/advance', { seconds: 3600 }, true);
    await as(api, a, 'POST', '/customers', { name: 'A', email: 'a@example.com' });
    expect((await as(api, a, 'POST', `/snapshots/${snap}/restore`, undefined, true)).status).toBe(200);
    expect((await as(api, a, 'GET', '/customers')).body).toEqual([]);
    expect((await as(api, b, 'GET', '/customers')).body).toHaveLength(1);
    expect(Date.parse((await as(api, b, 'GET', '/clock', undefined, true)).body.now)).toBe(NOW.getTime() + 3_600_000);
    expectError(await as(api, b, 'POST', `/snapshots/${snap}/restore`, undefined, true), 1005, 404);
  });
});

describe('seed', () => {
  it('loads customers with cards and bank accounts, cards, plans; a refused entry names its member and leaves nothing', async () => {
    const m = (await manage('POST')).body as Keys;
    const r = await as(api, m, 'POST', '/seed', SEED_REQUEST, true); // the OpenAPI document's example
    expect([r.status, r.body]).toEqual([201, { customers: 1, cards: 3, bank_accounts: 1, plans: 1, webhooks: 0 }]);
    expect((await as(api, m, 'GET', '/cards')).body).toHaveLength(2);
    const bad = await as(
      api,
      m,
      'POST',
      '/seed',
      { customers: [{ name: 'Bo', email: 'bo@example.com', cards: ['4111111111111112'] }] },
      true,
    );
    expectError(bad, 2004, 422, 'customers.0.cards.0');
    expect((await as(api, m, 'GET', '/customers')).body).toHaveLength(1);
    expectError(await as(api, m, 'POST', '/seed', { customers: [], extra: [] }, true), 1001, 400, 'extra');
  });
});

describe('production mode', () => {
  it('answers none of it: no merchants on demand, snapshots or seeds', async () => {
    const s = await startSandbox({ ...CREDS, port: 0, mode: 'production' });
    try {
      const post = (path: string) => fetch(`${s.baseUrl}${path}`, { method: 'POST', headers: { Authorization: basic(CREDS.privateKey) } });
      for (const path of ['/sandbox/v1/merchants', `/sandbox/v1/${CREDS.merchantId}/snapshots`, `/sandbox/v1/${CREDS.merchantId}/seed`])
        expect([path, (await post(path)).status]).toEqual([path, 404]);
      await expect(s.createMerchant()).rejects.toMatchObject({ error: { error_code: 1005 } });
    } finally {
      await s.close();
    }
  });
});

describe('dashboard', () => {
  it("signs in with a created merchant's private key and shows that merchant and its clock", async () => {
    const m = (await manage('POST')).body as Keys;
    await as(api, m, 'POST', '/clock/advance', { seconds: 400 * 86_400 }, true); // 2027-04-14
    const theirs = await new DashboardClient(api.baseUrl).signedIn(m.private_key);
    const page = (await theirs.get('/dashboard/clock')).text;
    expect(page).toContain(m.id);
    expect(page).toContain('2027');
    const primary = await new DashboardClient(api.baseUrl).signedIn(CREDS.privateKey);
    const own = (await primary.get('/dashboard/clock')).text;
    expect(own).toContain(CREDS.merchantId);
    expect(own).not.toContain('2027');
    // a deleted merchant's session is no session: its cookie now reaches the primary, which does not know it
    await manage('DELETE', `/${m.id}`);
    expect((await theirs.get('/dashboard/clock')).status).toBe(303);
  });
});
