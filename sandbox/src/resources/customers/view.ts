import type { z } from 'zod';
import type { CustomerRecord } from '../../domain/records';
import { fromCents } from '../../domain/money';
import { barcodeUrl } from '../../domain/references';
import { isoDateTime } from '../../time/dates';
import type { customerObject } from '../shared/objects';

export type CustomerView = z.infer<typeof customerObject>;

/**
 * Customer object (spec, Resources > Customer object). A customer with an account also shows its `clabe` and
 * `store` (reference and barcode image); `balance` is its ledger balance (0 without an account).
 * @param balanceCents the customer's balance, cents. @param publicUrl the base of the barcode's URL.
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
  status: 'active',
  balance: fromCents(balanceCents),
  ...(u.clabe && { clabe: u.clabe }),
  ...(u.storeReference && { store: { reference: u.storeReference, barcode_url: barcodeUrl(publicUrl, u.storeReference) } }),
});
