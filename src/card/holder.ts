import { fail, pass, presence } from './result';
import type { FieldResult } from './types';

/** Maximum holder_name length (spec, Endpoints > Cards and Limits: "card holder_name max 80"). */
export const HOLDER_NAME_MAX = 80;

/**
 * Validates a card holder name (spec, Endpoints > Tokens and Cards: holder_name required, max 80 characters).
 *
 * Rules: `required` (missing or blank), `type` (not a string), `too_long` (over 80 characters after trimming,
 * counted in Unicode code points).
 *
 * @returns a {@link FieldResult} for `holder_name`. Never throws.
 */
export function validateHolderName(name: unknown): FieldResult {
  const missing = presence('holder_name', name);
  if (missing) return missing;
  return [...(name as string).trim()].length > HOLDER_NAME_MAX ? fail('holder_name', 'too_long') : pass('holder_name');
}
