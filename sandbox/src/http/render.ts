import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { SandboxEnv } from '../env';
import { toErrorObject } from '../domain/errors';

/**
 * The one place errors become responses: the spec Error object (spec, Errors) with this request's id, status
 * `http_code`. A thrown `SandboxError` keeps its code; anything else is 1000 (500).
 */
export function renderError(c: Context<SandboxEnv>, err: unknown): Response {
  const body = toErrorObject(err, c.var.requestId ?? '');
  c.set('errorCode', body.error_code);
  c.set('errorCause', err);
  return c.json(body, body.http_code as ContentfulStatusCode);
}
