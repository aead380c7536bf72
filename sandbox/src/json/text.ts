/**
 * Reading a JSON request body's text where `JSON.parse` hides what was sent: a member written twice (`JSON.parse`
 * keeps the last one silently, while a check that scanned the text may have read the first) and the spelling of
 * a number (`1e2` parses to 100). The text is already known to be valid JSON.
 */

/** One object member met while walking a JSON text. */
interface JsonMember {
  /** The member name, JSON-unescaped (`"\u0061mount"` is `amount`). */
  name: string;
  /** The names leading to it from the top object, itself last (arrays add no name): `['customer', 'name']`. */
  path: readonly string[];
  /** How many objects and arrays enclose it: 1 for a top-level member. */
  depth: number;
  /** Whether its object already had a member of this name. */
  duplicate: boolean;
  /** Index in the text just after its `:` (where the value starts, maybe after white space). */
  valueAt: number;
}

/** One open object (`names`: its member names so far, `last`: the latest) or array (`names` null). */
interface Open {
  names: Set<string> | null;
  path: readonly string[];
  last: string;
}

/** Deepest nesting of objects and arrays a request body may have (the API's deepest body, device data, uses 7). */
export const MAX_JSON_DEPTH = 20;

/**
 * Whether a text nests objects and arrays deeper than `max` (brackets inside strings do not count). One pass,
 * stopping at the first level past `max`: linear in the text, whatever its shape, so a body of ten thousand
 * nested arrays costs what its length costs and is refused before it is parsed.
 */
export function nestedDeeperThan(json: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let at = 0; at < json.length; at++) {
    const ch = json.charCodeAt(at);
    if (ch === 0x22) at = stringEnd(json, at);
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return false;
}

/** JSON's four white-space characters. */
const isJsonSpace = (ch: string | undefined) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';

/** The index of the closing quote of the JSON string whose opening quote is at `start`. */
function stringEnd(json: string, start: number): number {
  let at = start + 1;
  while (at < json.length && json[at] !== '"') at += json[at] === '\\' ? 2 : 1;
  return at;
}

/**
 * Calls `visit` for every object member of a valid JSON text, in text order, until it returns true.
 * @param json valid JSON text (undefined behaviour otherwise, never a throw past the first bad member name).
 */
function forEachMember(json: string, visit: (member: JsonMember) => boolean | void): void {
  const open: Open[] = [];
  for (let at = 0; at < json.length; at++) {
    const ch = json[at];
    if (ch === '"') {
      const end = stringEnd(json, at);
      let after = end + 1;
      while (isJsonSpace(json[after])) after++;
      const inner = open.at(-1);
      if (json[after] === ':' && inner?.names) {
        const name = JSON.parse(json.slice(at, end + 1)) as string;
        const duplicate = inner.names.has(name);
        inner.names.add(name);
        inner.last = name;
        if (visit({ name, path: [...inner.path, name], depth: open.length, duplicate, valueAt: after + 1 })) return;
        at = after;
      } else at = end;
    } else if (ch === '{' || ch === '[') {
      const parent = open.at(-1);
      const path = !parent ? [] : parent.names ? [...parent.path, parent.last] : parent.path;
      open.push({ names: ch === '{' ? new Set() : null, path, last: '' });
    } else if (ch === '}' || ch === ']') open.pop();
  }
}

/**
 * The dotted path (`amount`, `customer.name`) of the first member whose object already had a member of that name,
 * anywhere in a valid JSON text; undefined when every object's names are distinct.
 */
export function duplicateMember(json: string): string | undefined {
  let found: string | undefined;
  forEachMember(json, (m) => {
    if (m.duplicate) found = m.path.join('.');
    return m.duplicate;
  });
  return found;
}

/**
 * The source text of the number that is the value of the top-level member `key` of a valid JSON object text,
 * e.g. `1e2` for `{"amount":1e2}`; undefined when that member is absent or not a number. Nested members never
 * match. Lets a route refuse number spellings that `JSON.parse` hides (the exponent form).
 */
export function topLevelNumberText(json: string, key: string): string | undefined {
  let text: string | undefined;
  forEachMember(json, (m) => {
    if (m.depth !== 1 || m.name !== key) return false;
    let at = m.valueAt;
    while (isJsonSpace(json[at])) at++;
    const number = /-?[\d.eE+-]+/y;
    number.lastIndex = at;
    text = number.exec(json)?.[0];
    return true;
  });
  return text;
}
