/**
 * The transaction state machine (sandbox/src/domain/transaction.ts), row by row: every row of TRANSITIONS moves its
 * kinds from its status to its target, and nothing else moves (any other trigger from that status, or the same
 * trigger for another kind, is 3006). The rows marked `spec` are the spec's "States and transitions" table.
 */
import { describe, expect, it } from 'vitest';
import { allows, transition, TRANSACTION_STATUSES, TRANSITIONS, type Trigger } from '../../src/domain/transaction';
import { SandboxError } from '../../src/domain/errors';

const KINDS = ['charge', 'refund', 'payout', 'transfer', 'fee'] as const;
const TRIGGERS = [...new Set(TRANSITIONS.map((t) => t.trigger))] as Trigger[];

describe('transaction state machine', () => {
  it.each(TRANSITIONS.flatMap((t) => t.kinds.map((kind) => ({ ...t, kind }))))(
    '$kind: $from --$trigger--> $to ($source)',
    ({ kind, from, trigger, to }) => {
      expect(transition(kind, from, trigger)).toBe(to);
      expect(allows(kind, from, trigger)).toBe(true);
    },
  );

  it('every move not in the table is refused with 3006 naming the status', () => {
    let refused = 0;
    for (const kind of KINDS)
      for (const from of [null, ...TRANSACTION_STATUSES])
        for (const trigger of TRIGGERS) {
          if (TRANSITIONS.some((t) => t.from === from && t.trigger === trigger && t.kinds.includes(kind))) continue;
          expect(() => transition(kind, from, trigger)).toThrow(SandboxError);
          try {
            transition(kind, from, trigger);
          } catch (e) {
            expect((e as SandboxError).error).toMatchObject({ error_code: 3006, http_code: 412 });
            if (from) expect((e as SandboxError).error.description).toContain(from);
          }
          refused++;
        }
    expect(refused).toBeGreaterThan(500);
  });

  it('holds every row the spec shows for transactions', () => {
    const spec = TRANSITIONS.filter((t) => t.source === 'spec').map((t) => `${t.from ?? 'new'}>${t.trigger}>${t.to}`);
    expect(spec).toEqual(
      expect.arrayContaining([
        'new>create_in_progress>in_progress',
        'new>create_pending>charge_pending',
        'new>create_card>completed',
        'new>create_card_hold>in_progress',
        'in_progress>capture>completed',
        'completed>refund_partial>completed',
        'new>create_completed>completed',
      ]),
    );
    expect(TRANSITIONS.every((t) => t.note.length > 10)).toBe(true);
  });
});
