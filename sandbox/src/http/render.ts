import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { SandboxEnv } from '../env';
import { apiError, SandboxError, toErrorObject } from '../domain/errors';
import { isBusy } from '../store/db';

/** Seconds a client is told to wait (`Retry-After`) when the database is busy. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * The one place errors become responses: the spec Error object (spec, Errors) with this request's id, status
 * `http_code`. A thrown `SandboxError` keeps its code; a database another connection holds (busy or locked) is
 * 1004 (503) with `Retry-After`; anything else is 1000 (500). The request's transaction has rolled back by then.
 */
export function renderError(c: Context<SandboxEnv>, err: unknown): Response {
  const busy = !(err instanceof SandboxError) && isBusy(err);
  const body = toErrorObject(
    busy ? apiError(1004, 'The data store is busy (another connection holds it): try again shortly') : err,
    c.var.requestId ?? '',
  );
  c.set('errorCode', body.error_code);
  c.set('errorCause', err);
  if (busy) c.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
  return c.json(body, body.http_code as ContentfulStatusCode);
}
