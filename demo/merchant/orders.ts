import { BoundedMap } from './bounded';
import type { Lang } from './i18n';

/** How an order is paid: cash at a convenience store, or a SPEI transfer. */
export type PayMethod = 'store' | 'spei';

/** Where an order stands. Only a signed webhook event moves it out of `pending` (./webhooks.ts). */
export type OrderStatus = 'pending' | 'paid' | 'cancelled' | 'refunded';

/**
 * An order waiting for the shopper's cash or transfer: its `order_id`, the session that placed it, the charge the
 * backend created for it (`payment_method` as the API answered: the slip's reference and barcode, or the CLABE),
 * its amount (MXN), due date (ISO 8601) and status.
 */
export interface Order {
  id: string;
  sid: string;
  lang: Lang;
  method: PayMethod;
  chargeId: string;
  amount: number;
  dueDate: string;
  payment: Record<string, unknown>;
  status: OrderStatus;
}

/** Most orders remembered at once (the oldest forgotten first): a server any page can reach stays bounded. */
export const ORDERS_MAX = 10_000;

/**
 * The status an event gives an order: `charge.refunded` refunds it; otherwise the charge as re-read from the API
 * decides (`completed`: paid; `cancelled` or `failed`: cancelled); anything else leaves it as it is (undefined).
 */
export function statusFrom(eventType: string, tx: Record<string, unknown> | undefined): OrderStatus | undefined {
  if (eventType === 'charge.refunded') return 'refunded';
  if (tx?.status === 'completed') return 'paid';
  if (tx?.status === 'cancelled' || tx?.status === 'failed') return 'cancelled';
  return undefined;
}

/**
 * The shop's orders by `order_id`, bounded ({@link ORDERS_MAX}): `open` one when its charge is created, `of(sid, id)`
 * reads one for its own session only, and `settle(eventType, tx)` moves the order of a charge from a verified event.
 * A real shop keeps these in its database.
 */
export function orderBook() {
  const orders = new BoundedMap<string, Order>(ORDERS_MAX);
  return {
    open: (order: Order) => void orders.set(order.id, order),
    of: (sid: string, id: string): Order | undefined => {
      const order = orders.get(id);
      return order?.sid === sid ? order : undefined;
    },
    /** Applies an event to the order of its charge; @returns the order changed, if any. */
    settle(eventType: string, tx: Record<string, unknown> | undefined): Order | undefined {
      const order = orders.get(String(tx?.order_id ?? ''));
      const status = statusFrom(eventType, tx);
      if (!order || !status || order.chargeId !== tx?.id) return undefined;
      order.status = status;
      return order;
    },
  };
}

export type OrderBook = ReturnType<typeof orderBook>;
