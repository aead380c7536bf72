import type { Deps } from '../../env';
import type { TransactionRecord } from '../../domain/records';

/**
 * What the sandbox's shopper pages read of the charges paid away from the merchant's page: the payment slip of a
 * store or bank charge, and whether a store reference exists (its barcode image).
 */

/** What a payment slip shows: the charge (amount, description, due date, `payment_method`) and the merchant's name. */
export interface SlipScreen {
  charge: TransactionRecord;
  merchant: string;
  network: string;
}

/** The slip of a store or bank charge `id` (any level, any status: a paid slip says so), or undefined. */
export function slipOf(d: Deps, id: string): SlipScreen | undefined {
  const charge = d.store.transactions.get(id);
  const type = charge?.kind === 'charge' ? charge.paymentMethod?.type : undefined;
  if (!charge || (type !== 'store' && type !== 'bank_transfer')) return undefined;
  return { charge, merchant: d.merchant.name, network: d.methods.storeNetwork };
}

/** Whether `reference` is a store reference the sandbox issued: a store charge's (either) or a customer's. */
export const isStoreReference = (d: Deps, reference: string): boolean =>
  d.store.chargeKeys.find(reference, ['store', 'store_alt']) !== undefined || d.store.customers.byStoreReference(reference) !== undefined;
