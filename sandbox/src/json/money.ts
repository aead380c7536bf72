import { forEachMember } from './text';

/**
 * The members whose number is money in every response of the API: a transaction's, a refund's, a plan's, a
 * CardPoints' `amount`, a customer's and the merchant's `balance`, a fee's `amount` and `tax`, a store chain's
 * `max_amount`. Matched by name at any depth (the spec gives these names to nothing but money).
 */
export const MONEY_MEMBERS: ReadonlySet<string> = new Set(['amount', 'balance', 'tax', 'max_amount']);

/** A JSON number's text as written by `JSON.stringify` (no exponent for money, which stays below 1e21). */
const NUMBER_TEXT = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * A JSON text with every money member's number written with two decimals (`"amount":349` -> `"amount":349.00`,
 * `12.5` -> `12.50`): the spec's "numeric, two decimals", which `JSON.stringify` cannot write and typed clients read
 * as an integer without (Ruby's JSON gives an Integer for `349`). Members of {@link MONEY_MEMBERS} whose value is not
 * a number (an object, a string, null) and every other member are left as they are; the text stays valid JSON.
 * @param json a valid JSON text.
 */
export function withMoneyDecimals(json: string): string {
  const parts: string[] = [];
  let copied = 0;
  forEachMember(json, (m) => {
    if (!MONEY_MEMBERS.has(m.name)) return;
    let at = m.valueAt;
    while (json[at] === ' ' || json[at] === '\n' || json[at] === '\t' || json[at] === '\r') at++;
    NUMBER_TEXT.lastIndex = at;
    const text = NUMBER_TEXT.exec(json)?.[0];
    const whole = text && /^(-?\d+)(?:\.(\d))?$/.exec(text);
    if (!text || !whole) return;
    parts.push(json.slice(copied, at), `${whole[1]}.${(whole[2] ?? '').padEnd(2, '0')}`);
    copied = at + text.length;
  });
  return copied === 0 ? json : parts.join('') + json.slice(copied);
}
