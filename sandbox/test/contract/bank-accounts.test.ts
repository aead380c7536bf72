/**
 * Bank accounts of customers (spec, Endpoints > Bank accounts; Resources > Bank account object; Limits; Errors 2001):
 * the CLABE checked (18 digits 1001, check digit and bank catalog 1003), returned masked with its bank from the
 * catalog, one CLABE per customer, list and delete; every refusal leaves no trace.
 */
import { describe, expect, it } from 'vitest';
import { makeClabe } from '../../src/domain/clabe';
import { expectError, useSandbox } from './helpers';
import { accountCustomer, freshClabe, leavesNoTrace } from './money-helpers';

const api = useSandbox();

/** A new customer (without an account: bank accounts need none). */
const newCustomer = async () => {
  const r = await api.call('POST', '/customers', { body: { name: 'Ana', email: 'ana@example.com' } });
  return r.body.id as string;
};
const create = (customer: string, body: unknown) => api.call('POST', `/customers/${customer}/bankaccounts`, { body });

describe('POST /customers/{id}/bankaccounts', () => {
  it('201: the Bank account object, the CLABE masked (first three and last five digits), the bank from the catalog', async () => {
    const customer = await newCustomer();
    const clabe = makeClabe('072', '580', '12345678901');
    const r = await create(customer, { holder_name: '  Ana Pérez  ', alias: 'Nómina', clabe });
    expect(r.status).toBe(201);
    expect(r.body).toStrictEqual({
      id: expect.stringMatching(/^b[a-z0-9]{19}$/),
      holder_name: 'Ana Pérez',
      alias: 'Nómina',
      clabe: `072XXXXXXXXXX${clabe.slice(-5)}`,
      bank_name: 'BANORTE',
      bank_code: '072',
      creation_date: '2026-03-10T12:00:00-06:00',
    });
    expect(JSON.stringify(r.body)).not.toContain(clabe);
    expect((await api.call('GET', `/customers/${customer}/bankaccounts/${r.body.id}`)).body).toStrictEqual(r.body);
  });

  it.each([
    ['002', 'BANAMEX'],
    ['012', 'BBVA MEXICO'],
    ['014', 'SANTANDER'],
    ['021', 'HSBC'],
    ['127', 'AZTECA'],
    ['137', 'BANCOPPEL'],
    ['646', 'STP'],
  ])('bank code %s is %s', async (code, name) => {
    const r = await create(await newCustomer(), { holder_name: 'Ana', clabe: freshClabe(code) });
    expect([r.status, r.body.bank_code, r.body.bank_name]).toEqual([201, code, name]);
  });

  it('alias is optional (null), and a CLABE sent with spaces around it is trimmed', async () => {
    const clabe = freshClabe();
    const r = await create(await newCustomer(), { holder_name: 'Ana', clabe: ` ${clabe} ` });
    expect([r.status, r.body.alias, r.body.clabe]).toEqual([201, null, `${clabe.slice(0, 3)}XXXXXXXXXX${clabe.slice(-5)}`]);
  });

  it('2001: a CLABE already on the customer; the same CLABE on another customer is accepted', async () => {
    const customer = await newCustomer();
    const clabe = freshClabe();
    expect((await create(customer, { holder_name: 'Ana', clabe })).status).toBe(201);
    const r = await leavesNoTrace(api, () => create(customer, { holder_name: 'Otra', clabe }));
    expectError(r, 2001, 409, 'CLABE', customer);
    expect((await create(await newCustomer(), { holder_name: 'Ana', clabe })).status).toBe(201);
  });

  const clabe = freshClabe();
  const wrongDigit = `${clabe.slice(0, 17)}${(Number(clabe[17]) + 1) % 10}`;
  it.each([
    [{ clabe }, 1001, 'holder_name'],
    [{ holder_name: '', clabe }, 1001, 'holder_name'],
    [{ holder_name: 'A'.repeat(81), clabe }, 1001, 'holder_name'],
    [{ holder_name: 'Ana\u202eZ', clabe }, 1001, 'holder_name'],
    [{ holder_name: 'Ana\nPérez', clabe }, 1001, 'holder_name'],
    [{ holder_name: 42, clabe }, 1001, 'holder_name'],
    [{ holder_name: 'Ana', alias: 'x'.repeat(46), clabe }, 1001, 'alias'],
    [{ holder_name: 'Ana', alias: 'a\u200bb', clabe }, 1001, 'alias'],
    [{ holder_name: 'Ana' }, 1001, 'clabe'],
    [{ holder_name: 'Ana', clabe: clabe.slice(1) }, 1001, 'clabe'],
    [{ holder_name: 'Ana', clabe: `${clabe}0` }, 1001, 'clabe'],
    [{ holder_name: 'Ana', clabe: `0${'1'.repeat(45)}` }, 1001, 'clabe'],
    [{ holder_name: 'Ana', clabe: `${clabe.slice(0, 17)}A` }, 1001, 'clabe'],
    [{ holder_name: 'Ana', clabe: Number(clabe) }, 1001, 'clabe'],
    [{ holder_name: 'Ana', clabe: wrongDigit }, 1003, 'check digit'],
    [{ holder_name: 'Ana', clabe: makeClabe('999', '180', '12345678901') }, 1003, 'bank code 999'],
    [{ holder_name: 'Ana', clabe: makeClabe('003', '180', '12345678901') }, 1003, 'bank code 003'],
  ])('%j -> %i naming %s, nothing stored', async (body, code, mention) => {
    const customer = await newCustomer();
    const r = await leavesNoTrace(api, () => create(customer, body));
    expectError(r, code, code === 1003 ? 422 : 400, mention);
  });

  it('1001 for a body that is not an object; 1005 for an unknown customer', async () => {
    expectError(await leavesNoTrace(api, () => create(`a${'0'.repeat(19)}`, { holder_name: 'Ana', clabe })), 1005, 404, 'Customer');
    expectError(await create(await newCustomer(), [1, 2]), 1001, 400);
  });

  it('the public key may not register one (1010)', async () => {
    const customer = await newCustomer();
    expectError(
      await api.call('POST', `/customers/${customer}/bankaccounts`, { as: 'public', body: { holder_name: 'A', clabe } }),
      1010,
      403,
    );
  });
});

