/**
 * What an API request answered, as much of a `Response` as the library reads: the HTTP status, and `text()`,
 * the whole body, which throws (or rejects) if the response broke off after it began.
 */
export interface Answer {
  status: number;
  text(): string | Promise<string>;
}

/**
 * Sends one request: `fetch`'s arguments (the library's settings object, without prototype, whose `headers` has
 * none either).
 * @returns a promise of the {@link Answer}; it rejects when no response came (connection refused or lost, CORS
 *   refused, or aborted by `init.signal`).
 */
export type Send = (url: string, init: RequestInit) => Promise<Answer>;

/**
 * The built-ins a card passes through on its way out of the page: the request that sends it (`XMLHttpRequest`
 * in browsers, else `fetch`), and `JSON.stringify`, which writes the request body. Another script on the page
 * may wrap either at any time to read what goes through (docs/security.md); references kept from before
 * it ran are out of its reach.
 */
export interface Io {
  /** Sends an API request; see {@link Send}. */
  send: Send;
  /** `JSON.stringify`. */
  stringify: typeof JSON.stringify;
}

/**
 * The `Io` of this moment: the script tag takes it when it loads, `createClient` when it creates a client, so a
 * script that wraps the built-ins later sees no card. Reads only `globalThis.XMLHttpRequest`, `fetch` and `JSON`
 * (safe at import time and in SSR).
 *
 * Where the page has `XMLHttpRequest`, requests go by XHR: in Chromium a `fetch` and the reading of its body take
 * about 16-18 tasks of the page's main thread against 11-12 for an XHR, so on a busy page each call waits longer
 * (docs/performance.md). The XHR is an instance of a private subclass whose prototype holds the methods and
 * accessors `XMLHttpRequest.prototype` has now (`open`, `setRequestHeader`, `send`, `abort`, `status`,
 * `responseText`, `onreadystatechange`...): patching the page's prototype later reaches none of them. It sends
 * no cookies to another origin (`withCredentials` false; to the page's own origin, should the API be served
 * there, the browser adds that origin's cookies) and the referrer the page's policy gives (an XHR
 * has no per-request policy; the default, `strict-origin-when-cross-origin`, sends the page's origin alone,
 * which the CORS `Origin` header names anyway). `init.signal` aborts it. A request with `keepalive` (device data,
 * which must outlive a page left at once) goes by `fetch`, which has it (with `credentials: 'omit'` and
 * `referrerPolicy: 'no-referrer'`), as does every request where there is no XHR (Node). With neither, every
 * request fails as if no response came.
 */
export const pristine = (): Io => {
  const io = fetchIo();
  const X = globalThis.XMLHttpRequest;
  const K = X && class extends X {};
  if (!K) return io;
  Object.defineProperties(K.prototype, Object.getOwnPropertyDescriptors(X.prototype));
  return {
    ...io,
    send: (url, init) =>
      init.keepalive
        ? io.send(url, init)
        : new Promise((ok, ko) => {
            const x = new K();
            const headers = init.headers as Record<string, string>;
            // the status while the response comes in (readyState 2, 3); at readyState 4 it is 0 if it failed
            let began = 0;
            x.onreadystatechange = () =>
              x.readyState < 4
                ? (began = x.status)
                : x.status || began
                  ? ok({ status: x.status || began, text: () => (x.status ? x.responseText : Promise.reject('response broke off')) })
                  : ko('no response');
            x.open(init.method!, url);
            for (const h in headers) x.setRequestHeader(h, headers[h]!);
            x.send(init.body as string);
            init.signal!.onabort = () => x.abort();
          }),
  };
};

/**
 * The `Io` of this moment without XHR: `fetch` (bound to the global object; may be absent, then every request
 * fails as if no response came) and `JSON.stringify`. What device data is sent with (`keepalive`), what `pristine`
 * gives where there is no XHR, and what the hosted-field frame uses (its bundle's budget; see src/hosted/frame).
 */
export const fetchIo = (): Io => ({ send: globalThis.fetch?.bind(globalThis), stringify: JSON.stringify });

/**
 * Freezes `o` and every object it holds (not functions), so no member of a public object (`window.PayToken`, a
 * client) can be replaced. @returns `o`.
 */
export const deepFreeze = <T extends object>(o: T): Readonly<T> => {
  for (const v of Object.values(o)) if (v && typeof v === 'object') deepFreeze(v);
  return Object.freeze(o);
};
