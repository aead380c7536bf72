import type { Context } from 'hono';

/**
 * What the sandbox's shopper pages share (the redirect payment page, the wallet page, the payment slip): language,
 * escaping, the HTML shell and the one stylesheet. No inline script or style: each page runs under a strict
 * Content-Security-Policy with Trusted Types.
 */

/** The page's language: Spanish (Mexico) by default, English with `?lang=en`. */
export type Lang = 'es' | 'en';

export const langOf = (c: Context): Lang => (c.req.query('lang')?.startsWith('en') ? 'en' : 'es');

/** The `lang` attribute of each language. */
export const LOCALE: Record<Lang, string> = { es: 'es-MX', en: 'en' };

/** HTML-escapes any value (text and attribute values). */
export const esc = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Where the stylesheet is served. */
export const PAGES_CSS_PATH = '/pay/page.css';

/** The stylesheet of the shopper pages (print included: the slip is printed). */
export const PAGES_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1b1f24;background:#eef1f5}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #c9d1db;border-radius:8px}
.brand{margin:0 0 .5rem;font-weight:600;color:#0b4f8a}
h1{font-size:1.4rem;margin:.25rem 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin-top:.75rem}
input{font:inherit;width:100%;padding:.45rem;border:2px solid #5b6573;border-radius:4px}
.card{min-height:3rem;margin:.25rem 0}
.error{color:#b00020;font-weight:600}
.help{color:#3d4652;margin:.25rem 0}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1rem}
button{font:inherit;padding:.6rem 1rem;border-radius:4px;border:2px solid #0b4f8a;cursor:pointer;background:#0b4f8a;color:#fff}
button.secondary{background:#fff;color:#0b4f8a}
button:disabled{opacity:.6;cursor:progress}
a{color:#0b4f8a}
:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.foot{margin-top:1.5rem;display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}
.barcode{display:block;max-width:100%;height:auto;margin:.5rem auto 1rem;image-rendering:pixelated}
.reference{font:1.25rem/1.3 ui-monospace,monospace;letter-spacing:.05em;white-space:nowrap}
.status{font-weight:600;padding:.25rem .5rem;border-radius:4px;display:inline-block;border:1px solid}
.status.paid{background:#e6f4ea;color:#14532d}
.status.over{background:#f1f3f5;color:#3d4652}
@media (max-width:30rem){main{margin:0;border:0;border-radius:0;padding:1rem}dl{grid-template-columns:1fr;gap:0}dd+dt{margin-top:.5rem}}
ol{padding-left:1.25rem}
@media print{body{background:#fff}main{border:0;margin:0;max-width:none}.foot,.noprint{display:none}}`;

/**
 * A whole page: `lang`, title, the stylesheet, optional `<meta>` members (name -> content) and scripts (same-origin
 * paths, `defer`), and the body's HTML (already escaped).
 */
export function page(lang: Lang, title: string, body: string, extra: { metas?: Record<string, string>; scripts?: string[] } = {}): string {
  const metas = Object.entries(extra.metas ?? {})
    .map(([n, v]) => `<meta name="${esc(n)}" content="${esc(v)}">`)
    .join('');
  const scripts = (extra.scripts ?? []).map((s) => `<script src="${esc(s)}" defer></script>`).join('');
  return `<!doctype html>
<html lang="${LOCALE[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>${metas}<link rel="stylesheet" href="${PAGES_CSS_PATH}"><link rel="icon" href="data:,">${scripts}</head>
<body><main aria-labelledby="title">${body}</main></body></html>`;
}

/**
 * The shopper pages' Content-Security-Policy: nothing inline, their own stylesheet, scripts and images, the hosted
 * fields' frames from this origin (`frame`), forms to this origin and to the shop's return origin (a form post
 * answered by a redirect there is governed by `form-action` too), never framed, Trusted Types required.
 */
export function shopperCsp(returnOrigin: string | null, opts: { scripts?: boolean; frames?: boolean } = {}): string {
  return [
    "default-src 'none'",
    ...(opts.scripts ? ["script-src 'self'"] : []),
    "style-src 'self'",
    "img-src 'self' data:",
    ...(opts.frames ? ["frame-src 'self'"] : []),
    `form-action 'self'${returnOrigin ? ` ${returnOrigin}` : ''}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
  ].join('; ');
}

/** Sets the shopper page headers: its CSP, no referrer (the page key is in the URL), no sniffing, never stored. */
export function shopperHeaders(c: Context, csp: string): void {
  c.header('Content-Security-Policy', csp);
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'no-store');
}

/** The return URL's origin, for `form-action`, or null when it is not a URL. */
export const originOf = (url: string | undefined): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};
