import { z } from 'zod';
import { createCardSchema, type Clock } from '../../schemas/card';
import { resourceId } from '../../schemas/common';
import { isCalendarDate } from '../../time/dates';

/** A `trial_end_date` (spec, Limits: "10 characters, yyyy-mm-dd"): a real calendar date. */
export const trialEndDate = z
  .string()
  .length(10)
  .refine(isCalendarDate)
  .meta({ format: 'date', description: 'yyyy-mm-dd (10 characters), a real calendar date' });

/** A refinement: `source_id` and `card` are not both sent; with `required`, one of them is. */
const oneSource = (required: boolean) => (v: { source_id?: string | undefined; card?: unknown }, ctx: z.RefinementCtx) => {
  const both = v.source_id !== undefined && v.card !== undefined;
  if (!both && (!required || v.source_id !== undefined || v.card !== undefined)) return;
  ctx.addIssue({
    code: 'custom',
    path: ['source_id'],
    message: `source_id ${both ? 'and card are not both allowed' : 'is required (or a card object instead)'} (rule: ${both ? 'format' : 'required'})`,
    params: { field: 'source_id', reason: both ? 'format' : 'required' },
  });
};

/**
 * `POST /customers/{customer_id}/subscriptions` body (spec, Endpoints > Subscriptions; Limits):
 * - `plan_id`: required, 1-45 letters or digits;
 * - `trial_end_date`: optional, `yyyy-mm-dd` (10 characters); absent: from the plan's `trial_days`; a date before
 *   today means no trial;
 * - `source_id`: a stored card of the customer or a token (1-45 letters or digits), or instead
 * - `card`: the card itself (card_number, holder_name, expiration_month, expiration_year, cvv2, and optionally
 *   address and `device_session_id`), checked by the card rules (2004, 2005, 2006, 2009, else 1001); one of the two;
 * - `cancel_at_period_end`: optional boolean, default false.
 * @param now the clock of the card's expiry rule.
 */
export function createSubscriptionSchema(now: Clock) {
  return z
    .object({
      plan_id: resourceId,
      trial_end_date: trialEndDate.optional(),
      source_id: resourceId.optional(),
      card: createCardSchema(now).optional(),
      cancel_at_period_end: z.boolean().default(false),
    })
    .superRefine(oneSource(true));
}

/**
 * `PUT /customers/{customer_id}/subscriptions/{subscription_id}` body (spec, Endpoints > Subscriptions: trial_end_date,
 * card), every member optional: `trial_end_date` (during the trial), a new card as `card` or `source_id` (not both),
 * `cancel_at_period_end`. Other members are accepted and change nothing.
 * @param now the clock of the card's expiry rule.
 */
export function updateSubscriptionSchema(now: Clock) {
  return z
    .object({
      trial_end_date: trialEndDate.optional(),
      source_id: resourceId.optional(),
      card: createCardSchema(now).optional(),
      cancel_at_period_end: z.boolean().optional(),
    })
    .superRefine(oneSource(false));
}

export type CreateSubscriptionBody = z.output<ReturnType<typeof createSubscriptionSchema>>;
export type UpdateSubscriptionBody = z.output<ReturnType<typeof updateSubscriptionSchema>>;
