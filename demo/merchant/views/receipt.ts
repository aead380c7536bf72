import { BRAND_NAMES } from '../../../src/card/names';
import { pesos } from '../html';

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
