import { z } from 'zod';
import { normalizeAddress, validateAddress } from 'paytoken/rules';
import type { Address } from 'paytoken/rules';
import { addRuleIssue } from './issues';

/** A valid address normalised as `validateCard` does (the card rules' own `normalizeAddress`). */
export const toAddress = normalizeAddress;

/**
 * An optional `address` member (spec, Resources > Address object) checked by `validateAddress`: absent or
 * `null` gives `null`; anything else must be a valid address, every failing line being reported as
 * `address.<line>` with its rule. Output: the normalised {@link Address} or `null`.
 */
export const optionalAddress = z
  .unknown()
  .optional()
  .superRefine((v, ctx) => {
    if (v != null) for (const r of validateAddress(v)) addRuleIssue(ctx, r, 'address');
  })
  .transform((v): Address | null => (v == null ? null : toAddress(v as Address)));
