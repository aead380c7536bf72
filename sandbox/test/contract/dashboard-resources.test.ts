/**
 * The dashboard's pages of the resources beyond charges (docs/sandbox.md, "Dashboard") over HTTP: plans and
 * subscriptions (next charge, period, retries), payouts, webhooks with each delivery (request, response, time) and
 * the resend button (CSRF required, its effect read through the simulation API), invoices with their XML and PDF
 * links, and a customer's bank accounts (CLABE masked) and subscriptions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceBody } from '../unit/cfdi-fixtures';
import { createPlan, subscribeWithToken } from './billing-helpers';
import { DashboardClient, flash } from './dashboard-client';
import { charge, chargeBody, CREDS, createCustomer, tokenize, useSandbox } from './helpers';
import { freshClabe } from './money-helpers';
import { advance, deliveriesOf, register, startReceiver, until, type Receiver } from './webhook-helpers';

const api = useSandbox();
let c: DashboardClient;
let rx: Receiver;
let customer: string;
let clabe: string;

beforeAll(async () => {
  rx = await startReceiver();
  customer = await createCustomer(api);
  clabe = freshClabe();
  const bank = await api.call('POST', `/customers/${customer}/bankaccounts`, { body: { clabe, holder_name: 'Ana Pérez' } });
  expect(bank.status, JSON.stringify(bank.body)).toBe(201);
  c = await new DashboardClient(api.baseUrl).signedIn(CREDS.privateKey);
});
afterAll(() => rx?.close());

describe('plans and subscriptions', () => {
  it("lists each plan's price, period and retries, and each subscription's status, next charge and period", async () => {
    const plan = await createPlan(api, { trial_days: 7 });
    const sub = await subscribeWithToken(api, customer, plan.id);
    const html = (await c.get('/dashboard/billing')).text;
    expect(html).toContain('<h1>Planes y suscripciones</h1>');
    expect(html).toContain(plan.id);
    expect(html).toContain('Café del mes');
    expect(html).toContain('$149.90 MXN');
    expect(html).toContain('1 mes(es)');
    expect(html).toContain(sub.id);
    expect(html).toContain(`>${sub.charge_date}<`);
    expect(html).toContain('411111******1111');
    expect(html).not.toContain('4111111111111111');
    // the customer's page lists it too, with the bank account's CLABE masked
    const page = (await c.get(`/dashboard/customers/${customer}`)).text;
    expect(page).toContain(sub.id);
    expect(page).toContain(`${clabe.slice(0, 3)}***********${clabe.slice(-4)}`);
    expect(page).not.toContain(clabe);
  });
});

describe('payouts', () => {
  it('lists the payouts, each linked to its detail', async () => {
    await charge(api, chargeBody(await tokenize(api)));
    const body = {
      method: 'bank_account',
      bank_account: { clabe: freshClabe(), holder_name: 'Tienda' },
      amount: 100,
      description: 'Retiro',
    };
    const payout = await api.call('POST', '/payouts', { body });
    expect(payout.status, JSON.stringify(payout.body)).toBe(201);
    const html = (await c.get('/dashboard/money')).text;
    expect(html).toContain(`href="/dashboard/transactions/${payout.body.id}"`);
  });
});

describe('webhooks', () => {
  it('shows each delivery with its answer and time; "Reenviar" sends the event again (a new delivery)', async () => {
    const hook = await register(api, `${rx.url}/hooks`, ['charge.succeeded']);
    const paid = (await charge(api, chargeBody(await tokenize(api)))).body.id as string;
    const event = api.sandbox.store.events.of(paid)[0]!.id;
    await until(
      () => deliveriesOf(api, CREDS.merchantId, event),
      (l) => l.length === 1 && l[0].status === 'delivered',
    );
    const html = (await c.get('/dashboard/webhooks')).text;
    expect(html).toContain(hook.id);
    expect(html).toContain(event);
    expect(html).toMatch(/200 · \d+ ms · <time/);
    // without the session's token: refused, nothing sent
    expect((await c.post('/dashboard/webhooks/do/resend', { event, webhook: hook.id })).status).toBe(403);
    expect(await deliveriesOf(api, CREDS.merchantId, event)).toHaveLength(1);
    const r = await c.post('/dashboard/webhooks/do/resend', { event, webhook: hook.id, csrf: await c.csrf(), back: '/dashboard/webhooks' });
    expect([r.status, r.headers.get('location')]).toEqual([303, '/dashboard/webhooks']);
    expect(flash((await c.get('/dashboard/webhooks')).text)).toMatch(
      new RegExp(`^ok status Hecho:Evento ${event} reenviado: 1 entrega\\(s\\) nueva\\(s\\) en cola`),
    );
    const log = await until(
      () => deliveriesOf(api, CREDS.merchantId, event),
      (l) => l.length === 2 && l.every((dl: { status: string }) => dl.status === 'delivered'),
    );
    expect(log.map((dl: { resend: boolean }) => dl.resend).sort()).toEqual([false, true]);
    // an unknown event: the service's own refusal
    await c.post('/dashboard/webhooks/do/resend', { event: 'evnothere', csrf: await c.csrf(), back: '/dashboard/webhooks' });
    expect(flash((await c.get('/dashboard/webhooks')).text)).toMatch(/^no alert No se hizo:1005 /);
  });
});

describe('invoices', () => {
  it('the empty page names the path that creates one, and that path exists', async () => {
    const path = /POST (\/invoices\/\S+?)\)/.exec((await c.get('/dashboard/invoices')).text)?.[1];
    expect(path).toBe('/invoices/v40');
    const refused = await api.call('POST', path!, { body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe(1001);
  });

  it('lists each invoice; once stamped, with its XML and PDF links', async () => {
    const body = invoiceBody();
    expect((await api.call('POST', '/invoices/v40', { body })).status).toBe(201);
    expect((await c.get('/dashboard/invoices')).text).toContain('al timbrarse');
    await advance(api, CREDS.merchantId, 5);
    const html = (await c.get('/dashboard/invoices')).text;
    expect(html).toContain(body.invoice_id);
    expect(html).toMatch(/href="http[^"]+\/cfdi\/[^"]+\.xml">XML<\/a>/);
    expect(html).toMatch(/href="http[^"]+\/cfdi\/[^"]+\.pdf">PDF<\/a>/);
  });
});
