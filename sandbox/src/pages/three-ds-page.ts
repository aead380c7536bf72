import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Deps, SandboxEnv } from '../env';
import { MAX_CODE_ATTEMPTS, returnUrl } from '../domain/card/three-ds';
import { formatCents } from '../domain/money';
import type { ChallengeRecord } from '../domain/records';
import { finishChallenge, openChallenge, wrongCode, type ChallengeScreen } from '../resources/charges/three-ds';

/** The bank page's words, Spanish (Mexico, the default) and English (`?lang=en`). */
const TEXT = {
  es: {
    locale: 'es-MX',
    title: 'Verificación de compra',
    bank: 'Banco Sandbox · 3-D Secure',
    intro: 'Tu banco necesita confirmar que eres tú quien hace esta compra.',
    merchantLine: 'Compra',
    amountLine: 'Importe',
    cardLine: 'Tarjeta',
    ending: 'terminación',
    codeLabel: 'Código de un solo uso',
    codeHelp: 'Escribe los 6 dígitos que te enviamos. En el sandbox, el código aparece en el registro del sandbox.',
    wrong: (left: number) => `El código no es correcto. Te quedan ${left} ${left === 1 ? 'intento' : 'intentos'}.`,
    approve: 'Confirmar compra',
    reject: 'No reconozco esta compra',
    abandon: 'Cancelar y volver a la tienda',
    tests: 'Sandbox: para pruebas automatizadas, sin código',
    testApprove: 'Aprobar',
    testFail: 'Fallar',
    other: 'English',
    otherLang: 'en',
    gone: 'Esta verificación ya terminó o no existe.',
    goneTitle: 'Verificación no disponible',
  },
  en: {
    locale: 'en',
    title: 'Purchase verification',
    bank: 'Sandbox Bank · 3-D Secure',
    intro: 'Your bank needs to confirm that you are the one making this purchase.',
    merchantLine: 'Purchase',
    amountLine: 'Amount',
    cardLine: 'Card',
    ending: 'ending in',
    codeLabel: 'One-time code',
    codeHelp: 'Enter the 6 digits we sent you. In the sandbox, the code is written to the sandbox log.',
    wrong: (left: number) => `That code is not correct. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
    approve: 'Confirm purchase',
    reject: 'I do not recognise this purchase',
    abandon: 'Cancel and return to the shop',
    tests: 'Sandbox: for automated tests, no code needed',
    testApprove: 'Approve',
    testFail: 'Fail',
    other: 'Español',
    otherLang: 'es',
    gone: 'This verification is over or does not exist.',
    goneTitle: 'Verification unavailable',
  },
} as const;

type Lang = keyof typeof TEXT;
const langOf = (c: Context): Lang => (c.req.query('lang')?.startsWith('en') ? 'en' : 'es');
const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The page's only stylesheet, served from `/3ds/bank.css` (no inline style: a strict CSP applies). */
export const BANK_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,sans-serif;color:#1b1f24;background:#eef1f5}
main{max-width:28rem;margin:1.5rem auto;padding:1.25rem;background:#fff;border:1px solid #c9d1db;border-radius:8px}
.bank{margin:0 0 .5rem;font-weight:600;color:#0b4f8a}
h1{font-size:1.4rem;margin:.25rem 0 .75rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 .75rem}
dt{font-weight:600}dd{margin:0}
label{display:block;font-weight:600;margin-top:.5rem}
input{font:inherit;font-size:1.25rem;letter-spacing:.2em;width:9em;padding:.4rem;border:2px solid #5b6573;border-radius:4px}
input[aria-invalid=true]{border-color:#b00020}
.help{color:#3d4652;margin:.25rem 0}
.error{color:#b00020;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.75rem}
button{font:inherit;padding:.6rem 1rem;border-radius:4px;border:2px solid #0b4f8a;cursor:pointer}
button.primary{background:#0b4f8a;color:#fff}
button.secondary{background:#fff;color:#0b4f8a}
a{color:#0b4f8a}
:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.tests{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem .5rem;margin-top:.75rem;padding-top:.5rem;border-top:1px dashed #c9d1db}
.tests p{margin:0;color:#3d4652;font-size:.875rem}
.tests .actions{margin:0}
.tests button{padding:.2rem .6rem;font-size:.875rem}
.foot{margin-top:1rem;display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}
@media (max-width:30rem){main{margin:0;padding:1rem;border:0;border-radius:0}h1{margin-bottom:.5rem}dl{margin-bottom:.5rem}
.help{margin:.125rem 0}.tests{margin-top:.5rem}.foot{margin-top:.75rem}}`;

/**
 * The bank page's Content-Security-Policy: nothing inline (no script at all), its own stylesheet, its own icon
 * (`img-src 'self'`: browsers load a page's icon under `img-src`, Firefox even when the page declares none),
 * forms to itself and to the shop's return origin (the POST answers with a redirect there, which `form-action`
 * also governs), any framing page (the library's modal mode frames it).
 */
const csp = (returnOrigin: string | null) =>
  [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    `form-action 'self'${returnOrigin ? ` ${returnOrigin}` : ''}`,
    "base-uri 'none'",
    'frame-ancestors *',
    "require-trusted-types-for 'script'",
  ].join('; ');

const shell = (lang: Lang, title: string, body: string) => `<!doctype html>
<html lang="${TEXT[lang].locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · ${esc(TEXT[lang].bank)}</title><link rel="stylesheet" href="/3ds/bank.css"><link rel="icon" href="/3ds/favicon.ico"></head>
<body><main aria-labelledby="title">${body}</main></body></html>`;

/**
 * The "Approve" and "Fail" buttons for automated tests (`paytoken/testing`'s `completeThreeDSecure` presses them):
 * in sandbox mode only, so a production-mode sandbox shows the bank page as a real bank would.
 */
const testButtons = (t: (typeof TEXT)[Lang]) =>
  `<div class="tests" role="group" aria-labelledby="tests-title"><p id="tests-title">${esc(t.tests)}</p><div class="actions">` +
  `<button class="secondary" type="submit" name="action" value="test_approve" formnovalidate>${esc(t.testApprove)}</button>` +
  `<button class="secondary" type="submit" name="action" value="test_fail" formnovalidate>${esc(t.testFail)}</button></div></div>`;

/**
 * The challenge form; `wrong`: the number of wrong codes so far (an error is shown when > 0); `tests`: whether it
 * shows the test buttons (sandbox mode).
 */
function challengePage(screen: ChallengeScreen, lang: Lang, wrong: number, tests: boolean): string {
  const t = TEXT[lang];
  const c = screen.challenge;
  const invalid = wrong > 0;
  const describedBy = invalid ? 'code-error code-help' : 'code-help';
  return shell(
    lang,
    t.title,
    `<p class="bank">${esc(t.bank)}</p><h1 id="title">${esc(t.title)}</h1><p>${esc(t.intro)}</p>` +
      `<dl><dt>${esc(t.merchantLine)}</dt><dd>${esc(screen.description)}</dd>` +
      `<dt>${esc(t.amountLine)}</dt><dd>$${esc(formatCents(screen.amountCents))} ${esc(screen.currency)}</dd>` +
      `<dt>${esc(t.cardLine)}</dt><dd>${esc(screen.brand.toUpperCase())} ${esc(t.ending)} ${esc(screen.last4)}</dd></dl>` +
      `<form method="post" action="/3ds/${esc(c.id)}?lang=${lang}">` +
      `<label for="code">${esc(t.codeLabel)}</label>` +
      `<p id="code-help" class="help">${esc(t.codeHelp)}</p>` +
      (invalid ? `<p id="code-error" class="error" role="alert">${esc(t.wrong(MAX_CODE_ATTEMPTS - wrong))}</p>` : '') +
      `<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}" required` +
      ` aria-describedby="${describedBy}"${invalid ? ' aria-invalid="true" autofocus' : ''}>` +
      `<div class="actions"><button class="primary" type="submit" name="action" value="approve">${esc(t.approve)}</button>` +
      `<button class="secondary" type="submit" name="action" value="reject" formnovalidate>${esc(t.reject)}</button></div>` +
      (tests ? testButtons(t) : '') +
      `</form>` +
      `<p class="foot"><a id="abandon" href="${esc(returnUrl(c))}">${esc(t.abandon)}</a>` +
      `<a href="/3ds/${esc(c.id)}?lang=${t.otherLang}" lang="${TEXT[t.otherLang].locale}" hreflang="${TEXT[t.otherLang].locale}">${esc(t.other)}</a></p>`,
  );
}

/**
 * The sandbox's bank authentication page (docs/3d-secure.md), mounted at `/3ds`, outside `/v1` (no API key:
 * the shopper's browser opens it; the unguessable challenge id in the path is the credential):
 * - `GET /bank.css`: its stylesheet; `GET /favicon.ico`: its icon, none (204);
 * - `GET /{challenge_id}` (`?lang=en` for English, Spanish by default): a `challenge` card's form (one-time code,
 *   approve, reject, and a link back to the shop that abandons); a `frictionless` card is authenticated at once
 *   and sent back (303 to `redirect_url?id={transaction_id}`);
 * - `POST /{challenge_id}` (form: `action` approve|reject, `code`): approve with the right code ends the
 *   challenge (a `fails` card's authentication fails even so), a wrong code shows the form again with the error
 *   until {@link MAX_CODE_ATTEMPTS} wrong codes fail it; reject fails it; each end answers 303 to the shop. In
 *   sandbox mode, `action` test_approve (as the right code) and test_fail (the authentication fails) need no code:
 *   the page's test buttons; in production mode they are unknown actions (400), and the page has no such buttons.
 * An unknown, finished or expired challenge is a 404 page. Bodies over 4 KiB are refused (413, closing the
 * connection: the rest of the body is not read).
 */
export function bankRouter(d: Deps) {
  const tests = d.mode === 'sandbox';
  const find = (c: Context<SandboxEnv>) => openChallenge(d, c.req.param('challenge_id') ?? '');
  const headers = (c: Context<SandboxEnv>, ch: ChallengeRecord | undefined) => {
    c.header('Content-Security-Policy', csp(ch ? new URL(ch.redirectUrl).origin : null));
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
  };
  const gone = (c: Context<SandboxEnv>) => {
    const t = TEXT[langOf(c)];
    headers(c, undefined);
    return c.html(
      shell(langOf(c), t.goneTitle, `<p class="bank">${esc(t.bank)}</p><h1 id="title">${esc(t.goneTitle)}</h1><p>${esc(t.gone)}</p>`),
      404,
    );
  };
  const back = (c: Context<SandboxEnv>, ch: ChallengeRecord, url: string) => {
    headers(c, ch);
    return c.redirect(url, 303);
  };

  return new Hono<SandboxEnv>()
    .get('/bank.css', (c) => c.body(BANK_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }))
    .get('/favicon.ico', (c) => c.body(null, 204))
    .get('/:challenge_id', (c) => {
      const screen = find(c);
      if (!screen) return gone(c);
      if (screen.profile === 'frictionless') return back(c, screen.challenge, finishChallenge(d, screen.challenge, 'approved'));
      headers(c, screen.challenge);
      return c.html(challengePage(screen, langOf(c), screen.challenge.attempts, tests));
    })
    .post(
      '/:challenge_id',
      bodyLimit({ maxSize: 4096, onError: (c) => c.text('Request body too large', 413, { Connection: 'close' }) }),
      async (c) => {
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        const screen = find(c);
        if (!screen) return gone(c);
        const ch = screen.challenge;
        if (form.action === 'reject') return back(c, ch, finishChallenge(d, ch, 'rejected'));
        if (tests && form.action === 'test_fail') return back(c, ch, finishChallenge(d, ch, 'failed'));
        if (tests && form.action === 'test_approve')
          return back(c, ch, finishChallenge(d, ch, screen.profile === 'fails' ? 'failed' : 'approved'));
        if (form.action !== 'approve') {
          headers(c, ch);
          return c.html(challengePage(screen, langOf(c), ch.attempts, tests), 400);
        }
        if (form.code === ch.code) return back(c, ch, finishChallenge(d, ch, screen.profile === 'fails' ? 'failed' : 'approved'));
        const wrong = wrongCode(d, ch);
        if (wrong.back) return back(c, ch, wrong.back);
        headers(c, ch);
        return c.html(challengePage({ ...screen, challenge: { ...ch, attempts: wrong.attempts } }, langOf(c), wrong.attempts, tests), 422);
      },
    );
}
