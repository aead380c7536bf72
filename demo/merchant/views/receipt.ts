import { BRAND_NAMES } from '../../../src/card/names';
import { esc, page, pesos } from '../html';
import { TEXT, type Lang } from '../i18n';

/** The brand keys the library knows (an icon in demo/web/brands/ each). */
export const BRANDS: ReadonlySet<string> = new Set(Object.keys(BRAND_NAMES));

/** A receipt's rows, in the shopper's terms (see {@link receiptRows}). */
export type ReceiptRows = Record<string, unknown>;

/**
 * The receipt's rows in the shopper's terms: transaction id, authorization, order, the amount (`$2,400.00 MXN`),
 * the card as its brand and last four digits (`Visa •••• 1111`), and the points used and left or the months
 * without interest when the charge had them. Status and anti-fraud flags are not for the shopper: tests read them
 * from `charges`.
 */
export function receiptRows(tx: Record<string, unknown>): ReceiptRows {
  const card = (tx.card ?? {}) as Record<string, unknown>;
  const brand = String(card.brand ?? '');
  const points = tx.card_points as { used: number; remaining: number; amount: number } | undefined;
  const plan = tx.payment_plan as { payments: number } | undefined;
  return {
    id: tx.id,
    authorization: tx.authorization,
    order_id: tx.order_id,
    amount: `${pesos(Number(tx.amount))} MXN`,
    card: `${(BRAND_NAMES as Record<string, string>)[brand] ?? brand} •••• ${String(card.card_number ?? '').slice(-4)}`,
    ...(points ? { points_used: `${points.used} (${pesos(Number(points.amount))})`, points_remaining: points.remaining } : {}),
    ...(plan ? { payment_plan: plan.payments } : {}),
  };
}

/** The receipt page of a completed Transaction: the amount once, large, then the other rows. */
export function receiptPage(lang: Lang, tx: Record<string, unknown>): string {
  const t = TEXT[lang];
  const brand = String((tx.card as Record<string, unknown> | undefined)?.brand ?? '');
  const icon = BRANDS.has(brand) ? `<img src="/brands/${brand}.svg" alt="" width="48" height="32">` : '';
  const { amount, ...rows } = receiptRows(tx);
  const list = Object.entries(rows)
    .map(([key, value]) => `<dt>${esc(t.fields[key as keyof typeof t.fields])}</dt><dd data-field="${esc(key)}">${esc(value)}</dd>`)
    .join('');
  return page(
    lang,
    t.done,
    `<h1 class="ok">${icon}${esc(t.done)}</h1><p id="result-message">${esc(t.thanks)}</p>` +
      `<p class="amount">${esc(amount)}</p><dl id="transaction" aria-label="${esc(t.receipt)}">${list}</dl>` +
      `<p><a class="button" href="/new-order?lang=${lang}">${esc(t.newPayment)}</a></p>`,
  );
}
