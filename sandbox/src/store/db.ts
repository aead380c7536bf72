import Database from 'better-sqlite3';
import { accessSync, chmodSync, closeSync, constants, existsSync, mkdirSync, openSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { MIGRATIONS } from './migrations/index';

/** An open SQLite database (better-sqlite3). */
export type Db = Database.Database;

/**
 * Where a sandbox keeps its data: a file path, `:memory:` for nothing kept, or a serialized database (`db.serialize()`)
 * opened in memory as a copy (nothing kept either): a new merchant starts from a migrated empty one (merchants/).
 */
export type DbLocation = string | Buffer;

/** How long a statement waits for a write lock another connection holds before it fails busy, ms. */
export const BUSY_TIMEOUT_MS = 100;

/** Whether `e` is SQLite saying another connection holds the database (busy or locked): worth trying again later. */
export const isBusy = (e: unknown): boolean => /^SQLITE_(BUSY|LOCKED)/.test(String((e as { code?: unknown })?.code ?? ''));

/** Whether `e` comes from SQLite (busy, read-only, disk full, I/O ...): the storage failed, not the request. */
export const isStorageError = (e: unknown): boolean => /^SQLITE_/.test(String((e as { code?: unknown })?.code ?? ''));

/** Why a data file cannot be used, in words (from a Node or SQLite error code). */
function causeOf(e: unknown): string {
  const code = String((e as { code?: unknown })?.code ?? '');
  if (/^(EACCES|EPERM|SQLITE_READONLY|SQLITE_PERM)/.test(code)) return 'no permission to write it (read-only)';
  if (/^EROFS/.test(code)) return 'the file system is read-only';
  if (/^(ENOSPC|EDQUOT|SQLITE_FULL)/.test(code)) return 'the disk is full';
  if (/^EISDIR/.test(code)) return 'it is a directory';
  if (/^(ENOTDIR|ENOENT|EEXIST)/.test(code)) return 'its folder does not exist and cannot be made';
  if (/^SQLITE_(NOTADB|CORRUPT)/.test(code)) return 'it is not a SQLite database of this sandbox (--reset starts it afresh)';
  return (e as Error).message;
}

/** The error of a data file that cannot be used: names the file and the cause; no `code`, so it reads as itself. */
const unusable = (location: string, e: unknown) => new Error(`cannot use the data file ${location}: ${causeOf(e)}`, { cause: e });

/**
 * The one lock of a data file, held for as long as the returned database is open: a SQLite file in the temporary
 * folder named by the data file's device and inode (so a path, a symlink and a hard link to it share it), opened in
 * exclusive locking mode and written once. The operating system drops the lock with the process, however it ends.
 * @throws Error naming the file when another process holds it.
 */
function lockDataFile(location: string): Database.Database {
  const { dev, ino } = statSync(location);
  const folder = join(tmpdir(), 'paytoken-sandbox-locks');
  if (!existsSync(folder)) {
    mkdirSync(folder, { recursive: true });
    chmodSync(folder, 0o1777); // shared by every user, as the temporary folder itself
  }
  const lock = new Database(join(folder, `${dev}-${ino}.lock`), { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER); DELETE FROM holder');
    lock.prepare('INSERT INTO holder (pid) VALUES (?)').run(process.pid);
  } catch (e) {
    lock.close();
    if (!isBusy(e)) throw unusable(location, e);
    throw new Error(
      `${location} is held by another sandbox process (one process per data file): stop it, or start this one with --db :memory: or another file`,
      { cause: e },
    );
  }
  return lock;
}

/**
 * Makes sure the data file can be used before anything reads it: its folder made when missing, the file created
 * empty when missing (no data is written), then its lock taken ({@link lockDataFile}); with `reset`, the file is
 * emptied in place (its inode, and so its lock, kept) and its -wal and -shm removed, under that lock.
 * @returns the lock, to close with the database.
 */
function claimDataFile(location: string, reset: boolean): Database.Database {
  try {
    if (existsSync(location) && statSync(location).isDirectory()) throw Object.assign(new Error('a directory'), { code: 'EISDIR' });
    mkdirSync(dirname(location), { recursive: true });
    closeSync(openSync(location, 'a'));
    accessSync(dirname(location), constants.W_OK); // SQLite writes its -wal and -shm beside the file
  } catch (e) {
    throw unusable(location, e);
  }
  const lock = lockDataFile(location);
  if (reset) {
    try {
      truncateSync(location, 0);
      for (const f of [`${location}-wal`, `${location}-shm`]) rmSync(f, { force: true });
    } catch (e) {
      lock.close();
      throw unusable(location, e);
    }
  }
  return lock;
}

/**
 * Opens (creating it and its folder when needed) the sandbox's SQLite database and brings it to the newest schema.
 *
 * - A file is claimed first, before anything reads, writes or deletes it ({@link claimDataFile}): one process per
 *   data file, a second one (by path, symlink or hard link) fails at start naming the file; `reset: true` empties it
 *   only under that lock. A directory, a read-only file or folder, a folder that cannot be made or a full disk fails
 *   here too, naming the file and the cause (a write is tried before the sandbox says it is ready).
 * - It is opened in WAL mode with `synchronous = NORMAL`: a committed transaction survives a crash or a SIGKILL of
 *   the process (not a power loss of the machine, which would need FULL). Another connection (a database browser)
 *   may read it; one that holds a write lock makes a statement wait {@link BUSY_TIMEOUT_MS} and then fail busy
 *   ({@link isBusy}), which requests answer with 1004 and jobs retry.
 * - `:memory:` keeps nothing past the process.
 * - Migrations ({@link MIGRATIONS}) run in order, each once, in a transaction of its own, and are recorded by name.
 *
 * @throws Error naming the file and the cause when it is held by another process or cannot be used.
 */
export function openDb(location: DbLocation, opts: { reset?: boolean } = {}): Db {
  const memory = typeof location !== 'string' || location === ':memory:';
  const lock = typeof location === 'string' && !memory ? claimDataFile(location, !!opts.reset) : undefined;
  let db: Db | undefined;
  try {
    db = new Database(location, { timeout: BUSY_TIMEOUT_MS });
    if (!memory) db.pragma('journal_mode = WAL');
    if (!memory) db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db);
    // can it write? (a database in memory always can: a created merchant's opens at each creation)
    if (!memory) db.exec('BEGIN IMMEDIATE; CREATE TABLE start_probe (x); DROP TABLE start_probe; COMMIT');
  } catch (e) {
    if (db?.inTransaction) db.exec('ROLLBACK');
    db?.close();
    lock?.close();
    throw unusable(typeof location === 'string' ? location : 'the serialized database', e);
  }
  if (lock) {
    const close = db.close.bind(db);
    db.close = () => {
      close();
      lock.close();
      return db!;
    };
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
