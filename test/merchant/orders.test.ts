/**
 * The demo shop's cash and SPEI orders over HTTP (demo/merchant/routes/orders.ts, webhooks.ts): the webhook is
 * registered at start and its deliveries move orders; a delivery without the webhook's Basic credentials moves
 * nothing, nor does the browser's word; a redelivered event is handled once; an order answers only for its own session;
 * a form post without the CSRF token places nothing; the plans are made once across restarts.
 */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { startMerchant } from '../../demo/merchant/server';
import { useShop } from './shop';

const CREDS = { merchantId: 'morders0test00001', publicKey: 'pk_orders_test', privateKey: 'sk_orders_test' };
const env = useShop(CREDS);
const { api, until } = env;

/** A new shopper session: its cookie and CSRF token, from the `/store` page. */
async function session(): Promise<{ cookie: string; csrf: string }> {
  const res = await fetch(`${env.shop.url}/store`);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(await res.text())![1]! };
}

/** Places a `method` order in the session; @returns the order id (from the order page's address). */
async function place(s: { cookie: string; csrf: string }, method: 'store' | 'spei'): Promise<string> {
  const res = await fetch(`${env.shop.url}/orders`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: s.cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method, csrf: s.csrf }).toString(),
  });
  expect(res.status).toBe(303);
  return /\/order\/([^?]+)/.exec(res.headers.get('location')!)![1]!;
}

/** The order's status as the page's refresh reads it. */
const statusOf = async (cookie: string, id: string) => (await env.order(cookie, id)).status;

describe('orders from signed events', () => {
  it('registers one webhook on its own loopback URL, with Basic credentials, for the charge events', async () => {
    const hooks = await api('GET', `/v1/${CREDS.merchantId}/webhooks`);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({
      url: `${env.shop.url}/webhooks`,
      event_types: expect.arrayContaining(['charge.succeeded', 'charge.refunded']),
    });
  });

  it('a store order stays pending until the store payment; then the event marks it paid', async () => {
    const s = await session();
    const id = await place(s, 'store');
    const page = await (await fetch(`${env.shop.url}/order/${id}`, { headers: { cookie: s.cookie } })).text();
    const reference = /data-field="reference">([^<]+)/.exec(page)![1];
    expect(await statusOf(s.cookie, id)).toBe('pending');
    await api('POST', `/sandbox/v1/${CREDS.merchantId}/store-payments`, { reference, amount: 349 });
    await until(s.cookie, id, 'paid');
    expect(env.shop.logged.filter((l) => l.startsWith(`merchant order ${id} paid`))).toHaveLength(1);
  });

  it('a SPEI order never paid is cancelled at its due date (charge.cancelled)', async () => {
    const s = await session();
    const id = await place(s, 'spei');
    await api('POST', `/sandbox/v1/${CREDS.merchantId}/clock/advance`, { seconds: 8 * 86_400 });
    await until(s.cookie, id, 'cancelled');
  });

  it("a forged delivery (no Basic credentials) and the browser's word move nothing; a resent event is handled once", async () => {
    const s = await session();
    const id = await place(s, 'spei');
    const [charge] = await api('GET', `/v1/${CREDS.merchantId}/charges?order_id=${id}`);
    const body = JSON.stringify({ id: 'evforged0000000001', type: 'charge.succeeded', transaction: { ...charge, status: 'completed' } });
    const headers = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).sign('evforged0000000001', new Date(), body);
    const forged = (authorization?: string) =>
      fetch(`${env.shop.url}/webhooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': 'evforged0000000001',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': headers,
          ...(authorization ? { authorization } : {}),
        },
        body,
      });
    expect((await forged()).status).toBe(401);
    expect(await statusOf(s.cookie, id)).toBe('pending');
    const browser = await fetch(`${env.shop.url}/api/order/${id}`, {
      method: 'POST',
      headers: { cookie: s.cookie },
      body: '{"status":"paid"}',
    });
    expect(browser.status).toBe(404);
    expect(await statusOf(s.cookie, id)).toBe('pending');
    await api('POST', `/sandbox/v1/${CREDS.merchantId}/spei-transfers`, { clabe: charge.payment_method.clabe, amount: 349 });
    await until(s.cookie, id, 'paid');
    const [event] = await api('GET', `/sandbox/v1/${CREDS.merchantId}/events?type=charge.succeeded&resource_id=${charge.id}`);
    expect(await api('POST', `/sandbox/v1/${CREDS.merchantId}/events/${event.id}/resend`, {})).toHaveLength(1);
    let delivered = 0;
    for (let i = 0; i < 200 && delivered < 2; i++) {
      const deliveries = await api('GET', `/sandbox/v1/${CREDS.merchantId}/deliveries?event_id=${event.id}`);
      delivered = deliveries.filter((d: { status: string }) => d.status === 'delivered').length;
      if (delivered < 2) await new Promise((r) => setTimeout(r, 50));
    }
    expect(delivered).toBe(2);
    expect(env.shop.logged.filter((l) => l.startsWith(`merchant order ${id} paid`))).toHaveLength(1);
  });

  it('an order answers only for its own session; a post without the CSRF token places nothing', async () => {
    const mine = await session();
    const id = await place(mine, 'store');
    const other = await session();
    expect((await fetch(`${env.shop.url}/order/${id}`, { headers: { cookie: other.cookie } })).status).toBe(404);
    expect((await fetch(`${env.shop.url}/api/order/${id}`, { headers: { cookie: other.cookie } })).status).toBe(404);
    const before = (await api('GET', `/v1/${CREDS.merchantId}/charges?limit=100`)).length;
    const res = await fetch(`${env.shop.url}/orders`, {
      method: 'POST',
      headers: { cookie: other.cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'method=store&csrf=guessed',
    });
    expect(res.status).toBe(403);
    expect((await api('GET', `/v1/${CREDS.merchantId}/charges?limit=100`)).length).toBe(before);
  });

  it('a restart finds its plans and registers its webhook afresh (one webhook, the same two plans)', async () => {
    const again = await startMerchant({ ...CREDS, apiBaseUrl: env.sandbox.baseUrl, port: 0 });
    try {
      const plans = (await api('GET', `/v1/${CREDS.merchantId}/plans?limit=100`)).filter((p: { status: string }) => p.status === 'active');
      expect(plans).toHaveLength(2);
      const urls = (await api('GET', `/v1/${CREDS.merchantId}/webhooks`)).map((h: { url: string }) => h.url);
      expect(urls.filter((u: string) => u === `${again.url}/webhooks`)).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});
