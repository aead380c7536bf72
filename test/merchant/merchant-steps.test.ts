/**
 * The demo merchant's answers to its checkout (demo/merchant/server.ts, `POST /api/charge`): the "pay with points"
 * step ({points}), 3-D Secure ({redirect} after a 3012), bad choices (1001); and the same steps on the classic
 * form post without JavaScript (`POST /charge`: the points page, a 303 to the bank page).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/src/server';
import { startMerchant, type RunningMerchant } from '../../demo/merchant/server';

const CREDS = { merchantId: 'mstepsmerchant0001', publicKey: 'pk_steps_public', privateKey: 'sk_steps_private' };
let api: RunningSandbox;
let merchant: RunningMerchant;

beforeAll(async () => {
  api = await startSandbox({ ...CREDS, port: 0, fraud: { velocityMaxCards: 0 }, log: () => {} });
  merchant = await startMerchant({ ...CREDS, apiBaseUrl: api.baseUrl, port: 0, amount: 2400 });
});
afterAll(async () => {
  await merchant?.close();
  await api?.close();
});

/** A token for `card_number`, created with the public key as the page would. */
async function token(card_number: string): Promise<string> {
  const res = await fetch(`${api.baseUrl}/v1/${CREDS.merchantId}/tokens`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${CREDS.publicKey}:`).toString('base64')}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ card_number, holder_name: 'Ana Pérez', expiration_month: '12', expiration_year: '40', cvv2: '123' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const apiCharge = async (body: Record<string, unknown>, lang = 'es') => {
  const res = await fetch(`${merchant.url}/api/charge?lang=${lang}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

describe('POST /api/charge steps', () => {
  it('a points card without a choice: {points} with the balance in words, and no charge made', async () => {
    const before = merchant.charges.length;
    const r = await apiCharge({ token_id: await token('4000000000004004'), device_session_id: 'steps1' });
    expect(r).toEqual({ status: 200, body: { points: { balance: 'Tu tarjeta tiene 50,000 puntos ($5,000.00 MXN).', only_points: true } } });
    expect(merchant.charges.length).toBe(before);
  });

  it('points that cannot cover the order: "points only" is not offered (JSON: only_points false; the page without it)', async () => {
    const r = await apiCharge({ token_id: await token('5100000000004000'), device_session_id: 'steps1b' }, 'en');
    expect(r).toEqual({ status: 200, body: { points: { balance: 'Your card has 1,000 points ($100.00 MXN).', only_points: false } } });
  });

  it('months without interest on a debit card: the plan\'s own message, not "check the card details"', async () => {
    const r = await apiCharge({ token_id: await token('4000000000000507'), device_session_id: 'steps1c', payment_plan: '3' }, 'en');
    expect(r).toMatchObject({
      status: 402,
      body: { error_code: 3006, message: 'Months without interest need a credit card. Choose to pay in full now, or use a credit card.' },
    });
  });

  it("the same token with use_card_points: charged, the order's page, points used and left in the rows", async () => {
    const r = await apiCharge({ token_id: await token('5100000000004000'), device_session_id: 'steps2', use_card_points: 'MIXED' }, 'en');
    expect(r.status).toBe(200);
    expect(r.body.order).toMatch(/^\/order\/ord\w+-\d+\?lang=en$/);
    expect(r.body.transaction).toMatchObject({ points_used: '1000 ($100.00)', points_remaining: 0 });
    expect(merchant.charges.at(-1)).toMatchObject({ status: 'completed', card_points: { used: 1000 } });
  });

  it('a 3-D Secure card: 3012, charged again with use_3d_secure, {redirect} to the bank page', async () => {
    const r = await apiCharge({ token_id: await token('4000000000030124'), device_session_id: 'steps3', payment_plan: '6' }, 'en');
    expect(r.status).toBe(200);
    const url = new URL(r.body.redirect);
    expect(url.origin).toBe(api.baseUrl);
    expect(url.pathname).toMatch(/^\/3ds\//);
    expect(url.searchParams.get('lang')).toBe('en');
    expect(merchant.charges.at(-2)).toMatchObject({ error_code: 3012 });
    expect(merchant.charges.at(-1)).toMatchObject({ status: 'charge_pending', payment_plan: { payments: 6 } });
  });

  it('a plan outside the spec, an unknown points choice, card data or a missing device_session_id: 1001, nothing charged', async () => {
    const before = merchant.charges.length;
    const id = await token('4111111111111111');
    for (const body of [
      { token_id: id, device_session_id: 's', payment_plan: '7' },
      { token_id: id, device_session_id: 's', use_card_points: 'ALL' },
      { token_id: id, device_session_id: 's', card_number: '4111111111111111' },
      { token_id: id },
    ]) {
      expect(await apiCharge(body), JSON.stringify(body)).toMatchObject({ status: 400, body: { error_code: 1001 } });
    }
    // tokens only: a token_id without the id form is the shopper's "not found" (1005), before any API call
    expect(await apiCharge({ token_id: 'not an id!', device_session_id: 's' })).toMatchObject({ status: 402, body: { error_code: 1005 } });
    expect(merchant.charges.length).toBe(before);
  });
});

describe('POST /charge without JavaScript', () => {
  /** The on-page checkout's session (`/direct`, whose form posts to /charge): its cookie and the CSRF token of its form. */
  const session = async () => {
    const r = await fetch(`${merchant.url}/direct`);
    return { cookie: r.headers.get('set-cookie')!.split(';')[0]!, csrf: /name="csrf" value="([^"]+)"/.exec(await r.text())![1]! };
  };
  /** A same-origin form post of the page (`fields` carry the CSRF token). */
  const postAs = (cookie: string, fields: Record<string, string>) =>
    fetch(`${merchant.url}/charge?lang=es`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: merchant.url, 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });
  const post = async (fields: Record<string, string>) => {
    const s = await session();
    return postAs(s.cookie, { csrf: s.csrf, ...fields });
  };

  it('a points card: the points step page posting back to /charge, with the CSRF token, charges the choice', async () => {
    const s = await session();
    const res = await postAs(s.cookie, { csrf: s.csrf, token_id: await token('4000000000004004'), device_session_id: 'steps5' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Paga con puntos</h1>');
    expect(html).toContain('action="/charge?lang=es"');
    expect(html).toContain(`<input type="hidden" name="csrf" value="${s.csrf}">`);
    // the step's form posted back as a browser would: its hidden inputs plus the choice
    const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]));
    const paid = await postAs(s.cookie, { ...hidden, use_card_points: 'ONLY_POINTS' });
    expect(paid.status).toBe(303);
    const order = await fetch(`${merchant.url}${paid.headers.get('location')}`, { headers: { Cookie: s.cookie } });
    expect(await order.text()).toContain('data-field="points_used"');
    expect(merchant.charges.at(-1)).toMatchObject({ status: 'completed', card_points: { used: expect.any(Number) } });
  });

  it("the points step's post without the CSRF token is refused (403), nothing charged", async () => {
    const s = await session();
    const before = merchant.charges.length;
    const res = await postAs(s.cookie, {
      token_id: await token('4000000000004004'),
      device_session_id: 'steps7',
      use_card_points: 'MIXED',
    });
    expect(res.status).toBe(403);
    expect(merchant.charges.length).toBe(before);
  });

  it('a 3-D Secure card: 303 to the bank page', async () => {
    const res = await post({ token_id: await token('4000000000030124'), device_session_id: 'steps6' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${api.baseUrl}/3ds/`));
  });
});
