/**
 * Store (cash) and bank (SPEI) charges (spec, Endpoints > Charges: "Store charge", "Bank charge"; Transaction
 * `payment_method`, `due_date`; States: in_progress), over HTTP: created at merchant and customer level, paid through
 * the simulation API (`store-payments`, `spei-transfers`), cancelled on the clock at their due date or by the
 * merchant, never refunded; the barcode images (decoded by zxing-wasm), the printable slip; every refusal with its
 * Error object and nothing left behind; the ledger balanced.
 */
import { OFFLINE_CHARGE_REQUEST } from '../../src/http/example-requests';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { clabeProblem } from '../../src/domain/clabe';
import { STORE_CHAINS, storeCatalog } from '../../src/resources/stores/catalog';
import { startSandbox } from '../../src/server';
import { basic, charge, createCustomer, CREDS, expectError, NOW, orderId, useSandbox, XFF, type TestApi } from './helpers';

const api = useSandbox();

const CUSTOMER = { name: 'Ana', last_name: 'Pérez', email: 'ana@example.com' };

/** A store or bank charge body (merchant level, with a customer and a fresh order id). */
const body = (method: 'store' | 'bank_account', extra: Record<string, unknown> = {}) => ({
  method,
  ...OFFLINE_CHARGE_REQUEST,
  order_id: orderId(),
  customer: CUSTOMER,
  ...extra,
});

/** POSTs to the simulation API. */
export const sim = (a: TestApi, path: string, b: unknown) => a.call('POST', path, { body: b, prefix: `/sandbox/v1/${CREDS.merchantId}` });

/** What the sandbox holds: transactions, events, ledger entries, keys (a refused request changes none). */
const counts = (a: TestApi) => {
  const s = a.sandbox.store;
  return {
    transactions: s.transactions.size,
    events: s.events.size,
    keys: s.chargeKeys.size,
    ledger: (s.db.prepare('SELECT count(*) AS n FROM ledger').get() as { n: number }).n,
  };
};

const eventsOf = (a: TestApi, id: string) => a.sandbox.store.events.of(id).map((e) => e.type);

/** A store of the chain `slug`. */
const storeOf = (slug: string) => storeCatalog().find((s) => STORE_CHAINS[s.chain]!.slug === slug)!.id_store;

let decoder: (png: Uint8Array) => Promise<string[]>;
beforeAll(() => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer } });
  decoder = async (png) => (await readBarcodes(png, { formats: ['Code128'] })).map((r) => r.text);
});

describe('store charge: created in_progress with its references, barcodes, slip and due date', () => {
  it('merchant level: 201 in_progress, payment_method of type store, due in 7 days, no authorization, charge.created, no money', async () => {
    const b = body('store');
    const r = await charge(api, b);
    expect(r.status).toBe(201);
    const pm = r.body.payment_method;
    expect(r.body).toMatchObject({
      transaction_type: 'charge',
      operation_type: 'in',
      method: 'store',
      status: 'in_progress',
      amount: 250.5,
      currency: 'MXN',
      authorization: null,
      order_id: b.order_id,
      customer_id: null,
      creation_date: '2026-03-10T12:00:00-06:00',
      due_date: '2026-03-17T12:00:00-06:00',
    });
    expect(Object.keys(pm).sort()).toEqual(['barcode_cashnet_url', 'barcode_url', 'cashnet_reference', 'reference', 'slip_url', 'type']);
    expect(pm.type).toBe('store');
    expect(pm.reference).toMatch(/^SBX[A-Z2-9]{13}$/);
    expect(pm.cashnet_reference).toMatch(/^[1-9]\d{17}$/);
    expect(pm.barcode_url).toBe(`${api.baseUrl}/barcodes/${pm.reference}.png`);
    expect(pm.barcode_cashnet_url).toBe(`${api.baseUrl}/barcodes/${pm.cashnet_reference}.png`);
    expect(pm.slip_url).toBe(`${api.baseUrl}/slips/${r.body.id}`);
    expect(eventsOf(api, r.body.id)).toEqual(['charge.created']);
    expect(api.sandbox.store.ledger.entriesOf(r.body.id)).toEqual([]);
    expect((await api.call('GET', `/charges/${r.body.id}`)).body).toStrictEqual(r.body);
  });

  it('due_date is read as ISO 8601 and shown in central time; a plain date is the end of that day', async () => {
    const utc = await charge(api, body('store', { due_date: '2026-03-12T05:00:00Z' }));
    expect(utc.body.due_date).toBe('2026-03-11T23:00:00-06:00');
    const day = await charge(api, body('store', { due_date: '2026-03-20' }));
    expect(day.body.due_date).toBe('2026-03-20T23:59:59-06:00');
  });

  it('customer level: the customer comes from the path (no customer member needed)', async () => {
    const id = await createCustomer(api);
    const r = await charge(api, { ...body('store'), customer: undefined }, `/customers/${id}/charges`);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ customer_id: id, status: 'in_progress' });
    expect((await api.call('GET', `/customers/${id}/charges/${r.body.id}`)).body.id).toBe(r.body.id);
    expect((await api.call('GET', `/charges/${r.body.id}`)).status).toBe(404); // another level
  });
});

