import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new resource id: `prefix` and random lowercase letters and digits, 20 characters in all (spec: ids are
 * strings of up to 45 characters; the browser client accepts 1-45 letters or digits). Prefixes: `tok` tokens,
 * `k` cards, `a` customers, `tr` transactions, `ev` events, `b` bank accounts, `po` payouts, `pln` plans, `s`
 * subscriptions, `wh` webhooks (1-4 lowercase letters).
 */
export function newId(prefix: string): string {
  if (!/^[a-z]{1,4}$/.test(prefix)) throw new RangeError(`an id prefix is 1-4 lowercase letters, got ${prefix}`);
  let id = prefix;
  while (id.length < 20) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/** A six-digit authorization number of an approved card charge. */
export const newAuthorization = (): string => String(randomInt(1_000_000)).padStart(6, '0');

/** A request id (letters, digits and dashes), sent as `X-Request-Id` and in every Error object. */
export const newRequestId = (): string => crypto.randomUUID();
