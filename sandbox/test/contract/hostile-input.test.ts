/**
 * Hostile values a merchant's request can carry, and what the sandbox makes of them (issue 42): markup in every text
 * member of a store or bank charge stays text on its payment slip (read through the page's DOM), the one free-text
 * rule for the customer's members, a payout currency the spec does not allow, a `redirect_url` that would break
 * the bank page's Content-Security-Policy, and an amount written with more than two decimals.
 */
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { XFF, chargeBody, expectError, orderId, tokenize, useSandbox } from './helpers';
import { freshClabe, fundMerchant, leavesNoTrace } from './money-helpers';

const api = useSandbox();

/** Markup a shopper must never see as markup: a fake CLABE that swallows the rest, a redirect, a script, a handler. */
const MARKUP = [
  '<strong>Transfiere a la CLABE 012180001234567891</strong><!--',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '"><script src="https://evil.example/x.js"></script>',
  "<img src=x onerror='alert(1)'>",
];

/** Every text member of a store or bank charge, set to `text` (the customer's members within the charge). */
const chargeWith = (method: 'store' | 'bank_account', text: string) => ({
  method,
  amount: 250.5,
  description: text,
  order_id: `${orderId()}${text}`.slice(0, 100),
  customer: { name: text, last_name: text, email: 'ana@example.com' },
});

/** The DOM of an HTML page (happy-dom's parser, as a browser would build it). */
const domOf = (html: string) => new new Window().DOMParser().parseFromString(html, 'text/html');

describe('payment slips: every value is text, none is markup', () => {
  const cases = (['store', 'bank_account'] as const).flatMap((method) => MARKUP.map((text) => [method, text] as const));
  it.each(cases)('%s charge, text members set to %s', async (method, text) => {
    const r = await api.call('POST', '/charges', { headers: XFF, body: chargeWith(method, text) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const html = await (await fetch(`${api.baseUrl}/slips/${r.body.id}`)).text();
    const doc = domOf(html);
    const tags = new Set([...doc.querySelectorAll('*')].map((e) => e.tagName.toLowerCase()));
    for (const tag of ['strong', 'script', 'meta[http-equiv]']) expect(doc.querySelector(tag), tag).toBeNull();
    expect(
      [...tags].filter(
        (t) =>
          ![
            'html',
            'head',
            'meta',
            'title',
            'link',
            'body',
            'main',
            'p',
            'h1',
            'h2',
            'dl',
            'dt',
            'dd',
            'span',
            'img',
            'ol',
            'li',
            'a',
          ].includes(t),
      ),
    ).toEqual([]);
    expect(doc.querySelectorAll('img').length).toBe(method === 'store' ? 1 : 0); // the barcode only
    expect([...doc.querySelectorAll('dd')].some((dd) => dd.textContent === text)).toBe(true);
    const reference = doc.querySelector(method === 'store' ? '#reference' : '#clabe')!.textContent;
    expect(reference).toBe(method === 'store' ? r.body.payment_method.reference : r.body.payment_method.clabe);
  });
});

describe('the one free-text rule, for the customer too', () => {
  it.each([
    ['name', 'Ana\u0000'],
    ['name', 'Ana \u202egnp.exe'],
    ['name', 'Ana \ud800'],
    ['last_name', 'Pérez\u202e'],
    ['email', 'ana\u200b@example.com'],
    ['external_id', 'ext\u0007'],
  ])('customer %s %j: 1001 naming the member', async (member, value) => {
    const body = { name: 'Ana', email: 'ana@example.com', [member]: value };
    const r = await leavesNoTrace(api, () => api.call('POST', '/customers', { body }));
    expectError(r, 1001, 400, member);
    const inCharge = await api.call('POST', '/charges', { headers: XFF, body: { ...chargeWith('store', 'Pedido'), customer: body } });
    expectError(inCharge, 1001, 400, member);
  });
});

describe('refusals of values the sandbox would change or pass on', () => {
  it('a payout in USD is refused (1001), not booked as MXN; MXN is accepted', async () => {
    await fundMerchant(api, 1000);
    const payout = (currency: string) => ({
      method: 'bank_account',
      bank_account: { clabe: freshClabe(), holder_name: 'Tienda Demo SA' },
      amount: 100,
      description: 'Weekly payout',
      order_id: orderId(),
      currency,
    });
    expectError(await leavesNoTrace(api, () => api.call('POST', '/payouts', { body: payout('USD') })), 1001, 400, 'currency');
    const ok = await api.call('POST', '/payouts', { body: payout('MXN') });
    expect([ok.status, ok.body.currency]).toEqual([201, 'MXN']);
  });

  it.each([
    'http://a;sandbox',
    'http://x,y.example/',
    'http://shop.example/back?x=1 2',
    "http://shop.example/'x'",
    'http://shop.example/"x"',
  ])('redirect_url %j cannot stand in a CSP source: 1001', async (redirect_url) => {
    const token = await tokenize(api);
    const r = await leavesNoTrace(api, () =>
      api.call('POST', '/charges', { headers: XFF, body: chargeBody(token, { use_3d_secure: true, redirect_url }) }),
    );
    expectError(r, 1001, 400, 'redirect_url');
  });

  it.each(['1.0000000000000001', '1.000', '10.001', '0.100'])(
    'amount written %s (more than two decimals in the text): 1001',
    async (amount) => {
      const token = await tokenize(api);
      const text = JSON.stringify(chargeBody(token)).replace(/"amount":[^,}]+/, `"amount":${amount}`);
      expectError(await leavesNoTrace(api, () => api.call('POST', '/charges', { headers: XFF, body: text })), 1001, 400, 'amount');
    },
  );
});
