/**
 * The dashboard's pages and buttons over HTTP (docs/sandbox.md, "Dashboard"): transactions filtered by status,
 * method, customer and date, a transaction's JSON, events and ledger entries; customers with balances and masked
 * cards; the clock and reset; the simulations as form posts that say what happened and do what the simulation API
 * does (the same services); es-MX by default and English; production mode read-only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DashboardClient, flash } from './dashboard-client';
import { charge, chargeBody, CREDS, createCustomer, tokenize, useSandbox } from './helpers';

const api = useSandbox();
const production = useSandbox({ mode: 'production' });
const sim = { prefix: `/sandbox/v1/${CREDS.merchantId}` };
let c: DashboardClient;
let done: string;
let held: string;
let failed: string;
let customer: string;
let clabe: string;

/** The ids of the transactions a page lists, in order. */
const listed = (html: string) => [...html.matchAll(/href="\/dashboard\/transactions\/(tr\w+)"/g)].map((m) => m[1]);

/** Posts a button's form as the page does, with the session token; follows the 303 and returns the page it lands on. */
async function press(action: string, fields: Record<string, string>, back: string) {
  const r = await c.post(action, { ...fields, csrf: await c.csrf(), back });
  expect(r.status, r.text).toBe(303);
  expect(r.headers.get('location')).toBe(back);
  return c.get(back);
}

beforeAll(async () => {
  customer = await createCustomer(api, { requires_account: true });
  clabe = (await api.call('GET', `/customers/${customer}`)).body.clabe;
  done = (await charge(api, chargeBody(await tokenize(api)))).body.id;
  held = (await charge(api, chargeBody(await tokenize(api, { card_number: '5555555555554444' }), { capture: false }))).body.id;
  await charge(api, chargeBody(await tokenize(api, { card_number: '4000000000000002' })));
  failed = api.sandbox.store.transactions.listWhere({ status: 'failed' }, { offset: 0, limit: 1 })[0]!.id;
  await api.call('POST', `/customers/${customer}/cards`, {
    body: { token_id: await tokenize(api), device_session_id: 'dsid0123456789abcdefABCDEF012345' },
  });
  c = await new DashboardClient(api.baseUrl).signedIn(CREDS.privateKey);
});

describe('transactions', () => {
  it('lists every transaction, newest first, and filters by status, method, type, customer and date', async () => {
    expect(listed((await c.get('/dashboard/transactions')).text)).toEqual([failed, held, done]);
    expect(listed((await c.get('/dashboard/transactions?status=failed')).text)).toEqual([failed]);
    expect(listed((await c.get('/dashboard/transactions?status=in_progress&method=card&kind=charge')).text)).toEqual([held]);
    expect(listed((await c.get('/dashboard/transactions?method=store')).text)).toEqual([]);
    expect(listed((await c.get('/dashboard/transactions?customer=merchant')).text)).toEqual([failed, held, done]);
    expect(listed((await c.get(`/dashboard/transactions?customer=${customer}`)).text)).toEqual([]);
    expect(listed((await c.get('/dashboard/transactions?from=2026-03-10&to=2026-03-10')).text)).toEqual([failed, held, done]);
    expect(listed((await c.get('/dashboard/transactions?from=2026-03-11')).text)).toEqual([]);
    const bad = await c.get('/dashboard/transactions?from=2026-02-30&status=bogus');
    expect(listed(bad.text)).toEqual([failed, held, done]); // the bad date and the unknown status are not applied
    expect(bad.text).toContain('Una fecha no es válida (aaaa-mm-dd) y no se aplicó.');
  });

  it("a transaction's detail: its facts with the card masked, the Transaction JSON, its events and its ledger entries", async () => {
    const html = (await c.get(`/dashboard/transactions/${done}`)).text;
    expect(html).toContain(`<h1>Transacción ${done}</h1>`);
    expect(html).toContain('visa 411111******1111');
    expect(html).not.toContain('4111111111111111');
    expect(html).toContain('&quot;transaction_type&quot;: &quot;charge&quot;');
    expect(html).toContain('<code>charge.succeeded</code>');
    expect(html).toMatch(/<code>outside:card<\/code><\/td><td[^>]*>-\$349\.50 MXN/);
    expect(html).toMatch(/<code>merchant<\/code><\/td><td[^>]*>\$349\.50 MXN/);
    const missing = await c.get('/dashboard/transactions/trnothere0000000000');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('No hay nada con ese identificador en este sandbox.');
  });

  it("the charge's buttons: capture a held charge, then refund part of it, through the API's own services", async () => {
    let page = await press('/dashboard/transactions/do/capture', { id: held, customer: '' }, `/dashboard/transactions/${held}`);
    expect(flash(page.text)).toBe(`ok status Hecho:Cargo capturado: ${held}, $349.50 MXN (completed). Ver la transacción`);
    page = await press('/dashboard/transactions/do/refund', { id: held, customer: '', amount: '49.50' }, `/dashboard/transactions/${held}`);
    expect(flash(page.text)).toContain('Reembolso hecho; el cargo');
    const view = (await api.call('GET', `/charges/${held}`)).body;
    expect(view).toMatchObject({ status: 'completed', refund: { amount: 49.5, status: 'completed' } });
    expect(api.sandbox.store.ledger.check()).toEqual([]);
    // refused by the service: refunding more than is left says so, with the API's error code
    page = await press('/dashboard/transactions/do/refund', { id: held, customer: '', amount: '999' }, `/dashboard/transactions/${held}`);
    expect(flash(page.text)).toMatch(/^no alert No se hizo:1003 \(422\): /);
    // a malformed amount is the API's 1001 naming the field
    page = await press('/dashboard/transactions/do/refund', { id: held, customer: '', amount: '1,5' }, `/dashboard/transactions/${held}`);
    expect(flash(page.text)).toMatch(/^no alert No se hizo:1001 \(400\): .*amount/);
  });
});

