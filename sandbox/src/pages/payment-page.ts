import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Deps, SandboxEnv } from '../env';
import { returnUrl } from '../domain/card/three-ds';
import { SandboxError } from '../domain/errors';
import { formatCents } from '../domain/money';
import { openPayPage, payOnPage, type PayScreen } from '../resources/charges/redirect';
import { esc, langOf, originOf, page, shopperCsp, shopperHeaders, type Lang } from './shopper';

/** The payment page's words, Spanish (Mexico, the default) and English (`?lang=en`). */
const TEXT = {
  es: {
    title: 'Pagar con tarjeta',
    secure: 'Pago seguro',
    purchase: 'Compra',
    amount: 'Importe',
    card: 'Tarjeta',
    pay: 'Pagar',
    back: 'Cancelar y volver a la tienda',
    tokenProblem: 'No pudimos usar los datos de la tarjeta. Escríbelos de nuevo.',
    goneTitle: 'Pago no disponible',
    gone: 'Este pago ya terminó o no existe.',
    other: 'English',
    otherLang: 'en',
  },
  en: {
    title: 'Pay by card',
    secure: 'Secure payment',
    purchase: 'Purchase',
    amount: 'Amount',
    card: 'Card',
    pay: 'Pay',
    back: 'Cancel and return to the shop',
    tokenProblem: 'We could not use the card details. Please type them again.',
    goneTitle: 'Payment unavailable',
    gone: 'This payment is over or does not exist.',
    other: 'Español',
    otherLang: 'es',
  },
} as const;

/** The page script: configures the library from the page's meta tags and mounts the card element in the form. */
export const PAY_SCRIPT = `(function () {
  var meta = function (name) { return document.querySelector('meta[name="paytoken-' + name + '"]').content; };
  PayToken.setId(meta('merchant-id'));
  PayToken.setApiKey(meta('public-key'));
  PayToken.setBaseUrl(meta('base-url'));
  var error = document.getElementById('form-error');
  var fields = PayToken.fields.mount({ card: '#card' }, { locale: document.documentElement.lang, form: 'pay-form' });
  fields.on('error', function (e) { if (!e.field) error.textContent = e.message; });
})();
`;

/** The payment page of a redirect charge; `problem`: a message shown above the button. */
function payPage(d: Deps, s: PayScreen, lang: Lang, problem = ''): string {
  const t = TEXT[lang];
  const amount = `$${formatCents(s.charge.amountCents)} ${s.charge.currency}`;
  const key = s.key.id;
  return page(
    lang,
    `${t.title} · ${d.merchant.name}`,
    `<p class="brand">${esc(t.secure)} · ${esc(d.merchant.name)}</p><h1 id="title">${esc(t.title)}</h1>` +
      `<dl><dt>${esc(t.purchase)}</dt><dd>${esc(s.charge.description)}</dd><dt>${esc(t.amount)}</dt><dd>${esc(amount)}</dd></dl>` +
      `<form id="pay-form" method="post" action="/pay/${esc(key)}?lang=${lang}"><label for="card">${esc(t.card)}</label>` +
      `<div id="card" class="card"></div><p id="form-error" class="error" role="alert">${esc(problem)}</p>` +
      `<button type="submit" id="pay">${esc(t.pay)} ${esc(amount)}</button></form>` +
      `<p class="foot"><a id="back" href="${esc(returnUrl({ redirectUrl: s.key.redirectUrl!, transactionId: s.charge.id }))}">${esc(t.back)}</a>` +
      `<a href="/pay/${esc(key)}?lang=${t.otherLang}" hreflang="${t.otherLang}">${esc(t.other)}</a></p>`,
    {
      metas: { 'paytoken-merchant-id': d.merchant.id, 'paytoken-public-key': d.methods.publicKey, 'paytoken-base-url': d.publicUrl() },
      scripts: ['/js/v1/paytoken-hosted.iife.js', '/pay/pay.js'],
    },
  );
}

/**
 * `next` (where paying sent the shopper), in the payment page's language when it is this sandbox's 3-D Secure bank
 * page (which is Spanish unless told `?lang=en`); the shop's own `redirect_url` unchanged.
 */
function bankPageInLang(d: Deps, next: string, lang: Lang): string {
  if (lang === 'es' || !next.startsWith(`${d.publicUrl()}/3ds/`)) return next;
  const url = new URL(next);
  url.searchParams.set('lang', lang);
  return url.href;
}

/**
 * The redirect charge's payment page (spec, Charges: "Redirect charge": `payment_method {type: "redirect", url}`),
 * mounted at `/pay`, outside `/v1` (no API key: the shopper's browser opens it; the unguessable key in the path is the
 * credential). Built on the library itself: the card element of `paytoken-hosted.iife.js`, tokenizing on this API
 * with the sandbox's public key; its form's `post` flow posts `token_id` and `device_session_id` here.
 * - `GET /{key}` (`?lang=en` for English): the page; `GET /pay.js`: its script;
 * - `POST /{key}` (form `token_id`, `device_session_id`): pays (resources/charges/redirect.ts) and answers 303 to
 *   the bank's 3-D Secure page or to `redirect_url?id={transaction_id}`; a token the API refuses shows the page again
 *   (422). A finished, cancelled or unknown payment is a 404 page; bodies over 4 KiB are refused (413).
 */
export function payRouter(d: Deps) {
  const gone = (c: Context<SandboxEnv>) => {
    const t = TEXT[langOf(c)];
    shopperHeaders(c, shopperCsp(null));
    return c.html(page(langOf(c), t.goneTitle, `<h1 id="title">${esc(t.goneTitle)}</h1><p>${esc(t.gone)}</p>`), 404);
  };
  const headers = (c: Context<SandboxEnv>, s: PayScreen) =>
    shopperHeaders(c, shopperCsp(originOf(s.key.redirectUrl), { scripts: true, frames: true }));
  return new Hono<SandboxEnv>()
    .get('/pay.js', (c) =>
      c.body(PAY_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }),
    )
    .get('/:key', (c) => {
      const s = openPayPage(d, c.req.param('key'));
      if (!s) return gone(c);
      headers(c, s);
      return c.html(payPage(d, s, langOf(c)));
    })
    .post(
      '/:key',
      bodyLimit({ maxSize: 4096, onError: (c) => c.text('Request body too large', 413, { Connection: 'close' }) }),
      async (c) => {
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        const s = openPayPage(d, c.req.param('key'));
        if (!s) return gone(c);
        headers(c, s);
        const token = typeof form.token_id === 'string' ? form.token_id : '';
        const session =
          typeof form.device_session_id === 'string' && form.device_session_id ? form.device_session_id.slice(0, 255) : undefined;
        try {
          return c.redirect(bankPageInLang(d, payOnPage(d, s, token.slice(0, 45), session), langOf(c)), 303);
        } catch (e) {
          if (!(e instanceof SandboxError)) throw e;
          return c.html(payPage(d, s, langOf(c), TEXT[langOf(c)].tokenProblem), 422);
        }
      },
    );
}
