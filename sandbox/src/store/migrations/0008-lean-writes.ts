import type { Migration } from './sql';

/**
 * Fewer pages written per request (`npm run load`'s floor: each page a charge dirties is a WAL frame at commit):
 * - `device_uses` keeps one row per distinct (card fingerprint, visitor id, IP) with the time of its last use,
 *   instead of one row per use: the velocity rules count distinct values within the window, which the last use of
 *   each combination answers alike, and a card charged again and again from one device rewrites one row instead of
 *   adding a row and four index entries. A missing visitor id or IP is kept as `''` (a primary key column).
 * - `request_log` loses AUTOINCREMENT (its `seq` only grows while the newest row is never deleted, so the counter
 *   table need not be written by every request) and its id index (a lookup by request id reads at most the kept
 *   rows, a thousand or so, and only from the dashboard).
 * - the transactions' `customer_id` and `parent_id` indexes hold only the rows that have one (partial indexes): a
 *   merchant-level charge, the most common write, has neither, and no query looks a transaction up by a null one
 *   through them (a merchant-level list walks the creation-order index).
 */
export const LEAN_WRITES: Migration = {
  name: '0008-lean-writes',
  sql: `
CREATE TABLE device_combinations (fingerprint TEXT NOT NULL, visitor_id TEXT NOT NULL, ip TEXT NOT NULL, at INTEGER NOT NULL,
  PRIMARY KEY (fingerprint, visitor_id, ip)) WITHOUT ROWID;
INSERT INTO device_combinations (fingerprint, visitor_id, ip, at)
  SELECT fingerprint, coalesce(visitor_id, ''), coalesce(ip, ''), max(at) FROM device_uses GROUP BY 1, 2, 3;
DROP TABLE device_uses;
CREATE INDEX device_combinations_at ON device_combinations (at);
CREATE INDEX device_combinations_visitor ON device_combinations (visitor_id, fingerprint);
CREATE INDEX device_combinations_ip ON device_combinations (ip, fingerprint);
CREATE TABLE request_log_lean (seq INTEGER PRIMARY KEY, id TEXT NOT NULL, created INTEGER NOT NULL, method TEXT NOT NULL,
  path TEXT NOT NULL, status INTEGER NOT NULL, error_code INTEGER, key_kind TEXT NOT NULL, ms INTEGER NOT NULL, body TEXT);
INSERT INTO request_log_lean SELECT * FROM request_log;
DROP TABLE request_log;
ALTER TABLE request_log_lean RENAME TO request_log;
DROP INDEX transactions_customer_id;
CREATE INDEX transactions_customer_id ON transactions (customer_id) WHERE customer_id IS NOT NULL;
DROP INDEX transactions_parent_id;
CREATE INDEX transactions_parent_id ON transactions (parent_id) WHERE parent_id IS NOT NULL;
`,
};
