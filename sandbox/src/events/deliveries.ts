import { newId } from '../domain/ids';
import { answerMeans, retryDelay, type AttemptRecord, type DeliveryRecord, type WebhookRecord } from '../domain/webhooks';
import type { StoredEvent } from '../store/events';
import type { Store } from '../store/index';
import { CURSOR_KEY } from '../store/webhooks';
import { isoDateTime } from '../time/dates';
import type { Scheduler } from '../time/scheduler';

/**
 * The stored side of webhook delivery: every function here runs inside one database transaction (the caller's),
 * so a delivery's state, its attempt in the log, its next job on the clock and the fan-out cursor move together.
 * The sending itself happens outside any transaction (./dispatcher.ts).
 */

/** The scheduler's job that makes a scheduled retry due (`ref`: the delivery's id). */
export const ATTEMPT_JOB = 'webhook.attempt';

/** Events read per fan-out transaction. */
export const FAN_OUT_BATCH = 200;

/**
 * The webhooks an event goes to: a verification event to the webhook it verifies; any other event to every active
 * webhook that asked for its type and existed when it happened.
 */
export function targetsOf(e: StoredEvent, hooks: readonly WebhookRecord[]): WebhookRecord[] {
  if (e.type === 'verification') return hooks.filter((w) => w.id === e.resourceId);
  return hooks.filter((w) => w.eventTypes.includes(e.type) && w.created <= e.created);
}

/** Stores a new delivery of `e` to `w`, queued to be sent now. */
export function addDelivery(
  store: Store,
  w: WebhookRecord,
  e: Pick<StoredEvent, 'id' | 'type'>,
  now: number,
  resend: boolean,
): DeliveryRecord {
  return store.deliveries.insert({
    id: newId('dl'),
    created: now,
    webhookId: w.id,
    eventId: e.id,
    eventType: e.type,
    status: 'queued',
    attempts: 0,
    nextAttemptAt: now,
    resend,
    finishedAt: null,
  });
}

/**
 * Turns the outbox's next events (after the cursor) into deliveries and moves the cursor past them, in one
 * transaction. @returns how many events it read (less than {@link FAN_OUT_BATCH}: the outbox is drained).
 */
export function fanOutBatch(store: Store, now: number): number {
  // nothing new: no transaction (better-sqlite3 is synchronous, so nothing can write between this read and the next)
  if (!store.events.after(Number(store.meta(CURSOR_KEY) ?? 0), 1).length) return 0;
  return store.tx(() => {
    const cursor = Number(store.meta(CURSOR_KEY) ?? 0);
    const events = store.events.after(cursor, FAN_OUT_BATCH);
    if (!events.length) return 0;
    const hooks = store.webhooks.active();
    for (const e of events) for (const w of targetsOf(e, hooks)) addDelivery(store, w, e, now, false);
    store.setMeta(CURSOR_KEY, String(events.at(-1)!.seq));
    return events.length;
  });
}

/** A scheduled retry falls due (the {@link ATTEMPT_JOB} handler, in the job's transaction): it is queued. */
export function queueDue(store: Store, deliveryId: string, now: number): void {
  const dl = store.deliveries.get(deliveryId);
  if (dl?.status === 'scheduled') store.deliveries.update({ ...dl, status: 'queued', nextAttemptAt: now });
}

/** Cancels every pending delivery of a webhook (deleted or disabled), and their retry jobs. */
export function cancelPendingOf(store: Store, scheduler: Scheduler, webhookId: string, now: number): void {
  for (const dl of store.deliveries.pendingOf(webhookId)) {
    scheduler.cancel(ATTEMPT_JOB, dl.id);
    store.deliveries.update({ ...dl, status: 'cancelled', nextAttemptAt: null, finishedAt: now });
  }
}

/** One attempt's facts, as the dispatcher saw them. */
export type AttemptFacts = Omit<AttemptRecord, 'deliveryId' | 'webhookId' | 'eventId' | 'attempt' | 'outcome'>;

/**
 * Records an attempt's result and decides what follows, in one transaction: a 2xx delivers (and verifies the
 * webhook on its verification event); a 410 ends the delivery and disables the webhook, cancelling its other
 * pending deliveries; anything else schedules the next attempt of the schedule on the clock, or fails the delivery
 * when none is left. A delivery no longer queued (deleted, cancelled, reset meanwhile) is left as it is.
 * @returns the attempt as logged, or null when nothing was recorded.
 */
export function recordAttempt(
  store: Store,
  scheduler: Scheduler,
  deliveryId: string,
  facts: AttemptFacts,
  now: number,
): AttemptRecord | null {
  return store.tx(() => {
    const dl = store.deliveries.get(deliveryId);
    const w = dl && store.webhooks.get(dl.webhookId);
    if (!dl || dl.status !== 'queued' || !w) return null;
    const attempts = dl.attempts + 1;
    const means = answerMeans(facts.responseStatus);
    const delay = means === 'retry' ? retryDelay(attempts) : null;
    const outcome = means === 'delivered' ? 'delivered' : means === 'gone' ? 'disabled' : delay === null ? 'failed' : 'retry';
    const finished = outcome !== 'retry';
    store.deliveries.update({
      ...dl,
      attempts,
      status: outcome === 'delivered' ? 'delivered' : finished ? 'failed' : 'scheduled',
      nextAttemptAt: finished ? null : now + delay!,
      finishedAt: finished ? now : null,
    });
    if (!finished) scheduler.schedule(ATTEMPT_JOB, now + delay!, dl.id);
    if (outcome === 'delivered' && dl.eventType === 'verification' && w.status === 'unverified')
      store.webhooks.update({ ...w, status: 'verified' });
    if (outcome === 'disabled') {
      store.webhooks.update({ ...w, status: 'disabled', disabledReason: `410 Gone at ${isoDateTime(now)}` });
      cancelPendingOf(store, scheduler, w.id, now);
    }
    const logged: AttemptRecord = { ...facts, deliveryId, webhookId: w.id, eventId: dl.eventId, attempt: attempts, outcome };
    store.attempts.add(logged);
    return logged;
  });
}
