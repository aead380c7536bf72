import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../env';
import { loggableError } from '../domain/errors';
import { escapeForLog } from './access-log';

/**
 * What a log line may say of the error behind a 1000: {@link loggableError} (name, message with digit runs masked)
 * and where it was thrown (the first stack frame: a file and line of the sandbox's code, never data).
 */
export function errorCause(err: unknown): string {
  const frame = err instanceof Error ? /\n\s+at (.+)/.exec(err.stack ?? '')?.[1] : undefined;
  return `${loggableError(err)}${frame ? ` (at ${escapeForLog(frame, 200)})` : ''}`;
}

/**
 * Logs every request that ends in error 1000 (internal error, 500): `error 1000 request_id=<id> METHOD path: <cause>`
 * (see {@link errorCause}), so an answer the client sees as `{"error_code":1000,"request_id":...}` can be traced.
 * Reads `errorCode` and `errorCause`, which http/render.ts sets; runs after http/request-id.ts.
 *
 * @param log where the line goes: the sandbox's `log` option, else stderr.
 */
export const internalErrorLog =
  (log: (line: string) => void): MiddlewareHandler<SandboxEnv> =>
  async (c, next) => {
    await next();
    if (c.var.errorCode !== 1000) return;
    log(
      `error 1000 request_id=${c.var.requestId} ${escapeForLog(c.req.method, 20)} ${escapeForLog(c.req.path)}: ${errorCause(c.var.errorCause)}`,
    );
  };
