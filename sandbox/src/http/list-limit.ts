import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../env';
import { MAX_LIST_LIMIT } from '../schemas/list';

/**
 * A list asked for more than {@link MAX_LIST_LIMIT} records (`limit=10000`, as the public SDKs send) is answered with
 * at most that many (the list schemas cap `limit`), never refused, and says so in an `X-Sandbox-Warning`, in strict
 * and lenient mode alike: a client reading the whole list learns it got a page.
 */
export const listLimitWarning: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  const limit = c.req.method === 'GET' ? c.req.query('limit') : undefined;
  if (limit !== undefined && /^\d{1,9}$/.test(limit) && Number(limit) > MAX_LIST_LIMIT) {
    c.set('warnings', [...(c.var.warnings ?? []), `limit ${Number(limit)} capped at ${MAX_LIST_LIMIT}, the largest page`]);
  }
  await next();
};
