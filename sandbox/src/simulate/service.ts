import type { Deps } from '../env';
import { advanceWithDeliveries } from '../events/advance';
import { apiError } from '../domain/errors';
import { customerAccount, move } from '../domain/ledger';
import type { TransactionRecord } from '../domain/records';
import { moveTo } from '../resources/shared/move';
import { newTransaction } from '../resources/shared/transaction';
import { payBankBySpei } from '../resources/charges/offline-payments';

/**
 * The simulation API's use cases (outside the spec; docs/sandbox.md, "Simulation API"): what shoppers, banks and
 * time do away from the merchant's page.
 */

/**
 * Moves the clock `seconds` forward, running every job that falls due on the way, in time order, and waiting for the
 * webhook deliveries each step starts (events/advance.ts), so their retries within the span run too.
 */
export function advanceClock(d: Deps, seconds: number): Promise<{ now: number; jobs: number }> {
  return advanceWithDeliveries(d, seconds);
}

/** The handlers a SPEI transfer to a CLABE may reach, in order: the first that takes it wins (issue-specific ones join). */
export type SpeiHandler = (d: Deps, clabe: string, cents: number) => TransactionRecord | null;

/** The SPEI handlers beyond the customers' deposits: bank charges paid by their CLABE (resources/charges/offline-payments.ts). */
export const SPEI_HANDLERS: SpeiHandler[] = [payBankBySpei];

/**
 * A SPEI transfer of `cents` arrives at `clabe`: a handler of {@link SPEI_HANDLERS} takes it (a bank charge's
 * CLABE), else the customer whose CLABE it is receives a deposit: a completed `in` transaction (method `bank`)
 * on the customer's account, money from `outside:bank`, and the `spei.received` event.
 * @throws 1005 when no charge or customer has that CLABE.
 */
export function receiveSpei(d: Deps, clabe: string, cents: number): TransactionRecord {
  return d.store.tx(() => {
    for (const handler of SPEI_HANDLERS) {
      const taken = handler(d, clabe, cents);
      if (taken) return taken;
    }
    const customer = d.store.customers.byClabe(clabe);
    if (!customer) throw apiError(1005, `No customer or charge has the CLABE ${clabe}`);
    const now = d.clock.nowMs();
    const deposit = moveTo(
      d,
      newTransaction(now, {
        kind: 'charge',
        operationType: 'in',
        method: 'bank',
        customerId: customer.id,
        amountCents: cents,
        description: `SPEI transfer received at ${clabe}`,
      }),
      'create_completed',
      'spei.received',
    );
    d.store.ledger.post(deposit.id, deposit.id, move('outside:bank', customerAccount(customer.id), cents), now);
    return deposit;
  });
}

/** Empties the sandbox: every record, the ledger, the events and jobs; the clock back on real time. */
export function resetSandbox(d: Deps): void {
  d.store.reset();
  d.clock.reset();
}
