/**
 * The transaction state machine (sandbox/src/domain/transaction.ts) against its table written out here, one line per
 * kind: every row's target and source as expected, and `TRANSITIONS` holding exactly these rows, so a changed target or
 * an added row shows here (./transaction-states.test.ts checks the refusals of every move no row allows).
 */
import { describe, expect, it } from 'vitest';
import { allows, transition, TRANSITIONS, type TransactionKind, type TransactionStatus, type Trigger } from '../../src/domain/transaction';

type Row = [kind: TransactionKind, from: TransactionStatus | null, trigger: Trigger, to: TransactionStatus, source: 'spec' | 'sandbox'];

/** Every row of the table, one line per kind. */
const TABLE: Row[] = [
  ['charge', null, 'create_in_progress', 'in_progress', 'spec'],
  ['charge', null, 'create_pending', 'charge_pending', 'spec'],
  ['charge', null, 'create_card', 'completed', 'spec'],
  ['charge', null, 'create_card_hold', 'in_progress', 'spec'],
  ['charge', 'in_progress', 'capture', 'completed', 'spec'],
  ['charge', 'completed', 'refund_partial', 'completed', 'spec'],
  ['transfer', null, 'create_completed', 'completed', 'spec'],
  ['refund', null, 'create_completed', 'completed', 'spec'],
  ['fee', null, 'create_completed', 'completed', 'spec'],
  ['payout', null, 'create_in_progress', 'in_progress', 'spec'],
  ['charge', null, 'create_completed', 'completed', 'sandbox'],
  ['charge', null, 'create_card_declined', 'failed', 'sandbox'],
  ['charge', 'completed', 'refund_full', 'completed', 'spec'],
  ['charge', 'in_progress', 'cancel', 'cancelled', 'sandbox'],
  ['charge', 'charge_pending', 'pay', 'completed', 'sandbox'],
  ['charge', 'charge_pending', 'fail', 'failed', 'sandbox'],
  ['charge', 'charge_pending', 'expire', 'cancelled', 'sandbox'],
  ['charge', 'charge_pending', 'settle', 'in_progress', 'sandbox'],
  ['charge', 'in_progress', 'pay', 'completed', 'sandbox'],
  ['charge', 'in_progress', 'expire', 'cancelled', 'sandbox'],
  ['payout', 'in_progress', 'settle', 'completed', 'sandbox'],
  ['payout', 'in_progress', 'fail', 'failed', 'sandbox'],
  ['charge', 'completed', 'chargeback_open', 'chargeback_pending', 'sandbox'],
  ['charge', 'chargeback_pending', 'chargeback_accept', 'chargeback_accepted', 'sandbox'],
  ['charge', 'chargeback_pending', 'chargeback_adjust', 'chargeback_adjustment', 'sandbox'],
  ['charge', 'chargeback_pending', 'chargeback_reject', 'completed', 'sandbox'],
  ['fee', 'completed', 'refund_partial', 'completed', 'sandbox'],
  ['fee', 'completed', 'refund_full', 'refunded', 'sandbox'],
  ['charge', 'charge_pending', 'cancel', 'cancelled', 'sandbox'],
];

describe('the transaction state machine, row by row', () => {
  it.each(TABLE)('%s: %s --%s--> %s (%s)', (kind, from, trigger, to) => {
    expect(transition(kind, from, trigger)).toBe(to);
    expect(allows(kind, from, trigger)).toBe(true);
  });

  it('the table holds every row of TRANSITIONS, for each of its kinds, with its source, and nothing else', () => {
    const rows = TRANSITIONS.flatMap((t) => t.kinds.map((kind): Row => [kind, t.from, t.trigger, t.to, t.source]));
    const key = (r: Row) => JSON.stringify(r);
    expect(rows.map(key).sort()).toEqual(TABLE.map(key).sort());
    expect(new Set(rows.map(key)).size).toBe(rows.length);
  });
});
