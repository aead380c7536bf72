import { addDays, dayStart } from '../time/dates';
import type { Db } from './db';
import type { Page } from './table';
import { statement } from './statements';

/** One event of the outbox (spec, Events: the event types), as written with the change it reports. */
export interface StoredEvent {
  seq: number;
  /** `ev` + random letters and digits. */
  id: string;
  type: string;
  created: number;
  /** The resource the event is about (a transaction id), or null. */
  resourceId: string | null;
  /** The event's payload: the object delivered (a Transaction object, an invoice notification ...). */
  payload: Record<string, unknown>;
}

type EventRow = { seq: number; id: string; type: string; created: number; resource_id: string | null; doc: string };

const COLUMNS = 'SELECT seq, id, type, created, resource_id, doc FROM events';

const toEvent = (r: EventRow): StoredEvent => ({
  seq: r.seq,
  id: r.id,
  type: r.type,
  created: r.created,
  resourceId: r.resource_id,
  payload: JSON.parse(r.doc) as Record<string, unknown>,
});

/**
 * The outbox: every event is inserted in the same database transaction as the state change it reports, so an
 * event exists exactly when its change does. Delivery (events/) reads it in order.
 */
export class EventRepo {
  constructor(readonly db: Db) {}

  add(e: Omit<StoredEvent, 'seq'>): void {
    statement(this.db, 'INSERT INTO events (id, type, created, resource_id, doc) VALUES (?, ?, ?, ?, ?)').run(
      e.id,
      e.type,
      e.created,
      e.resourceId,
      JSON.stringify(e.payload),
    );
  }

  /** The events after `afterSeq`, oldest first, at most `limit`. */
  after(afterSeq: number, limit = 100): StoredEvent[] {
    return statement<[number, number], EventRow>(this.db, `${COLUMNS} WHERE seq > ? ORDER BY seq LIMIT ?`)
      .all(afterSeq, limit)
      .map(toEvent);
  }

  /** The events about a resource, oldest first. */
  of(resourceId: string): StoredEvent[] {
    return statement<[string], EventRow>(this.db, `${COLUMNS} WHERE resource_id = ? ORDER BY seq`).all(resourceId).map(toEvent);
  }

  get(id: string): StoredEvent | undefined {
    const r = statement<[string], EventRow>(this.db, `${COLUMNS} WHERE id = ?`).get(id);
    return r && toEvent(r);
  }

  get size(): number {
    return statement<[], { n: number }>(this.db, 'SELECT count(*) AS n FROM events').get()!.n;
  }

  /**
   * The events of a `type` and about a resource (each filter optional), newest first, with the common list filters
   * (`offset`, `limit`, the creation dates): the simulation API's event log.
   */
  page(f: { type?: string | undefined; resourceId?: string | undefined }, page: Page): StoredEvent[] {
    const conds: [string, string | number][] = [];
    if (f.type !== undefined) conds.push(['type = ?', f.type]);
    if (f.resourceId !== undefined) conds.push(['resource_id = ?', f.resourceId]);
    if (page.creation) conds.push(['created >= ?', dayStart(page.creation)], ['created < ?', dayStart(addDays(page.creation, 1))]);
    if (page['creation[gte]']) conds.push(['created >= ?', dayStart(page['creation[gte]'])]);
    if (page['creation[lte]']) conds.push(['created < ?', dayStart(addDays(page['creation[lte]'], 1))]);
    const where = conds.length ? ` WHERE ${conds.map((c) => c[0]).join(' AND ')}` : '';
    return statement<(string | number)[], EventRow>(this.db, `${COLUMNS}${where} ORDER BY seq DESC LIMIT ? OFFSET ?`)
      .all(...conds.map((c) => c[1]), page.limit, page.offset)
      .map(toEvent);
  }
}