describe('store charge: paid at a store (POST /sandbox/v1/{merchant_id}/store-payments)', () => {
  it('by its reference: completed, the money from outside:store to the merchant, charge.succeeded; a second payment is 3006 and changes nothing', async () => {
    const c = (await charge(api, body('store'))).body;
    const before = api.sandbox.store.ledger.balance('merchant');
    const paid = await sim(api, '/store-payments', { reference: c.payment_method.reference, amount: 250.5 });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ id: c.id, status: 'completed', authorization: null, method: 'store' });
    expect(api.sandbox.store.ledger.balance('merchant') - before).toBe(25_050);
    expect(api.sandbox.store.ledger.entriesOf(c.id).map((e) => [e.account, e.cents])).toEqual([
      ['outside:store', -25_050],
      ['merchant', 25_050],
    ]);
    expect(eventsOf(api, c.id)).toEqual(['charge.created', 'charge.succeeded']);
    const n = counts(api);
    expectError(await sim(api, '/store-payments', { reference: c.payment_method.reference, amount: 250.5 }), 3006, 412, 'completed');
    expect(counts(api)).toEqual(n);
  });

  it("by the network's reference, at a store of a chosen chain", async () => {
    const c = (await charge(api, body('store'))).body;
    const paid = await sim(api, '/store-payments', {
      reference: c.payment_method.cashnet_reference,
      amount: 250.5,
      id_store: storeOf('tulipan'),
    });
    expect(paid.body.status).toBe('completed');
  });

  it("a customer-level charge of a customer with an account pays into the customer's balance", async () => {
    const id = await createCustomer(api, { requires_account: true });
    const c = (await charge(api, { ...body('store'), customer: undefined }, `/customers/${id}/charges`)).body;
    await sim(api, '/store-payments', { reference: c.payment_method.reference, amount: 250.5 });
    expect((await api.call('GET', `/customers/${id}`)).body.balance).toBe(250.5);
  });

  it("a customer's own store reference receives a deposit of any amount (as a SPEI transfer to its CLABE does)", async () => {
    const id = await createCustomer(api, { requires_account: true });
    const ref = (await api.call('GET', `/customers/${id}`)).body.store.reference;
    const r = await sim(api, '/store-payments', { reference: ref, amount: 75 });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ customer_id: id, method: 'store', status: 'completed', amount: 75, operation_type: 'in' });
    expect(eventsOf(api, r.body.id)).toEqual(['charge.succeeded']);
    await sim(api, '/store-payments', { reference: ref, amount: 25 });
    expect((await api.call('GET', `/customers/${id}`)).body.balance).toBe(100);
  });

  it.each([
    ['another amount', { amount: 250 }, 1003, 422, "the charge's amount"],
    [
      "over the chain's max_amount (Abarrotes Nopalito: 2,000.00)",
      { amount: 3000, id_store: storeOf('nopalito') },
      1003,
      422,
      'max_amount',
    ],
    ['at an unknown store', { id_store: 999_999 }, 1005, 404, 'Store 999999'],
    ['of an unknown reference', { reference: 'SBXNOSUCHREF2345' }, 1005, 404, 'SBXNOSUCHREF2345'],
    ['with a malformed reference', { reference: 'sbx lower' }, 1001, 400, 'reference'],
  ])('a payment %s is refused (%s) and changes nothing', async (_what, patch, code, http, mention) => {
    const amount = 'id_store' in patch && !('amount' in patch) ? 250.5 : 3000;
    const c = (await charge(api, body('store', { amount }))).body;
    const n = counts(api);
    const r = await sim(api, '/store-payments', { reference: c.payment_method.reference, amount, ...patch });
    expectError(r, code, http, mention);
    expect(counts(api)).toEqual(n);
    expect((await api.call('GET', `/charges/${c.id}`)).body.status).toBe('in_progress');
  });
});

