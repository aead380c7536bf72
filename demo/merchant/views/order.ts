import { esc, page, pesos } from '../html';
import { TEXT, type Lang } from '../i18n';
import type { Order } from '../orders';
import { METHOD_TEXT } from './methods-text';

/** A due date as the shopper reads it, in central Mexico time: `3 de diciembre de 2026, 23:59`. */
export const dueDateText = (lang: Lang, iso: string): string =>
  new Date(iso).toLocaleString(lang === 'es' ? 'es-MX' : 'en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Mexico_City',
  });

/** A row of the details: a term and its value (`data-field`), with a copy button when `copy` is set. */
const row = (term: string, field: string, value: string, copy?: { label: string; done: string }): string =>
  `<dt>${esc(term)}</dt><dd><span data-field="${esc(field)}">${esc(value)}</span>` +
  (copy ? ` <button type="button" class="copy" data-copy="${esc(value)}" data-done="${esc(copy.done)}">${esc(copy.label)}</button>` : '') +
  '</dd>';

/** The slip of a store order: amount, reference, the barcode image from the API, due date, how to pay, print. */
function storeSlip(lang: Lang, order: Order): string {
  const t = METHOD_TEXT[lang];
  const p = order.payment;
  return (
    `<section class="slip" aria-labelledby="slip-title"><h2 id="slip-title">${esc(t.slip)}</h2><dl>` +
    row(t.amount, 'amount', `${pesos(order.amount)} MXN`) +
    row(t.reference, 'reference', String(p.reference ?? '')) +
    row(t.dueDate, 'due_date', dueDateText(lang, order.dueDate)) +
    `</dl><img class="barcode" src="${esc(p.barcode_url)}" alt="${esc(t.barcode)}: ${esc(p.reference)}" width="320" height="80">` +
    `<p class="how">${esc(t.howStore)}</p>` +
    `<p class="no-print"><button type="button" id="print">${esc(t.print)}</button></p></section>` +
    storeSearch(lang)
  );
}

/** The store search: the browser's location only when the shopper presses the button, or a postal code. */
function storeSearch(lang: Lang): string {
  const t = METHOD_TEXT[lang];
  return (
    `<section class="stores no-print" aria-labelledby="stores-title"><h2 id="stores-title">${esc(t.storesTitle)}</h2>` +
    `<p><button type="button" id="near-me">${esc(t.storesNear)}</button></p>` +
    `<form id="postal-form" class="postal" action="#"><label for="postal">${esc(t.postal)}</label>` +
    `<input id="postal" name="postal_code" inputmode="numeric" autocomplete="postal-code" pattern="[0-9]{5}" maxlength="5" required>` +
    `<button type="submit">${esc(t.search)}</button></form>` +
    `<p id="stores-message" role="status"></p><ol id="stores" class="store-list"></ol></section>`
  );
}

/** The transfer details of a SPEI order: CLABE, bank, reference and amount with copy buttons, the due date. */
function speiDetails(lang: Lang, order: Order): string {
  const t = METHOD_TEXT[lang];
  const p = order.payment;
  const copy = { label: t.copy, done: t.copied };
  return (
    `<section class="slip" aria-labelledby="slip-title"><h2 id="slip-title">${esc(t.speiTitle)}</h2><dl>` +
    row(t.clabe, 'clabe', String(p.clabe ?? ''), copy) +
    row(t.bank, 'bank', String(p.bank ?? ''), copy) +
    row(t.concept, 'reference', String(p.name ?? ''), copy) +
    row(t.amount, 'amount', order.amount.toFixed(2), copy) +
    row(t.dueDate, 'due_date', dueDateText(lang, order.dueDate)) +
    `</dl><p class="how">${esc(t.howSpei)}</p></section>`
  );
}

/**
 * The order page of a cash or SPEI order: its status (`#order-status`, `data-status`; order.js asks the backend
 * every few seconds and updates it when the webhook's event has moved the order) and how to pay it.
 */
export function orderPage(lang: Lang, order: Order): string {
  const t = METHOD_TEXT[lang];
  const title = `${t.orderTitle} ${order.id}`;
  return page(
    lang,
    title,
    `<h1 class="order-id">${esc(t.orderTitle)} <span>${esc(order.id)}</span></h1>` +
      `<p id="order-status" class="order-status" data-status="${esc(order.status)}" data-order="${esc(order.id)}" role="status">` +
      `${esc(t.status[order.status])}</p>` +
      `<p class="amount">${esc(pesos(order.amount))} MXN</p>` +
      (order.method === 'store' ? storeSlip(lang, order) : speiDetails(lang, order)) +
      `<p class="no-print"><a href="/?lang=${lang}">${esc(TEXT[lang].backToShop)}</a></p>`,
    '/order.js',
  );
}
