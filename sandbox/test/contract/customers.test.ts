/** Customers and the common list filters (spec, Endpoints > Customers; list filters; Errors 2003). */
import { describe, expect, it } from 'vitest';
import { CREDS, expectError, useSandbox } from './helpers';

describe('customers', () => {
  const api = useSandbox();

  it('POST -> the Customer object; GET returns it; DELETE -> 204 and then 1005', async () => {
    const address = { line1: 'Reforma 222', postal_code: '06600', state: 'CDMX', city: 'CDMX', country_code: 'mx' };
    const r = await api.call('POST', '/customers', {
      body: { name: 'Ana', last_name: 'Pérez', email: 'ana@example.com', phone_number: '+52 55 1234 5678', address, external_id: 'crm-1' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toStrictEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{1,45}$/),
      name: 'Ana',
      last_name: 'Pérez',
      email: 'ana@example.com',
      phone_number: '+52 55 1234 5678',
      address: { ...address, country_code: 'MX' },
      creation_date: '2026-03-10T12:00:00-06:00',
      external_id: 'crm-1',
      status: 'active',
      balance: 0,
      clabe: expect.stringMatching(/^\d{18}$/),
      store: {
        reference: expect.stringMatching(/^SBX[A-Z0-9]{13}$/),
        barcode_url: expect.stringMatching(/\/barcodes\/SBX[A-Z0-9]{13}\.png$/),
      },
    });
    expect((await api.call('GET', `/customers/${r.body.id}`)).body).toStrictEqual(r.body);
    const del = await api.call('DELETE', `/customers/${r.body.id}`);
    expect(del.status).toBe(204);
    expect(del.body).toBeNull();
    expectError(await api.call('GET', `/customers/${r.body.id}`), 1005, 404);
  });

  it("a customer has an account by default (clabe, store, balance, as the spec's Customer object); requires_account false opts out", async () => {
    const made = await api.call('POST', '/customers', { body: { name: 'Ivo', email: 'ivo@example.com' } });
    expect(made.body).toMatchObject({ clabe: expect.stringMatching(/^\d{18}$/), balance: 0, store: { reference: expect.any(String) } });
    const deposit = await api.call('POST', '/spei-transfers', {
      prefix: `/sandbox/v1/${CREDS.merchantId}`,
      body: { clabe: made.body.clabe, amount: 12.5 },
    });
    expect(deposit.status).toBe(201);
    const without = await api.call('POST', '/customers', { body: { name: 'Eli', email: 'eli@example.com', requires_account: false } });
    expect(without.body).not.toHaveProperty('clabe');
    expect(without.body).not.toHaveProperty('store');
  });

  it('a customer without an account shows no balance and no status, created, read and listed (as the Java SDK reads it)', async () => {
    const made = await api.call('POST', '/customers', { body: { name: 'Eli', email: 'eli@example.com', requires_account: false } });
    const listed = (await api.call('GET', '/customers?limit=100')).body.find((c: { id: string }) => c.id === made.body.id);
    for (const shown of [made.body, (await api.call('GET', `/customers/${made.body.id}`)).body, listed]) {
      expect(shown).toMatchObject({ id: made.body.id, name: 'Eli' });
      expect(shown).not.toHaveProperty('balance');
      expect(shown).not.toHaveProperty('status');
    }
    const withAccount = await api.call('POST', '/customers', { body: { name: 'Ivo', email: 'ivo@example.com' } });
    expect(withAccount.body).toMatchObject({ status: 'active', balance: 0 });
  });

  it('optional fields default to null', async () => {
    const r = await api.call('POST', '/customers', { body: { name: 'Bo', email: 'bo@example.com' } });
    expect(r.body).toMatchObject({ last_name: null, phone_number: null, address: null, external_id: null });
  });

  it('2003: an external_id already used; free again once that customer is deleted', async () => {
    const first = await api.call('POST', '/customers', { body: { name: 'A', email: 'a@example.com', external_id: 'dup-1' } });
    expectError(
      await api.call('POST', '/customers', { body: { name: 'B', email: 'b@example.com', external_id: 'dup-1' } }),
      2003,
      409,
      'dup-1',
    );
    await api.call('DELETE', `/customers/${first.body.id}`);
    expect((await api.call('POST', '/customers', { body: { name: 'B', email: 'b@example.com', external_id: 'dup-1' } })).status).toBe(201);
  });

  it.each([
    [{ email: 'a@example.com' }, 'name'],
    [{ name: 'A' }, 'email'],
    [{ name: 'A', email: 'nope' }, 'email'],
    [{ name: 'A', email: 'a@example.com', address: { line1: 'x' } }, 'address.postal_code'],
  ])('%j -> 1001 naming %s', async (body, field) => {
    expectError(await api.call('POST', '/customers', { body }), 1001, 400, field);
  });
});

