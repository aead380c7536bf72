import { esc, page, pesos } from '../html';
import { TEXT, type Lang } from '../i18n';
import type { Order } from '../orders';
import { METHOD_TEXT } from './methods-text';
import { BRANDS, receiptRows } from './receipt';

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

/**
 * The slip of a store order: amount, reference, the barcode image from the API, due date, how to pay, print, and the
 * store search. Only while the order waits for its payment: a paid, cancelled or refunded order shows no way to pay
 * it (the page keeps its status line and amount); order.js removes these parts when the status moves.
 */
function storeSlip(lang: Lang, order: Order): string {
  if (order.status !== 'pending') return '';
  const t = METHOD_TEXT[lang];
  const p = order.payment;
  return (
    `<section class="slip" aria-labelledby="slip-title" data-while-pending><h2 id="slip-title">${esc(t.slip)}</h2><dl>` +
    row(t.amount, 'amount', `${pesos(order.amount)} MXN`) +
    row(t.reference, 'reference', String(p.reference ?? '')) +
    row(t.dueDate, 'due_date', dueDateText(lang, order.dueDate ?? '')) +
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
    `<section class="stores no-print" aria-labelledby="stores-title" data-while-pending><h2 id="stores-title">${esc(t.storesTitle)}</h2>` +
    `<p><button type="button" id="near-me">${esc(t.storesNear)}</button></p>` +
    `<form id="postal-form" class="postal" action="#"><label for="postal">${esc(t.postal)}</label>` +
    `<input id="postal" name="postal_code" inputmode="numeric" autocomplete="postal-code" pattern="[0-9]{5}" maxlength="5" required>` +
    `<button type="submit">${esc(t.search)}</button></form>` +
    `<p id="stores-message" role="status"></p><ol id="stores" class="store-list"></ol></section>`
  );
}

/**
 * The transfer details of a SPEI order: CLABE, bank, reference and amount with copy buttons, the due date; only while
 * the order waits for its payment (as {@link storeSlip}).
 */
function speiDetails(lang: Lang, order: Order): string {
  if (order.status !== 'pending') return '';
  const t = METHOD_TEXT[lang];
  const p = order.payment;
  const copy = { label: t.copy, done: t.copied };
  return (
    `<section class="slip" aria-labelledby="slip-title" data-while-pending><h2 id="slip-title">${esc(t.speiTitle)}</h2><dl>` +
    row(t.clabe, 'clabe', String(p.clabe ?? ''), copy) +
    row(t.bank, 'bank', String(p.bank ?? ''), copy) +
    row(t.concept, 'reference', String(p.name ?? ''), copy) +
    row(t.amount, 'amount', order.amount.toFixed(2), copy) +
    row(t.dueDate, 'due_date', dueDateText(lang, order.dueDate ?? '')) +
    `</dl><p class="how">${esc(t.howSpei)}</p></section>`
  );
}

/**
 * An order's heading and status line: a card order's own words by status, else the order's id and the cash or SPEI
 * line (a subscription order's own).
 */
export function statusWords(lang: Lang, order: Order): { title: string; text: string } {
  const t = METHOD_TEXT[lang];
  const line = order.method === 'subscription' ? t.subscription : t.status;
  if (order.method !== 'card') return { title: `${t.orderTitle} ${order.id}`, text: line[order.status] };
  const [title, text] = t.card[order.status];
  return { title: title!, text: text! };
}

/** A row of a card order's receipt: its field (`data-field`), the shopper's term for it and its value. */
export interface ReceiptRow {
  field: string;
  term: string;
  value: string;
}

/**
 * The receipt of a card order: the amount, and the rows of its charge as last seen (no row without a value: a 3-D
 * Secure charge has no authorization before the bank). The page shows them, and `/api/order/:id` answers them so that
 * order.js updates the page in place when the webhook's event moves the order.
 */
