import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { WebhookRecord } from '../domain/webhooks';
import { withMoneyDecimals } from '../json/money';
import type { StoredEvent } from '../store/events';
import { isoDateTime } from '../time/dates';

/**
 * What a delivery carries (docs/webhooks.md, "What a delivery looks like"): the JSON body and the Standard Webhooks
 * headers, signed with the `standardwebhooks` package.
 */

/** A new signing secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks: 24-64 bytes). */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The body of an event's delivery, as JSON text: `{id, type, event_date, ...}` with, by type, `verification_code`
 * (verification), `invoice` (the invoice notification object: `invoice.*`) or `transaction` (the Transaction object
 * when the change happened: every other type). `id` is the event's id, the same on every attempt and resend. Money
 * is written with two decimals (`"amount":349.00`) by the serializer the API's responses use (json/money.ts).
 */
export function deliveryBody(e: StoredEvent): string {
  const head = { id: e.id, type: e.type, event_date: isoDateTime(e.created) };
  if (e.type === 'verification') return JSON.stringify({ ...head, verification_code: e.payload.verification_code });
  const body = e.type.startsWith('invoice.') ? { ...head, invoice: e.payload } : { ...head, transaction: e.payload };
  return withMoneyDecimals(JSON.stringify(body));
}

/**
 * The headers of one attempt: JSON content type, a user agent, the Standard Webhooks `webhook-id` (the event's id),
 * `webhook-timestamp` (unix seconds) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body`
 * under the webhook's secret), and HTTP Basic auth from the webhook's `user` and `password` when it has them.
 * @param wallMs the signing time, epoch ms of the real clock: receivers check it against their own clock (a
 *   replay window of minutes), so it is never the sandbox clock, which `clock/advance` may have moved days ahead.
 */
export function deliveryHeaders(w: WebhookRecord, messageId: string, body: string, wallMs: number): Record<string, string> {
  const at = new Date(Math.floor(wallMs / 1000) * 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'paytoken-sandbox-webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(at.getTime() / 1000),
    'webhook-signature': new Webhook(w.secret).sign(messageId, at, body),
    ...(w.user !== null && { authorization: `Basic ${Buffer.from(`${w.user}:${w.password ?? ''}`).toString('base64')}` }),
  };
}

/** The headers as the delivery log keeps them: the Basic credentials hidden. */
export const loggedHeaders = (h: Record<string, string>): Record<string, string> =>
  h.authorization ? { ...h, authorization: 'Basic [redacted]' } : h;
