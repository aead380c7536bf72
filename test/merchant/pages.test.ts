/**
 * The demo shop's checkout pages, over HTTP: the same menu of the demo's checkouts on each (the split-fields page
 * included), the same accepted-brand logos on each, named again by the note on a refused brand, and each of those
 * brands really paying through the shop; the "pay with points" step without JavaScript starting on what fits.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMerchant, type RunningMerchant } from '../../demo/merchant/server';
import { startSandbox, type RunningSandbox } from '../../sandbox/src/server';
import { ACCEPTED_BRANDS } from '../../demo/merchant/views/brands';
import { BRAND_NAMES } from '../../src/card/names';
import { cardBrand } from '../../src/card/brands';
import { validatePan } from '../../src/card/pan';
import { basic } from '../../sandbox/test/contract/helpers';

const CREDS = { merchantId: 'mpages0test000001', publicKey: 'pk_pages_test', privateKey: 'sk_pages_test' };
const DSID = 'dsid0123456789abcdefABCDEF012345';
/** The checkout pages and their names in the menu's marker. */
const PAGES = ['/', '/split', '/direct'] as const;
/** A Luhn-valid 16-digit number of each network the shop may show (published test numbers). */
const SAMPLE: Record<string, string> = {
  visa: '4111111111111111',
  mastercard: '5555555555554444',
  carnet: '5062210000000009',
  discover: '6011111111111117',
  jcb: '3530111333300000',
  unionpay: '6200000000000005',
};
let sandbox: RunningSandbox;
let shop: RunningMerchant;

beforeAll(async () => {
  sandbox = await startSandbox({ ...CREDS, port: 0, fraud: { velocityMaxCards: 0 } });
  shop = await startMerchant({ ...CREDS, apiBaseUrl: sandbox.baseUrl, port: 0, amount: 2400 });
});
afterAll(async () => {
  await shop?.close();
  await sandbox?.close();
});

const year = String((new Date().getFullYear() + 3) % 100);
const html = async (path: string, cookie = '') => {
  const r = await fetch(`${shop.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { text: await r.text(), cookie: r.headers.get('set-cookie')?.split(';')[0] ?? cookie };
};
/** A token made with the public key, as the browser library makes it. */
async function token(card_number: string): Promise<string> {
  const r = await fetch(`${sandbox.baseUrl}/v1/${CREDS.merchantId}/tokens`, {
    method: 'POST',
    headers: { Authorization: basic(CREDS.publicKey), 'Content-Type': 'application/json' },
    body: JSON.stringify({ card_number, holder_name: 'Ana Pérez', expiration_month: '12', expiration_year: year, cvv2: '123' }),
  });
  return ((await r.json()) as { id: string }).id;
}

describe('every checkout page', () => {
  it.each(['es', 'en'])('has the menu of the checkouts and the other methods, its own marked (%s)', async (lang) => {
    for (const path of [...PAGES, '/store', '/spei', '/subscribe']) {
      const { text } = await html(`${path}?lang=${lang}`);
      const menu = /<nav class="checkouts"[^>]*>([\s\S]*?)<\/nav>/.exec(text)![1]!;
      const links = [...menu.matchAll(/<a href="([^"?]+)[^"]*"\s*(aria-current="page")?/g)].map((m) => [m[1], !!m[2]]);
      expect(links).toEqual([
        ['/', path === '/'],
        ['/split', path === '/split'],
        ['/direct', path === '/direct'],
        ['/store', path === '/store'],
        ['/spei', path === '/spei'],
        ['/subscribe', path === '/subscribe'],
        ['/spa/', false],
      ]);
    }
  });

  it('shows the same accepted brands, and the note on a refused brand names exactly those', async () => {
    for (const [lang, or] of [
      ['es', ' o '],
      ['en', ', or '],
    ] as const) {
      for (const path of PAGES) {
        const { text } = await html(`${path}?lang=${lang}`);
        const logos = [...text.matchAll(/<img src="\/brands\/(\w+)\.svg" alt="([^"]+)" data-brand="\1"/g)].map((m) => [m[1], m[2]]);
        expect(logos, path).toEqual(ACCEPTED_BRANDS.map((b) => [b, BRAND_NAMES[b]]));
        const note = /<meta name="paytoken-brand-refused" content="([^"]+)">/.exec(text)![1]!;
        const names = ACCEPTED_BRANDS.map((b) => BRAND_NAMES[b]);
        expect(note).toContain(`${names.slice(0, -1).join(', ')}${or}${names.at(-1)}.`);
        for (const other of Object.values(BRAND_NAMES)) if (!names.includes(other)) expect(note).not.toContain(other);
      }
    }
  });

  it("are the sandbox guide's page list, and the README's", () => {
    const guide = readFileSync(new URL('../../docs/sandbox.md', import.meta.url), 'utf8');
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const path of [...PAGES, '/store', '/spei', '/subscribe', '/spa/']) {
      expect(guide).toContain(`| \`${path}\` |`);
      expect(readme).toContain(`\`${path}\``);
    }
  });
});

describe('the brands the pages show are the truth', () => {
  it('each shown brand passes the card rules and pays through the shop; American Express (15 digits) is refused', async () => {
    for (const brand of ACCEPTED_BRANDS) {
      const pan = SAMPLE[brand]!;
      expect(cardBrand(pan)).toBe(brand);
      expect(validatePan(pan).valid, brand).toBe(true);
      const page = await html('/direct');
      await fetch(`${shop.url}/new-order`, { headers: { Cookie: page.cookie }, redirect: 'manual' });
      const r = await fetch(`${shop.url}/api/charge?lang=en`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', Cookie: page.cookie },
        body: JSON.stringify({ token_id: await token(pan), device_session_id: DSID }),
      });
      const answer = (await r.json()) as { transaction?: { card: string } };
      expect(answer.transaction?.card, brand).toBe(`${BRAND_NAMES[brand]} •••• ${pan.slice(-4)}`);
    }
    expect(validatePan('378282246310005')).toMatchObject({ valid: false, brand: 'amex', reason: 'length' });
  });
});

describe('the "pay with points" step without JavaScript', () => {
  /** The step a points card gets on the classic form post, its radios as [value, checked]. */
  async function step(pan: string) {
    const page = await html('/direct?lang=en');
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const r = await fetch(`${shop.url}/charge?lang=en`, {
      method: 'POST',
      headers: { Cookie: page.cookie, 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({ csrf, token_id: await token(pan), device_session_id: DSID }),
    });
    const text = await r.text();
    expect(text).toContain('Pay with points');
    return [...text.matchAll(/name="use_card_points" value="(\w+)"( checked)?/g)].map((m) => [m[1], !!m[2]]);
  }

  it('starts on "points only" when the points cover the order; else on points and the rest by card', async () => {
    // 50,000 points (MXN 5,000.00) cover the MXN 2,400.00 order; 1,000 points (MXN 100.00) do not
    expect(await step('4000000000004004')).toEqual([
      ['ONLY_POINTS', true],
      ['MIXED', false],
      ['NONE', false],
    ]);
    expect(await step('5100000000004000')).toEqual([
      ['MIXED', true],
      ['NONE', false],
    ]);
  });
});
