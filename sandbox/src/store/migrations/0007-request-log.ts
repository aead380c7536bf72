import type { Migration } from './sql';

/**
 * The API's request log (store/request-log.ts): one row per API request, newest kept, written by the
 * http/api-log.ts middleware already masked (no card number beyond its BIN and last four, no CVV2, no key). Not a
 * document table: its rows are never counted against `--max-records`, the repository keeps the newest N itself.
 */
export const REQUEST_LOG: Migration = {
  name: '0007-request-log',
  sql: `
CREATE TABLE request_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL, created INTEGER NOT NULL, method TEXT NOT NULL,
  path TEXT NOT NULL, status INTEGER NOT NULL, error_code INTEGER, key_kind TEXT NOT NULL, ms INTEGER NOT NULL, body TEXT);
CREATE INDEX request_log_id ON request_log (id);
`,
};
