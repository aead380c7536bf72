import type { Statement } from 'better-sqlite3';
import type { Db } from './db';

/** Most statements kept per connection; past it the cache starts afresh (the store's SQL is a bounded set of texts). */
const MAX_STATEMENTS = 512;

const byConnection = new WeakMap<Db, Map<string, Statement>>();

/**
 * The prepared statement of `sql` on `db`: prepared on first use, then the same one for that connection (SQLite
 * parsing and planning a statement costs more than running most of them). A statement is bound to its connection, so
 * the cache is per connection and goes with it. Statements stay valid across transactions and schema changes
 * (SQLite re-prepares them itself). Never switch a cached statement's mode (`raw`, `pluck`, `expand`): it is shared.
 * @throws what `db.prepare` throws for SQL it refuses, or a closed database.
 */
export function statement<P extends unknown[] = unknown[], R = unknown>(db: Db, sql: string): Statement<P, R> {
  let cached = byConnection.get(db);
  if (!cached) byConnection.set(db, (cached = new Map()));
  let s = cached.get(sql);
  if (!s) {
    if (cached.size >= MAX_STATEMENTS) cached.clear();
    cached.set(sql, (s = db.prepare(sql)));
  }
  return s as Statement<P, R>;
}
