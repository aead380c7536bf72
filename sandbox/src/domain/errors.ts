import { UNSAFE_TEXT } from 'paytoken/rules';
import type { ErrorObject } from 'paytoken/rules';

/**
 * HTTP status and category of each spec error code the sandbox answers with (spec, Errors table). Category
 * `request` for everything caused by what the caller sent, card refusals included (the spec lists "no funds"
 * under `request`), `internal` for service-side failures.
 */
export const ERROR_CODES: Readonly<Record<number, { http_code: number; category: 'request' | 'internal' | 'gateway' }>> = {
  1000: { http_code: 500, category: 'internal' },
  1001: { http_code: 400, category: 'request' },
  1002: { http_code: 401, category: 'request' },
  1003: { http_code: 422, category: 'request' },
  1004: { http_code: 503, category: 'internal' },
  1005: { http_code: 404, category: 'request' },
  1006: { http_code: 409, category: 'request' },
  1007: { http_code: 402, category: 'gateway' },
  1008: { http_code: 423, category: 'request' },
  1009: { http_code: 413, category: 'request' },
  1010: { http_code: 403, category: 'request' },
  2001: { http_code: 409, category: 'request' },
  2002: { http_code: 409, category: 'request' },
  2003: { http_code: 409, category: 'request' },
  2004: { http_code: 422, category: 'request' },
  2005: { http_code: 400, category: 'request' },
  2006: { http_code: 400, category: 'request' },
  2007: { http_code: 412, category: 'request' },
  2008: { http_code: 412, category: 'request' },
  2009: { http_code: 412, category: 'request' },
  3001: { http_code: 402, category: 'request' },
  3002: { http_code: 402, category: 'request' },
  3003: { http_code: 402, category: 'request' },
  3004: { http_code: 402, category: 'request' },
  3005: { http_code: 402, category: 'request' },
  3006: { http_code: 412, category: 'request' },
  3008: { http_code: 412, category: 'request' },
  3009: { http_code: 402, category: 'request' },
  3010: { http_code: 402, category: 'request' },
  3011: { http_code: 402, category: 'request' },
  3012: { http_code: 412, category: 'request' },
  4001: { http_code: 412, category: 'request' },
};

/** An Error object before rendering: everything but the `request_id`, which the error handler adds. */
export type ErrorBody = Omit<ErrorObject, 'request_id' | 'http_code'> & { http_code: number };

/**
 * The one error class of the sandbox: any handler or middleware throws it, and `app.onError` renders
 * `error` plus the request id as the spec Error object (spec, Errors), with status `error.http_code`.
 * Descriptions are for developers and never contain card data.
 */
export class SandboxError extends Error {
  constructor(readonly error: ErrorBody) {
    super(`${error.error_code} ${error.description}`);
    this.name = 'SandboxError';
  }
}

/**
 * Makes the {@link SandboxError} of a spec error code, its HTTP status and category taken from
 * {@link ERROR_CODES} (an unknown code is a programming error and becomes 1000).
 *
 * @param extra `fraud_rules` (3005) or an `http_code` override.
 */
export function apiError(
  code: number,
  description: string,
  extra: Partial<Pick<ErrorBody, 'fraud_rules' | 'http_code'>> = {},
): SandboxError {
  const known = ERROR_CODES[code] ?? ERROR_CODES[1000]!;
  return new SandboxError({
    category: known.category,
    error_code: ERROR_CODES[code] ? code : 1000,
    description,
    http_code: extra.http_code ?? known.http_code,
    ...(extra.fraud_rules ? { fraud_rules: extra.fraud_rules } : {}),
  });
}

/** The Error object of any thrown value: a {@link SandboxError} as it is, anything else as 1000 (500). */
export function toErrorObject(err: unknown, requestId: string): ErrorObject {
  const body = err instanceof SandboxError ? err.error : apiError(1000, 'Internal server error').error;
  return { ...body, request_id: requestId };
}

const UNSAFE_ALL = new RegExp(UNSAFE_TEXT.source, 'gu');

/**
 * What a log line may say of a thrown value: its name and message, one line, at most `max` UTF-16 units, with every
 * run of three or more digits written `###` (a message may quote the request: a card number or CVV2 would be such a
 * run) and every control or bidirectional character (`UNSAFE_TEXT`) written `?`, so it cannot forge a log line.
 */
export function loggableError(err: unknown, max = 300): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : `non-error thrown: ${typeof err}`;
  const safe = text.replace(/\d{3,}/g, '###').replace(UNSAFE_ALL, '?');
  return safe.length > max ? `${safe.slice(0, max)}...` : safe;
}
