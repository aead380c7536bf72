import { createHash } from 'node:crypto';
import { z } from 'zod';
import { canonical } from '../../../src/fraud/hash';
import type { SignalReason } from '../../../src/fraud/types';
import { DEVICE_SESSION_ID } from '../../../src/card/ids';

/** Why a signal can be missing (`SignalReason`, src/fraud/types.ts). */
export const SIGNAL_REASONS = ['unsupported', 'blocked', 'timeout', 'threw', 'unstable'] as const satisfies readonly SignalReason[];

/** A signal, automation-flag or timing name: 1-40 of [a-z0-9_]. */
const NAME = /^[a-z0-9_]{1,40}$/;

/** At most this many signals, flags or timings in one body. */
export const MAX_MEMBERS = 40;

/**
 * Whether `v` may be a signal value: a string of at most 1000 characters, a finite number, a boolean, null, or an
 * array of at most 100 such values nested at most 4 deep. Never an object: the visitor id's canonical encoding
 * (`canonical`, src/fraud/hash.ts) sorts only the top-level keys.
 */
export function isSignalValue(v: unknown, depth = 0): boolean {
  if (Array.isArray(v)) return depth < 4 && v.length <= 100 && v.every((x) => isSignalValue(x, depth + 1));
  return v === null || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.length <= 1000);
}

const names = <T extends z.ZodType>(value: T) =>
  z.record(z.string().regex(NAME), value).refine((o) => Object.keys(o).length <= MAX_MEMBERS, { message: `at most ${MAX_MEMBERS} members` });

/**
 * `POST /v1/{merchant_id}/device-data` body: the `DeviceData` the browser library collected (this project's
 * extension of the API; the spec leaves device-data transport unshown). Unknown members are dropped.
 * - `device_session_id`: required, 1-255 of [A-Za-z0-9_-] (as on charges and cards);
 * - `visitor_id`: required, 32 lowercase hex characters, the first 128 bits of SHA-256 of the canonical JSON of
 *   `signals` (`canonical`, src/fraud/hash.ts; recomputed here with node:crypto: a body whose id does not match
 *   its signals is refused, rule `format`);
 * - `signals`: required object of at most 40 members named [a-z0-9_]{1,40}, each an {@link isSignalValue};
 * - `missing`: optional object, name -> one of {@link SIGNAL_REASONS};
 * - `automation`: optional array of at most 40 flag names (unique);
 * - `timings`: optional object, name -> milliseconds (a number from 0 to 600000).
 */
export const deviceDataSchema = z
  .object({
    device_session_id: z.string().max(255).regex(DEVICE_SESSION_ID),
    visitor_id: z.string().regex(/^[0-9a-f]{32}$/),
    signals: names(z.unknown().refine((v) => isSignalValue(v), { message: 'not a signal value' })),
    missing: names(z.enum(SIGNAL_REASONS)).default({}),
    automation: z
      .array(z.string().regex(NAME))
      .max(MAX_MEMBERS)
      .refine((a) => new Set(a).size === a.length, { message: 'duplicate flag' })
      .default([]),
    timings: names(z.number().min(0).max(600_000)).default({}),
  })
  .superRefine((v, ctx) => {
    if (createHash('sha256').update(canonical(v.signals)).digest('hex').slice(0, 32) !== v.visitor_id) {
      ctx.addIssue({ code: 'custom', path: ['visitor_id'], message: 'visitor_id does not match signals', params: { field: 'visitor_id', reason: 'format' } });
    }
  });

/** A parsed device-data body. */
export type DeviceDataBody = z.output<typeof deviceDataSchema>;
