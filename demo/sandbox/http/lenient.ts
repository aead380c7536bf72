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
