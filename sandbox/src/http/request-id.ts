import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../env';
import { newRequestId } from '../domain/ids';

/**
 * Gives each request a fresh id (`c.var.requestId`) and sends it back as `X-Request-Id` on every response,
 * errors included; Error objects carry the same value as `request_id`. A client-sent X-Request-Id is ignored.
 */
export const requestId = (): MiddlewareHandler<SandboxEnv> => async (c, next) => {
  const id = newRequestId();
  c.set('requestId', id);
  await next();
  c.res.headers.set('X-Request-Id', id);
};