export function cardReceipt(lang: Lang, order: Order): { amount: string; rows: ReceiptRow[] } {
  const t = TEXT[lang];
  const { amount, ...rows } = order.charge ? receiptRows(order.charge) : { amount: `${pesos(order.amount)} MXN`, order_id: order.id };
  return {
    amount: String(amount),
    rows: Object.entries(rows)
      .filter(([, value]) => value !== null && value !== undefined)
      .map(([field, value]) => ({ field, term: t.fields[field as keyof typeof t.fields], value: String(value) })),
  };
}

/** The look of a card order's heading by status: `ok` (paid), `pending`, else `failed`. */
export const headingClass = (status: Order['status']): string => (status === 'paid' ? 'ok' : status === 'pending' ? 'pending' : 'failed');

/**
 * The page of a card order: its heading and status line by status (`pending` until the webhook's event; order.js
 * updates heading, status line and receipt in place when the event has moved it, the status line being the live
 * region present from load that announces it), the amount, and the receipt ({@link cardReceipt}).
 */
function cardOrderPage(lang: Lang, order: Order): string {
  const t = TEXT[lang];
  const { title, text } = statusWords(lang, order);
  const brand = String((order.charge?.card as Record<string, unknown> | undefined)?.brand ?? '');
  const icon = BRANDS.has(brand) ? `<img src="/brands/${brand}.svg" alt="" width="48" height="32">` : '';
  const { amount, rows } = cardReceipt(lang, order);
  const list = rows.map((r) => `<dt>${esc(r.term)}</dt><dd data-field="${esc(r.field)}">${esc(r.value)}</dd>`).join('');
  return page(
    lang,
    title,
    `<h1 class="${headingClass(order.status)}">${icon}<span id="order-title">${esc(title)}</span></h1>` +
      `<p id="result-message" class="order-status" data-status="${esc(order.status)}" data-order="${esc(order.id)}" ` +
      `data-card role="status">${esc(text)}</p><p class="amount">${esc(amount)}</p><dl id="transaction" aria-label="${esc(t.receipt)}">${list}</dl>` +
      `<p><a class="button" href="/new-order?lang=${lang}">${esc(t.newPayment)}</a></p>`,
    '/order.js',
  );
}

/** The way from a subscription order's page to its account page (the subscription's details). */
const subscriptionDetails = (lang: Lang): string =>
  `<p><a class="button" href="/account?lang=${lang}">${esc(METHOD_TEXT[lang].accountTitle)}</a></p>`;

/** The status line of a cash, SPEI or subscription order (`#order-status`, `data-status`: order.js updates it). */
export const orderStatusLine = (lang: Lang, order: Order): string =>
  `<p id="order-status" class="order-status" data-status="${esc(order.status)}" data-order="${esc(order.id)}" role="status">` +
  `${esc(statusWords(lang, order).text)}</p>`;

/**
 * The page of an order, as its own session sees it: a card order's (the receipt, paid once the webhook's event
 * says so), or a cash, SPEI or subscription order's: its status (order.js asks the backend every few seconds and
 * updates it when the webhook's event has moved the order) and how to pay it (a subscription's: its account page).
 */
export function orderPage(lang: Lang, order: Order): string {
  if (order.method === 'card') return cardOrderPage(lang, order);
  const t = METHOD_TEXT[lang];
  const title = `${t.orderTitle} ${order.id}`;
  const per = order.method === 'subscription' ? ` ${t.perPeriod}` : '';
  const details = { store: storeSlip, spei: speiDetails, subscription: subscriptionDetails }[order.method];
  return page(
    lang,
    title,
    `<h1 class="order-id">${esc(t.orderTitle)} <span>${esc(order.id)}</span></h1>` +
      orderStatusLine(lang, order) +
      `<p class="amount">${esc(pesos(order.amount))} MXN${esc(per)}</p>` +
      details(lang, order) +
      `<p class="no-print"><a href="/?lang=${lang}">${esc(TEXT[lang].backToShop)}</a></p>`,
    '/order.js',
  );
}
