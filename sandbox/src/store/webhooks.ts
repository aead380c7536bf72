import type { Statement } from 'better-sqlite3';
import type { AttemptRecord, DeliveryRecord, DeliveryStatus, WebhookRecord } from '../domain/webhooks';
import type { Db } from './db';
import { DocTable, eq, type Condition, type Page } from './table';

/**
 * Webhooks, their deliveries and the delivery log (store/migrations/0005-webhooks.ts). The fan-out cursor (the
 * last event turned into deliveries) is kept in `meta` under {@link CURSOR_KEY}.
 */

/** The `meta` key of the fan-out cursor: the `seq` of the last outbox event turned into deliveries. */
export const CURSOR_KEY = 'webhook_cursor';

export class WebhookRepo extends DocTable<WebhookRecord> {
  readonly #active: Statement<[], { doc: string }>;

  constructor(db: Db) {
    super(db, 'webhooks', { status: (r) => r.status });
    this.#active = db.prepare("SELECT doc FROM webhooks WHERE status != 'disabled' ORDER BY seq");
  }

  /** The webhooks that still receive events (not disabled), oldest first. */
  active(): WebhookRecord[] {
    return this.#active.all().map((r) => JSON.parse(r.doc) as WebhookRecord);
  }
}

/** Filters of the delivery log. */
export interface DeliveryFilter {
  webhookId?: string;
  eventId?: string;
  status?: DeliveryStatus;
}

export class DeliveryRepo extends DocTable<DeliveryRecord> {
  readonly #queued: Statement<[string, number], { doc: string }>;
  readonly #queuedWebhooks: Statement<[], { webhook_id: string }>;

  constructor(db: Db) {
    super(db, 'deliveries', { webhook_id: (r) => r.webhookId, event_id: (r) => r.eventId, status: (r) => r.status });
    this.#queued = db.prepare("SELECT doc FROM deliveries WHERE webhook_id = ? AND status = 'queued' ORDER BY seq LIMIT ?");
    this.#queuedWebhooks = db.prepare("SELECT DISTINCT webhook_id FROM deliveries WHERE status = 'queued'");
  }

  /** The webhooks that have queued deliveries. */
  queuedWebhooks(): string[] {
    return this.#queuedWebhooks.all().map((r) => r.webhook_id);
  }

  /** The first `limit` queued deliveries of a webhook, oldest first (the order they are sent in). */
  queuedOf(webhookId: string, limit: number): DeliveryRecord[] {
    return this.#queued.all(webhookId, limit).map((r) => JSON.parse(r.doc) as DeliveryRecord);
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
    const ids = this.db
      .prepare<[number], { id: string }>(
        "SELECT id FROM deliveries WHERE status IN ('delivered', 'failed', 'cancelled') ORDER BY seq LIMIT ?",
      )
      .all(finished - keep)
      .map((r) => r.id);
    const attempts = this.db.prepare('DELETE FROM delivery_attempts WHERE delivery_id = ?');
    for (const id of ids) {
      attempts.run(id);
      this.delete(id);
    }
    return ids.length;
  }
}

/** The delivery log: every attempt of every delivery (append only; pruned with its delivery). */
export class AttemptRepo {
  readonly #add: Statement;
  readonly #of: Statement<[string], { doc: string }>;

  constructor(readonly db: Db) {
    this.#add = db.prepare('INSERT INTO delivery_attempts (delivery_id, at, doc) VALUES (?, ?, ?)');
    this.#of = db.prepare('SELECT doc FROM delivery_attempts WHERE delivery_id = ? ORDER BY seq');
  }

  add(a: AttemptRecord): void {
    this.#add.run(a.deliveryId, a.at, JSON.stringify(a));
  }

  /** The attempts of a delivery, oldest first. */
  of(deliveryId: string): AttemptRecord[] {
    return this.#of.all(deliveryId).map((r) => JSON.parse(r.doc) as AttemptRecord);
  }

  /** Deletes the attempts of a delivery. */
  deleteOf(deliveryId: string): void {
    this.db.prepare('DELETE FROM delivery_attempts WHERE delivery_id = ?').run(deliveryId);
  }
}
