/**
 * The one state-machine engine (sandbox/src/domain/state-machine.ts) and the four machines made with it
 * (transactions, plans, subscriptions, invoices): a move the table allows reaches its row's state, any other is
 * 3006 naming the state and the trigger, and no sequence of triggers, from a new record, ever reaches a state that
 * is not a row's target (fast-check).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stateMachine, type StateMachine, type StateRow } from '../../src/domain/state-machine';
import { SandboxError } from '../../src/domain/errors';
import { TRANSACTION_MACHINE, type TransactionKind } from '../../src/domain/transaction';
import { PLAN_MACHINE, SUBSCRIPTION_MACHINE } from '../../src/domain/subscription';
import { INVOICE_MACHINE } from '../../src/domain/cfdi/invoice';

type Door = 'open' | 'closed' | 'locked';
type Push = 'build' | 'close' | 'open' | 'lock' | 'unlock';
const DOOR_ROWS: readonly (StateRow<Door, Push> & { keyed?: boolean })[] = [
  { from: null, trigger: 'build', to: 'closed' },
  { from: 'closed', trigger: 'open', to: 'open' },
  { from: 'open', trigger: 'close', to: 'closed' },
  { from: 'closed', trigger: 'lock', to: 'locked', keyed: true },
  { from: 'locked', trigger: 'unlock', to: 'closed', keyed: true },
];
const door = stateMachine<Door, Push, (typeof DOOR_ROWS)[number], { hasKey: boolean }>({
  subject: ({ hasKey }) => (hasKey ? 'door' : 'door without a key'),
  states: ['open', 'closed', 'locked'],
  rows: DOOR_ROWS,
  guard: (row, { hasKey }) => !row.keyed || hasKey,
});

/** The Error object a refused move throws. */
function refusal(move: () => unknown) {
  try {
    move();
  } catch (e) {
    expect(e).toBeInstanceOf(SandboxError);
    return (e as SandboxError).error;
  }
  throw new Error('the move was allowed');
}

describe('the state-machine engine', () => {
  it('moves by the rows, the guard deciding between rows of the same state and trigger', () => {
    expect(door.next(null, 'build', { hasKey: false })).toBe('closed');
    expect(door.next('closed', 'open', { hasKey: false })).toBe('open');
    expect(door.next('closed', 'lock', { hasKey: true })).toBe('locked');
    expect(door.allows('closed', 'lock', { hasKey: false })).toBe(false);
    expect(door.rowOf('locked', 'unlock', { hasKey: true })).toBe(DOOR_ROWS[4]);
  });

  it('refuses any other move with 3006 (412) naming the subject, the state and the trigger', () => {
    expect(refusal(() => door.next('open', 'lock', { hasKey: true }))).toMatchObject({
      error_code: 3006,
      http_code: 412,
      description: 'A door in status open cannot be moved by lock',
    });
    expect(refusal(() => door.next('closed', 'lock', { hasKey: false })).description).toBe(
      'A door without a key in status closed cannot be moved by lock',
    );
    expect(refusal(() => door.next(null, 'open', { hasKey: true })).description).toBe('A door cannot start by open');
  });

  it('refuses a table whose rows name a state it does not list', () => {
    expect(() => stateMachine<Door, Push, StateRow<Door, Push>>({ subject: 'door', states: ['open', 'closed'], rows: DOOR_ROWS })).toThrow(
      /unknown state locked/,
    );
  });
});

/** One machine with its contexts and triggers, for the property below. */
interface Case {
  name: string;
  machine: StateMachine<string, string, StateRow<string, string>, any>;
  contexts: readonly unknown[];
}
const KINDS: readonly TransactionKind[] = ['charge', 'refund', 'payout', 'transfer', 'fee'];
const CASES: Case[] = [
  { name: 'transaction', machine: TRANSACTION_MACHINE as never, contexts: KINDS },
  { name: 'subscription', machine: SUBSCRIPTION_MACHINE as never, contexts: ['unpaid', 'cancelled', undefined] },
  { name: 'plan', machine: PLAN_MACHINE as never, contexts: [undefined] },
  { name: 'invoice', machine: INVOICE_MACHINE as never, contexts: [undefined] },
];

describe.each(CASES)('the $name machine', ({ machine, contexts }) => {
  const triggers = [...new Set(machine.rows.map((r) => r.trigger))];
  const targets = new Set(machine.rows.map((r) => r.to));

  it('lists every state its rows name', () => {
    for (const r of machine.rows) for (const s of [r.from, r.to]) if (s !== null) expect(machine.states).toContain(s);
  });

  it('never reaches a state outside its table, whatever the triggers (fast-check)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...contexts), fc.array(fc.constantFrom(...triggers), { maxLength: 40 }), (context, sequence) => {
        let state: string | null = null;
        for (const trigger of sequence) {
          if (!machine.allows(state, trigger, context)) {
            expect(
              machine.rows.some((r) => r.from === state && r.trigger === trigger && machine.rowOf(state, trigger, context) === r),
            ).toBe(false);
            const error = refusal(() => machine.next(state, trigger, context));
            expect(error.error_code).toBe(3006);
            if (state) expect(error.description).toContain(`status ${state} cannot be moved by ${trigger.replace(/_/g, ' ')}`);
            continue;
          }
          const next = machine.next(state, trigger, context);
          expect(machine.rowOf(state, trigger, context)?.to).toBe(next);
          expect(targets.has(next) && machine.states.includes(next)).toBe(true);
          state = next;
        }
      }),
      { numRuns: 300 },
    );
  });
});
