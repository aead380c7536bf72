import { BoundedMap } from './bounded';
import type { Lang } from './i18n';

/**
 * How an order is paid: by card (the card element, split fields, the SPA), cash at a convenience store, SPEI, or a
 * subscription (`/subscribe`: a plan billed to the card on the API's clock).
 */
export type PayMethod = 'card' | 'store' | 'spei' | 'subscription';

/**
 * Where an order stands. Only a signed webhook event moves it (./webhooks.ts), and for a subscription order the
 * API's answer to the shop's own cancel too (the spec has no event for it).
 */
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'refunded';

/**
 * An order of the shop: its `order_id`, the session that placed it, its charge (`chargeId`: '' while a card charge
 * is on its way to the API; a subscription order's subscription id), its amount (MXN; a subscription's: per period)
 * and status. A subscription order keeps its customer (`customerId`: made for it; its charges and its Subscription
 * name it, having no `order_id`). A cash or SPEI order keeps how to pay it (`payment`:
 * `payment_method` as the API answered: the slip's reference and barcode, or the CLABE) and its due date (ISO 8601);
 * a card order keeps its charge as last seen (`charge`: the API's answer, then each event's re-read Transaction),
 * for the receipt's rows. None of these fields moves the status: only {@link statusFrom} does, from an event.
 */
export interface Order {
  id: string;
  sid: string;
  lang: Lang;
  method: PayMethod;
  chargeId: string;
  amount: number;
  dueDate?: string;
  payment: Record<string, unknown>;
  charge?: Record<string, unknown>;
  customerId?: string;
  status: OrderStatus;
}

/** Most orders remembered at once (the oldest forgotten first): a server any page can reach stays bounded. */
export const ORDERS_MAX = 10_000;

/** The path of an order's page, in `lang`: `/order/{order_id}?lang=es`. */
export const orderPath = (id: string, lang: Lang): string => `/order/${encodeURIComponent(id)}?lang=${lang}`;

/**
 * The order status each status of the API's objects gives: a Transaction's (spec, Transaction status values) for a
 * card, cash or SPEI order; a Subscription's (spec, States and transitions: Subscription) for a subscription order.
 */
const ORDER_STATUS_OF = new Map<unknown, OrderStatus>([
  ['completed', 'paid'],
  ['failed', 'failed'],
  ['cancelled', 'cancelled'],
  ['active', 'paid'],
  ['past_due', 'failed'],
  ['unpaid', 'failed'],
]);

/**
 * The status an event gives an order: `charge.refunded` refunds it; otherwise the object as re-read from the API
 * decides (the charge; a subscription order's Subscription): completed or active, paid; failed, past due or unpaid,
 * failed; cancelled, cancelled; anything else (`charge_pending`, `in_progress`, `trial`) leaves it as it is
 * (undefined).
 */
export function statusFrom(eventType: string, tx: Record<string, unknown> | undefined): OrderStatus | undefined {
  if (eventType === 'charge.refunded') return 'refunded';
  return ORDER_STATUS_OF.get(tx?.status);
}

/**
 * The shop's orders by `order_id`, bounded ({@link ORDERS_MAX}), every method alike: `open` one (`pending`; a card
 * order before its charge is sent, a subscription order before its subscription is made, so an event arriving
 * before the API's answer finds it; an order already open is kept as it is), `charged(id, tx)` notes the API's
 * answer to its charge or subscription (never its status), `withdraw(id)` forgets one whose charge the API refused
 * without making a transaction, `of(sid, id)` reads one for its own session only, `find(object)` the order of a
 * charge or Subscription (by its `order_id`, else by its customer's subscription order), and
 * `settle(eventType, object)` moves it from a verified event. A real shop keeps these in its database.
 */
export function orderBook() {
  const orders = new BoundedMap<string, Order>(ORDERS_MAX);
  const byCustomer = new BoundedMap<string, string>(ORDERS_MAX);
  const find = (object: Record<string, unknown> | undefined): Order | undefined =>
    orders.get(String(object?.order_id ?? byCustomer.get(String(object?.customer_id)) ?? ''));
  return {
    open(order: Order): void {
      if (orders.has(order.id)) return;
      orders.set(order.id, order);
      if (order.customerId) byCustomer.set(order.customerId, order.id);
    },
    find,
    /** Notes the charge the API created for order `id` (its id, and the Transaction for the receipt's rows). */
    charged(id: string, tx: Record<string, unknown>): void {
      const order = orders.get(id);
      if (!order || (order.chargeId && order.chargeId !== tx.id)) return;
      order.chargeId = String(tx.id);
      if (order.method === 'card' && order.status === 'pending') order.charge = tx;
    },
    /**
     * Forgets order `id` while no transaction is known to pay it (`pending`, no `chargeId`): its charge was refused
     * before the API made one, so no event will ever come; a refused cash or SPEI charge leaves no order either.
     */
    withdraw(id: string): void {
      const order = orders.get(id);
      if (order?.status !== 'pending' || order.chargeId) return;
      orders.delete(id);
      if (order.customerId) byCustomer.delete(order.customerId);
    },
    of: (sid: string, id: string): Order | undefined => {
      const order = orders.get(id);
      return order?.sid === sid ? order : undefined;
    },
    /**
     * Applies an event to the order of its charge or Subscription (`eventType` '': the API's answer to the shop's
     * own cancel); @returns the order changed, if any.
     */
    settle(eventType: string, tx: Record<string, unknown> | undefined): Order | undefined {
      const order = find(tx);
      const status = statusFrom(eventType, tx);
      if (!order || !status || (order.chargeId && order.chargeId !== tx?.id)) return undefined;
      order.chargeId = String(tx!.id);
      if (order.method === 'card') order.charge = tx;
      order.status = status;
      return order;
    },
  };
}

export type OrderBook = ReturnType<typeof orderBook>;
