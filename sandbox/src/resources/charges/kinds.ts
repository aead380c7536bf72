import type { Deps } from '../../env';
import { apiError } from '../../domain/errors';
import { bankPaymentMethod, newBankReference } from '../../domain/methods/spei';
import { dueOf, dueProblem } from '../../domain/methods/due';
import { IVR_ATTEMPTS, ivrPaymentMethod, newIvrKey } from '../../domain/methods/ivr';
import { BANK_METHOD, STORE_METHOD } from '../../domain/methods/kinds';
import { newPageKey } from '../../domain/methods/pages';
import type { ChargeKeyRecord } from '../../domain/methods/records';
import { newStoreReferences, storePaymentMethod, type StoreReferences } from '../../domain/methods/store';
import { walletFee } from '../../domain/methods/wallet';
import { formatCents, fromCents } from '../../domain/money';
import { newClabe } from '../../domain/references';
import type { TransactionRecord } from '../../domain/records';
import { ensureRoom } from '../../store/repos';
import { STORE_CHAINS } from '../stores/catalog';
import { moveTo, type Draft } from '../shared/move';
import type { KindBody } from './kinds-schema';
import { ensureActive, ensureNewOrderId, newCharge } from './service';
import { DUE_JOB } from './due';

/**
 * Creating the charges a shopper pays away from the merchant's page (spec, Endpoints > Charges): store (cash) and
 * bank (SPEI) charges wait `in_progress` with the references that pay them; redirect, wallet and IVR charges wait
 * `charge_pending` with the page or the call that pays them. Each is one database transaction: the charge, its
 * keys (domain/methods/records.ts), its `charge.created` event and the job that cancels it when its time is up.
 */

/** A new charge of a kind other than card: the parsed body and its level (null: merchant level). */
export interface NewKindCharge {
  body: KindBody;
  customerId: string | null;
}

/** The printable payment slip of a store or bank charge (pages/slip.ts): `{base}/slips/{transaction_id}`. */
export const slipUrl = (d: Deps, transactionId: string): string => `${d.publicUrl()}/slips/${transactionId}`;

/**
 * Creates a store, bank, redirect, wallet or IVR charge. @returns the stored charge (`in_progress` or `charge_pending`).
 * @throws 1008 (merchant deactivated), 1003 (`due_date` not after now or over a year ahead; a store charge over the
 *   largest chain's `max_amount`; the sandbox full), 1006
 *   (`order_id` taken), with nothing stored.
 */
export function createKindCharge(d: Deps, input: NewKindCharge): TransactionRecord {
  ensureActive(d);
  return d.store.tx(() => {
    ensureRoom(d.store.transactions, d.store.limits.maxRecords, 'transactions');
    ensureNewOrderId(d, input.body.order_id);
    const now = d.clock.nowMs();
    const body = input.body;
    const asked = 'due_date' in body ? body.due_date : undefined;
    const problem = asked === undefined ? null : dueProblem(asked, now);
    if (problem)
      throw apiError(1003, problem === 'past' ? 'due_date must be after the current time' : 'due_date must be at most a year ahead');
    const draft = draftOf(d, input, now);
    const due = dueOf(body.kind, now, asked);
    const charge = START[body.kind](d, draft, input, due);
    d.scheduler.schedule(DUE_JOB, due, charge.id);
    return charge;
  });
}

/** The charge's record before its first status. */
function draftOf(d: Deps, { body, customerId }: NewKindCharge, now: number): Draft {
  const method = { store: STORE_METHOD, bank: BANK_METHOD, redirect: 'card', ivr: 'card', wallet: d.methods.walletMethod }[body.kind];
  return newCharge(now, body, { method, customerId, ...(body.kind === 'ivr' && body.metadata && { metadata: body.metadata }) });
}

/** The most any chain accepts for one payment: a store charge above it could never be paid. */
const STORE_MAX_CENTS = Math.max(...STORE_CHAINS.map((c) => c.maxCents));

type Start = (d: Deps, draft: Draft, input: NewKindCharge, due: number) => TransactionRecord;

