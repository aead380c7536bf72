/**
 * The simulation buttons beside a transaction (docs/sandbox.md, "Dashboard") over HTTP: each is a form post with the
 * session's CSRF token, answered by the simulation API's own service, and its effect is read back through the API:
 * pay a store charge at the store, send a bank charge's SPEI transfer, approve or decline a wallet charge, answer an
 * IVR call, open, accept and reject a chargeback; the printable slip's link; a post without the token changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DashboardClient, flash } from './dashboard-client';
import { charge, chargeBody, CREDS, orderId, tokenize, useSandbox } from './helpers';

const api = useSandbox();
const CUSTOMER = { name: 'Ana', last_name: 'Pérez', email: 'ana@example.com', phone_number: '5512345678' };
let c: DashboardClient;

/** Presses button `name` of transaction `id`'s detail as the page does; returns the detail it comes back to. */
async function press(name: string, id: string) {
  const back = `/dashboard/transactions/${id}`;
  const detail = await c.get(back);
  expect(detail.text, `the detail offers ${name}`).toContain(`action="/dashboard/transactions/do/${name}"`);
  const r = await c.post(`/dashboard/transactions/do/${name}`, {
    id,
    customer: '',
    csrf: DashboardClient.hidden(detail.text, 'csrf'),
    back,
  });
  expect([r.status, r.headers.get('location')], r.text).toEqual([303, back]);
  return c.get(back);
}

/** A charge created through the API, its id. */
const create = async (body: Record<string, unknown>) => {
  const r = await charge(api, { amount: 150, description: 'Pedido', order_id: orderId(), customer: CUSTOMER, ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
};
const statusOf = async (id: string) => (await api.call('GET', `/charges/${id}`)).body.status;

beforeAll(async () => {
  c = await new DashboardClient(api.baseUrl).signedIn(CREDS.privateKey);
});

describe('store and SPEI charges', () => {
  it('"Pagar en tienda" pays the store charge with its exact amount, as POST /store-payments does; the slip is linked', async () => {
    const id = await create({ method: 'store' });
    const detail = (await c.get(`/dashboard/transactions/${id}`)).text;
    expect(detail).toContain('>Pagar en tienda</button>');
    expect(detail).toContain(`/slips/${id}"`);
    const page = await press('pay-store', id);
    expect(flash(page.text)).toBe(`ok status Hecho:Pagado en tienda en efectivo: ${id}, $150.00 MXN (completed). Ver la transacción`);
    expect(await statusOf(id)).toBe('completed');
    expect(api.sandbox.store.events.of(id).map((e) => e.type)).toEqual(['charge.created', 'charge.succeeded']);
    expect(page.text).not.toContain('>Pagar en tienda</button>');
    // pressed again (a stale page): the service refuses it, nothing changes
    const again = await c.post('/dashboard/transactions/do/pay-store', { id, csrf: await c.csrf(), back: `/dashboard/transactions/${id}` });
    expect(again.status).toBe(303);
    expect(flash((await c.get(`/dashboard/transactions/${id}`)).text)).toMatch(/^no alert No se hizo:3006 /);
    expect(api.sandbox.store.ledger.check()).toEqual([]);
  });

  it('"Enviar la transferencia SPEI" sends the exact amount to the charge\'s CLABE, as POST /spei-transfers does', async () => {
    const id = await create({ method: 'bank_account' });
    const clabe = (await api.call('GET', `/charges/${id}`)).body.payment_method.clabe as string;
    const page = await press('send-spei', id);
    expect(flash(page.text)).toBe(
      `ok status Hecho:Llegó la transferencia SPEI a la CLABE ${clabe}: ${id}, $150.00 MXN (completed). Ver la transacción`,
    );
    expect(await statusOf(id)).toBe('completed');
    expect(api.sandbox.store.events.of(id).map((e) => e.type)).toEqual(['charge.created', 'charge.succeeded', 'spei.received']);
  });

  it('English: the buttons are named "Pay at the store" and "Send the SPEI transfer"', async () => {
    const en = await new DashboardClient(api.baseUrl).signedIn(CREDS.privateKey);
    await en.get('/dashboard/lang/en');
    expect((await en.get(`/dashboard/transactions/${await create({ method: 'store' })}`)).text).toContain('>Pay at the store</button>');
    expect((await en.get(`/dashboard/transactions/${await create({ method: 'bank_account' })}`)).text).toContain(
      '>Send the SPEI transfer</button>',
    );
  });

  it('a button post without the session token is refused (403) and pays nothing', async () => {
    const id = await create({ method: 'store' });
    const r = await c.post('/dashboard/transactions/do/pay-store', { id, back: `/dashboard/transactions/${id}` });
    expect(r.status).toBe(403);
    expect(await statusOf(id)).toBe('in_progress');
  });
});

describe('wallet and IVR charges', () => {
  it('the wallet: approve completes one charge, decline fails another', async () => {
    const body = { method: 'wallet', redirect_url: 'https://shop.example/back' };
    const [yes, no] = [await create(body), await create(body)];
    expect(flash((await press('wallet-approve', yes)).text)).toContain('El pagador aprobó en la billetera:');
    expect(flash((await press('wallet-decline', no)).text)).toContain('El pagador rechazó en la billetera:');
    expect([await statusOf(yes), await statusOf(no)]).toEqual(['completed', 'failed']);
  });

  it('the IVR call: a declined card uses an attempt and says why; an approved card completes the charge', async () => {
    const id = await create({ method: 'card', confirm: 'ivr' });
    expect(flash((await press('ivr-decline', id)).text)).toMatch(/^no alert No se hizo:3001 \(402\): /);
    expect((await api.call('GET', `/charges/${id}`)).body).toMatchObject({ status: 'charge_pending', payment_method: { attempts: 2 } });
    expect(flash((await press('ivr-approve', id)).text)).toContain('La llamada IVR pagó con una tarjeta aprobada:');
    expect(await statusOf(id)).toBe('completed');
  });
});

describe('chargebacks', () => {
  it('open, then reject (the merchant wins); open again, then accept (the cardholder wins); the ledger balances', async () => {
    const id = (await charge(api, chargeBody(await tokenize(api)))).body.id as string;
    expect(flash((await press('chargeback-open', id)).text)).toContain('Contracargo abierto; el cargo');
    expect(await statusOf(id)).toBe('chargeback_pending');
    await press('chargeback-reject', id);
    expect(await statusOf(id)).toBe('completed');
    await press('chargeback-open', id);
    await press('chargeback-accept', id);
    expect(await statusOf(id)).toBe('chargeback_accepted');
    expect(api.sandbox.store.events.of(id).map((e) => e.type)).toEqual([
      'charge.succeeded',
      'chargeback.created',
      'chargeback.rejected',
      'chargeback.created',
      'chargeback.accepted',
    ]);
    expect(api.sandbox.store.ledger.check()).toEqual([]);
  });
});
