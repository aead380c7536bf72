/**
 * The members whose number is money in every response of the API: a transaction's, a refund's, a plan's, a
 * CardPoints' `amount`, a customer's and the merchant's `balance`, a fee's `amount` and `tax`, a store chain's
 * `max_amount`. Matched by name at any depth (the spec gives these names to nothing but money).
 */
export const MONEY_MEMBERS: ReadonlySet<string> = new Set(['amount', 'balance', 'tax', 'max_amount']);

/**
 * A money member of `JSON.stringify`'s text and its number, when it is an integer or has one decimal. A member starts
 * right after `{` or `,` (that text has no white space outside strings); inside a string a quote is always escaped
 * (`\"`), so a string that reads like a member never matches. Exponents and two or more decimals are left alone.
 */
const MONEY_MEMBER = new RegExp(`(?<=[{,])"(${[...MONEY_MEMBERS].join('|')})":(-?\\d+)(?:\\.(\\d))?(?=[,}])`, 'g');

/**
 * A JSON text with every money member's number written with two decimals (`"amount":349` -> `"amount":349.00`,
 * `12.5` -> `12.50`): the spec's "numeric, two decimals", which `JSON.stringify` cannot write and typed clients read
 * as an integer without (Ruby's JSON gives an Integer for `349`). Members of {@link MONEY_MEMBERS} whose value is not
 * a number (an object, a string, null) and every other member are left as they are; the text stays valid JSON.
 * @param json the text `JSON.stringify` wrote (no white space outside strings, names unescaped).
 */
export const withMoneyDecimals = (json: string): string =>
  json.replace(MONEY_MEMBER, (_, name: string, whole: string, tenths?: string) => `"${name}":${whole}.${tenths ?? '0'}0`);
