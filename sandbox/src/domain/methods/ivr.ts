import { randomInt } from 'node:crypto';

/**
 * IVR charges, their pure rules (spec, Charges: "IVR charge: method = card and confirm = ivr"; Transaction
 * `payment_method` "type = ivr; phone_number (string); ivr_key (numeric); attempts (numeric)"). The shopper calls
 * the number, keys the charge's `ivr_key`, then the card; the simulation API plays the call.
 */

/** The number the shopper calls (fictional: a Mexico City number of the sandbox's IVR). */
export const IVR_PHONE_NUMBER = '5500000000';

/** Card entries a call may get wrong (keyed badly or declined); none left: the charge is `failed`. */
export const IVR_ATTEMPTS = 3;

/** A new IVR key: 6 digits, the first not 0 (keyed on the phone after dialling). */
export const newIvrKey = (): number => 100_000 + randomInt(900_000);

/** The `payment_method` of an IVR charge; `attempts` is the number of card entries left. */
export const ivrPaymentMethod = (ivrKey: number, attempts: number): Record<string, unknown> => ({
  type: 'ivr',
  phone_number: IVR_PHONE_NUMBER,
  ivr_key: ivrKey,
  attempts,
});

/** What one failed card entry leaves: the attempts left, and whether the charge then fails (none left). */
export const afterFailedEntry = (left: number): { left: number; fails: boolean } => ({ left: Math.max(0, left - 1), fails: left <= 1 });