/** How each kind starts: its first status, its `payment_method` and the keys that find it. */
const START: Record<KindBody['kind'], Start> = {
  store(d, draft, _input, due) {
    if (draft.amountCents > STORE_MAX_CENTS)
      throw apiError(
        1003,
        `amount is over the largest max_amount a store accepts (${formatCents(STORE_MAX_CENTS)}): no store could take it`,
      );
    const refs = unusedStoreReferences(d);
    const pm = storePaymentMethod(d.methods.storeNetwork, refs, d.publicUrl(), slipUrl(d, draft.id));
    const charge = moveTo(d, draft, 'create_in_progress', 'charge.created', { dueDate: due, paymentMethod: pm });
    addKey(d, charge, refs.reference, 'store');
    addKey(d, charge, refs.alt, 'store_alt');
    return charge;
  },
  bank(d, draft, _input, due) {
    const clabe = unusedClabe(d);
    const pm = bankPaymentMethod(clabe, newBankReference(), slipUrl(d, draft.id));
    const charge = moveTo(d, draft, 'create_in_progress', 'charge.created', { dueDate: due, paymentMethod: pm });
    addKey(d, charge, clabe, 'clabe');
    return charge;
  },
  redirect(d, draft, input) {
    const key = newPageKey();
    const details = { conciliated: false, ...customerEmbed(d, input) };
    const pm = { type: 'redirect', url: `${d.publicUrl()}/pay/${key}` };
    const charge = moveTo(d, draft, 'create_pending', 'charge.created', { paymentMethod: pm, details });
    const sendEmail = input.body.kind === 'redirect' && input.body.send_email;
    addKey(d, charge, key, 'redirect', { redirectUrl: (input.body as { redirect_url: string }).redirect_url, sendEmail });
    if (sendEmail) d.log?.(`email ${charge.id} not sent (sandbox): the payment link goes to the customer in production`);
    return charge;
  },
  wallet(d, draft, input, due) {
    const key = newPageKey();
    const { fee, tax } = walletFee(draft.amountCents);
    const details = { conciliated: false, fee: { amount: fromCents(fee), tax: fromCents(tax), currency: draft.currency } };
    const pm = { type: 'redirect', url: `${d.publicUrl()}/wallet/${key}` };
    const charge = moveTo(d, draft, 'create_pending', 'charge.created', { dueDate: due, paymentMethod: pm, details });
    addKey(d, charge, key, 'wallet', { redirectUrl: (input.body as { redirect_url: string }).redirect_url, signedInAt: null });
    return charge;
  },
  ivr(d, draft, input, due) {
    const details = { conciliated: false, ...customerEmbed(d, input) };
    const pm = ivrPaymentMethod(newIvrKey(), IVR_ATTEMPTS);
    const charge = moveTo(d, draft, 'create_pending', 'charge.created', { dueDate: due, paymentMethod: pm, details });
    if (input.body.kind === 'ivr' && input.body.send_email)
      d.log?.(`email ${charge.id} not sent (sandbox): the IVR instructions go to the customer in production`);
    return charge;
  },
};

/** Stores a key of a charge. */
function addKey(d: Deps, charge: TransactionRecord, id: string, kind: ChargeKeyRecord['kind'], extra: Partial<ChargeKeyRecord> = {}): void {
  d.store.chargeKeys.insert({ id, created: charge.created, kind, transactionId: charge.id, ...extra });
}

/**
 * The `customer` embedded in a redirect or IVR charge (spec, Transaction `customer`): the level's customer, or the
 * merchant-level body's `customer` (no customer account is created).
 */
function customerEmbed(d: Deps, { body, customerId }: NewKindCharge): { customer?: Record<string, unknown> } {
  const c = customerId ? d.store.customers.get(customerId) : body.customer;
  if (!c) return {};
  return {
    customer: {
      name: c.name,
      last_name: c.last_name ?? null,
      email: c.email,
      phone_number: c.phone_number ?? null,
      address: c.address ?? null,
    },
  };
}

/** Store references no charge or customer has yet (random: a clash is rare, and tried again). */
function unusedStoreReferences(d: Deps): StoreReferences {
  for (;;) {
    const refs = newStoreReferences();
    const taken = [refs.reference, refs.alt].some((r) => d.store.chargeKeys.has(r) || d.store.customers.byStoreReference(r));
    if (!taken) return refs;
  }
}

/** A CLABE no charge, customer or the merchant has yet. */
function unusedClabe(d: Deps): string {
  for (;;) {
    const clabe = newClabe();
    if (!d.store.chargeKeys.has(clabe) && !d.store.customers.byClabe(clabe) && clabe !== d.merchant.clabe) return clabe;
  }
}
