import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Deps, SandboxEnv } from '../env';
import { formatCents } from '../domain/money';
import { decideWallet, openWallet, signInWallet, type WalletScreen } from '../resources/charges/wallet';
import { esc, langOf, originOf, page, shopperCsp, shopperHeaders, type Lang } from './shopper';

/** The wallet page's words, Spanish (Mexico, the default) and English (`?lang=en`). */
const TEXT = {
  es: {
    wallet: 'Monedero Sandbox',
    signInTitle: 'Inicia sesión en tu monedero',
    email: 'Correo electrónico',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    signInHelp: 'En el sandbox, cualquier correo y contraseña sirven; no se guardan.',
    missing: 'Escribe tu correo y tu contraseña.',
    approveTitle: 'Confirma tu pago',
    merchant: 'Comercio',
    purchase: 'Compra',
    amount: 'Importe',
    approve: 'Pagar',
    decline: 'Rechazar pago',
    goneTitle: 'Pago no disponible',
    gone: 'Este pago ya terminó, venció o no existe.',
    other: 'English',
    otherLang: 'en',
  },
  en: {
    wallet: 'Sandbox Wallet',
    signInTitle: 'Sign in to your wallet',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    signInHelp: 'In the sandbox any email and password will do; they are not kept.',
    missing: 'Enter your email and password.',
    approveTitle: 'Confirm your payment',
    merchant: 'Merchant',
    purchase: 'Purchase',
    amount: 'Amount',
    approve: 'Pay',
    decline: 'Decline payment',
    goneTitle: 'Payment unavailable',
    gone: 'This payment is over, past its due date or does not exist.',
    other: 'Español',
    otherLang: 'es',
  },
} as const;

/** The wallet page: sign-in first, then the payment to approve or decline; `problem` shown on the sign-in form. */
function walletPage(d: Deps, s: WalletScreen, lang: Lang, problem = ''): string {
  const t = TEXT[lang];
  const action = `/wallet/${esc(s.key.id)}?lang=${lang}`;
  const amount = `$${formatCents(s.charge.amountCents)} ${s.charge.currency}`;
  const summary =
    `<dl><dt>${esc(t.merchant)}</dt><dd>${esc(d.merchant.name)}</dd><dt>${esc(t.purchase)}</dt><dd>${esc(s.charge.description)}</dd>` +
    `<dt>${esc(t.amount)}</dt><dd>${esc(amount)}</dd></dl>`;
  const body = s.signedIn
    ? `<h1 id="title">${esc(t.approveTitle)}</h1>${summary}<form method="post" action="${action}"><div class="actions">` +
      `<button type="submit" name="action" value="approve" id="approve">${esc(t.approve)} ${esc(amount)}</button>` +
      `<button type="submit" name="action" value="decline" id="decline" class="secondary">${esc(t.decline)}</button></div></form>`
    : `<h1 id="title">${esc(t.signInTitle)}</h1>${summary}<form method="post" action="${action}">` +
      `<label for="email">${esc(t.email)}</label><input id="email" name="email" type="email" autocomplete="username" required>` +
      `<label for="password">${esc(t.password)}</label><input id="password" name="password" type="password" autocomplete="current-password" required>` +
      `<p class="help">${esc(t.signInHelp)}</p>${problem ? `<p class="error" role="alert">${esc(problem)}</p>` : ''}` +
      `<div class="actions"><button type="submit" name="action" value="signin" id="signin">${esc(t.signIn)}</button></div></form>`;
  return page(
    lang,
    `${t.wallet} · ${d.merchant.name}`,
    `<p class="brand">${esc(t.wallet)}</p>${body}` +
      `<p class="foot"><a href="/wallet/${esc(s.key.id)}?lang=${t.otherLang}" hreflang="${t.otherLang}">${esc(t.other)}</a></p>`,
  );
}

/**
 * The simulated third-party wallet (spec, Charges: "Third-party wallet charge"), mounted at `/wallet`, outside `/v1`
 * (no API key; the unguessable key in the path is the credential). No script: plain forms.
 * - `GET /{key}` (`?lang=en`): sign in (any e-mail and password; nothing kept), then approve or decline;
 * - `POST /{key}` (form `action`: `signin` with `email` and `password`, `approve`, `decline`): signing in starts the
 *   spec's 15-minute grace after `due_date`; approving or declining answers 303 to `redirect_url?id={transaction_id}`.
 * A finished, expired or unknown payment is a 404 page; bodies over 4 KiB are refused (413).
 */
export function walletRouter(d: Deps) {
  const gone = (c: Context<SandboxEnv>) => {
    const t = TEXT[langOf(c)];
    shopperHeaders(c, shopperCsp(null));
    return c.html(
      page(langOf(c), t.goneTitle, `<p class="brand">${esc(t.wallet)}</p><h1 id="title">${esc(t.goneTitle)}</h1><p>${esc(t.gone)}</p>`),
      404,
    );
  };
  const headers = (c: Context<SandboxEnv>, s: WalletScreen) => shopperHeaders(c, shopperCsp(originOf(s.key.redirectUrl)));
  return new Hono<SandboxEnv>()
    .get('/:key', (c) => {
      const s = openWallet(d, c.req.param('key'));
      if (!s) return gone(c);
      headers(c, s);
      return c.html(walletPage(d, s, langOf(c)));
    })
    .post(
      '/:key',
      bodyLimit({ maxSize: 4096, onError: (c) => c.text('Request body too large', 413, { Connection: 'close' }) }),
      async (c) => {
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        const s = openWallet(d, c.req.param('key'));
        if (!s) return gone(c);
        headers(c, s);
        const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';
        if (form.action === 'signin') {
          if (!filled(form.email) || !filled(form.password)) return c.html(walletPage(d, s, langOf(c), TEXT[langOf(c)].missing), 422);
          signInWallet(d, s);
          return c.redirect(`/wallet/${s.key.id}?lang=${langOf(c)}`, 303);
        }
        if (!s.signedIn || (form.action !== 'approve' && form.action !== 'decline')) return c.html(walletPage(d, s, langOf(c)), 400);
        return c.redirect(decideWallet(d, s, form.action === 'approve'), 303);
      },
    );
}
