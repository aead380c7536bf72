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
  addWarning(c, message);
}

/** Records what `--lenient` let through on this request: an `X-Sandbox-Warning: lenient: {message}` line. */
export function addWarning(c: Context<SandboxEnv>, message: string): void {
  c.set('warnings', [...(c.var.warnings ?? []), `lenient: ${message}`]);
}

/**
 * For a service that lets a value through under `--lenient` where strict refuses it (a CLABE of a bank code the
 * catalog lacks): the function that records its warning on this request, or undefined when the sandbox is strict.
 */
export function lenientWarner(d: Deps, c: Context<SandboxEnv>): ((message: string) => void) | undefined {
  return d.lenient ? (message) => addWarning(c, message) : undefined;
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

/** A card number as the API writes it back (`XXXXXXXXXXXX1111`, or `411111XXXXXX1111`): digits hidden by `X`, the last four shown. */
const MASKED_CARD_NUMBER = /^\d{0,6}X+\d{4}$/;

/**
 * Under `--lenient`, a subscription update that sends back the `card` it read (its `card_number` masked, as the
 * processor's SDKs save the whole object) is read without it: the card is unchanged, with a warning. Strict mode, a
 * body without `card`, or a card with a real number: the body is returned as it is (strict refuses the masked number,
 * 1001 naming `card.card_number`).
 * @param body the parsed JSON body (any value).
 */
export function lenientReadBackCard(d: Deps, c: Context<SandboxEnv>, body: unknown): unknown {
  if (!d.lenient || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { card, ...rest } = body as Record<string, unknown>;
  const number = typeof card === 'object' && card !== null ? (card as Record<string, unknown>).card_number : undefined;
  if (typeof number !== 'string' || !MASKED_CARD_NUMBER.test(number)) return body;
  addWarning(c, 'card sent back as read (card_number masked): the card is unchanged');
  return rest;
}
