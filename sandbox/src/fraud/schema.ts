import { createHash } from 'node:crypto';
import { z } from 'zod';
import { canonical } from 'paytoken/rules';
import type { SignalReason } from 'paytoken/rules';
import { DEVICE_SESSION_ID } from 'paytoken/rules';

/** Why a signal can be missing (`SignalReason`, src/fraud/types.ts). */
export const SIGNAL_REASONS = ['unsupported', 'blocked', 'timeout', 'threw', 'unstable'] as const satisfies readonly SignalReason[];

/** A signal, automation-flag or timing name: 1-40 of [a-z0-9_]. */
const NAME = /^[a-z0-9_]{1,40}$/;

/** At most this many signals, flags or timings in one body. */
export const MAX_MEMBERS = 40;

/**
 * Bounds of the signals of one body (docs/security.md): arrays nested at most `depth` deep and at most
 * `array` long, strings at most `string` characters, and over all signals together at most `values` values
 * (arrays and leaves) and `chars` string characters. The browser library's real signals use about a tenth of each.
 */
export const SIGNAL_LIMITS = { depth: 4, array: 100, string: 1000, values: 250, chars: 4000 } as const;

/**
 * Whether `v` may be a signal value: a string of at most 1000 characters, a finite number, a boolean, null, or an
 * array of at most 100 such values nested at most 4 deep. Never an object: the visitor id's canonical encoding
 * (`canonical`, src/fraud/hash.ts) sorts only the top-level keys. Iterative with early exit: a body nested
 * 30,000 arrays deep is refused at depth 5, without recursion.
 *
 * @param budget shared by the calls of one body: values and characters left ({@link SIGNAL_LIMITS}); each call
 *   spends from it and fails once it is exhausted.
 */
export function isSignalValue(v: unknown, budget = { values: SIGNAL_LIMITS.values, chars: SIGNAL_LIMITS.chars }): boolean {
  const stack: [unknown, number][] = [[v, 0]];
  while (stack.length) {
    const [x, depth] = stack.pop()!;
    if (--budget.values < 0) return false;
    if (Array.isArray(x)) {
      if (depth >= SIGNAL_LIMITS.depth || x.length > SIGNAL_LIMITS.array) return false;
      for (const y of x) stack.push([y, depth + 1]);
    } else if (typeof x === 'string') {
      if (x.length > SIGNAL_LIMITS.string || (budget.chars -= x.length) < 0) return false;
    } else if (!(x === null || typeof x === 'boolean' || (typeof x === 'number' && Number.isFinite(x)))) return false;
  }
  return true;
}

/** Whether every member of `signals` is a signal value, all within one shared {@link SIGNAL_LIMITS} budget. */
export function withinSignalLimits(signals: unknown): boolean {
  if (typeof signals !== 'object' || signals === null || Array.isArray(signals)) return false;
  const budget = { values: SIGNAL_LIMITS.values, chars: SIGNAL_LIMITS.chars };
  return Object.values(signals).every((v) => isSignalValue(v, budget));
}

const names = <T extends z.ZodType>(value: T) =>
  z
    .record(z.string().regex(NAME), value)
    .refine((o) => Object.keys(o).length <= MAX_MEMBERS, { message: `at most ${MAX_MEMBERS} members` });