describe('GET and DELETE /customers/{id}/bankaccounts/{id}', () => {
  it("1005 for an unknown id and for another customer's account", async () => {
    const [a, b] = [await newCustomer(), await newCustomer()];
    const r = await create(a, { holder_name: 'Ana', clabe: freshClabe() });
    expectError(await api.call('GET', `/customers/${b}/bankaccounts/${r.body.id}`), 1005, 404, r.body.id);
    expectError(await api.call('GET', `/customers/${a}/bankaccounts/bdoesnotexist0000000`), 1005, 404);
    expectError(await api.call('DELETE', `/customers/${b}/bankaccounts/${r.body.id}`), 1005, 404);
    expect((await api.call('GET', `/customers/${a}/bankaccounts/${r.body.id}`)).status).toBe(200);
  });

  it('DELETE -> 204 with an empty body; then 1005, gone from the list, and its CLABE may be registered again', async () => {
    const customer = await newCustomer();
    const clabe = freshClabe();
    const r = await create(customer, { holder_name: 'Ana', clabe });
    const del = await api.call('DELETE', `/customers/${customer}/bankaccounts/${r.body.id}`);
    expect([del.status, del.body]).toEqual([204, null]);
    expectError(await api.call('GET', `/customers/${customer}/bankaccounts/${r.body.id}`), 1005, 404);
    expect((await api.call('GET', `/customers/${customer}/bankaccounts`)).body).toEqual([]);
    expect((await create(customer, { holder_name: 'Ana', clabe })).status).toBe(201);
  });

  it('deleting the customer deletes its bank accounts (its transactions stay)', async () => {
    const { id } = await accountCustomer(api);
    const r = await create(id, { holder_name: 'Eva', clabe: freshClabe() });
    expect(api.sandbox.store.bankAccounts.has(r.body.id)).toBe(true);
    expect((await api.call('DELETE', `/customers/${id}`)).status).toBe(204);
    expect(api.sandbox.store.bankAccounts.has(r.body.id)).toBe(false);
  });
});

describe('GET /customers/{id}/bankaccounts (list)', () => {
  it("the customer's accounts only, newest first, paged by offset and limit; creation filters", async () => {
    const customer = await newCustomer();
    await create(await newCustomer(), { holder_name: 'Other', clabe: freshClabe() });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await create(customer, { holder_name: `Holder ${i}`, clabe: freshClabe() })).body.id);
    const list = (q = '') => api.call('GET', `/customers/${customer}/bankaccounts${q}`);
    expect((await list()).body.map((b: { id: string }) => b.id)).toEqual([...ids].reverse());
    expect((await list('?offset=1&limit=2')).body.map((b: { id: string }) => b.id)).toEqual([ids[2], ids[1]]);
    expect((await list('?creation=2026-03-10')).body).toHaveLength(4);
    expect((await list('?creation[gte]=2026-03-11')).body).toEqual([]);
    expect((await list('?creation[lte]=2026-03-09')).body).toEqual([]);
    expectError(await list('?limit=0'), 1001, 400, 'limit');
    expectError(await list('?creation=2026-02-30'), 1001, 400, 'creation');
    expectError(await api.call('GET', `/customers/a${'0'.repeat(19)}/bankaccounts`), 1005, 404);
  });
});
