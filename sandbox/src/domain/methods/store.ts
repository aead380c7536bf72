import { randomInt } from 'node:crypto';
import { barcodeUrl, newStoreReference } from '../references';

/**
 * Store (cash) charges, their pure rules (spec, Charges: "Store charge"; Transaction `payment_method` "type = store;
 * reference; `<alt>_reference`; barcode_url; barcode_`<alt>`_url. The barcode is Code 128"). `<alt>` is the store
 * network's name, a sandbox setting (`--store-network`, defaults.ts).
 */

/** The references of a store charge: the sandbox's (`SBX...`) and the network's (`alt`, 18 digits). */
export interface StoreReferences {
  reference: string;
  alt: string;
}

/** A new network reference: 18 digits, the first not 0 (a numeric reference, as convenience-store networks print). */
export const newAltReference = (): string => `${1 + randomInt(9)}${Array.from({ length: 17 }, () => randomInt(10)).join('')}`;

/** New references of a store charge (the caller checks they are unused). */
export const newStoreReferences = (): StoreReferences => ({ reference: newStoreReference(), alt: newAltReference() });

/**
 * The `payment_method` of a store charge: `{type: "store", reference, {network}_reference, barcode_url,
 * barcode_{network}_url}` (each barcode a PNG this sandbox serves), plus this project's `slip_url`, the printable
 * payment slip.
 */
export function storePaymentMethod(network: string, refs: StoreReferences, publicUrl: string, slipUrl: string): Record<string, unknown> {
  return {
    type: 'store',
    reference: refs.reference,
    [`${network}_reference`]: refs.alt,
    barcode_url: barcodeUrl(publicUrl, refs.reference),
    [`barcode_${network}_url`]: barcodeUrl(publicUrl, refs.alt),
    slip_url: slipUrl,
  };
}

/**
 * Why a store refuses a cash payment of `paid` cents for a reference of `owed` cents (null: an account reference,
 * any amount) at a chain that accepts at most `maxCents`: `over_max` (above the chain's `max_amount`, as a real
 * store refuses), `wrong_amount` (not the charge's amount: the cashier takes exactly what the slip says), or null.
 */
export function storePaymentProblem(paid: number, owed: number | null, maxCents: number): 'over_max' | 'wrong_amount' | null {
  if (paid > maxCents) return 'over_max';
  return owed !== null && paid !== owed ? 'wrong_amount' : null;
}