/**
 * `POST /v1/{merchant_id}/device-data` body: the `DeviceData` the browser library collected (this project's
 * extension of the API; the spec leaves device-data transport unshown). Unknown members are dropped.
 * - `device_session_id`: required, 1-255 of [A-Za-z0-9_-] (as on charges and cards);
 * - `visitor_id`: required, 32 lowercase hex characters, the first 128 bits of SHA-256 of the canonical JSON of
 *   `signals` (`canonical`, src/fraud/hash.ts; recomputed here with node:crypto: a body whose id does not match
 *   its signals is refused, rule `format`);
 * - `signals`: required object of at most 40 members named [a-z0-9_]{1,40}, each an {@link isSignalValue}, all
 *   within the {@link SIGNAL_LIMITS} together (250 values, 4000 characters): else 1001 naming `signals`;
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
    // zod runs this refinement even when members failed: never hash signals that are not within bounds.
    if (!withinSignalLimits(v.signals)) {
      ctx.addIssue({
        code: 'custom',
        path: ['signals'],
        message: 'signals exceed the shape limits',
        params: { field: 'signals', reason: 'format' },
      });
      return;
    }
    if (typeof v.visitor_id !== 'string') return;
    if (createHash('sha256').update(canonical(v.signals)).digest('hex').slice(0, 32) !== v.visitor_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['visitor_id'],
        message: 'visitor_id does not match signals',
        params: { field: 'visitor_id', reason: 'format' },
      });
    }
  });

/** A parsed device-data body. */
export type DeviceDataBody = z.output<typeof deviceDataSchema>;

/** How a card field was entered (`EntryMethod`, src/fraud/entry-summary.ts). */
export const ENTRY_METHODS = ['typed', 'pasted', 'autofilled', 'inserted', 'scripted'] as const;

/** The card fields an entry summary may describe (`EntryField`, src/fraud/entry.ts), by the spec's names. */
export const ENTRY_FIELDS = ['card_number', 'holder_name', 'expiry', 'expiration_month', 'expiration_year', 'cvv2'] as const;

const ms = (max: number) => z.number().min(0).max(max);
const count = z.number().int().min(0).max(10_000);

/**
 * One field's entry summary (`EntrySummary`, src/fraud/entry-summary.ts): never a value, only how it was entered.
 * - `methods`: the ways seen, each once ({@link ENTRY_METHODS});
 * - `keys`: trusted key presses in the field, 0-10000;
 * - `key_interval_ms`: [median, interquartile range] of the times between them, or null under 2 presses;
 * - `key_dwell_ms`: median time a key was held down, or null;
 * - `key_flight_ms`: [median, interquartile range] of the times from a key's release to the next press (the median
 *   may be negative, down to -600000), or null; optional (older clients send none);
 * - `focus_to_complete_ms`: first focus to the last change, or null;
 * - `focus_changes`: times the field got the focus, 0-10000;
 * - `shiftless_capitals`, `unfocused_keys`, `corrections`: capitals typed without Shift or Caps Lock, key presses
 *   while the document lacked the focus, trusted deletions; 0-10000 each, optional.
 */
export const entrySummarySchema = z.object({
  methods: z.array(z.enum(ENTRY_METHODS)).max(ENTRY_METHODS.length),
  keys: count,
  key_interval_ms: z.tuple([ms(600_000), ms(600_000)]).nullable(),
  key_dwell_ms: ms(600_000).nullable(),
  key_flight_ms: z
    .tuple([z.number().min(-600_000).max(600_000), ms(600_000)])
    .nullable()
    .optional(),
  focus_to_complete_ms: ms(86_400_000).nullable(),
  focus_changes: count,
  shiftless_capitals: count.optional(),
  unfocused_keys: count.optional(),
  corrections: count.optional(),
});

/**
 * `POST /v1/{merchant_id}/device-data/entry` body: the behavioural summary of the card entry, sent when the shopper
 * submits, under the `device_session_id` whose device data already arrived: `{ device_session_id, entry:
 * { card_number?: EntrySummary, holder_name?: ..., expiry?: ..., expiration_month?: ..., expiration_year?: ...,
 * cvv2?: ... } }`, at least one field.
 */
export const deviceEntrySchema = z.object({
  device_session_id: z.string().max(255).regex(DEVICE_SESSION_ID),
  entry: z
    .object(
      Object.fromEntries(ENTRY_FIELDS.map((field) => [field, entrySummarySchema.optional()])) as Record<
        (typeof ENTRY_FIELDS)[number],
        z.ZodOptional<typeof entrySummarySchema>
      >,
    )
    .refine((entry) => Object.values(entry).some(Boolean), { message: 'at least one field' }),
});

/** A parsed entry summary body. */
export type DeviceEntryBody = z.output<typeof deviceEntrySchema>;
