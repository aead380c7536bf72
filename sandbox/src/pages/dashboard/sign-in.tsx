/** @jsxImportSource hono/jsx */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { both, tr } from './i18n';
import { BASE, Shell } from './render';
import type { DashEnv, Text } from './types';

/** The sign-in page's words. */
export const SIGN_IN = {
  title: both('Entrar al panel', 'Sign in to the dashboard'),
  intro: both(
    'Escribe la clave privada del comercio (empieza con sk_). La clave pública no abre el panel.',
    "Enter the merchant's private key (it starts with sk_). The public key does not open the dashboard.",
  ),
  where: both(
    'La clave privada está en la configuración del sandbox (npm run sandbox la imprime con --private-key; npm run demo usa la del demo).',
    'The private key is in the sandbox settings (npm run sandbox takes it with --private-key; npm run demo uses the demo one).',
  ),
  key: both('Clave privada', 'Private key'),
  submit: both('Entrar', 'Sign in'),
  /** The one answer to any wrong key: it does not say what was wrong with it. */
  wrong: both('Esa clave no abre el panel.', 'That key does not open the dashboard.'),
  expired: both(
    'El formulario caducó o no vino de este panel. Vuelve a escribir la clave.',
    'The form expired or did not come from this dashboard. Enter the key again.',
  ),
  tooMany: both(
    'Demasiados intentos fallidos. Espera un minuto y vuelve a intentarlo.',
    'Too many failed attempts. Wait a minute and try again.',
  ),
  signedOut: both('Sesión cerrada.', 'Signed out.'),
};

/** Why the sign-in page is shown again: a wrong key, an expired or foreign form, too many attempts, or a sign-out. */
export type SignInProblem = 'wrong' | 'expired' | 'tooMany' | 'signedOut' | null;

/**
 * The sign-in page: one password field for the private key, the form's token (signed nonce: the sign-in comes
 * before any session) and where to go after.
 */
export function signInPage(
  c: Context<DashEnv>,
  opts: { token: string; back: string; problem: SignInProblem },
  status: ContentfulStatusCode = 200,
): Response | Promise<Response> {
  const lang = c.var.lang;
  const t = (x: Text) => tr(lang, x);
  const { problem } = opts;
  const error = problem && problem !== 'signedOut';
  const u = new URL(c.req.url);
  return c.html(
    '<!doctype html>' +
      String(
        <Shell lang={lang} title={t(SIGN_IN.title)} here={u.pathname + u.search} merchant={null} csrf={null} nav={[]}>
          <div class="signin">
            <h1>{t(SIGN_IN.title)}</h1>
            {problem === 'signedOut' ? (
              <p class="flash ok" role="status">
                {t(SIGN_IN.signedOut)}
              </p>
            ) : null}
            <p id="key-help">{t(SIGN_IN.intro)}</p>
            {error ? (
              <p id="key-error" class="error" role="alert">
                {t(SIGN_IN[problem])}
              </p>
            ) : null}
            <form method="post" action={`${BASE}/sign-in`}>
              <input type="hidden" name="csrf" value={opts.token} />
              <input type="hidden" name="back" value={opts.back} />
              <label for="key">{t(SIGN_IN.key)}</label>
              <input
                id="key"
                name="key"
                type="password"
                autocomplete="off"
                spellcheck={false}
                autocapitalize="off"
                required
                maxlength={200}
                aria-describedby={error ? 'key-error key-help' : 'key-help'}
                aria-invalid={error ? 'true' : undefined}
                autofocus={!!error}
              />
              <button type="submit">{t(SIGN_IN.submit)}</button>
            </form>
            <p class="note">{t(SIGN_IN.where)}</p>
          </div>
        </Shell>,
      ),
    status,
  );
}
