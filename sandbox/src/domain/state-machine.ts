import { apiError } from './errors';

/**
 * The one state-machine engine of the sandbox: every resource with states (transactions, plans, subscriptions,
 * invoices) writes its table of rows once, from the spec's "States and transitions" table, and moves only through
 * the machine made of it. A row applies when its `from` and `trigger` match and the machine's guard accepts the
 * row for the caller's context (a transaction's kind, a plan's `status_after_retry`); anything else is refused
 * with the spec's 3006 naming the state and the trigger.
 */

/** One row of a table. `from: null` starts a new record. */
export interface StateRow<S extends string, E extends string> {
  from: S | null;
  /** What happens (the spec's "Trigger" column). */
  trigger: E;
  to: S;
}

/** What a machine is made of. */
export interface MachineSpec<S extends string, E extends string, R extends StateRow<S, E>, C> {
  /** What the machine moves, for its errors: a function of the context when it depends on it (a transaction's kind). */
  subject: string | ((context: C) => string);
  /** Every state a record may be in: the rows' `from` and `to` are among them. */
  states: readonly S[];
  rows: readonly R[];
  /** Whether `row` applies to a record of this context (the spec's "Condition" column). @default every row applies */
  guard?: (row: R, context: C) => boolean;
}

/** A state machine made by {@link stateMachine}. */
export interface StateMachine<S extends string, E extends string, R extends StateRow<S, E>, C> {
  readonly states: readonly S[];
  readonly rows: readonly R[];
  /** The row that moves a record of `context` in state `from` (null: a new one) on `trigger`, or undefined. */
  rowOf(from: S | null, trigger: E, context: C): R | undefined;
  /** Whether `trigger` is allowed from `from` for `context`. */
  allows(from: S | null, trigger: E, context: C): boolean;
  /**
   * The state reached from `from` on `trigger`.
   * @throws SandboxError 3006 (412, "operation not allowed") naming the subject, the state and the trigger, when no
   *   row allows it.
   */
  next(from: S | null, trigger: E, context: C): S;
}

/**
 * A state machine of `spec`'s rows.
 * @throws Error when a row's `from` or `to` is not one of `spec.states` (a table mistake, found at import).
 */
export function stateMachine<S extends string, E extends string, R extends StateRow<S, E>, C = void>(
  spec: MachineSpec<S, E, R, C>,
): StateMachine<S, E, R, C> {
  for (const r of spec.rows) {
    for (const s of [r.from, r.to])
      if (s !== null && !spec.states.includes(s)) throw new Error(`State machine row names unknown state ${s}`);
  }
  const guard = spec.guard ?? (() => true);
  const subject = (context: C) => (typeof spec.subject === 'function' ? spec.subject(context) : spec.subject);
  const rowOf = (from: S | null, trigger: E, context: C) =>
    spec.rows.find((r) => r.from === from && r.trigger === trigger && guard(r, context));
  return {
    states: spec.states,
    rows: spec.rows,
    rowOf,
    allows: (from, trigger, context) => rowOf(from, trigger, context) !== undefined,
    next(from, trigger, context) {
      const row = rowOf(from, trigger, context);
      if (row) return row.to;
      throw apiError(
        3006,
        from
          ? `A ${subject(context)} in status ${from} cannot be moved by ${trigger.replace(/_/g, ' ')}`
          : `A ${subject(context)} cannot start by ${trigger}`,
      );
    },
  };
}
