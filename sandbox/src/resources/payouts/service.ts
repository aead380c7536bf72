import type { Deps } from '../../env';
import { checkedBank } from '../../domain/banks';
import { maskClabe } from '../../domain/clabe';
import { apiError } from '../../domain/errors';
import { newAuthorization, newId } from '../../domain/ids';
import { move, type Account } from '../../domain/ledger';
import { PAYOUT_SETTLE_MS, payoutRejection } from '../../domain/payouts';
import type { TransactionRecord } from '../../domain/records';
import { ensureRoom, type TransactionFilter } from '../../store/repos';
import type { Page } from '../../store/table';
import { isoDateTime } from '../../time/dates';
import type { Job } from '../../time/scheduler';
import { bankAccountOf } from '../bank-accounts/service';
import { bankAccountView, type BankAccountView } from '../bank-accounts/view';
import { ensureActive, ensureNewOrderId } from '../charges/service';
import { payeeOf } from '../charges/settle';
import { moveTo } from '../shared/move';
import { newTransaction } from '../shared/transaction';
import type { PayoutBody } from './schema';

/**
 * Payouts (spec, Endpoints > Payouts), at merchant level (`customerId` null) and per customer: money sent by SPEI to
 * a bank account. The money leaves the paying account at once, into a hold of the payout (`hold:{payout_id}`); the
 * bank answers {@link PAYOUT_SETTLE_MS} later, on the clock (the job {@link PAYOUT_JOB}): the hold goes out to the bank
 * (`completed`, `payout.succeeded`), or back to the paying account when the bank rejects the CLABE (`failed`,
 * `payout.failed`; domain/payouts.ts has the test CLABE).
 */

/** The job that settles a payout: its data says which account paid and the bank's rejection (null: accepted). */
export const PAYOUT_JOB = 'payout.settle';

/** Where a payout goes: the whole CLABE (kept in the job, never shown) and the embedded Bank account object, masked. */
interface Destination {
  clabe: string;
  view: Omit<BankAccountView, 'id'> & { id?: string };
}

/**
 * The account a payout is paid from: the customer's own account for a customer with one (`requires_account`), else
 * the merchant's (a customer without an account holds no money: its charges pay the merchant).
 */
const payerOf = (d: Deps, customerId: string | null): Account => payeeOf(d, customerId);

/**
 * Creates a payout: `in_progress`, the amount moved from the paying account into the payout's hold, `payout.created`,
 * and its settlement scheduled. @returns the stored payout.
 * @throws 1008 deactivated merchant; 1006 used order_id; 1005 unknown destination; 1003 a `destination_id` at merchant
 *   level, an inline CLABE's check digit or (strict) bank; 4001 when the paying account is short (nothing is stored or
 *   moved).
 * @param lenientWarn under `--lenient`: records the warning for an inline CLABE's bank code the catalog lacks.
 */
export function createPayout(
  d: Deps,
  customerId: string | null,
  body: PayoutBody,
  lenientWarn?: (message: string) => void,
): TransactionRecord {
  ensureActive(d);
  return d.store.tx(() => {
    ensureRoom(d.store.transactions, d.store.limits.maxRecords, 'transactions');
    ensureNewOrderId(d, body.order_id);
    const destination = destinationOf(d, customerId, body, lenientWarn);
    const now = d.clock.nowMs();
    const id = newId('tr');
    const payer = payerOf(d, customerId);
    d.store.ledger.post(id, id, move(payer, `hold:${id}`, body.amount), now);
    const draft = newTransaction(now, {
      id,
      kind: 'payout',
      operationType: 'out',
      method: 'bank_account',
      customerId,
      orderId: body.order_id ?? null,
      amountCents: body.amount,
      description: body.description,
      details: { bank_account: destination.view },
    });
    const payout = moveTo(d, draft, 'create_in_progress', 'payout.created');
    d.scheduler.schedule(PAYOUT_JOB, now + PAYOUT_SETTLE_MS, id, { payer, rejection: payoutRejection(destination.clabe) });
    return payout;
  });
}

/** A payout's destination: the customer's registered bank account (`destination_id`), or the inline `bank_account`. */
function destinationOf(d: Deps, customerId: string | null, body: PayoutBody, lenientWarn?: (message: string) => void): Destination {
  if (body.destination_id !== undefined) {
    if (customerId === null)
      throw apiError(1003, 'destination_id names a bank account of a customer; at merchant level send bank_account {clabe, holder_name}');
    const b = bankAccountOf(d, customerId, body.destination_id);
    return { clabe: b.clabe, view: bankAccountView(b) };
  }
  const inline = body.bank_account!;
  const bank = checkedBank(inline.clabe, 'bank_account.clabe', lenientWarn);
  const view = {
    holder_name: inline.holder_name,
    alias: inline.alias ?? null,
    clabe: maskClabe(inline.clabe),
    bank_name: bank.name,
    bank_code: bank.code,
    creation_date: isoDateTime(d.clock.nowMs()),
  };
  return { clabe: inline.clabe, view };
}

/**
 * The job {@link PAYOUT_JOB}: the bank's answer. Accepted: the hold goes to `outside:bank`, the payout `completed`
 * with an authorization (`payout.succeeded`). Rejected: the hold returns to the account that paid, the payout `failed`
 * with the rejection as `error_message` (`payout.failed`). A payout no longer `in_progress` is left as it is.
 */
export function settlePayoutJob(d: Deps, job: Job): void {
  const payout = d.store.transactions.get(job.ref);
  if (payout?.kind !== 'payout' || payout.status !== 'in_progress') return;
  const now = d.clock.nowMs();
  const rejection = typeof job.data.rejection === 'string' ? job.data.rejection : null;
  const hold: Account = `hold:${payout.id}`;
  if (rejection) {
    d.store.ledger.post(`${payout.id}.return`, payout.id, move(hold, job.data.payer as Account, payout.amountCents), now);
    moveTo(d, payout, 'fail', 'payout.failed', { errorMessage: rejection });
  } else {
    d.store.ledger.post(`${payout.id}.settle`, payout.id, move(hold, 'outside:bank', payout.amountCents), now);
    moveTo(d, payout, 'settle', 'payout.succeeded', { authorization: newAuthorization() });
  }
}

/** The payout `id` of this level, or 1005. */
export function payoutOf(d: Deps, id: string, customerId: string | null): TransactionRecord {
  const t = d.store.transactions.find(id, ['payout'], customerId);
  if (!t) throw apiError(1005, `Payout ${id} not found`);
  return t;
}

/** The level's payouts, newest first, filtered (the charges' filters). */
export const listPayouts = (
  d: Deps,
  customerId: string | null,
  f: Omit<TransactionFilter, 'customerId' | 'kinds'>,
  q: Page,
): TransactionRecord[] => d.store.transactions.listWhere({ ...f, customerId, kinds: ['payout'] }, q);
