import { docTable, type Migration } from './sql';

/**
 * Webhooks and their deliveries: the registered endpoints, one delivery per event and webhook (its status, attempts
 * and next attempt), every attempt in the delivery log, and (in `meta`, `webhook_cursor`) the last event of the
 * outbox already turned into deliveries. A delivery's row is written in the same transaction that moves the cursor
 * past its event, so an event is fanned out exactly once, and a restart finds every delivery that was still due.
 */
export const WEBHOOKS: Migration = {
  name: '0005-webhooks',
  sql: `
${docTable('webhooks', [{ name: 'status', type: 'TEXT' }])}
${docTable('deliveries', [
  { name: 'webhook_id', type: 'TEXT' },
  { name: 'event_id', type: 'TEXT', index: true },
  { name: 'status', type: 'TEXT', index: true },
])}
CREATE INDEX deliveries_queue ON deliveries (webhook_id, status, seq);
CREATE TABLE delivery_attempts (seq INTEGER PRIMARY KEY AUTOINCREMENT, delivery_id TEXT NOT NULL, at INTEGER NOT NULL, doc TEXT NOT NULL);
CREATE INDEX delivery_attempts_delivery ON delivery_attempts (delivery_id, seq);
`,
};
