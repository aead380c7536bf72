/**
 * The demo shop's card orders over HTTP (demo/merchant/pay.ts, orders.ts, webhooks.ts): a card charge's order is
 * recorded before the charge is sent and stays `pending` ("confirming") until a verified webhook event moves it, as
 * the cash and SPEI orders do. With the sandbox delivering, the charge's `charge.succeeded` comes at once (its first
 * attempt delivered) and the order turns paid. With its webhook gone (an event never delivered), the charge completed
 * at the API leaves the order pending, whatever the browser claims; a delivery signed with the webhook's secret
 * turns it paid, once per event id; a bad signature is refused and moves nothing.
 */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { declineMessage, shopperCode } from '../../demo/merchant/views/results';
import { useShop } from './shop';

const CREDS = { merchantId: 'mcardorders0test01', publicKey: 'pk_cardorders_test', privateKey: 'sk_cardorders_test' };
const DSID = 'dsid0123456789abcdefABCDEF012345';
const env = useShop(CREDS);
const { api, token, until } = env;

/** A new shopper session's cookie. */
const newSession = async (): Promise<string> => (await fetch(`${env.shop.url}/`)).headers.get('set-cookie')!.split(';')[0]!;

/** A card payment of the session through the page's JSON route: the backend's answer. */
async function postCharge(cookie: string, tokenId: string): Promise<{ status: number; body: Record<string, any> }> {
  const res = await fetch(`${env.shop.url}/api/charge?lang=en`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ token_id: tokenId, device_session_id: DSID }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** A new shopper session (its cookie) paying by card through the page's JSON route: the backend's answer. */
async function payByCard(): Promise<{ cookie: string; body: Record<string, any> }> {
  const cookie = await newSession();
  const { status, body } = await postCharge(cookie, await token());
  expect(status).toBe(200);
  return { cookie, body };
}

/** The order's status as its page's refresh reads it. */
const statusOf = async (cookie: string, id: string) => (await env.order(cookie, id)).status;

/** A delivery to the shop's `/webhooks` as the sandbox sends one: Basic credentials, Standard Webhooks headers. */
function deliver(hook: { secret: string; user: string; password: string }, id: string, event: object, secret = hook.secret) {
  const body = JSON.stringify({ id, ...event });
  const at = new Date();
  return fetch(`${env.shop.url}/webhooks`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${hook.user}:${hook.password}`).toString('base64')}`,
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, body),
    },
    body,
  });
}

describe('card orders from signed events', () => {
  it("a card charge's order turns paid through the webhook: charge.succeeded delivered at its first attempt", async () => {
    const { cookie, body } = await payByCard();
    expect(body).toMatchObject({ order: `/order/${body.order_id}?lang=en`, transaction: { order_id: body.order_id } });
    expect(body).not.toHaveProperty('status');
    await until(cookie, body.order_id, 'paid');
    const [event] = await api('GET', `/sandbox/v1/${CREDS.merchantId}/events?type=charge.succeeded&resource_id=${body.transaction.id}`);
    const [delivery] = await api('GET', `/sandbox/v1/${CREDS.merchantId}/deliveries?event_id=${event.id}`);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(
      env.shop.logged.filter((l) => l.startsWith(`merchant order ${body.order_id} paid (event ${event.id}, charge.succeeded)`)),
    ).toHaveLength(1);
    const page = await (await fetch(`${env.shop.url}${body.order}`, { headers: { cookie } })).text();
    expect(page).toContain('<h1 class="ok">');
    expect(page).toContain('Payment complete');
    expect(page).toContain(`data-field="id">${body.transaction.id}<`);
  });

  it('a charge the API refuses before making a transaction (a used token: 3006) leaves no order behind; the shopper reads why', async () => {
    const used = await token();
    expect((await postCharge(await newSession(), used)).status).toBe(200);
    const cookie = await newSession();
    const refused = await postCharge(cookie, used);
    expect(refused).toEqual({ status: 402, body: { error_code: shopperCode(3006), message: declineMessage('en', 3006) } });
    const next = await postCharge(cookie, await token());
    expect(next.status).toBe(200);
    const [, cart, attempt] = /^(.+)-(\d+)$/.exec(next.body.order_id as string)!;
    const refusedId = `${cart}-${Number(attempt) - 1}`;
    expect(await api('GET', `/v1/${CREDS.merchantId}/charges?order_id=${refusedId}`)).toEqual([]);
    expect((await fetch(`${env.shop.url}/api/order/${refusedId}?lang=en`, { headers: { cookie } })).status).toBe(404);
    expect((await fetch(`${env.shop.url}/order/${refusedId}?lang=en`, { headers: { cookie } })).status).toBe(404);
    await until(cookie, next.body.order_id, 'paid');
  });

  it('without its event the order stays pending, whatever the browser says; a signed delivery pays it, once per event id; a bad signature moves nothing', async () => {
    const hook = env.sandbox.store.webhooks.active().find((w) => w.url === `${env.shop.url}/webhooks`)!;
    const creds = { secret: hook.secret, user: hook.user!, password: hook.password! };
    await api('DELETE', `/v1/${CREDS.merchantId}/webhooks/${hook.id}`); // the shop's endpoint unregistered: nothing delivered
    const { cookie, body } = await payByCard();
    const id = body.order_id as string;
    const [charge] = await api('GET', `/v1/${CREDS.merchantId}/charges?order_id=${id}`);
    expect(charge.status).toBe('completed');
    await new Promise((r) => setTimeout(r, 300));
    expect(await statusOf(cookie, id)).toBe('pending');
    const page = await (await fetch(`${env.shop.url}${body.order}`, { headers: { cookie } })).text();
    expect(page).toContain('Confirming your payment');
    expect(page).not.toContain('Payment complete');
    // the browser's word: a post claiming the order paid, to the order's routes and to the webhook path without credentials
    for (const path of [`/api/order/${id}`, `/order/${id}`]) {
      const claim = await fetch(`${env.shop.url}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: '{"status":"paid"}',
      });
      expect(claim.status).toBe(404);
    }
    const unsigned = await fetch(`${env.shop.url}/webhooks`, { method: 'POST', headers: { cookie }, body: '{"type":"charge.succeeded"}' });
    expect(unsigned.status).toBe(401);
    expect(await statusOf(cookie, id)).toBe('pending');
    // a delivery with the right credentials but signed with another secret
    const event = { type: 'charge.succeeded', created_at: new Date().toISOString(), transaction: { ...charge } };
    const forged = await deliver(creds, 'evcardorder000000001', event, `whsec_${Buffer.alloc(32, 9).toString('base64')}`);
    expect(forged.status).toBe(400);
    expect(await statusOf(cookie, id)).toBe('pending');
    // signed with the webhook's secret: the charge re-read from the API, the order paid; the same id again is handled once
    expect((await deliver(creds, 'evcardorder000000002', event)).status).toBe(200);
    expect(await statusOf(cookie, id)).toBe('paid');
    const again = await deliver(creds, 'evcardorder000000002', event);
    expect([again.status, await again.text()]).toEqual([200, 'already handled']);
    expect(env.shop.logged.filter((l) => l.startsWith(`merchant order ${id} paid`))).toEqual([
      `merchant order ${id} paid (event evcardorder000000002, charge.succeeded)`,
    ]);
  });
});
