import { newId } from '../domain/ids';
import type { Store } from '../store/index';

/** The spec's own event types (spec, Events), in its order; which operation emits each: docs/sandbox.md, "Events". */
export const SPEC_EVENT_TYPES = [
  'verification',
  'charge.refunded',
  'charge.failed',
  'charge.cancelled',
  'charge.created',
  'charge.succeeded',
  'subscription.charge.failed',
  'payout.created',
  'payout.succeeded',
  'payout.failed',
  'transfer.succeeded',
  'fee.succeeded',
  'spei.received',
  'chargeback.created',
  'chargeback.rejected',
  'chargeback.accepted',
] as const;

/**
 * Every event type the sandbox emits: the spec's, then its three invoice notifications (an invoice stamped, refused
 * or cancelled: docs/webhooks.md).
 */
export const EVENT_TYPES = [
  ...SPEC_EVENT_TYPES,
  // the sandbox's: the invoice notification (spec, "Invoice notifications use the invoice notification object")
  'invoice.stamped',
  'invoice.failed',
  'invoice.cancelled',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Writes an event to the outbox. Call it inside the transaction of the change it reports: the event then exists
 * exactly when the change does (nothing lost, nothing announced that did not happen).
 * @param payload what the event carries (the Transaction object of the change, as the API shows it then).
 * @returns the event's id.
 */
export function emit(store: Store, type: EventType, resourceId: string | null, payload: Record<string, unknown>, at: number): string {
  const id = newId('ev');
  store.events.add({ id, type, created: at, resourceId, payload });
  return id;
}
