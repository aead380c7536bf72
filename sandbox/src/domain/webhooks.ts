import type { StoredRecord } from './records';

/**
 * Webhooks as the sandbox keeps them, and the rules of their delivery (docs/webhooks.md): the records, the retry
 * schedule and what an answer means. Pure: the sending is in events/, the storage in store/.
 */

/** `verified` once the URL answered the verification event with a 2xx (or the code was confirmed); `disabled` after a 410. */
export type WebhookStatus = 'verified' | 'unverified' | 'disabled';

/** A registered webhook (spec, Webhook record; the processor's `user`, `password` and verification code). */
export interface WebhookRecord extends StoredRecord {
  url: string;
  /** HTTP Basic credentials sent with every delivery, or null for none. */
  user: string | null;
  password: string | null;
  /** The event types delivered to it (spec, Events), in the order given. */
  eventTypes: string[];
  status: WebhookStatus;
  /** `whsec_` + base64 of 32 random bytes: the Standard Webhooks signing secret, shown once on creation. */
  secret: string;
  /** The code posted in the verification event (`POST /webhooks/{id}/verify/{code}` confirms it). */
  verificationCode: string;
  /** Why it was disabled (`410 Gone at ...`), when it was. */
  disabledReason?: string;
}

/**
 * Where a delivery stands: `queued` (due, waiting for a free slot of its endpoint or being sent), `scheduled` (a
 * retry waits for its time on the clock), `delivered` (a 2xx), `failed` (every attempt of the schedule failed),
 * `cancelled` (its webhook was deleted or disabled first).
 */
export type DeliveryStatus = 'queued' | 'scheduled' | 'delivered' | 'failed' | 'cancelled';

/** One event to one webhook: every attempt until a 2xx, a 410 or the end of the schedule. */
export interface DeliveryRecord extends StoredRecord {
  webhookId: string;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt is due (epoch ms, sandbox clock), or null once finished. */
  nextAttemptAt: number | null;
  /** Made by the simulation API's resend rather than by the event itself. */
  resend: boolean;
  /** When it ended (delivered, failed, cancelled), or null. */
  finishedAt: number | null;
}

/** What one attempt was: the request sent (if any), the answer, the outcome. Stored in the delivery log. */
export interface AttemptRecord {
  deliveryId: string;
  webhookId: string;
  eventId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** When it started (epoch ms, sandbox clock). */
  at: number;
  /** Real milliseconds from the start of the request to its answer (or its failure). */
  durationMs: number;
  /** What was sent; the Basic credentials are shown as `Basic [redacted]`. Null when nothing was sent. */
  request: { method: 'POST'; url: string; headers: Record<string, string>; body: string } | null;
  /** The HTTP status answered, or null when none came (time-out, refused connection, refused address). */
  responseStatus: number | null;
  /** The first {@link BODY_EXCERPT_CHARS} characters of the answer's body. */
  responseBody: string;
  /** Why no status came: `timeout after 15000 ms`, `connect ECONNREFUSED ...`, `refused: ...`. */
  error: string | null;
  outcome: AttemptOutcome;
}

/** `delivered` (2xx), `retry` (another attempt is scheduled), `failed` (none left), `disabled` (410), `cancelled`. */
export type AttemptOutcome = 'delivered' | 'retry' | 'failed' | 'disabled' | 'cancelled';

/** Characters of a receiver's answer kept in the delivery log. */
export const BODY_EXCERPT_CHARS = 1024;

/**
 * The retry schedule, as Standard Webhooks suggests: the wait before each attempt after the one before failed,
 * milliseconds: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h (ten attempts over 3 days and
 * 3 hours and some seconds). It runs on the sandbox clock, so `clock/advance` replays it.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [0, 5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400].map((s) => s * 1000);

/** The wait before the next attempt after `attempts` failed ones (ms), or null when the schedule is spent. */
export const retryDelay = (attempts: number): number | null => RETRY_SCHEDULE_MS[attempts] ?? null;

/** Longest wait for a receiver's answer, ms (Standard Webhooks: 15-30 s). */
export const DELIVERY_TIMEOUT_MS = 15_000;

/** Most deliveries sent at once to one webhook; the rest wait their turn, oldest first. */
export const MAX_IN_FLIGHT_PER_WEBHOOK = 8;

/** Most webhooks a merchant may register. */
export const MAX_WEBHOOKS = 50;

/**
 * What an answer means: any 2xx is delivered; 410 Gone disables the webhook (Standard Webhooks); anything else,
 * a redirect included (redirects are never followed), or no answer at all, is a failed attempt to retry.
 */
export function answerMeans(status: number | null): 'delivered' | 'gone' | 'retry' {
  if (status !== null && status >= 200 && status < 300) return 'delivered';
  return status === 410 ? 'gone' : 'retry';
}
