import { docTable, type Migration } from './sql';

/**
 * The core schema: settings (`meta`: the clock's offset, the card fingerprint key), row counts, the resources of
 * the browser's path (tokens, cards, customers, transactions, device data and card uses, 3-D Secure challenges,
 * points spent), the ledger with its balances, the event outbox and the scheduler's jobs.
 *
 * The ledger: one row per entry, signed integer cents; the entries of one operation (`op`) sum to zero. `balances`
 * holds each account's sum, kept by a trigger in the same transaction, so a balance read costs one row.
 */
export const CORE: Migration = {
  name: '0001-core',
  sql: `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE counts (kind TEXT PRIMARY KEY, n INTEGER NOT NULL);
${docTable('tokens', [])}
${docTable('cards', [
  { name: 'customer_id', type: 'TEXT', index: true },
  { name: 'fingerprint', type: 'TEXT', index: true },
])}
${docTable('customers', [
  { name: 'external_id', type: 'TEXT', unique: true },
  { name: 'clabe', type: 'TEXT', unique: true },
  { name: 'store_reference', type: 'TEXT', unique: true },
])}
${docTable('transactions', [
  { name: 'customer_id', type: 'TEXT', index: true },
  { name: 'kind', type: 'TEXT', index: true },
  { name: 'status', type: 'TEXT' },
  { name: 'order_id', type: 'TEXT', unique: true },
  { name: 'amount_cents', type: 'INTEGER' },
  { name: 'method', type: 'TEXT' },
  { name: 'parent_id', type: 'TEXT', index: true },
])}
${docTable('devices', [])}
${docTable('challenges', [{ name: 'transaction_id', type: 'TEXT', index: true }])}
CREATE TABLE device_uses (seq INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, visitor_id TEXT, ip TEXT, fingerprint TEXT NOT NULL);
CREATE INDEX device_uses_at ON device_uses (at);
CREATE INDEX device_uses_visitor ON device_uses (visitor_id);
CREATE INDEX device_uses_fingerprint ON device_uses (fingerprint);
CREATE INDEX device_uses_ip ON device_uses (ip);
CREATE TABLE points_spent (fingerprint TEXT PRIMARY KEY, spent INTEGER NOT NULL);
CREATE TABLE ledger (seq INTEGER PRIMARY KEY AUTOINCREMENT, op TEXT NOT NULL, transaction_id TEXT, account TEXT NOT NULL,
  amount_cents INTEGER NOT NULL, currency TEXT NOT NULL, created INTEGER NOT NULL);
CREATE INDEX ledger_op ON ledger (op);
CREATE INDEX ledger_transaction ON ledger (transaction_id);
CREATE TABLE balances (account TEXT NOT NULL, currency TEXT NOT NULL, cents INTEGER NOT NULL, PRIMARY KEY (account, currency));
CREATE TRIGGER ledger_balance AFTER INSERT ON ledger BEGIN
  INSERT INTO balances (account, currency, cents) VALUES (new.account, new.currency, new.amount_cents)
  ON CONFLICT (account, currency) DO UPDATE SET cents = cents + new.amount_cents;
END;
CREATE TABLE events (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, type TEXT NOT NULL, created INTEGER NOT NULL,
  resource_id TEXT, doc TEXT NOT NULL);
CREATE INDEX events_resource ON events (resource_id);
CREATE TABLE jobs (seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, due INTEGER NOT NULL, ref TEXT NOT NULL,
  doc TEXT NOT NULL, done INTEGER, error TEXT);
CREATE INDEX jobs_due ON jobs (done, due, seq);
CREATE INDEX jobs_ref ON jobs (kind, ref);
`,
};
