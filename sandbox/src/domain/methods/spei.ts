import { randomInt } from 'node:crypto';
import { ISSUING_BANK } from '../references';

/**
 * Bank (SPEI) charges, their pure rules (spec, Charges: "Bank charge"; Transaction `payment_method` "type =
 * bank_transfer; agreement (string); bank (string); clabe (string); name (string, a reference)"). Each charge gets
 * a CLABE of its own (domain/references.ts `newClabe`, check digit valid), so the transfer that pays it is known by
 * the account it reaches.
 */

/** The agreement (convenio) number of the sandbox's collection account at its issuing bank. */
export const BANK_AGREEMENT = '0000001';

/** A new payment reference of a bank charge: 7 digits, written by the payer as the transfer's concept. */
export const newBankReference = (): string => String(1_000_000 + randomInt(9_000_000));

/** The `payment_method` of a bank charge, plus this project's `slip_url` (the printable payment slip). */
export const bankPaymentMethod = (clabe: string, reference: string, slipUrl: string): Record<string, unknown> => ({
  type: 'bank_transfer',
  agreement: BANK_AGREEMENT,
  bank: ISSUING_BANK.name,
  clabe,
  name: reference,
  slip_url: slipUrl,
});

/**
 * Whether a SPEI transfer of `paid` cents pays a bank charge of `owed` cents: only the exact amount does. Any other
 * amount is returned to the sender (SPEI's return, "devolución"): the sandbox refuses it and the charge stays
 * `in_progress` (docs/sandbox.md).
 */
export const speiPays = (paid: number, owed: number): boolean => paid === owed;
