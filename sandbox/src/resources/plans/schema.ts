import { z } from 'zod';
import { MAX_TRIAL_DAYS, REPEAT_UNITS, STATUSES_AFTER_RETRY } from '../../domain/subscription';
import { amountSchema, CURRENCIES, plainText } from '../../schemas/common';

/** Bounds of a plan's counts (the spec states none): `repeat_every` 1-365, `retry_times` 0-100 (default 3; the public
 * Java SDK's suite creates plans with 100). */
export const PLAN_LIMITS = { repeatEvery: 365, retryTimes: 100, defaultRetryTimes: 3 } as const;

/**
 * A whole number from `min` to `max` (spec: "numeric"), a JSON number. The public server SDKs' `"30"` is read as 30
 * only under `--lenient`, with a warning (http/lenient-body.ts, the one pre-pass for every body).
 */
const count = (min: number, max: number) =>
  z
    .number()
    .int()
    .min(min)
    .max(max)
    .meta({ description: `A whole number, ${min} to ${max}` });

/** `status_after_retry`: unpaid or cancelled, in any case (spec, Plans: "case-insensitive"). Output: lower case. */
const statusAfterRetry = z
  .string()
  .transform((s) => s.toLowerCase())
  .pipe(z.enum(STATUSES_AFTER_RETRY))
  .meta({ type: 'string', description: 'unpaid or cancelled, in any case' });

/**
 * `POST /plans` body (spec, Endpoints > Plans; Resources > Plan object; Limits):
 * - `name`: required, 1-255 characters, no control or invisible character;
 * - `amount`: required, greater than zero, at most two decimals -> cents;
 * - `currency`: optional, MXN or USD, default MXN;
 * - `repeat_every`: required, 1-365; `repeat_unit`: required, `week`, `month` or `year`;
 * - `retry_times`: optional, 0-100, default 3 (the attempts after a failed charge);
 * - `status_after_retry`: required, `unpaid` or `cancelled` in any case -> lower case;
 * - `trial_days`: required, 0-3650 (0: no trial).
 * Other members (`status`, `id`, ...) are accepted and dropped.
 */
export const createPlanSchema = z.object({
  name: plainText('name', 255),
  amount: amountSchema(),
  currency: z.enum(CURRENCIES).default('MXN'),
  repeat_every: count(1, PLAN_LIMITS.repeatEvery),
  repeat_unit: z.enum(REPEAT_UNITS),
  retry_times: count(0, PLAN_LIMITS.retryTimes).default(PLAN_LIMITS.defaultRetryTimes),
  status_after_retry: statusAfterRetry,
  trial_days: count(0, MAX_TRIAL_DAYS),
});

/**
 * `PUT /plans/{plan_id}` body (spec, Endpoints > Plans: "name (optional, max 80), trial_days (optional). Only these
 * fields can change"): other members are accepted and change nothing (an SDK may send the whole plan back).
 */
export const updatePlanSchema = z.object({
  name: plainText('name', 80).optional(),
  trial_days: count(0, MAX_TRIAL_DAYS).optional(),
});

export type CreatePlanBody = z.output<typeof createPlanSchema>;
export type UpdatePlanBody = z.output<typeof updatePlanSchema>;
