import { LOCALE, TEXT, type Lang } from './i18n';
import { METHOD_TEXT } from './views/methods-text';

/** HTML-escapes any value (`null` and `undefined` as ''). */
export const esc = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A page of the shop in `lang` around `body` (a receipt, a refusal, a step), with the page script `script` if any. */
export const page = (lang: Lang, title: string, body: string, script?: string): string => `<!doctype html>
<html lang="${LOCALE[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · ${esc(TEXT[lang].shop)}</title><link rel="stylesheet" href="/style.css">${
  script ? `<script type="module" src="${esc(script)}"></script>` : ''
}</head>
<body><header class="topbar"><span class="logo">${esc(TEXT[lang].shop)}</span></header>
<main class="receipt">${body}</main></body></html>`;

/**
 * Renders `{{name}}`, `{{t.key}}` and `{{m.key}}` placeholders (escaped), `{{current.<lang>}}` (the language link marker) and
 * `{{here.<page>}}` (the menu's marker of the page shown, `values.page`).
 */
export const render = (html: string, lang: Lang, values: Record<string, string>): string =>
  html
    .replace(/\{\{current\.(\w+)\}\}/g, (_, other: string) => (other === lang ? 'aria-current="true"' : ''))
    .replace(/\{\{here\.(\w+)\}\}/g, (_, name: string) => (name === values.page ? 'aria-current="page"' : ''))
    .replace(/\{\{(t\.|m\.)?(\w+)\}\}/g, (_, from: string | undefined, key: string) =>
      esc(from ? (WORDS[from]![lang] as unknown as Record<string, string>)[key] : values[key]),
    );

/** Where `{{t.key}}` (the shop's words) and `{{m.key}}` (the cash, SPEI and subscription pages' words) are found. */
const WORDS: Record<string, Record<Lang, unknown>> = { 't.': TEXT, 'm.': METHOD_TEXT };

/** An amount's digits as the shop writes them (Mexico's style): `2,400.00`, thousands separated, two decimals. */
export const digitsOf = (amount: number): string => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in MXN as the shop writes it: `$2,400.00`. */
export const pesos = (amount: number): string => `$${digitsOf(amount)}`;
