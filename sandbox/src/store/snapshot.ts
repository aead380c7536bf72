import Database from 'better-sqlite3';
import type { Db } from './db';

/** Tables a snapshot leaves alone: the schema's own bookkeeping (the migrations a database went through). */
const KEPT = new Set(['migrations']);

/** The copy of a database taken by {@link snapshotDb}: SQLite's serialized image of it. */
export type DbImage = Buffer;

/** A consistent image of the whole database (better-sqlite3's `serialize()`: one read transaction). */
export function snapshotDb(db: Db): DbImage {
  return db.serialize();
}

/**
 * The user tables of a database and `sqlite_sequence` (the AUTOINCREMENT counters), `KEPT` left out; last the tables
 * that triggers or AUTOINCREMENT write (row counts, balances, counters), so their copied rows are what stays.
 */
function tablesOf(db: Db): string[] {
  const rows = db.prepare<[], { name: string; type: string; sql: string | null }>('SELECT name, type, sql FROM sqlite_master').all();
  const written = new Set(['sqlite_sequence']);
  for (const t of rows.filter((r) => r.type === 'trigger'))
    for (const m of (t.sql ?? '').matchAll(/(?:UPDATE|INSERT INTO)\s+(\w+)/gi)) written.add(m[1]!);
  const tables = rows.filter((r) => r.type === 'table' && !r.name.startsWith('sqlite_stat') && !KEPT.has(r.name)).map((r) => r.name);
  return [...tables.filter((t) => !written.has(t)), ...tables.filter((t) => written.has(t))];
}

/**
 * Puts every row of `image` back into `db` in one transaction: each table emptied and refilled from the image, so
 * the repositories' prepared statements (bound to `db`) stay valid and a file database stays the same file.
 * Foreign keys are checked at commit (deferred), so the order of the tables does not matter.
 * @throws Error when the image is not a database of the same schema (nothing is changed then).
 */
export function restoreDb(db: Db, image: DbImage): void {
  const source = new Database(image, { readonly: true });
  try {
    const tables = tablesOf(db);
    const theirs = new Set(tablesOf(source));
    const missing = tables.filter((t) => !theirs.has(t) && t !== 'sqlite_sequence');
    if (missing.length) throw new Error(`the snapshot lacks the tables ${missing.join(', ')}`);
    db.transaction(() => {
      db.pragma('defer_foreign_keys = ON');
      for (const table of tables) {
        db.prepare(`DELETE FROM "${table}"`).run();
        if (!theirs.has(table)) continue;
        const rows = source.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[][];
        if (!rows.length) continue;
        const marks = rows[0]!.map(() => '?').join(', ');
        const insert = db.prepare(`INSERT INTO "${table}" VALUES (${marks})`);
        for (const row of rows) insert.run(row);
      }
    })();
  } finally {
    source.close();
  }
}
