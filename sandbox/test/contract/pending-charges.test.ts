/**
 * Redirect, third-party wallet and IVR charges (spec, Endpoints > Charges: "Redirect charge", "Third-party wallet
 * charge", "IVR charge"; Transaction `payment_method`, `conciliated`, `fee`, `customer`; States: charge_pending),
 * over HTTP: created at merchant and customer level, paid on the sandbox's pages (driven here as a browser's form
 * posts; in real browsers by e2e/engines) and through the simulation API (`ivr-call`, `wallet`), failed, cancelled,
 * expired on the clock with the wallet's grace, refunded where allowed; refusals leave nothing behind.
 */
import { describe, expect, it } from 'vitest';
import { CHALLENGE_TTL_MS } from '../../src/domain/card/three-ds';
import { WALLET_GRACE_MS } from '../../src/domain/methods/wallet';
import { charge, createCustomer, CREDS, expectError, orderId, tokenize, useSandbox, type TestApi } from './helpers';

const log: string[] = [];
const api = useSandbox({ log: (l) => log.push(l) });

const CUSTOMER = { name: 'Ana', last_name: 'Pérez', email: 'ana@example.com', phone_number: '5512345678' };
const RETURN = 'https://shop.example/orders/42?x=1';

const sim = (a: TestApi, path: string, b: unknown) => a.call('POST', path, { body: b, prefix: `/sandbox/v1/${CREDS.merchantId}` });
const read = async (a: TestApi, id: string) => (await a.call('GET', `/charges/${id}`)).body;
const eventsOf = (a: TestApi, id: string) => a.sandbox.store.events.of(id).map((e) => e.type);
const counts = (a: TestApi) => ({
  transactions: a.sandbox.store.transactions.size,
  events: a.sandbox.store.events.size,
  keys: a.sandbox.store.chargeKeys.size,
});

const redirectBody = (extra: Record<string, unknown> = {}) => ({
  method: 'card',
  confirm: false,
  amount: 120,
  description: 'Suscripción anual',
  order_id: orderId(),
  customer: CUSTOMER,
  redirect_url: RETURN,
  ...extra,
});
const walletBody = (extra: Record<string, unknown> = {}) => ({
  method: 'wallet',
  amount: 80,
  description: 'Boletos',
  order_id: orderId(),
  redirect_url: RETURN,
  ...extra,
});
const ivrBody = (extra: Record<string, unknown> = {}) => ({
  method: 'card',
  confirm: 'ivr',
  amount: 60,
  description: 'Pedido por teléfono',
  order_id: orderId(),
  customer: CUSTOMER,
  ...extra,
});

