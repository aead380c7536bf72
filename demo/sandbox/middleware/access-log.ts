import type { MiddlewareHandler } from 'hono';

/**
 * Logs one line per request: `METHOD path status ms` (path without the query string; status `reset` when fault
 * mode reset the connection). Nothing else, so no
 * card number, CVV2, key or body can reach the log.
 *
 * @param log where lines go (the CLI passes stderr); no logging when absent.
 */
export const accessLog = (log?: (line: string) => void): MiddlewareHandler => async (c, next) => {
  if (!log) return next();
  const start = performance.now();
  await next();
  const status = c.res.headers.has('x-hono-already-sent') ? 'reset' : c.res.status;
  log(`${c.req.method} ${c.req.path} ${status} ${Math.round(performance.now() - start)}ms`);
};
