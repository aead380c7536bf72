import { z } from 'zod';
import { validateAddress } from '../card/address';
import type { Address } from '../card/types';
import { addRuleIssue } from './issues';

/**
 * A valid address (see `validateAddress`) normalised as `validateCard` does: every line trimmed, blank
 * optional lines dropped, `country_code` upper case.
 */
export function toAddress(a: Address): Address {
  const out: Address = {
    line1: a.line1.trim(),
    postal_code: a.postal_code.trim(),
    state: a.state.trim(),
    city: a.city.trim(),
    country_code: a.country_code.trim().toUpperCase(),
  };
  if (a.line2?.trim()) out.line2 = a.line2.trim();
  if (a.line3?.trim()) out.line3 = a.line3.trim();
  return out;
}

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
