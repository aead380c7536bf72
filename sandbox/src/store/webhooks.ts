import type { AttemptRecord, DeliveryRecord, DeliveryStatus, WebhookRecord } from '../domain/webhooks';
import type { Db } from './db';
import { DocTable, eq, type Condition, type Page } from './table';
import { statement } from './statements';

/**
 * Webhooks, their deliveries and the delivery log (store/migrations/0005-webhooks.ts). The fan-out cursor (the
 * last event turned into deliveries) is kept in `meta` under {@link CURSOR_KEY}.
 */

/** The `meta` key of the fan-out cursor: the `seq` of the last outbox event turned into deliveries. */
export const CURSOR_KEY = 'webhook_cursor';

export class WebhookRepo extends DocTable<WebhookRecord> {
  constructor(db: Db) {
    super(db, 'webhooks', { status: (r) => r.status });
  }

  /**
   * Stores a new webhook. The first active one moves the fan-out cursor past every event so far: while no webhook
   * is active the fan-out skips the outbox (events/deliveries.ts), and those events had no one to go to.
   */
  override insert(w: WebhookRecord): WebhookRecord {
    if (w.status !== 'disabled' && !this.hasActive())
      statement(
        this.db,
        'INSERT INTO meta (key, value) SELECT ?, CAST(coalesce(MAX(seq), 0) AS TEXT) FROM events WHERE true ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ).run(CURSOR_KEY);
    return super.insert(w);
  }

  /** Whether any webhook still receives events (not disabled). */
  hasActive(): boolean {
    return statement<[], { n: number }>(this.db, "SELECT 1 AS n FROM webhooks WHERE status != 'disabled' LIMIT 1").get() !== undefined;
  }

  /** The webhooks that still receive events (not disabled), oldest first. */
  active(): WebhookRecord[] {
    return statement<[], { doc: string }>(this.db, "SELECT doc FROM webhooks WHERE status != 'disabled' ORDER BY seq")
      .all()
      .map((r) => JSON.parse(r.doc) as WebhookRecord);
  }
}

/** Filters of the delivery log. */
export interface DeliveryFilter {
  webhookId?: string;
  eventId?: string;
  status?: DeliveryStatus;
}

export class DeliveryRepo extends DocTable<DeliveryRecord> {
  constructor(db: Db) {
    super(db, 'deliveries', { webhook_id: (r) => r.webhookId, event_id: (r) => r.eventId, status: (r) => r.status });
  }

  /** The webhooks that have queued deliveries. */
  queuedWebhooks(): string[] {
    return statement<[], { webhook_id: string }>(this.db, "SELECT DISTINCT webhook_id FROM deliveries WHERE status = 'queued'")
      .all()
      .map((r) => r.webhook_id);
  }

  /** The first `limit` queued deliveries of a webhook, oldest first (the order they are sent in). */
  queuedOf(webhookId: string, limit: number): DeliveryRecord[] {
    return statement<[string, number], { doc: string }>(
      this.db,
      "SELECT doc FROM deliveries WHERE webhook_id = ? AND status = 'queued' ORDER BY seq LIMIT ?",
    )
      .all(webhookId, limit)
      .map((r) => JSON.parse(r.doc) as DeliveryRecord);
  }

  /** The deliveries of a webhook that still lead to an attempt (queued or scheduled), oldest first. */
  pendingOf(webhookId: string): DeliveryRecord[] {
    return this.list([['webhook_id = ?', webhookId], ["status IN ('queued', 'scheduled')"]], { offset: 0, limit: 1e9 }).reverse();
  }

  /** The deliveries of an event, oldest first. */
  ofEvent(eventId: string): DeliveryRecord[] {
    return this.list(eq('event_id', eventId), { offset: 0, limit: 1000 }).reverse();
  }

  /** The deliveries that meet the filter, newest first, paged. */
  listWhere(f: DeliveryFilter, page: Page): DeliveryRecord[] {
    const conds: Condition[] = [...eq('webhook_id', f.webhookId), ...eq('event_id', f.eventId), ...eq('status', f.status)];
    return this.list(conds, page);
  }

  /** How many deliveries are pending (queued or scheduled) in all. */
  get pending(): number {
    return this.count(["status IN ('queued', 'scheduled')"]);
  }

  /**
   * Deletes the oldest finished deliveries (delivered, failed, cancelled) beyond `keep` finished ones, with their
   * attempts: the log is bounded; pending deliveries are never dropped. @returns how many went.
   */
  pruneFinished(keep: number): number {
    const finished = this.count(["status IN ('delivered', 'failed', 'cancelled')"]);
    if (finished <= keep) return 0;
    const ids = statement<[number], { id: string }>(
      this.db,
      "SELECT id FROM deliveries WHERE status IN ('delivered', 'failed', 'cancelled') ORDER BY seq LIMIT ?",
    )
      .all(finished - keep)
      .map((r) => r.id);
    const attempts = statement(this.db, 'DELETE FROM delivery_attempts WHERE delivery_id = ?');
    for (const id of ids) {
      attempts.run(id);
      this.delete(id);
    }
    return ids.length;
  }
}

/** The delivery log: every attempt of every delivery (append only; pruned with its delivery). */
export class AttemptRepo {
  constructor(readonly db: Db) {}

  add(a: AttemptRecord): void {
    statement(this.db, 'INSERT INTO delivery_attempts (delivery_id, at, doc) VALUES (?, ?, ?)').run(a.deliveryId, a.at, JSON.stringify(a));
  }

  /** The attempts of a delivery, oldest first. */
  of(deliveryId: string): AttemptRecord[] {
    return statement<[string], { doc: string }>(this.db, 'SELECT doc FROM delivery_attempts WHERE delivery_id = ? ORDER BY seq')
      .all(deliveryId)
      .map((r) => JSON.parse(r.doc) as AttemptRecord);
  }

  /** Deletes the attempts of a delivery. */
  deleteOf(deliveryId: string): void {
    statement(this.db, 'DELETE FROM delivery_attempts WHERE delivery_id = ?').run(deliveryId);
  }
}
