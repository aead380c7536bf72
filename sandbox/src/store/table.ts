import { dayStart, addDays } from '../time/dates';
import type { Db } from './db';
import type { StoredRecord } from '../domain/records';
import { statement } from './statements';

/**
 * The common list filters (spec, Endpoints, list filters): `offset`, `limit`, and the creation date (`creation`,
 * `creation[gte]`, `creation[lte]`, `yyyy-mm-dd` in the sandbox's central time).
 */
export interface Page {
  offset: number;
  limit: number;
  creation?: string | undefined;
  'creation[gte]'?: string | undefined;
  'creation[lte]'?: string | undefined;
}

/** A condition on the indexed columns: SQL with `?` placeholders and its values. */
export type Condition = readonly [sql: string, ...params: (string | number | null)[]];

/**
 * A document table (store/migrations/sql.ts): records stored as JSON with their indexed columns beside them.
 * Repositories build on it; nothing outside store/ sees SQL. Every method runs in the caller's transaction when
 * there is one (services open it), else on its own.
 */
export class DocTable<T extends StoredRecord> {
  /** The SQL of the statements every call uses, prepared on first use (./statements.ts). */
  readonly #sql: { insert: string; update: string; get: string; delete: string };

  /**
   * @param columns the table's extra columns (as created by its migration), each read from the record.
   */
  constructor(
    readonly db: Db,
    readonly name: string,
    readonly columns: Readonly<Record<string, (r: T) => string | number | null>> = {},
  ) {
    const names = Object.keys(columns);
    this.#sql = {
      insert: `INSERT INTO ${name} (id, created${names.map((n) => `, ${n}`).join('')}, doc) VALUES (?, ?${names.map(() => ', ?').join('')}, ?)`,
      update: `UPDATE ${name} SET ${names.map((n) => `${n} = ?, `).join('')}doc = ? WHERE id = ?`,
      get: `SELECT doc FROM ${name} WHERE id = ?`,
      delete: `DELETE FROM ${name} WHERE id = ?`,
    };
  }

  #values(r: T) {
    return Object.values(this.columns).map((f) => f(r));
  }

  /** Stores a new record. @throws when its id (or a unique column) is taken. */
  insert(r: T): T {
    statement(this.db, this.#sql.insert).run(r.id, r.created, ...this.#values(r), JSON.stringify(r));
    return r;
  }

  /** Writes a changed record over the stored one (same id). */
  update(r: T): T {
    statement(this.db, this.#sql.update).run(...this.#values(r), JSON.stringify(r), r.id);
    return r;
  }

  get(id: string): T | undefined {
    const row = statement<[string], { doc: string }>(this.db, this.#sql.get).get(id);
    return row ? (JSON.parse(row.doc) as T) : undefined;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Deletes a record; @returns whether there was one. */
  delete(id: string): boolean {
    return statement<[string]>(this.db, this.#sql.delete).run(id).changes > 0;
  }

  /** How many records the table holds (constant time: kept by triggers). */
  get size(): number {
    return statement<[string], { n: number }>(this.db, 'SELECT n FROM counts WHERE kind = ?').get(this.name)?.n ?? 0;
  }

  /** The first record, newest first, that meets every condition; undefined when none does. */
  findOne(...conds: Condition[]): T | undefined {
    return this.list(conds, { offset: 0, limit: 1 })[0];
  }

  /** How many records meet every condition. */
  count(...conds: Condition[]): number {
    const { where, params } = whereOf(conds);
    return (statement(this.db, `SELECT count(*) AS n FROM ${this.name}${where}`).get(...params) as { n: number }).n;
  }

  /**
   * The records that meet every condition and the page's creation filters, newest first (creation time, then
   * insertion order, descending), the page's `offset` and `limit` applied.
   */
  list(conds: readonly Condition[], page: Page): T[] {
    const { where, params } = whereOf([...conds, ...creationConditions(page)]);
    return statement<unknown[], { doc: string }>(
      this.db,
      `SELECT doc FROM ${this.name}${where} ORDER BY created DESC, seq DESC LIMIT ? OFFSET ?`,
    )
      .all(...params, page.limit, page.offset)
      .map((row) => JSON.parse(row.doc) as T);
  }

  /** Every record, oldest first (tests and the dashboard's exports; bounded by the table's cap). */
  values(): T[] {
    return statement<[], { doc: string }>(this.db, `SELECT doc FROM ${this.name} ORDER BY seq`)
      .all()
      .map((row) => JSON.parse(row.doc) as T);
  }

  /** Deletes the `n` oldest records (insertion order); @returns how many went. */
  deleteOldest(n: number): number {
    return statement(this.db, `DELETE FROM ${this.name} WHERE seq IN (SELECT seq FROM ${this.name} ORDER BY seq LIMIT ?)`).run(n).changes;
  }

  /** Deletes every record. */
  clear(): void {
    statement(this.db, `DELETE FROM ${this.name}`).run();
  }

  /** Deletes the records created before `ms`; @returns how many went. */
  deleteCreatedBefore(ms: number): number {
    return statement(this.db, `DELETE FROM ${this.name} WHERE created < ?`).run(ms).changes;
  }
}

/** The WHERE clause of some conditions (empty when none). */
function whereOf(conds: readonly Condition[]): { where: string; params: (string | number | null)[] } {
  if (!conds.length) return { where: '', params: [] };
  return {
    where: ` WHERE ${conds.map((c) => `(${c[0]})`).join(' AND ')}`,
    params: conds.flatMap((c) => c.slice(1) as (string | number | null)[]),
  };
}

/** The conditions of the common creation filters, on the central-time calendar day of `created`. */
function creationConditions(page: Page): Condition[] {
  const out: Condition[] = [];
  if (page.creation) out.push(['created >= ? AND created < ?', dayStart(page.creation), dayStart(addDays(page.creation, 1))]);
  if (page['creation[gte]']) out.push(['created >= ?', dayStart(page['creation[gte]'])]);
  if (page['creation[lte]']) out.push(['created < ?', dayStart(addDays(page['creation[lte]'], 1))]);
  return out;
}

/** A condition `column = value`, or none when `value` is undefined (an absent filter). */
export const eq = (column: string, value: string | number | null | undefined): Condition[] =>
  value === undefined ? [] : value === null ? [[`${column} IS NULL`]] : [[`${column} = ?`, value]];
