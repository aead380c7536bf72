import type { StoredRecord } from '../records';

/**
 * What the sandbox keeps beside a charge paid away from the merchant's page: the keys that find it. A store
 * reference or the network's, a CLABE (payments arrive by them), or the unguessable key of a page the shopper
 * opens (the redirect payment page `/pay/{key}`, the wallet page `/wallet/{key}`: the key in the path is the
 * credential, as the 3-D Secure challenge's).
 */
export interface ChargeKeyRecord extends StoredRecord {
  /** The key itself: the reference, the CLABE, or the page key. */
  id: string;
  kind: 'store' | 'store_alt' | 'clabe' | 'redirect' | 'wallet';
  transactionId: string;
  /** Pages: the charge's `redirect_url`, where the shopper goes back with `?id={transaction_id}`. */
  redirectUrl?: string;
  /** Redirect charges: `send_email` as asked (recorded; the sandbox sends no e-mail). */
  sendEmail?: boolean;
  /** Wallet pages: when the payer signed in (epoch ms), or null. */
  signedInAt?: number | null;
}
