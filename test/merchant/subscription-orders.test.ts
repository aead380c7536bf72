/**
 * The demo shop's subscription orders over HTTP (demo/merchant/routes/subscribe.ts, orders.ts, webhooks.ts): buying
 * a plan records an order (method `subscription`, its subscription id), `pending` until a verified event moves it:
 * `charge.succeeded` of its first charge (a plan without trial is charged at once) pays it; a billing charge
 * declined on the clock (`charge.failed`, `subscription.charge.failed`) fails it; the shop's own cancel (the API's
 * answer: the spec has no event for it) cancels it. The account page and the order's page show it.
 */
import { describe, expect, it } from 'vitest';
import { useShop } from './shop';

const CREDS = { merchantId: 'msuborders0test01', publicKey: 'pk_suborders_test', privateKey: 'sk_suborders_test' };
const env = useShop(CREDS);
const { api, token, order: orderOf, until } = env;

/** The shop's plan named `name` (made by the shop at its start). */
const planId = async (name: string): Promise<string> =>
  (await api('GET', `/v1/${CREDS.merchantId}/plans?limit=100`)).find((p: { name: string }) => p.name === name).id;

/** A new session subscribing to `plan` with `card` through `/subscribe`'s JSON route: its cookie and its order's id. */
async function subscribe(plan: string, card: string): Promise<{ cookie: string; id: string; account: string }> {
  const cookie = (await fetch(`${env.shop.url}/subscribe`)).headers.get('set-cookie')!.split(';')[0]!;
  const res = await fetch(`${env.shop.url}/api/subscribe?lang=en`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ token_id: await token(card), plan_id: await planId(plan) }),
  });
  expect([res.status, await res.json()]).toEqual([200, { receipt: '/account?lang=en' }]);
  const account = await (await fetch(`${env.shop.url}/account?lang=en`, { headers: { cookie } })).text();
  return { cookie, id: /data-order="([^"]+)"/.exec(account)![1]!, account };
}

/** The merchant log's lines about order `id` moving. */
const moves = (id: string) => env.shop.logged.filter((l) => l.startsWith(`merchant order ${id} `));

describe('subscription orders from signed events', () => {
  it('a plan without trial: the order is recorded with its subscription, and paid by charge.succeeded of its first charge', async () => {
    const { cookie, id, account } = await subscribe('Café de la semana', '4111111111111111');
    expect(account).toContain('<dl id="subscription" data-status="active">');
    await until(cookie, id, 'paid');
    expect(await orderOf(cookie, id)).toMatchObject({ text: 'Your subscription is paid: its latest charge to your card went through.' });
    expect(moves(id)).toEqual([expect.stringMatching(new RegExp(`^merchant order ${id} paid \\(event \\w+, charge\\.succeeded\\)$`))]);
    const page = await (await fetch(`${env.shop.url}/order/${id}?lang=en`, { headers: { cookie } })).text();
    expect(page).toContain('data-status="paid"');
    expect(page).toContain('99.00 MXN per period');
    expect(page).toContain('href="/account?lang=en"');
    const again = await (await fetch(`${env.shop.url}/account?lang=en`, { headers: { cookie } })).text();
    expect(again).toContain(`<a href="/order/${id}?lang=en">Order ${id}</a>`);
    expect(again).toMatch(/id="order-status" class="order-status" data-status="paid"/);
  });

  it('a plan with a trial: pending in its trial; its billing charge declined on the clock fails it; the cancel cancels it', async () => {
    const { cookie, id, account } = await subscribe('Café del mes', '4000000000000002');
    expect(account).toContain('<dl id="subscription" data-status="trial">');
    expect(account).toMatch(/id="order-status" class="order-status" data-status="pending"/);
    await api('POST', `/sandbox/v1/${CREDS.merchantId}/clock/advance`, { seconds: 8 * 86_400 });
    await until(cookie, id, 'failed');
    const events = () => new Set(moves(id).map((l) => /, ([\w.]+)\)$/.exec(l)![1]));
    for (let i = 0; i < 100 && events().size < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(events()).toEqual(new Set(['charge.failed', 'subscription.charge.failed']));
    const page = await (await fetch(`${env.shop.url}/account?lang=en`, { headers: { cookie } })).text();
    expect(page).toContain('<dl id="subscription" data-status="past_due">');
    expect(page).toContain('Your subscription&#39;s latest charge did not go through: check your card.');
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
    const cancelled = await fetch(`${env.shop.url}/account/cancel?lang=en`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf }).toString(),
    });
    expect(cancelled.status).toBe(303);
    expect((await orderOf(cookie, id)).status).toBe('cancelled');
    expect(moves(id).at(-1)).toBe(`merchant order ${id} cancelled (its cancel)`);
  });

  it('a declined first charge keeps no order: the account page has none, and the next card order of the session is its own', async () => {
    const cookie = (await fetch(`${env.shop.url}/subscribe`)).headers.get('set-cookie')!.split(';')[0]!;
    const res = await fetch(`${env.shop.url}/api/subscribe?lang=en`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ token_id: await token('4000000000000002'), plan_id: await planId('Café de la semana') }),
    });
    expect(res.status).toBe(402);
    const page = await (await fetch(`${env.shop.url}/account?lang=en`, { headers: { cookie } })).text();
    expect(page).toContain('You have no subscription yet.');
    expect(page).not.toContain('data-order=');
    const paid = await fetch(`${env.shop.url}/api/charge?lang=en`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ token_id: await token(), device_session_id: 'dsid0123456789abcdefABCDEF012345' }),
    });
    const { order_id: orderId } = (await paid.json()) as { order_id: string };
    await until(cookie, orderId, 'paid');
    expect((await orderOf(cookie, orderId)).title).toBe('Payment complete');
  });
});
