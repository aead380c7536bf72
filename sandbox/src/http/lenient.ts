import type { Context } from 'hono';
import type { Deps, SandboxEnv } from '../env';
import { apiError } from '../domain/errors';

/** The response header that carries what `--lenient` let through, one warning per header line. */
export const WARNING_HEADER = 'X-Sandbox-Warning';

/**
 * Strict by default, lenient on request: an omission the spec forbids (a card charge without
 * `device_session_id`, a charge without `X-Forwarded-For`, a merchant-level charge without `customer`) is refused
 * with 1001 naming what is missing; with `--lenient` it is let through and recorded as a warning on the response
 * (`X-Sandbox-Warning`) and in the request log, never silently.
 * @throws SandboxError 1001 with `message` when the sandbox is strict.
 */
export function requireOrWarn(d: Deps, c: Context<SandboxEnv>, present: boolean, message: string): void {
  if (present) return;
  if (!d.lenient) throw apiError(1001, message);
  const warnings = c.var.warnings ?? [];
  warnings.push(`lenient: ${message}`);
  c.set('warnings', warnings);
}

/**
 * Under `--lenient`, a member that the processor's older clients send under another name (a subscription's `card_id`
 * for the spec's `source_id`, as the public Node SDK's tests do) is read as the spec's member, with a warning; in
 * strict mode, or when the spec's member is there too, the body is returned as it is.
 * @param body the parsed JSON body (any value).
 * @returns the body to parse: a copy with `alias` renamed to `name`, or `body` itself.
 */
export function lenientAlias(d: Deps, c: Context<SandboxEnv>, body: unknown, alias: string, name: string): unknown {
  if (!d.lenient || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { [alias]: value, ...rest } = body as Record<string, unknown>;
  if (value === undefined || rest[name] !== undefined) return body;
  requireOrWarn(d, c, false, `${alias} read as ${name}, the spec's name`);
  return { ...rest, [name]: value };
}