describe('on the clock (a sandbox of its own: the clock moves)', () => {
  const clocked = useSandbox();

  it('unpaid at its due date: cancelled by the clock with error_message and charge.cancelled; a payment after it is 3006', async () => {
    const c = (await charge(clocked, body('store', { due_date: '2026-03-11T12:00:00-06:00' }))).body;
    await sim(clocked, '/clock/advance', { seconds: 86_400 - 60 });
    expect((await clocked.call('GET', `/charges/${c.id}`)).body.status).toBe('in_progress');
    await sim(clocked, '/clock/advance', { seconds: 60 });
    const got = (await clocked.call('GET', `/charges/${c.id}`)).body;
    expect(got).toMatchObject({ status: 'cancelled', error_message: 'The charge was not paid by its due date (cancelled)' });
    expect(got.operation_date).toBe('2026-03-11T12:00:00-06:00');
    expect(eventsOf(clocked, c.id)).toEqual(['charge.created', 'charge.cancelled']);
    expectError(await sim(clocked, '/store-payments', { reference: c.payment_method.reference, amount: 250.5 }), 3006, 412, 'cancelled');
  });

  it('a paid charge stays completed past its due date; a bank charge past its due date is cancelled, a transfer after it returned (3006)', async () => {
    const paid = (await charge(clocked, body('store'))).body;
    await sim(clocked, '/store-payments', { reference: paid.payment_method.reference, amount: 250.5 });
    const bank = (await charge(clocked, body('bank_account'))).body;
    await sim(clocked, '/clock/advance', { seconds: 8 * 86_400 });
    expect((await clocked.call('GET', `/charges/${paid.id}`)).body.status).toBe('completed');
    expect((await clocked.call('GET', `/charges/${bank.id}`)).body.status).toBe('cancelled');
    expectError(await sim(clocked, '/spei-transfers', { clabe: bank.payment_method.clabe, amount: 250.5 }), 3006, 412, 'cancelled');
    expect(clocked.sandbox.store.ledger.check()).toEqual([]);
  });
});

describe('store charge: cancelled by the merchant', () => {
  it('POST /charges/{id}/cancel before it is paid: cancelled, its reference refused, no event at its due date', async () => {
    const c = (await charge(api, body('store'))).body;
    const r = await api.call('POST', `/charges/${c.id}/cancel`, { body: {} });
    expect(r.body).toMatchObject({ id: c.id, status: 'cancelled' });
    expectError(await sim(api, '/store-payments', { reference: c.payment_method.reference, amount: 250.5 }), 3006, 412);
    expect(api.sandbox.store.jobs.pendingFor(c.id)).toEqual([]);
    expect(eventsOf(api, c.id)).toEqual(['charge.created', 'charge.cancelled']);
  });

  it('a paid store charge is neither cancelled nor refunded (3006): cash goes back by a payout', async () => {
    const c = (await charge(api, body('store'))).body;
    await sim(api, '/store-payments', { reference: c.payment_method.reference, amount: 250.5 });
    expectError(await api.call('POST', `/charges/${c.id}/cancel`, { body: {} }), 3006, 412);
    expectError(await api.call('POST', `/charges/${c.id}/refund`, { body: {} }), 3006, 412, 'card and wallet');
  });
});

