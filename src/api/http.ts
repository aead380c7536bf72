import type { ResolvedConfig } from './config';
import { ApiError, NetworkError, TimeoutError } from './errors';
import type { ErrorObject } from './types';

/**
 * Sends one authenticated JSON request to `{baseUrl}/v1/{merchantId}{path}` (spec, Authentication: HTTP
 * Basic, the key as user name, empty password).
 *
 * No cookies are sent (`credentials: 'omit'`), nothing is cached, and the body only ever travels in the
 * request body, never in the URL.
 *
 * @param path resource path starting with `/` (e.g. `/tokens`).
 * @param body JSON-serialisable request body; omitted for GET.
 * @returns the HTTP status and parsed JSON body (`data`) of a 2xx response.
 * @throws ApiError for a non-2xx response (with the spec Error object), TimeoutError when no complete
 *   response arrives within `timeoutMs`, NetworkError when no response arrives at all or a 2xx body is not JSON.
 */
export async function request<T>(cfg: ResolvedConfig, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), cfg.timeoutMs);
  let status = 0;
  let text: string;
  try {
    const res = await fetch(`${cfg.baseUrl}/v1/${cfg.merchantId}${path}`, {
      method,
      headers: {
        Authorization: `Basic ${btoa(cfg.publicKey + ':')}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: ctrl.signal,
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    status = res.status;
    text = await res.text();
  } catch (e) {
    throw ctrl.signal.aborted ? new TimeoutError(cfg.timeoutMs) : new NetworkError(`Request failed: ${(e as Error)?.message ?? e}`);
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
