/** @jsxImportSource hono/jsx */
import type { Context } from 'hono';
import type { Child, FC } from 'hono/jsx';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { COMMON, LOCALE, tr } from './i18n';
import type { DashEnv, Flash, Lang, NavEntry, Text } from './types';
import type { View } from './ui';

/** Where the dashboard lives. */
export const BASE = '/dashboard';

/** The page's own path and query, e.g. `/dashboard/transactions?status=failed`. */
export const hereOf = (c: Context<DashEnv>): string => {
  const u = new URL(c.req.url);
  return u.pathname + u.search;
};

/** What a page's parts need (./ui.tsx {@link View}), from the request. */
export function viewOf(c: Context<DashEnv>, simulate: boolean): View {
  return { lang: c.var.lang, csrf: c.var.session?.csrf ?? '', here: hereOf(c), simulate };
}

/** The link that switches the language and comes back to this page. */
const otherLanguage = (lang: Lang, here: string) => {
  const to: Lang = lang === 'es' ? 'en' : 'es';
  return (
    <a href={`${BASE}/lang/${to}?back=${encodeURIComponent(here)}`} lang={LOCALE[to]} hreflang={LOCALE[to]}>
      {tr(lang, COMMON.otherLanguage)}
    </a>
  );
};

/** The document around every page: head, skip link, header (brand, merchant, language, sign-out, navigation). */
export const Shell: FC<{
  lang: Lang;
  title: string;
  here: string;
  merchant: string | null;
  csrf: string | null;
  nav: readonly NavEntry[];
  children: Child;
}> = ({ lang, title, here, merchant, csrf, nav, children }) => (
  <html lang={LOCALE[lang]}>
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{`${title} · ${tr(lang, COMMON.brand)}`}</title>
      <link rel="stylesheet" href={`${BASE}/assets/dashboard.css`} />
      <link rel="icon" href={`${BASE}/assets/favicon.ico`} />
    </head>
    <body>
      <a class="skip" href="#main">
        {tr(lang, COMMON.skip)}
      </a>
      <header class="top">
        <div class="bar">
          <div>
            <p class="brand">{tr(lang, COMMON.brand)}</p>
            {merchant ? <p class="who">{merchant}</p> : null}
          </div>
          <div class="tools">
            {otherLanguage(lang, here)}
            {csrf ? (
              <form method="post" action={`${BASE}/sign-out`}>
                <input type="hidden" name="csrf" value={csrf} />
                <button type="submit">{tr(lang, COMMON.signOut)}</button>
              </form>
            ) : null}
          </div>
        </div>
        {nav.length ? (
          <nav aria-label={tr(lang, COMMON.sections)}>
            <ul>
              {nav.map((n) => (
                <li>
                  <a href={n.href} aria-current={isCurrent(n.href, here) ? 'page' : undefined}>
                    {tr(lang, n.title)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" tabindex={-1}>
        {children}
      </main>
    </body>
  </html>
);

/** Whether a navigation entry is the current page's section. */
const isCurrent = (href: string, here: string) => {
  const path = here.split('?')[0]!;
  return href === BASE ? path === BASE || path === `${BASE}/` : path === href || path.startsWith(`${href}/`);
};

/** The message an action left, shown once: `status` when done, `alert` when refused. */
export const FlashBox: FC<{ lang: Lang; flash: Flash }> = ({ lang, flash }) => (
  <div class={`flash ${flash.ok ? 'ok' : 'no'}`} role={flash.ok ? 'status' : 'alert'}>
    <strong>{tr(lang, flash.ok ? COMMON.done : COMMON.refused)}:</strong>
    {tr(lang, flash.text)}
    {flash.link ? (
      <>
        {' '}
        <a href={flash.link.href}>{tr(lang, flash.link.text)}</a>
      </>
    ) : null}
  </div>
);

/**
 * Answers a signed-in page: the shell with the navigation, the action's message if one waits (then it is gone), the
 * heading and `body`.
 */
export function page(c: Context<DashEnv>, title: Text, body: Child, status: ContentfulStatusCode = 200): Response | Promise<Response> {
  const lang = c.var.lang;
  const session = c.var.session;
  const flash = session?.flash;
  if (session) delete session.flash;
  const heading = tr(lang, title);
  return c.html(
    '<!doctype html>' +
      String(
        <Shell lang={lang} title={heading} here={hereOf(c)} merchant={c.var.merchantLine} csrf={session?.csrf ?? null} nav={c.var.nav}>
          {flash ? <FlashBox lang={lang} flash={flash} /> : null}
          <h1>{heading}</h1>
          {body}
        </Shell>,
      ),
    status,
  );
}
