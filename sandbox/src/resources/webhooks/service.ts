import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { Deps } from '../../env';
import { apiError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { MAX_WEBHOOKS, type DeliveryRecord, type WebhookRecord } from '../../domain/webhooks';
import { addDelivery, cancelPendingOf } from '../../events/deliveries';
import { deliveryBody, newSecret } from '../../events/message';
import { emit } from '../../events/outbox';
import { checkDestination } from '../../events/ssrf';
import type { StoredEvent } from '../../store/events';
import type { Page } from '../../store/table';
import type { DeliveryFilter } from '../../store/webhooks';
import type { CreateWebhookBody } from './schema';
import { deliveryView, type eventObject } from './view';

/**
 * Webhooks (the spec's Webhook record; registration "not shown": the processor's public SDKs' paths) and the
 * simulation API's delivery log and resend. One use case per function; each writes in one transaction.
 */

/** The webhook `id`, or 1005. */
export function webhookOf(d: Deps, id: string): WebhookRecord {
  const w = d.store.webhooks.get(id);
  if (!w) throw apiError(1005, `Webhook ${id} not found`);
  return w;
}

/**
 * Registers a webhook: its URL checked (loopback, or a host on `--webhook-allow-hosts` whose every address is
 * public: events/ssrf.ts), then stored `unverified` with a new signing secret and verification code, and its
 * `verification` event written in the same transaction (delivered at once, like every event); answers once that
 * delivery's first attempt has an answer (at most {@link VERIFICATION_WAIT_MS}): `verified` when the URL answered 2xx.
 * @throws 1003 when the URL may not be used (naming `url`) or the merchant has {@link MAX_WEBHOOKS} webhooks.
 */
export async function createWebhook(d: Deps, body: CreateWebhookBody): Promise<WebhookRecord> {
  const { allowHosts, resolve } = d.deliveries.options;
  const dest = await checkDestination(body.url, allowHosts, resolve);
  if (!dest.ok) throw apiError(1003, `url ${dest.problem}`);
  const webhook = d.store.tx(() => {
    if (d.store.webhooks.size >= MAX_WEBHOOKS)
      throw apiError(1003, `The merchant has its maximum of ${MAX_WEBHOOKS} webhooks; delete one first`);
    const now = d.clock.nowMs();
    const w: WebhookRecord = {
      id: newId('wh'),
      created: now,
      url: body.url,
      user: body.user ?? null,
      password: body.user === undefined ? null : (body.password ?? ''),
      eventTypes: body.event_types,
      status: 'unverified',
      secret: newSecret(),
      verificationCode: String(randomInt(100_000_000)).padStart(8, '0'),
    };
    d.store.webhooks.insert(w);
    emit(d.store, 'verification', w.id, { verification_code: w.verificationCode }, now);
    return w;
  });
  d.deliveries.kick();
  return awaitVerification(d, webhook);
}

/** How long creating a webhook waits for its URL to answer the verification event (real milliseconds). */
export const VERIFICATION_WAIT_MS = 5_000;

/**
 * The webhook once its verification event's first attempt has an answer, or after {@link VERIFICATION_WAIT_MS}:
 * `verified` when the URL answered 2xx (events/deliveries.ts), else still `unverified` (its retries go on). The
 * processor's SDKs read the status right after creating.
 */
async function awaitVerification(d: Deps, w: WebhookRecord): Promise<WebhookRecord> {
  const until = performance.now() + VERIFICATION_WAIT_MS;
  while (performance.now() < until) {
    const event = d.store.events.of(w.id).find((e) => e.type === 'verification');
    const delivery = event && d.store.deliveries.ofEvent(event.id)[0];
    if (delivery && delivery.attempts > 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return d.store.webhooks.get(w.id) ?? w;
}

/** The webhooks, newest first. */
export const listWebhooks = (d: Deps, page: Page): WebhookRecord[] => d.store.webhooks.list([], page);

/** Deletes a webhook: its pending deliveries are cancelled (their log stays). @throws 1005 when unknown. */
export function deleteWebhook(d: Deps, id: string): void {
  d.store.tx(() => {
    webhookOf(d, id);
    cancelPendingOf(d.store, d.scheduler, id, d.clock.nowMs());
    d.store.webhooks.delete(id);
  });
}

/**
 * Confirms a webhook with the code of its verification event: `verified`.
 * @throws 1005 unknown webhook; 1003 a wrong code; 3006 a disabled webhook.
 */
export function verifyWebhook(d: Deps, id: string, code: string): WebhookRecord {
  return d.store.tx(() => {
    const w = webhookOf(d, id);
    if (w.status === 'disabled') throw apiError(3006, `Webhook ${id} is disabled (${w.disabledReason}); register it again`);
    if (code !== w.verificationCode) throw apiError(1003, `code is not the verification code sent to webhook ${id}`);
    return w.status === 'verified' ? w : d.store.webhooks.update({ ...w, status: 'verified' });
  });
}

/** The event `id` of the outbox, or 1005. */
function eventOf(d: Deps, id: string): StoredEvent {
  const e = d.store.events.get(id);
  if (!e) throw apiError(1005, `Event ${id} not found`);
  return e;
}

/**
 * Sends an event again (the simulation API): a new delivery, queued now, to each active webhook that asked for its
 * type (a verification event: to its webhook), or to `webhookId` alone; the body and `webhook-id` are the event's
 * own, so an idempotent receiver sees the same message.
 * @throws 1005 unknown event or webhook; 3006 when `webhookId` is disabled or did not ask for this type.
 */
export function resendEvent(d: Deps, eventId: string, webhookId?: string): DeliveryRecord[] {
  const made = d.store.tx(() => {
    const e = eventOf(d, eventId);
    const now = d.clock.nowMs();
    const wanted = (w: WebhookRecord) => (e.type === 'verification' ? w.id === e.resourceId : w.eventTypes.includes(e.type));
    if (webhookId !== undefined) {
      const w = webhookOf(d, webhookId);
      if (w.status === 'disabled' || !wanted(w))
        throw apiError(3006, `Webhook ${webhookId} is disabled or does not receive ${e.type} events`);
      return [addDelivery(d.store, w, e, now, true)];
    }
    return d.store.webhooks
      .active()
      .filter(wanted)
      .map((w) => addDelivery(d.store, w, e, now, true));
  });
  d.deliveries.kick();
  return made;
}

/** The delivery log's view of a delivery: with every attempt. */
export const viewDelivery = (d: Deps, dl: DeliveryRecord) => deliveryView(dl, d.store.attempts.of(dl.id));

/** An outbox event with the body its deliveries carry and its deliveries (the simulation API). @throws 1005 unknown. */
export function viewEvent(d: Deps, id: string | StoredEvent): z.infer<typeof eventObject> {
  const e = typeof id === 'string' ? eventOf(d, id) : id;
  return {
    id: e.id,
    type: e.type,
    event_date: JSON.parse(deliveryBody(e)).event_date as string,
    resource_id: e.resourceId,
    body: JSON.parse(deliveryBody(e)) as Record<string, unknown>,
    deliveries: d.store.deliveries.ofEvent(e.id).map((dl) => viewDelivery(d, dl)),
  };
}

/** The outbox's events, newest first, filtered by type and resource (the simulation API). */
export function listEvents(
  d: Deps,
  q: Page & { type?: string | undefined; resource_id?: string | undefined },
): z.infer<typeof eventObject>[] {
  return d.store.events.page({ type: q.type, resourceId: q.resource_id }, q).map((e) => viewEvent(d, e));
}

/** The delivery log, newest first, filtered by webhook, event and status. */
export const listDeliveries = (d: Deps, f: DeliveryFilter, page: Page): DeliveryRecord[] => d.store.deliveries.listWhere(f, page);
