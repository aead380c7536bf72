import { pass, presence, textRules } from './result';
import type { FieldResult } from './types';

/** Maximum holder_name length (spec, Endpoints > Cards and Limits: "card holder_name max 80"). */
export const HOLDER_NAME_MAX = 80;

/**
 * Validates a card holder name (spec, Endpoints > Tokens and Cards: holder_name required, max 80 characters).
 *
 * Rules: `required` (missing or blank), `type` (not a string), `format` (a control or bidirectional-control
 * character after trimming: NUL, ESC, CR/LF, U+202E, ...; see `UNSAFE_TEXT`), `too_long` (over 80 characters
 * after trimming, counted in Unicode code points).
 *
 * @returns a {@link FieldResult} for `holder_name`. Never throws.
 */
export function validateHolderName(name: unknown): FieldResult {
  const missing = presence('holder_name', name);
  if (missing) return missing;
  return textRules('holder_name', name as string, HOLDER_NAME_MAX) ?? pass('holder_name');
}
