import type { Deps } from '../../env';
import { apiError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { customerAccount, move } from '../../domain/ledger';
import { speiPays } from '../../domain/methods/spei';
import { storePaymentProblem } from '../../domain/methods/store';
import { formatCents } from '../../domain/money';
import type { TransactionRecord } from '../../domain/records';
import { emit } from '../../events/outbox';
import { STORE_CHAINS, storeById, type StoreChain } from '../stores/catalog';
import { moveTo } from '../shared/move';
import { transactionView } from '../shared/transaction';
import { stopDueJob } from './due';
import { ensureActive } from './service';
import { payeeOf } from './settle';

/**
 * Payments that arrive from outside for a store or bank charge (the simulation API plays the shopper, the store
 * and the bank): cash at a store by the charge's reference, a SPEI transfer to the charge's CLABE. Each pays the
 * `in_progress` charge (`charge.succeeded`, money from `outside:store` or `outside:bank` to the charge's payee), or
 * is refused with nothing changed.
 */

/**
 * A shopper pays `cents` in cash at a store (`idStore`, default a store of the first chain) by `reference` (a
 * store charge's reference or its network reference, or a customer's store reference):
 * - a store charge `in_progress` of exactly that amount becomes `completed`;
 * - a customer's own reference receives a deposit of any amount (a completed `in` transaction, method `store`, on
 *   the customer's account, `charge.succeeded`), as a SPEI transfer to its CLABE does.
 * @throws 1005 (no such reference or store), 3006 (the charge is not awaiting payment: paid, cancelled), 1003 (above
 *   the chain's `max_amount`, or not the charge's amount), 1008 (merchant deactivated); nothing changes.
 */
export function payAtStore(d: Deps, reference: string, cents: number, idStore?: number): TransactionRecord {
  ensureActive(d);
  return d.store.tx(() => {
    const chain = chainOf(idStore);
    const key = d.store.chargeKeys.find(reference, ['store', 'store_alt']);
    if (key) {
      const charge = d.store.transactions.get(key.transactionId)!;
      if (charge.status !== 'in_progress')
        throw apiError(3006, `The reference ${reference} cannot be paid: its charge is ${charge.status}`);
      refuseAtStore(storePaymentProblem(cents, charge.amountCents, chain.maxCents), chain, charge.amountCents);
      return paid(d, charge, 'outside:store');
    }
    const customer = d.store.customers.byStoreReference(reference);
    if (!customer) throw apiError(1005, `No charge or customer has the store reference ${reference}`);
    refuseAtStore(storePaymentProblem(cents, null, chain.maxCents), chain, null);
    const deposit = depositOf(d, customer.id, 'store', cents, `Cash deposit at ${chain.name} by reference ${reference}`);
    const done = moveTo(d, deposit, 'create_completed', 'charge.succeeded');
    d.store.ledger.post(done.id, done.id, move('outside:store', customerAccount(customer.id), cents), d.clock.nowMs());
    return done;
  });
}

/** The chain of the store where the payment is made. @throws 1005 for an unknown store. */
function chainOf(idStore: number | undefined): StoreChain {
  if (idStore === undefined) return STORE_CHAINS[0]!;
  const store = storeById(idStore);
  if (!store) throw apiError(1005, `Store ${idStore} not found`);
  return STORE_CHAINS[store.chain]!;
}

/** Throws what a store answers to a payment it refuses. */
function refuseAtStore(problem: ReturnType<typeof storePaymentProblem>, chain: StoreChain, owed: number | null): void {
  if (problem === 'over_max')
    throw apiError(1003, `amount is over the max_amount of ${chain.name} (${formatCents(chain.maxCents)}): the store refuses the payment`);
  if (problem === 'wrong_amount')
    throw apiError(1003, `amount must be the charge's amount (${formatCents(owed!)}): the store takes exactly what the slip says`);
}

/**
 * The SPEI handler of bank charges (simulate/service.ts `SPEI_HANDLERS`): a transfer to a bank charge's CLABE pays
 * it when it is `in_progress` and the amount is exact (`charge.succeeded`, then `spei.received`); null when no
 * charge has that CLABE (a customer's CLABE is tried next).
 * @throws 3006 (the charge is paid or cancelled: the transfer is returned), 1003 (another amount: returned).
 */
export function payBankBySpei(d: Deps, clabe: string, cents: number): TransactionRecord | null {
  const key = d.store.chargeKeys.find(clabe, ['clabe']);
  if (!key) return null;
  const charge = d.store.transactions.get(key.transactionId)!;
  if (charge.status !== 'in_progress')
    throw apiError(3006, `The CLABE ${clabe} belongs to a charge that is ${charge.status}: the transfer is returned`);
  if (!speiPays(cents, charge.amountCents))
    throw apiError(1003, `amount must be exactly the charge's amount (${formatCents(charge.amountCents)}): the transfer is returned`);
  const done = paid(d, charge, 'outside:bank');
  emit(d.store, 'spei.received', done.id, transactionView(done), d.clock.nowMs());
  return done;
}

/** Completes an `in_progress` store or bank charge: its money from `from` to its payee, `charge.succeeded`. */
function paid(d: Deps, charge: TransactionRecord, from: 'outside:store' | 'outside:bank'): TransactionRecord {
  stopDueJob(d, charge);
  const done = moveTo(d, charge, 'pay', 'charge.succeeded');
  d.store.ledger.post(done.id, done.id, move(from, payeeOf(d, done.customerId), done.amountCents), d.clock.nowMs());
  return done;
}

/** A deposit to a customer's account, before its status. */
function depositOf(d: Deps, customerId: string, method: string, cents: number, description: string) {
  const now = d.clock.nowMs();
  return {
    id: newId('tr'),
    created: now,
    operationDate: now,
    kind: 'charge' as const,
    operationType: 'in' as const,
    method,
    customerId,
    orderId: null,
    amountCents: cents,
    currency: 'MXN' as const,
    description,
    authorization: null,
    errorMessage: null,
  };
}
