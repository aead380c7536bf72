/**
 * The kinds of charge (spec, Endpoints > Charges: "The same path serves every charge kind; the kind is selected by
 * `method` (and `confirm`)"), and how a request body selects one. Pure.
 */

/** A kind of charge: its own body, states and `payment_method` (spec, Charges; Transaction object). */
export type ChargeKind = 'card' | 'redirect' | 'ivr' | 'store' | 'bank' | 'wallet';

/** The `method` of a store charge and of a bank (SPEI) charge, as the spec writes them. */
export const STORE_METHOD = 'store';
export const BANK_METHOD = 'bank_account';

/**
 * The kind a charge body asks for, read from its `method` and `confirm` members only:
 * - `method: "card"`: `confirm: false` (or `"false"`) is a redirect charge, `confirm: "ivr"` an IVR charge, no
 *   `confirm` (or `true`) a card charge;
 * - `method: "store"`, `"bank_account"`, or the wallet method's name (`walletMethod`, a sandbox setting);
 * - null for anything else (the route answers 1001 naming `method`).
 */
export function chargeKindOf(body: unknown, walletMethod: string): ChargeKind | null {
  if (typeof body !== 'object' || body === null) return null;
  const { method, confirm } = body as { method?: unknown; confirm?: unknown };
  if (method === 'card') {
    if (confirm === false || confirm === 'false') return 'redirect';
    if (confirm === 'ivr') return 'ivr';
    return 'card';
  }
  if (method === STORE_METHOD) return 'store';
  if (method === BANK_METHOD) return 'bank';
  if (method === walletMethod) return 'wallet';
  return null;
}

/** The methods the wallet method's name may not take (they name other kinds or the other transactions' methods). */
export const RESERVED_METHODS: readonly string[] = ['card', 'store', 'bank_account', 'bank', 'customer'];

/**
 * Whether `name` may name a store network or a wallet method (`--store-network`, `--wallet-method`): 1-20 lowercase
 * letters, digits or underscores, starting with a letter, so that it makes field names (`{name}_reference`).
 */
export const isMethodName = (name: string): boolean => /^[a-z][a-z0-9_]{0,19}$/.test(name);
