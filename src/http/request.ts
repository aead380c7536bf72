import type { ResolvedConfig } from './config';
import { ApiError, NetworkError, TimeoutError } from '../errors/index';
import type { ErrorObject } from '../types/index';
import type { Answer, Io } from './pristine';

/** Where an API request goes and with which key: the `ResolvedConfig` members a request needs. */
export interface ApiTarget {
  baseUrl: string;
  merchantId: string;
  publicKey: string;
}

/**
 * Sends one API request with the settings every call of the library shares (spec, Authentication): `POST
 * {baseUrl}/v1/{merchantId}{path}` with a JSON body (the library only ever creates: tokens, cards, device data),
 * HTTP Basic with the public key as user name and an empty password, no cookies to another origin (see
 * `pristine`). Card data travels only in the body.
 *
 * The body is written and sent with `io`'s references, never the page's current globals, and the settings object
 * and its headers have no prototype: a getter another script put on `Object.prototype` (say for `integrity`,
 * which `fetch` reads) never sees them, nor the body in them.
 * @param init further settings (`signal`, `keepalive`), added as they are.
 * @param accept whether to send `Accept: application/json` (calls whose answer is read).
 * @returns `io.send`'s promise of the answer.
 */
export const apiPost = (io: Io, t: ApiTarget, path: string, body: unknown, init: RequestInit, accept?: boolean): Promise<Answer> =>
  io.send(`${t.baseUrl}/v1/${t.merchantId}${path}`, {
    __proto__: null,
    method: 'POST',
    headers: {
      __proto__: null,
      Authorization: `Basic ${btoa(t.publicKey + ':')}`,
      ...(accept && { Accept: 'application/json' }),
      'Content-Type': 'application/json',
    },
    body: io.stringify(body),
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    ...init,
  } as RequestInit);

/** Least wait before the one automatic retry, in milliseconds; the wait is this plus up to as much again (jitter). */
export const RETRY_DELAY_MS = 250;

/**
 * Sends one authenticated JSON request to `{baseUrl}/v1/{merchantId}{path}` (spec, Authentication: HTTP
 * Basic, the key as user name, empty password).
 *
 * Sent with {@link apiPost}'s settings (card data only in the body), by `XMLHttpRequest` in browsers
 * (see `pristine`). Nothing is cached: every call is a POST, whose response a browser never serves from its HTTP
 * cache, and the API answers `Cache-Control: no-store` (the sandbox on every response). No cache mode is set on
 * purpose: with `fetch`'s `cache: 'no-store'` Chromium also skips its CORS preflight cache, so every call paid an
 * OPTIONS round trip; now only the first call per `Access-Control-Max-Age` does (e2e/preflight.spec.ts).
 *
 * Failure policy (docs/errors.md):
 * - `timeoutMs` bounds the whole call, retry included: when it passes, the request is aborted and the call
 *   rejects with a TimeoutError. A response body that never ends is aborted the same way. Never retried.
 * - At most one automatic retry, after {@link RETRY_DELAY_MS} to twice that, and only when it cannot do harm
 *   and fits before the deadline: an HTTP 503 (spec error 1004, service unavailable: nothing was done), or,
 *   when `retryNoResponse` is set, a connection that failed before any response (the caller passes it for
 *   tokenizing, where a repeat creates at most an unused token; never for storing a card).
 * - Never retried: any other status (4xx, 500), a response cut or malformed after it began.
 *
 * @param path resource path starting with `/` (e.g. `/tokens`).
 * @param body JSON-serialisable request body (every call of the library is a `POST`).
 * @param retryNoResponse whether a connection that failed before any response may be retried once.
 * @param io the request and `JSON.stringify` to use (see `pristine`): a client's, taken when it was created.
 * @returns the HTTP status and parsed JSON body (`data`) of a 2xx response.
 * @throws ApiError for a non-2xx response (with the spec Error object), TimeoutError when no complete
 *   response arrives within `timeoutMs`, NetworkError when no response arrives at all, or it breaks off, or a
 *   2xx body is not JSON. Always exactly one of these, as a rejection: never a hang, never a second error.
 */
export async function request<T>(
  cfg: ResolvedConfig,
  path: string,
  body: unknown,
  retryNoResponse: boolean,
  io: Io,
): Promise<{ status: number; data: T }> {
  const ctrl = new AbortController();
  const deadline = Date.now() + cfg.timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let status = 0;
  let text = '';
  for (let attempt = 0; ; attempt++) {
    let res: Answer | undefined;
    let failure: unknown;
    try {
      const answer = apiPost(io, cfg, path, body, { signal: ctrl.signal }, true);
      // armed once the first request is on its way (an XHR is sent synchronously), so the call's time to
      // its send is the request's own work only (microseconds after the deadline's start)
      timer ??= setTimeout(() => ctrl.abort(), cfg.timeoutMs);
      res = await answer;
      status = res.status;
      text = await res.text();
    } catch (e) {
      // (the timer has fired: none is left)
      if (ctrl.signal.aborted) throw new TimeoutError(cfg.timeoutMs);
      failure = e;
    }
    const wait = RETRY_DELAY_MS * (1 + Math.random());
    const retry = (failure ? retryNoResponse && !res : status === 503) && !attempt && Date.now() + wait < deadline;
    if (!retry) {
      // the last attempt: no timer is left behind
      clearTimeout(timer);
      if (failure) throw new NetworkError(`Request failed: ${(failure as Error)?.message ?? failure}`, failure);
      break;
    }
    await new Promise((r) => setTimeout(r, wait));
  }
  // undefined when the text is not JSON
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  if (status >= 200 && status < 300) {
    if (json === undefined && text) throw new NetworkError(`Response ${status} is not JSON`);
    return { status, data: json as T };
  }
  throw new ApiError(
    status,
    typeof (json as Partial<ErrorObject> | undefined)?.error_code === 'number'
      ? (json as ErrorObject)
      : {
          category: 'internal',
          error_code: 1000,
          description: `HTTP ${status} without an Error object`,
          http_code: status,
          request_id: '',
        },
  );
}
