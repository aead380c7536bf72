import type { ResolvedConfig } from './config';
import { ApiError, NetworkError, TimeoutError } from '../errors/index';
import type { ErrorObject } from '../types/index';

/** Where an API request goes and with which key: the `ResolvedConfig` members a request needs. */
export interface ApiTarget {
  baseUrl: string;
  merchantId: string;
  publicKey: string;
}

/**
 * The URL and fetch settings every API call of the library shares (spec, Authentication): `POST {baseUrl}/v1/
 * {merchantId}{path}` with a JSON body (the library only ever creates: tokens, cards, device data), HTTP Basic
 * with the public key as user name and an empty password, no cookies (`credentials: 'omit'`), no referrer.
 * Card data travels only in the body.
 * @param init further settings (`signal`, `cache`, `keepalive`), added as they are.
 * @param accept whether to send `Accept: application/json` (calls whose answer is read).
 * @returns the arguments of `fetch`.
 */
export const apiRequest = (t: ApiTarget, path: string, body: unknown, init: RequestInit, accept?: boolean): [string, RequestInit] => [
  `${t.baseUrl}/v1/${t.merchantId}${path}`,
  {
    method: 'POST',
    headers: { Authorization: `Basic ${btoa(t.publicKey + ':')}`, ...(accept && { Accept: 'application/json' }), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    ...init,
  },
];

/** Least wait before the one automatic retry, in milliseconds; the wait is this plus up to as much again (jitter). */
export const RETRY_DELAY_MS = 250;

/**
 * Sends one authenticated JSON request to `{baseUrl}/v1/{merchantId}{path}` (spec, Authentication: HTTP
 * Basic, the key as user name, empty password).
 *
 * Sent with {@link apiRequest}'s settings (no cookies, no referrer, card data only in the body), and nothing
 * is cached.
 *
 * Failure policy (README, "When things fail"):
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
 * @returns the HTTP status and parsed JSON body (`data`) of a 2xx response.
 * @throws ApiError for a non-2xx response (with the spec Error object), TimeoutError when no complete
 *   response arrives within `timeoutMs`, NetworkError when no response arrives at all, or it breaks off, or a
 *   2xx body is not JSON. Always exactly one of these, as a rejection: never a hang, never a second error.
 */
export async function request<T>(cfg: ResolvedConfig, path: string, body: unknown, retryNoResponse?: boolean): Promise<{ status: number; data: T }> {
  const ctrl = new AbortController();
  const deadline = Date.now() + cfg.timeoutMs;
  const timer = setTimeout(() => ctrl.abort(), cfg.timeoutMs);
  let status = 0;
  let text = '';
  try {
    for (let attempt = 0; ; attempt++) {
      let res: Response | undefined;
      let failure: unknown;
      try {
        res = await fetch(...apiRequest(cfg, path, body, { signal: ctrl.signal, cache: 'no-store' }, true));
        status = res.status;
        text = await res.text();
      } catch (e) {
        if (ctrl.signal.aborted) throw new TimeoutError(cfg.timeoutMs);
        failure = e;
      }
      const wait = RETRY_DELAY_MS * (1 + Math.random());
      const retry = (failure ? retryNoResponse && !res : status === 503) && !attempt && Date.now() + wait < deadline;
      if (!retry) {
        if (failure) throw new NetworkError(`Request failed: ${(failure as Error)?.message ?? failure}`);
        break;
      }
      await new Promise((r) => setTimeout(r, wait));
    }
  } finally {
    clearTimeout(timer);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (status >= 200 && status < 300) {
    if (json === undefined && text) throw new NetworkError(`Response ${status} is not JSON`);
    return { status, data: json as T };
  }
  const err = json as Partial<ErrorObject> | undefined;
  throw new ApiError(
    status,
    err && typeof err.error_code === 'number'
      ? (err as ErrorObject)
      : { category: 'internal', error_code: 1000, description: `HTTP ${status} without an Error object`, http_code: status, request_id: '' },
  );
}
