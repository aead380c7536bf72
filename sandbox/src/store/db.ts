import Database from 'better-sqlite3';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS } from './migrations/index';

/** An open SQLite database (better-sqlite3). */
export type Db = Database.Database;

/**
 * Where a sandbox keeps its data: a file path, `:memory:` for nothing kept, or a serialized database (`db.serialize()`)
 * opened in memory as a copy (nothing kept either): a new merchant starts from a migrated empty one (merchants/).
 */
export type DbLocation = string | Buffer;

/**
 * Opens (creating it and its folder when needed) the sandbox's SQLite database and brings it to the newest schema.
 *
 * - A file is opened in WAL mode with `synchronous = NORMAL`: a committed transaction survives a crash or a
 *   SIGKILL of the process (not a power loss of the machine, which would need FULL), and the process holds the
 *   file exclusively (`locking_mode = EXCLUSIVE`), so a second sandbox on the same file fails at start instead of
 *   running every scheduled job twice.
 * - `:memory:` keeps nothing past the process.
 * - `reset: true` deletes the file (and its -wal and -shm companions) first.
 * - Migrations ({@link MIGRATIONS}) run in order, each once, in a transaction of its own, and are recorded by name.
 *
 * @throws Error when the file is held by another process or is not a SQLite database of this sandbox.
 */
export function openDb(location: DbLocation, opts: { reset?: boolean } = {}): Db {
  const memory = typeof location !== 'string' || location === ':memory:';
  if (typeof location === 'string' && !memory) {
    if (opts.reset) for (const f of [location, `${location}-wal`, `${location}-shm`]) rmSync(f, { force: true });
    if (!existsSync(dirname(location))) mkdirSync(dirname(location), { recursive: true });
  }
  const db = new Database(location);
  try {
    if (!memory) {
      db.pragma('journal_mode = WAL');
      db.pragma('locking_mode = EXCLUSIVE');
    }
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db);
  } catch (e) {
    db.close();
    const busy = (e as { code?: string }).code === 'SQLITE_BUSY';
    const name = typeof location === 'string' ? location : 'the serialized database';
    throw new Error(busy ? `${name} is in use by another sandbox process` : `cannot open ${name}: ${(e as Error).message}`, {
      cause: e,
    });
  }
  return db;
}

/** Applies the migrations not yet recorded in `migrations`, in order. */
function migrate(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied INTEGER NOT NULL)');
  const done = new Set(
    db
      .prepare<[], { name: string }>('SELECT name FROM migrations')
      .all()
      .map((r) => r.name),
  );
  for (const m of MIGRATIONS) {
    if (done.has(m.name)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO migrations (name, applied) VALUES (?, ?)').run(m.name, Date.now());
    })();
  }
}

/**
 * Runs `fn` in one database transaction: everything it writes commits together, or nothing does when it throws
 * (the throw goes on). Nested calls join the outer transaction (a savepoint each).
 */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn)();
}
