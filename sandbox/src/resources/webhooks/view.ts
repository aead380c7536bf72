import { z } from 'zod';
import type { AttemptRecord, DeliveryRecord, WebhookRecord } from '../../domain/webhooks';
import { isoDateTime } from '../../time/dates';
import { dateTime } from '../shared/objects';

/** Webhook record (spec, Resources > Other embedded objects: id, event_types, url, status). */
export const webhookObject = z
  .object({
    id: z.string(),
    url: z.string(),
    event_types: z.array(z.string()),
    status: z.enum(['verified', 'unverified', 'disabled']),
  })
  .meta({ id: 'Webhook' });

/** The webhook as creation answers it: once, with its signing `secret` (`whsec_...`). */
export const createdWebhookObject = webhookObject.extend({ secret: z.string() }).meta({ id: 'CreatedWebhook' });

/** The Webhook object of a record (never its secret, user or password). */
export const webhookView = (w: WebhookRecord): z.infer<typeof webhookObject> => ({
  id: w.id,
  url: w.url,
  event_types: w.eventTypes,
  status: w.status,
});

/** One attempt in the delivery log (the simulation API). */
export const attemptObject = z
  .object({
    attempt: z.number().int(),
    date: dateTime,
    duration_ms: z.number().int(),
    request: z.object({ method: z.string(), url: z.string(), headers: z.record(z.string(), z.string()), body: z.string() }).nullable(),
    response_status: z.number().int().nullable(),
    response_body: z.string(),
    error: z.string().nullable(),
    outcome: z.enum(['delivered', 'retry', 'failed', 'disabled', 'cancelled']),
  })
  .meta({ id: 'DeliveryAttempt' });

/** One delivery of an event to a webhook, with its attempts (the simulation API's delivery log). */
export const deliveryObject = z
  .object({
    id: z.string(),
    webhook_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(['queued', 'scheduled', 'delivered', 'failed', 'cancelled']),
    attempts: z.number().int(),
    next_attempt_date: dateTime.nullable(),
    finished_date: dateTime.nullable(),
    resend: z.boolean(),
    creation_date: dateTime,
    log: z.array(attemptObject),
  })
  .meta({ id: 'Delivery' });

/** One attempt as the delivery log shows it. */
export const attemptView = (a: AttemptRecord): z.infer<typeof attemptObject> => ({
  attempt: a.attempt,
  date: isoDateTime(a.at),
  duration_ms: a.durationMs,
  request: a.request,
  response_status: a.responseStatus,
  response_body: a.responseBody,
  error: a.error,
  outcome: a.outcome,
});

/** A delivery with its attempts, oldest first, as the delivery log shows it. */
export const deliveryView = (dl: DeliveryRecord, attempts: readonly AttemptRecord[]): z.infer<typeof deliveryObject> => ({
  id: dl.id,
  webhook_id: dl.webhookId,
  event_id: dl.eventId,
  event_type: dl.eventType,
  status: dl.status,
  attempts: dl.attempts,
  next_attempt_date: dl.nextAttemptAt === null ? null : isoDateTime(dl.nextAttemptAt),
  finished_date: dl.finishedAt === null ? null : isoDateTime(dl.finishedAt),
  resend: dl.resend,
  creation_date: isoDateTime(dl.created),
  log: attempts.map(attemptView),
});

/** An event of the outbox as the simulation API shows it: the body its deliveries carry, and the deliveries. */
export const eventObject = z
  .object({
    id: z.string(),
    type: z.string(),
    event_date: dateTime,
    resource_id: z.string().nullable(),
    body: z.record(z.string(), z.unknown()),
    deliveries: z.array(deliveryObject),
  })
  .meta({ id: 'Event' });