describe('store charge: barcodes and the printable slip', () => {
  it('each barcode is a Code 128 PNG that decodes to its reference; made once, then served from the cache', async () => {
    const c = (await charge(api, body('store'))).body;
    const pm = c.payment_method;
    for (const [url, text] of [
      [pm.barcode_url, pm.reference],
      [pm.barcode_cashnet_url, pm.cashnet_reference],
    ]) {
      const r = await fetch(url);
      expect([r.status, r.headers.get('content-type'), r.headers.get('x-sandbox-cache')]).toEqual([200, 'image/png', 'miss']);
      expect(await decoder(new Uint8Array(await r.arrayBuffer()))).toEqual([text]);
    }
    const again = await fetch(pm.barcode_url);
    expect(again.headers.get('x-sandbox-cache')).toBe('hit');
    expect(await decoder(new Uint8Array(await again.arrayBuffer()))).toEqual([pm.reference]);
  });

  it("a customer's store reference has its barcode too; an unknown or malformed reference is 404 (no image for arbitrary text)", async () => {
    const id = await createCustomer(api, { requires_account: true });
    const store = (await api.call('GET', `/customers/${id}`)).body.store;
    const r = await fetch(store.barcode_url);
    expect(await decoder(new Uint8Array(await r.arrayBuffer()))).toEqual([store.reference]);
    for (const path of ['/barcodes/SBXUNKNOWN234567.png', '/barcodes/..%2Fx.png', '/barcodes/abc.gif'])
      expect((await fetch(api.baseUrl + path)).status).toBe(404);
  });

  it('the slip: amount, reference, barcode, due date and how to pay, under a strict CSP with no script; "Pagado" once paid', async () => {
    const c = (await charge(api, body('store'))).body;
    const r = await fetch(c.payment_method.slip_url);
    expect(r.status).toBe(200);
    const csp = r.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    const html = await r.text();
    for (const s of [
      'Ficha de pago en efectivo',
      '$250.50 MXN',
      c.payment_method.reference,
      c.payment_method.cashnet_reference,
      `<img class="barcode" src="/barcodes/${c.payment_method.reference}.png"`,
      '2026-03-17 12:00 (UTC-06:00)',
      'Cómo pagar',
      'Pedido 1042',
    ])
      expect(html).toContain(s);
    expect(html).not.toContain('<script');
    expect(await (await fetch(`${c.payment_method.slip_url}?lang=en`)).text()).toContain('Cash payment slip');
    await sim(api, '/store-payments', { reference: c.payment_method.reference, amount: 250.5 });
    const paid = await (await fetch(c.payment_method.slip_url)).text();
    expect(paid).toContain('<p class="status paid" id="status">Pagado</p>');
    // a record once paid: no barcode to scan, no steps to pay it
    expect(paid).not.toContain('Cómo pagar');
    expect(paid).not.toContain('<img class="barcode"');
    expect((await fetch(`${api.baseUrl}/slips/trnosuchcharge00000`)).status).toBe(404);
  });
});

describe('bank (SPEI) charge', () => {
  it('201 in_progress with a CLABE of its own (valid check digit), the agreement, bank and reference; customer optional', async () => {
    const r = await charge(api, body('bank_account', { customer: undefined }));
    expect(r.status).toBe(201);
    const pm = r.body.payment_method;
    expect(r.body).toMatchObject({
      method: 'bank_account',
      status: 'in_progress',
      authorization: null,
      due_date: '2026-03-17T12:00:00-06:00',
    });
    expect(pm).toEqual({
      type: 'bank_transfer',
      agreement: expect.stringMatching(/^\d+$/),
      bank: 'STP',
      clabe: expect.stringMatching(/^646180\d{12}$/),
      name: expect.stringMatching(/^\d{7}$/),
      slip_url: `${api.baseUrl}/slips/${r.body.id}`,
    });
    expect(clabeProblem(pm.clabe)).toBeNull();
    const other = (await charge(api, body('bank_account'))).body.payment_method.clabe;
    expect(other).not.toBe(pm.clabe);
    const slip = await (await fetch(pm.slip_url)).text();
    for (const s of ['Ficha de pago por transferencia SPEI', pm.clabe, pm.name, '$250.50 MXN', 'otro importe se devuelve'])
      expect(slip).toContain(s);
  });

  it('a SPEI transfer of the exact amount to its CLABE completes it: charge.succeeded and spei.received, money from outside:bank', async () => {
    const c = (await charge(api, body('bank_account'))).body;
    const r = await sim(api, '/spei-transfers', { clabe: c.payment_method.clabe, amount: 250.5 });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ id: c.id, status: 'completed', authorization: null });
    expect(eventsOf(api, c.id)).toEqual(['charge.created', 'charge.succeeded', 'spei.received']);
    expect(api.sandbox.store.ledger.entriesOf(c.id).map((e) => [e.account, e.cents])).toEqual([
      ['outside:bank', -25_050],
      ['merchant', 25_050],
    ]);
    const n = counts(api);
    expectError(await sim(api, '/spei-transfers', { clabe: c.payment_method.clabe, amount: 250.5 }), 3006, 412, 'returned');
    expect(counts(api)).toEqual(n);
  });

  it('another amount is returned to the sender (1003): the charge stays in_progress, nothing moves', async () => {
    const c = (await charge(api, body('bank_account'))).body;
    const n = counts(api);
    for (const amount of [250, 250.51, 1])
      expectError(await sim(api, '/spei-transfers', { clabe: c.payment_method.clabe, amount }), 1003, 422, 'exactly', 'returned');
    expect(counts(api)).toEqual(n);
    expect((await api.call('GET', `/charges/${c.id}`)).body.status).toBe('in_progress');
  });

  it("a customer's CLABE still receives deposits (the charge handler passes it on)", async () => {
    const id = await createCustomer(api, { requires_account: true });
    const clabe = (await api.call('GET', `/customers/${id}`)).body.clabe;
    const r = await sim(api, '/spei-transfers', { clabe, amount: 12.34 });
    expect(r.body).toMatchObject({ customer_id: id, method: 'bank', status: 'completed' });
  });
});

