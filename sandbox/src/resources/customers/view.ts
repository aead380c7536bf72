import type { z } from 'zod';
import type { CustomerRecord } from '../../domain/records';
import { fromCents } from '../../domain/money';
import { barcodeUrl } from '../../domain/references';
import { isoDateTime } from '../../time/dates';
import type { customerObject } from '../shared/objects';

export type CustomerView = z.infer<typeof customerObject>;

/**
 * Customer object (spec, Resources > Customer object). A customer with an account (`requires_account`, the default)
 * also shows its `status`, its `balance` (its ledger balance), its `clabe` and its `store` (reference and barcode
 * image); one without an account shows none of the four, as the processor answers (the public Java SDK's suite reads
 * `balance` and `status` as absent for such a customer, created and listed).
 * @param balanceCents the customer's balance, cents (read only with an account). @param publicUrl the base of the
 * barcode's URL.
 */
export const customerView = (u: CustomerRecord, balanceCents: number, publicUrl: string): CustomerView => ({
  id: u.id,
  name: u.name,
  last_name: u.last_name,
  email: u.email,
  phone_number: u.phone_number,
  address: u.address,
  creation_date: isoDateTime(u.created),
  external_id: u.external_id,
  ...(u.requiresAccount && { status: 'active', balance: fromCents(balanceCents) }),
  ...(u.clabe && { clabe: u.clabe }),
  ...(u.storeReference && { store: { reference: u.storeReference, barcode_url: barcodeUrl(publicUrl, u.storeReference) } }),
});
