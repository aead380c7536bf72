import type { CardInput } from '../card/types';

/**
 * Reads the card inputs of a form into the spec's field names (spec, Endpoints > Tokens: `card_number`,
 * `holder_name`, `expiration_month`, `expiration_year`, `cvv2`, `address`).
 *
 * Inputs are found by attribute: `data-paytoken-card="<spec field>"`, or `"expiry"` for a combined `MM/YY`
 * input (split at the `/`), and `data-paytoken-card-address="<Address field>"`. The address is left out when
 * every address input is blank and none is `required`. Values are read as they are; the card rules normalise them.
 *
 * The objects it fills have no prototype, so a setter another script put on `Object.prototype` (say for
 * `card_number`) never sees what the shopper types.
 *
 * @param form the merchant's form element.
 * @returns the card fields found (a field without an input is absent).
 */
export function readCard(form: HTMLFormElement): CardInput {
  const data: Record<string, unknown> = Object.create(null);
  const address: Record<string, string> = Object.create(null);
  for (const el of form.querySelectorAll<HTMLInputElement>('[data-paytoken-card]')) {
    const k = el.dataset.paytokenCard!;
    if (k === 'expiry') [data.expiration_month, data.expiration_year = ''] = el.value.split('/');
    else data[k] = el.value;
  }
  for (const el of form.querySelectorAll<HTMLInputElement>('[data-paytoken-card-address]')) {
    if (el.value || el.required) address[el.dataset.paytokenCardAddress!] = el.value;
  }
  if (Object.keys(address).length) data.address = address;
  return data;
}