/** A shopper page path (the test talks to it over HTTP, as a browser would). */
const pathOf = (t: { payment_method: { url: string } }) => new URL(t.payment_method.url).pathname;
/** Opens a page without following redirects. */
const open = (a: TestApi, path: string) => fetch(`${a.baseUrl}${path}`, { redirect: 'manual' });
/** Posts a page's form as a browser does. */
const submit = (a: TestApi, path: string, fields: Record<string, string>) =>
  fetch(`${a.baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const back = (id: string) => `https://shop.example/orders/42?x=1&id=${id}`;

describe('redirect charge (method card, confirm false)', () => {
  it('201 charge_pending with the payment page, conciliated false, the customer embedded; send_email recorded, never sent', async () => {
    const r = await charge(api, redirectBody({ send_email: true }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      method: 'card',
      status: 'charge_pending',
      authorization: null,
      conciliated: false,
      customer: { name: 'Ana', last_name: 'Pérez', email: 'ana@example.com', phone_number: '5512345678', address: null },
      payment_method: { type: 'redirect', url: expect.stringMatching(new RegExp(`^${api.baseUrl}/pay/[a-z0-9]{32}$`)) },
    });
    expect(r.body).not.toHaveProperty('due_date');
    expect(log).toContain(`email ${r.body.id} not sent (sandbox): the payment link goes to the customer in production`);
    expect(eventsOf(api, r.body.id)).toEqual(['charge.created']);
  });

  it('the page: the card element of the library on this API, under a strict CSP (scripts and frames of this origin only)', async () => {
    const t = (await charge(api, redirectBody())).body;
    const res = await open(api, pathOf(t));
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    for (const d of [
      "default-src 'none'",
      "script-src 'self'",
      "frame-src 'self'",
      "form-action 'self' https://shop.example",
      "frame-ancestors 'none'",
    ])
      expect(csp).toContain(d);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    for (const s of [
      '<html lang="es-MX">',
      `<meta name="paytoken-public-key" content="${CREDS.publicKey}">`,
      `<meta name="paytoken-merchant-id" content="${CREDS.merchantId}">`,
      '<script src="/js/v1/paytoken-hosted.iife.js" defer></script>',
      `<form id="pay-form" method="post" action="${pathOf(t)}?lang=es">`,
      '$120.00 MXN',
      'Suscripción anual',
      `href="${back(t.id).replace(/&/g, '&#38;')}"`,
    ])
      expect(html).toContain(s);
    expect(html).not.toMatch(/<script>|style=/);
    expect(await (await open(api, `${pathOf(t)}?lang=en`)).text()).toContain('Pay by card');
    const js = await fetch(`${api.baseUrl}/pay/pay.js`);
    expect([js.status, js.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(await js.text()).toContain("PayToken.fields.mount({ card: '#card' }");
  });

  it("the form's token pays: 303 back to redirect_url with the id; completed with an authorization, conciliated; the page is then gone", async () => {
    const t = (await charge(api, redirectBody())).body;
    const tok = await tokenize(api);
    const res = await submit(api, pathOf(t), { token_id: tok, device_session_id: 'dsid0123456789abcdefABCDEF012345' });
    expect([res.status, res.headers.get('location')]).toEqual([303, back(t.id)]);
    const got = await read(api, t.id);
    expect(got).toMatchObject({
      status: 'completed',
      authorization: expect.stringMatching(/^\d{6}$/),
      conciliated: true,
      card: { card_number: 'XXXXXXXXXXXX1111' },
    });
    expect(eventsOf(api, t.id)).toEqual(['charge.created', 'charge.succeeded']);
    expect(api.sandbox.store.ledger.entriesOf(t.id).map((e) => [e.account, e.cents])).toEqual([
      ['outside:card', -12_000],
      ['merchant', 12_000],
    ]);
    expect((await open(api, pathOf(t))).status).toBe(404);
    // refundable as a card charge
    const refund = await api.call('POST', `/charges/${t.id}/refund`, { body: { amount: 20 } });
    expect(refund.body).toMatchObject({ status: 'completed', refund: { amount: 20, status: 'completed' } });
  });

  it('a declined card: failed with its error_message, back to redirect_url; a used or unknown token shows the page again (422), nothing changed', async () => {
    const t = (await charge(api, redirectBody())).body;
    const used = await tokenize(api);
    await submit(api, pathOf((await charge(api, redirectBody())).body), { token_id: used });
    const n = counts(api);
    for (const token_id of [used, 'toknosuchtoken000000', '']) {
      const res = await submit(api, pathOf(t), { token_id });
      expect(res.status).toBe(422);
      expect(await res.text()).toContain('No pudimos usar los datos de la tarjeta');
    }
    expect(counts(api)).toEqual(n);
    const declined = await tokenize(api, { card_number: '4000000000000002' });
    const res = await submit(api, pathOf(t), { token_id: declined });
    expect(res.headers.get('location')).toBe(back(t.id));
    expect(await read(api, t.id)).toMatchObject({ status: 'failed', error_message: 'The card was declined', conciliated: false });
    expect(eventsOf(api, t.id)).toEqual(['charge.created', 'charge.failed']);
  });

  it('3-D Secure where the card asks for it: the form sends the shopper to the bank page; the code approves; back to redirect_url', async () => {
    const t = (await charge(api, redirectBody())).body;
    const res = await submit(api, pathOf(t), { token_id: await tokenize(api, { card_number: '4000000000030124' }) });
    expect(res.status).toBe(303);
    const bank = new URL(res.headers.get('location')!);
    expect(bank.pathname).toMatch(/^\/3ds\/3ds[a-z0-9]{29}$/);
    expect((await read(api, t.id)).status).toBe('charge_pending');
    const code = log.map((l) => new RegExp(`^3ds ${t.id} one-time code (\\d{6})$`).exec(l)?.[1]).find(Boolean)!;
    const done = await submit(api, bank.pathname, { action: 'approve', code });
    expect(done.headers.get('location')).toBe(back(t.id));
    expect(await read(api, t.id)).toMatchObject({ status: 'completed', conciliated: true });
  });

  it('customer level: the stored customer is embedded; customer is required at merchant level (1001), redirect_url always', async () => {
    const id = await createCustomer(api, { name: 'Luis', email: 'luis@example.com' });
    const r = await charge(api, { ...redirectBody(), customer: undefined }, `/customers/${id}/charges`);
    expect(r.body).toMatchObject({ customer_id: id, customer: { name: 'Luis', email: 'luis@example.com' } });
    const n = counts(api);
    expectError(await charge(api, redirectBody({ customer: undefined })), 1001, 400, 'customer is required');
    expectError(await charge(api, redirectBody({ redirect_url: undefined })), 1001, 400, 'redirect_url');
    expectError(await charge(api, redirectBody({ redirect_url: 'javascript:alert(1)' })), 1001, 400, 'redirect_url');
    expectError(await charge(api, redirectBody({ currency: 'USD' })), 1001, 400, 'currency');
    expectError(await charge(api, redirectBody({ send_email: 'yes' })), 1001, 400, 'send_email');
    expect(counts(api)).toEqual(n);
  });

  it('cancelled by the merchant before the shopper pays: the page is gone', async () => {
    const t = (await charge(api, redirectBody())).body;
    expect((await api.call('POST', `/charges/${t.id}/cancel`, { body: {} })).body.status).toBe('cancelled');
    expect((await open(api, pathOf(t))).status).toBe(404);
    expect(eventsOf(api, t.id)).toEqual(['charge.created', 'charge.cancelled']);
  });
});

describe('third-party wallet charge (method: the wallet name)', () => {
  it('201 charge_pending with a redirect to the wallet page, due in 1 hour, conciliated false and the fee object', async () => {
    const r = await charge(api, walletBody({ amount: 1000 }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      method: 'wallet',
      status: 'charge_pending',
      authorization: null,
      conciliated: false,
      // 2.90 % of 1,000.00 + 2.50 = 31.50; 16 % VAT = 5.04
      fee: { amount: 31.5, tax: 5.04, currency: 'MXN' },
      payment_method: { type: 'redirect', url: expect.stringMatching(new RegExp(`^${api.baseUrl}/wallet/[a-z0-9]{32}$`)) },
    });
    expect(Date.parse(r.body.due_date) - Date.parse(r.body.creation_date)).toBe(3_600_000);
  });

  it('the page: sign in, then approve -> 303 to redirect_url with the id; completed, conciliated, money from outside:wallet', async () => {
    const t = (await charge(api, walletBody())).body;
    const first = await open(api, pathOf(t));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-security-policy')).not.toContain('script-src');
    expect(await first.text()).toContain('Inicia sesión en tu monedero');
    expect((await submit(api, pathOf(t), { action: 'signin', email: '', password: '' })).status).toBe(422);
    const signed = await submit(api, pathOf(t), { action: 'signin', email: 'ana@example.com', password: 'x' });
    expect([signed.status, signed.headers.get('location')]).toEqual([303, `${pathOf(t)}?lang=es`]);
    expect(await (await open(api, pathOf(t))).text()).toContain('Confirma tu pago');
    const res = await submit(api, pathOf(t), { action: 'approve' });
    expect([res.status, res.headers.get('location')]).toEqual([303, back(t.id)]);
    expect(await read(api, t.id)).toMatchObject({ status: 'completed', conciliated: true, authorization: null });
    expect(api.sandbox.store.ledger.entriesOf(t.id).map((e) => [e.account, e.cents])).toEqual([
      ['outside:wallet', -8_000],
      ['merchant', 8_000],
    ]);
    expect((await open(api, pathOf(t))).status).toBe(404);
    // a wallet payment is refunded to the wallet
    await api.call('POST', `/charges/${t.id}/refund`, { body: {} });
    expect((await read(api, t.id)).status).toBe('completed');
    expect(eventsOf(api, t.id)).toEqual(['charge.created', 'charge.succeeded', 'charge.refunded']);
  });

  it('declined on the page: failed; approving before signing in is refused (400)', async () => {
    const t = (await charge(api, walletBody())).body;
    expect((await submit(api, pathOf(t), { action: 'approve' })).status).toBe(400);
    await submit(api, pathOf(t), { action: 'signin', email: 'a@b.mx', password: 'p' });
    expect((await submit(api, pathOf(t), { action: 'decline' })).headers.get('location')).toBe(back(t.id));
    expect(await read(api, t.id)).toMatchObject({ status: 'failed', error_message: 'The payer declined the payment in the wallet' });
  });

  it('POST /sandbox/v1/{merchant_id}/charges/{id}/wallet {approve} for scripts; a second decision is 3006', async () => {
    const yes = (await charge(api, walletBody())).body;
    expect((await sim(api, `/charges/${yes.id}/wallet`, { approve: true })).body).toMatchObject({ status: 'completed', conciliated: true });
    expectError(await sim(api, `/charges/${yes.id}/wallet`, { approve: false }), 3006, 412);
    const no = (await charge(api, walletBody())).body;
    expect((await sim(api, `/charges/${no.id}/wallet`, { approve: false })).body.status).toBe('failed');
    expectError(await sim(api, `/charges/${(await charge(api, redirectBody())).body.id}/wallet`, { approve: true }), 3006, 412, 'wallet');
    expectError(await sim(api, '/charges/trnosuchcharge000000/wallet', { approve: true }), 1005, 404);
    expectError(await sim(api, `/charges/${no.id}/wallet`, { approve: 'yes' }), 1001, 400, 'approve');
  });

  it('bad input: redirect_url required, customer optional, another method name is no wallet', async () => {
    const n = counts(api);
    expectError(await charge(api, walletBody({ redirect_url: undefined })), 1001, 400, 'redirect_url');
    expectError(await charge(api, walletBody({ method: 'paywallet' })), 1001, 400, 'method');
    expectError(await charge(api, walletBody({ due_date: 'soon' })), 1001, 400, 'due_date');
    expect(counts(api)).toEqual(n);
  });
});

describe('wallet charges on the clock (the spec: 15 minutes after due_date once signed in)', () => {
  const clocked = useSandbox({ walletMethod: 'monedero' });

  it('the wallet method name is a setting (--wallet-method)', async () => {
    expect((await charge(clocked, walletBody({ method: 'monedero' }))).body.method).toBe('monedero');
    expectError(await charge(clocked, walletBody()), 1001, 400, 'method');
  });

  it('not signed in by its due date: cancelled at the due date', async () => {
    const t = (await charge(clocked, walletBody({ method: 'monedero' }))).body;
    await sim(clocked, '/clock/advance', { seconds: 3600 });
    expect(await read(clocked, t.id)).toMatchObject({
      status: 'cancelled',
      error_message: 'The charge was not paid by its due date (cancelled)',
    });
    expect((await open(clocked, pathOf(t))).status).toBe(404);
  });

  it('signed in before its due date: approvable for 15 minutes after it, then cancelled', async () => {
    const late = (await charge(clocked, walletBody({ method: 'monedero' }))).body;
    const cut = (await charge(clocked, walletBody({ method: 'monedero' }))).body;
    for (const t of [late, cut]) await submit(clocked, pathOf(t), { action: 'signin', email: 'a@b.mx', password: 'p' });
    await sim(clocked, '/clock/advance', { seconds: 3600 + 14 * 60 });
    expect((await read(clocked, late.id)).status).toBe('charge_pending');
    expect((await submit(clocked, pathOf(late), { action: 'approve' })).status).toBe(303);
    expect((await read(clocked, late.id)).status).toBe('completed');
    await sim(clocked, '/clock/advance', { seconds: WALLET_GRACE_MS / 1000 - 14 * 60 });
    expect((await read(clocked, cut.id)).status).toBe('cancelled');
    expect(eventsOf(clocked, cut.id)).toEqual(['charge.created', 'charge.cancelled']);
  });

  it('signing in after the due date does not open the grace: the page is gone', async () => {
    const now = (await clocked.call('GET', '/clock', { prefix: `/sandbox/v1/${CREDS.merchantId}` })).body.now;
    const t = (await charge(clocked, walletBody({ method: 'monedero', due_date: new Date(Date.parse(now) + 60_000).toISOString() }))).body;
    await sim(clocked, '/clock/advance', { seconds: 61 });
    expect((await submit(clocked, pathOf(t), { action: 'signin', email: 'a@b.mx', password: 'p' })).status).toBe(404);
    expect((await read(clocked, t.id)).status).toBe('cancelled');
  });

  it('a redirect charge waits one day, its 3-D Secure step 15 minutes; an IVR charge until its due date (default a day)', async () => {
    const redirect = (await charge(clocked, redirectBody())).body;
    const challenged = (await charge(clocked, redirectBody())).body;
    await submit(clocked, pathOf(challenged), { token_id: await tokenize(clocked, { card_number: '4000000000030124' }) });
    const ivr = (await charge(clocked, ivrBody())).body;
    expect(Date.parse(ivr.due_date) - Date.parse(ivr.creation_date)).toBe(86_400_000);
    await sim(clocked, '/clock/advance', { seconds: CHALLENGE_TTL_MS / 1000 });
    expect((await read(clocked, challenged.id)).status).toBe('cancelled');
    expect((await read(clocked, redirect.id)).status).toBe('charge_pending');
    await sim(clocked, '/clock/advance', { seconds: 86_400 });
    expect((await read(clocked, redirect.id)).status).toBe('cancelled');
    expect((await read(clocked, ivr.id)).status).toBe('cancelled');
    expectError(
      await sim(clocked, `/charges/${ivr.id}/ivr-call`, {
        card_number: '4111111111111111',
        expiration_month: '12',
        expiration_year: '30',
        cvv2: '123',
      }),
      3006,
      412,
    );
    expect(clocked.sandbox.store.ledger.check()).toEqual([]);
  });
});

describe('IVR charge (method card, confirm ivr)', () => {
  const CARD_KEYS = { card_number: '4111111111111111', expiration_month: '12', expiration_year: '30', cvv2: '123' };

  it('201 charge_pending with {type: ivr, phone_number, ivr_key, attempts}, conciliated false, the customer embedded', async () => {
    const r = await charge(api, ivrBody({ send_email: true, metadata: { channel: 'phone' } }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      method: 'card',
      status: 'charge_pending',
      conciliated: false,
      metadata: { channel: 'phone' },
      customer: { name: 'Ana' },
      payment_method: { type: 'ivr', phone_number: '5500000000', ivr_key: expect.any(Number), attempts: 3 },
    });
    expect(String(r.body.payment_method.ivr_key)).toMatch(/^[1-9]\d{5}$/);
  });

  it('the call keys an approved card: completed with an authorization, conciliated; the card kept masked', async () => {
    const t = (await charge(api, ivrBody())).body;
    const r = await sim(api, `/charges/${t.id}/ivr-call`, CARD_KEYS);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: 'completed',
      authorization: expect.stringMatching(/^\d{6}$/),
      conciliated: true,
      card: { card_number: 'XXXXXXXXXXXX1111', holder_name: 'Ana' },
    });
    expect(JSON.stringify(api.sandbox.store.transactions.get(t.id))).not.toContain('4111111111111111');
    expect(log.join('\n')).not.toContain('4111111111111111');
    expectError(await sim(api, `/charges/${t.id}/ivr-call`, CARD_KEYS), 3006, 412);
  });

  it('each failed entry uses an attempt and answers its Error object; the third fails the charge', async () => {
    const t = (await charge(api, ivrBody())).body;
    expectError(await sim(api, `/charges/${t.id}/ivr-call`, { ...CARD_KEYS, card_number: '4111111111111112' }), 2004, 422);
    expect((await read(api, t.id)).payment_method.attempts).toBe(2);
    expectError(await sim(api, `/charges/${t.id}/ivr-call`, { ...CARD_KEYS, card_number: '4000000000030033' }), 3003, 402);
    expect(await read(api, t.id)).toMatchObject({ status: 'charge_pending', payment_method: { attempts: 1 } });
    expectError(await sim(api, `/charges/${t.id}/ivr-call`, { ...CARD_KEYS, expiration_year: '20' }), 2005, 400);
    expect(await read(api, t.id)).toMatchObject({ status: 'failed', payment_method: { attempts: 0 } });
    expect(eventsOf(api, t.id)).toEqual(['charge.created', 'charge.failed']);
    expectError(await sim(api, `/charges/${t.id}/ivr-call`, CARD_KEYS), 3006, 412);
  });

  it('a 3-D Secure card cannot authenticate on a call (3012 uses an attempt); a body missing a member uses none (2006, 1001)', async () => {
    const t = (await charge(api, ivrBody())).body;
    expectError(await sim(api, `/charges/${t.id}/ivr-call`, { ...CARD_KEYS, card_number: '4000000000030124' }), 3012, 412);
    expectError(await sim(api, `/charges/${t.id}/ivr-call`, { ...CARD_KEYS, cvv2: undefined }), 2006, 400, 'cvv2');
    expectError(await sim(api, `/charges/${t.id}/ivr-call`, { ...CARD_KEYS, card_number: '4111 1111' }), 1001, 400, 'card_number');
    expect((await read(api, t.id)).payment_method.attempts).toBe(2);
    expectError(await sim(api, `/charges/${(await charge(api, redirectBody())).body.id}/ivr-call`, CARD_KEYS), 3006, 412, 'IVR');
  });

  it('USD is allowed (converted at the fixed rate); customer required at merchant level; a customer-level IVR charge', async () => {
    const usd = (await charge(api, ivrBody({ currency: 'USD', amount: 10 }))).body;
    expect(usd).toMatchObject({ currency: 'USD', exchange_rate: { from: 'USD', to: 'MXN', value: 17.5 } });
    await sim(api, `/charges/${usd.id}/ivr-call`, CARD_KEYS);
    expect(api.sandbox.store.ledger.entriesOf(usd.id).find((e) => e.account === 'merchant')!.cents).toBe(17_500);
    expectError(await charge(api, ivrBody({ customer: undefined })), 1001, 400, 'customer is required');
    const id = await createCustomer(api);
    expect((await charge(api, { ...ivrBody(), customer: undefined }, `/customers/${id}/charges`)).body.customer_id).toBe(id);
  });
});

describe('invariants', () => {
  it('the ledger holds', () => {
    expect(api.sandbox.store.ledger.check()).toEqual([]);
  });
});