describe('list filters (GET /customers)', () => {
  // A clock the tests move: customers are created on 2026-03-01, 03-02 and 03-03 (central time).
  let now = new Date('2026-03-01T18:00:00Z');
  const api = useSandbox({ now: () => now });
  const names = (r: { body: { name: string }[] }) => r.body.map((c) => c.name);

  const seed = async () => {
    if (api.sandbox.store.customers.size) return;
    for (const [day, list] of [
      ['01', ['a1', 'a2']],
      ['02', ['b1', 'b2', 'b3']],
      ['03', ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']],
    ] as const) {
      // 23:30 central time is already the next day in UTC: the filters must use the sandbox's time zone.
      now = new Date(`2026-03-${day}T23:30:00-06:00`);
      for (const name of list) {
        const r = await api.call('POST', '/customers', { body: { name, email: `${name}@example.com`, external_id: `ext-${name}` } });
        expect(r.status).toBe(201);
      }
    }
  };

  it('newest first, default limit 10, offset 0', async () => {
    await seed();
    expect(names(await api.call('GET', '/customers'))).toEqual(['c7', 'c6', 'c5', 'c4', 'c3', 'c2', 'c1', 'b3', 'b2', 'b1']);
  });

  it.each([
    ['offset=8&limit=3', ['b2', 'b1', 'a2']],
    ['offset=11', ['a1']],
    ['offset=20', []],
    ['limit=1', ['c7']],
    ['creation=2026-03-02', ['b3', 'b2', 'b1']],
    ['creation[gte]=2026-03-02&creation[lte]=2026-03-02', ['b3', 'b2', 'b1']],
    ['creation[lte]=2026-03-01', ['a2', 'a1']],
    ['creation[gte]=2026-03-03&limit=2&offset=1', ['c6', 'c5']],
    ['creation=2026-03-04', []],
    ['external_id=ext-b2', ['b2']],
    ['external_id=ext-none', []],
  ])('?%s', async (query, expected) => {
    await seed();
    expect(names(await api.call('GET', `/customers?${query.replace(/\[/g, '%5B').replace(/\]/g, '%5D')}`))).toEqual(expected);
  });

  it('unencoded brackets work too', async () => {
    await seed();
    expect(names(await api.call('GET', '/customers?creation[lte]=2026-03-01'))).toEqual(['a2', 'a1']);
  });

  it('a limit above 100 is capped at 100 with X-Sandbox-Warning, never refused (the public SDKs send 10000)', async () => {
    const r = await api.call('GET', '/customers?limit=10000');
    expect(r.status).toBe(200);
    expect(r.headers.get('X-Sandbox-Warning')).toBe('limit 10000 capped at 100, the largest page');
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['creation=2026-13-01', 'creation'],
    ['creation%5Bgte%5D=yesterday', 'creation[gte]'],
  ])('?%s -> 1001 naming %s', async (query, param) => {
    expectError(await api.call('GET', `/customers?${query}`), 1001, 400, param);
  });
});