describe('customers', () => {
  it('lists customers with their balance; a customer shows its account, its cards masked and a SPEI button', async () => {
    expect((await c.get('/dashboard/customers')).text).toContain(`href="/dashboard/customers/${customer}"`);
    const html = (await c.get(`/dashboard/customers/${customer}`)).text;
    expect(html).toContain(clabe);
    expect(html).toContain('411111******1111');
    expect(html).not.toContain('4111111111111111');
    expect(html).toContain('action="/dashboard/customers/do/spei"');
  });

  it('the SPEI button: a transfer arrives at the CLABE, as POST /spei-transfers does, and the page says so', async () => {
    const page = await press('/dashboard/customers/do/spei', { clabe, amount: '250.00' }, `/dashboard/customers/${customer}`);
    expect(flash(page.text)).toContain(`Llegó una transferencia SPEI de $250.00 MXN a la CLABE ${clabe}.`);
    expect(page.text).toMatch(/Saldo<\/dt><dd>\$250\.00 MXN/);
    const [deposit] = api.sandbox.store.transactions.listWhere({ customerId: customer }, { offset: 0, limit: 5 });
    expect(deposit).toMatchObject({ status: 'completed', method: 'bank', amountCents: 25_000 });
    expect(api.sandbox.store.events.of(deposit!.id).map((e) => e.type)).toEqual(['spei.received']);
    // an unknown CLABE is refused by the service with its own error
    const refused = await press('/dashboard/customers/do/spei', { clabe: '0'.repeat(18), amount: '1' }, `/dashboard/customers/${customer}`);
    expect(flash(refused.text)).toMatch(/^no alert No se hizo:1005 \(404\): No customer or charge has the CLABE/);
  });
});

describe('the clock and reset', () => {
  it('advances by an hour, a day and a month, as POST /clock/advance does, and says what ran', async () => {
    const now = async () => Date.parse((await api.call('GET', '/clock', sim)).body.now);
    const start = await now();
    let page = await press('/dashboard/clock/do/advance', { step: 'hour' }, '/dashboard/clock');
    expect(flash(page.text)).toBe('ok status Hecho:Reloj adelantado 1 hora: ahora 2026-03-10 13:00:00; 0 trabajos ejecutados.');
    page = await press('/dashboard/clock/do/advance', { step: 'day' }, '/dashboard/clock');
    expect(page.text).toContain('<time datetime="2026-03-11T13:00:00-06:00">');
    await press('/dashboard/clock/do/advance', { step: 'month' }, '/dashboard/clock');
    expect((await now()) - start).toBe((1 + 24 + 31 * 24) * 3_600_000); // March has 31 days
  });

  it('reset needs its box ticked; then the sandbox is empty and the session stays', async () => {
    let page = await press('/dashboard/clock/do/reset', {}, '/dashboard/clock');
    expect(flash(page.text)).toBe('no alert No se hizo:Marca la casilla para confirmar el reinicio.');
    expect(api.sandbox.store.transactions.size).toBeGreaterThan(0);
    page = await press('/dashboard/clock/do/reset', { confirm: 'yes' }, '/dashboard/clock');
    expect(flash(page.text)).toBe('ok status Hecho:El sandbox está vacío y el reloj volvió a la hora real.');
    expect([api.sandbox.store.transactions.size, api.sandbox.store.customers.size]).toEqual([0, 0]);
    expect((await api.call('GET', '/clock', sim)).body.now).toBe('2026-03-10T12:00:00-06:00');
  });

  it('an unknown button is a 404 page', async () => {
    const r = await c.post('/dashboard/clock/do/explode', { csrf: await c.csrf() });
    expect(r.status).toBe(404);
    expect((await c.post('/dashboard/clock/do/constructor', { csrf: await c.csrf() })).status).toBe(404);
  });
});

describe('languages', () => {
  it('es-MX by default; the switch sets English and comes back to the page', async () => {
    const en = new DashboardClient(api.baseUrl);
    await en.signedIn(CREDS.privateKey);
    expect((await en.get('/dashboard/clock')).text).toContain('<html lang="es-MX">');
    const r = await en.get('/dashboard/lang/en?back=%2Fdashboard%2Fclock');
    expect([r.status, r.headers.get('location')]).toEqual([303, '/dashboard/clock']);
    const page = (await en.get('/dashboard/clock')).text;
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<h1>Clock and reset</h1>');
    expect(page).toContain('href="/dashboard/lang/es?back=%2Fdashboard%2Fclock" lang="es-MX" hreflang="es-MX">Español</a>');
    expect((await en.get('/dashboard/lang/en?back=https%3A%2F%2Fevil.example')).headers.get('location')).toBe('/dashboard');
  });
});

describe('production mode', () => {
  it('read-only: no buttons, and a button post is a 404 that changes nothing', async () => {
    const p = await new DashboardClient(production.baseUrl).signedIn(CREDS.privateKey);
    const html = (await p.get('/dashboard/clock')).text;
    expect(html).toContain('Modo producción: el sandbox no ofrece simulaciones.');
    expect(html).not.toContain('/do/');
    const r = await p.post('/dashboard/clock/do/advance', { csrf: await p.csrf(), step: 'day' });
    expect(r.status).toBe(404);
  });
});
