/**
 * The built-ins a card passes through on its way out of the page: `fetch`, which sends it, and `JSON.stringify`,
 * which writes the request body. Another script on the page may wrap either at any time to read what goes
 * through (README "Security model"); references kept from before it ran are out of its reach.
 */
export interface Io {
  /** `fetch`, bound to the global object (called as a plain function). */
  fetch: typeof fetch;
  /** `JSON.stringify`. */
  stringify: typeof JSON.stringify;
}

/**
 * References to the `fetch` and `JSON.stringify` of this moment: the script tag takes them when it loads,
 * `createClient` when it creates a client, so a script that wraps them later sees no card. Reads only
 * `globalThis.fetch` and `JSON` (safe at import time and in SSR); `fetch` may be absent (a call then fails as a
 * `NetworkError`).
 */
export const pristine = (): Io => ({ fetch: globalThis.fetch?.bind(globalThis), stringify: JSON.stringify });

/**
 * Freezes `o` and every object it holds (not functions), so no member of a public object (`window.PayToken`, a
 * client) can be replaced. @returns `o`.
 */
export const deepFreeze = <T extends object>(o: T): Readonly<T> => {
  for (const v of Object.values(o)) if (v && typeof v == 'object') deepFreeze(v);
  return Object.freeze(o);
};
