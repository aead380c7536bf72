import type { Deps } from '../../env';
import type { TransactionRecord } from '../../domain/records';
import { transition, type Trigger } from '../../domain/transaction';
import { emit, type EventType } from '../../events/outbox';
import { transactionView, type Draft, type Related } from './transaction';

export type { Draft };

/**
 * Moves a transaction by `trigger` through the state machine (a draft: its first status) with `change` applied,
 * stores it (inserted when new) and writes its event (the Transaction object then, with `related` embedded). The one
 * way a service sets a status: every kind of transaction goes through here.
 * @throws SandboxError 3006 when the state machine does not allow the move.
 */
export function moveTo(
  d: Deps,
  t: Draft,
  trigger: Trigger,
  event: EventType | null,
  change: Partial<TransactionRecord> = {},
  related: Related = {},
): TransactionRecord {
  const now = d.clock.nowMs();
  const next: TransactionRecord = { ...t, ...change, status: transition(t.kind, t.status ?? null, trigger), operationDate: now };
  if (t.status === undefined) d.store.transactions.insert(next);
  else d.store.transactions.update(next);
  if (event) emit(d.store, event, next.id, transactionView(next, related), now);
  return next;
}
