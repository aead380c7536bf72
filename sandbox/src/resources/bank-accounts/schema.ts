import { z } from 'zod';
import { validateHolderName } from 'paytoken/rules';
import { addRuleIssue } from '../../schemas/issues';
import { plainText } from '../../schemas/common';

/** Longest `clabe` a request may carry (spec, Limits: "clabe (bank account create) max 45"); a CLABE itself is 18 digits. */
export const CLABE_MAX = 45;

/** Longest `alias` (spec, Limits: "bank account alias max 45"). */
export const ALIAS_MAX = 45;

/**
 * A bank account's `holder_name` by the card rules' holder check (`validateHolderName`, src/card/holder.ts: required,
 * at most 80 characters, no control or invisible character): the same rule as a card's holder, whose limit the spec
 * shares ("card holder_name, bank account holder_name: max 80"). Output: the name, trimmed.
 */
const holderName = z
  .unknown()
  .optional()
  .superRefine((v, ctx) => addRuleIssue(ctx, validateHolderName(v), 'holder_name'))
  .transform((v) => String(v).trim());

/**
 * A CLABE's text: a string of at most {@link CLABE_MAX} characters, then exactly 18 digits once trimmed (1001 naming
 * the field). The check digit and the bank code are values checked by the service (domain/banks.ts, 1003).
 */
export const clabeText = z
  .string()
  .max(CLABE_MAX)
  .trim()
  .regex(/^\d{18}$/);

/**
 * `POST /customers/{customer_id}/bankaccounts` body (spec, Endpoints > Bank accounts; Limits):
 * - `holder_name`: required, at most 80 characters, no control or invisible character;
 * - `alias`: optional, 1-45 characters, the same characters refused; may be null;
 * - `clabe`: required, 18 digits (at most 45 characters sent), a valid check digit and a bank code of the catalog.
 * Unknown members are dropped. The same object is a payout's inline `bank_account`.
 */
export const bankAccountSchema = z.object({
  holder_name: holderName,
  alias: plainText('alias', ALIAS_MAX).nullish(),
  clabe: clabeText,
});

export type BankAccountBody = z.output<typeof bankAccountSchema>;