describe('bad input: each kind checked by its schema, nothing left behind', () => {
  it.each([
    ['store', { customer: undefined }, 1001, 400, 'customer is required'],
    ['store', { description: undefined }, 1001, 400, 'description'],
    ['store', { description: 'd'.repeat(251) }, 1001, 400, 'description'],
    ['store', { order_id: 'o'.repeat(101) }, 1001, 400, 'order_id'],
    ['store', { amount: 0 }, 1001, 400, 'amount'],
    ['store', { amount: 10.001 }, 1001, 400, 'amount'],
    ['store', { currency: 'USD' }, 1001, 400, 'currency'],
    ['store', { due_date: 'next friday' }, 1001, 400, 'due_date is malformed'],
    ['store', { due_date: '2026-02-30' }, 1001, 400, 'due_date'],
    ['store', { due_date: '2026-03-10T11:59:59-06:00' }, 1003, 422, 'due_date must be after'],
    ['store', { due_date: '2027-06-01' }, 1003, 422, 'at most a year'],
    ['store', { amount: 15_000.01 }, 1003, 422, 'max_amount'],
    ['bank_account', { description: '' }, 1001, 400, 'description'],
    ['bank_account', { currency: 'EUR' }, 1001, 400, 'currency'],
    ['bank_account', { due_date: 20260320 }, 1001, 400, 'due_date'],
  ] as const)('%s %j -> %i', async (method, patch, code, http, mention) => {
    const n = counts(api);
    expectError(await charge(api, { ...body(method), ...patch }), code, http, mention);
    expect(counts(api)).toEqual(n);
  });

  it('a reused order_id is 1006 across kinds; the X-Forwarded-For header is required on every kind', async () => {
    const b = body('store');
    expect((await charge(api, b)).status).toBe(201);
    const n = counts(api);
    expectError(await charge(api, { ...body('bank_account'), order_id: b.order_id }), 1006, 409);
    expectError(await api.call('POST', '/charges', { body: body('bank_account') }), 1001, 400, 'X-Forwarded-For');
    expect(counts(api)).toEqual(n);
  });

  it('an unknown method is 1001 naming method', async () => {
    expectError(await charge(api, body('store', { method: 'cash' })), 1001, 400, 'method');
  });
});

describe('invariants', () => {
  it('the ledger holds: every operation balanced, no balance below zero', () => {
    expect(api.sandbox.store.ledger.check()).toEqual([]);
  });
});

describe('nothing lost on restart', () => {
  it('a store and a bank charge made before a restart are paid and expire after it (their keys and jobs are in the data file)', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'kinds-')), 'sandbox.db');
    const first = await startSandbox({ ...CREDS, now: () => NOW, db, port: 0 });
    const post = (base: string, b: unknown) =>
      fetch(`${base}/v1/${CREDS.merchantId}/charges`, {
        method: 'POST',
        headers: { Authorization: basic(CREDS.privateKey), 'Content-Type': 'application/json', ...XFF },
        body: JSON.stringify(b),
      }).then((r) => r.json());
    const store = await post(first.baseUrl, body('store'));
    const bank = await post(first.baseUrl, body('bank_account', { due_date: '2026-03-11' }));
    await first.close();
    const second = await startSandbox({ ...CREDS, now: () => NOW, db, port: 0 });
    try {
      const simulate = (path: string, b: unknown) =>
        fetch(`${second.baseUrl}/sandbox/v1/${CREDS.merchantId}${path}`, {
          method: 'POST',
          headers: { Authorization: basic(CREDS.privateKey), 'Content-Type': 'application/json' },
          body: JSON.stringify(b),
        }).then((r) => r.json());
      expect((await simulate('/store-payments', { reference: store.payment_method.reference, amount: 250.5 })).status).toBe('completed');
      await simulate('/clock/advance', { seconds: 2 * 86_400 });
      expect(second.store.transactions.get(bank.id)!.status).toBe('cancelled');
      expect(second.store.ledger.check()).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('deactivated merchant (1008)', () => {
  const off = useSandbox({ merchant: { status: 'deleted' } });
  it('refuses every kind and the store payments', async () => {
    for (const b of [body('store'), body('bank_account')]) expectError(await charge(off, b), 1008, 423);
    expectError(await sim(off, '/store-payments', { reference: 'SBXAAAAAAAAAAAAA', amount: 1 }), 1008, 423);
    expect(off.sandbox.store.transactions.size).toBe(0);
  });
});
