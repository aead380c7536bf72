import { loggableError } from '../domain/errors';
import type { MiddlewareHandler } from 'hono';
import type { Deps, SandboxEnv } from '../env';
import type { KeyKind } from '../store/request-log';
import { bodyExcerpt, maskPath } from './request-excerpt';

/** The paths whose requests are logged: the API, the simulation API and the store search (not pages or files). */
export const LOGGED_PATHS = /^\/(v1|sandbox\/v1|stores)(\/|$)/;

/** The path and query string of a request URL. */
const pathAndQuery = (url: string) => {
  const { pathname, search } = new URL(url);
  return pathname + search;
};

/** How the request authenticated, from what authentication set (./auth.ts); never the key itself. */
const keyKindOf = (kind: 'public' | 'private' | undefined, authorization: string | undefined): KeyKind =>
  kind ?? (authorization === undefined ? 'none' : 'invalid');

/**
 * The request log the dashboard shows (store/request-log.ts): one record per API request (time on the sandbox
 * clock, method, path, status, error code, key kind, request id, time to answer, a body excerpt), built here from
 * what the request's own middleware already read, and masked before it is stored (./request-excerpt.ts: card
 * numbers to their BIN and last four, CVV2 values dropped, short excerpts), once the answer is sent (the store
 * writes it in the next turn of the event loop). The body is never read again for the log: the excerpt comes from
 * the JSON body middleware's parse (./body.ts), so a request refused before its body was read (authentication,
 * size) is logged without one. Preflights (OPTIONS) are not logged. A failure to write the log never changes the
 * answer.
 */
export const apiLog =
  (d: Deps): MiddlewareHandler<SandboxEnv> =>
  async (c, next) => {
    if (c.req.method === 'OPTIONS' || !LOGGED_PATHS.test(c.req.path)) return next();
    const at = d.clock.nowMs();
    const start = performance.now();
    await next();
    const { method, url } = c.req;
    const status = c.res.headers.has('x-hono-already-sent') ? 0 : c.res.status;
    const ms = Math.round(performance.now() - start);
    const { requestId, errorCode, keyKind, body, rawBody } = c.var;
    const authorization = c.req.header('authorization');
    d.store.requestLog.add(
      () => ({
        id: requestId ?? '',
        created: at,
        method: method.slice(0, 10),
        path: maskPath(pathAndQuery(url)),
        status,
        errorCode: errorCode ?? null,
        keyKind: keyKindOf(keyKind, authorization),
        ms,
        body: bodyExcerpt(body, rawBody),
      }),
      (e) => d.log?.(`request log: ${loggableError(e)}`),
    );
  };
