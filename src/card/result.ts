import type { CardField, FieldResult, Reason } from './types';

/** A passing result for `field`. */
export const pass = (field: CardField): FieldResult => ({ field, valid: true, potentiallyValid: true });

/** A failing result for `field`; `potentiallyValid` says whether typing more could still make it pass. */
export const fail = (field: CardField, reason: Reason, potentiallyValid = false): FieldResult => ({
  field,
  valid: false,
  potentiallyValid,
  reason,
});
