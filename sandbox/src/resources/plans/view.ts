import { z } from 'zod';
import { fromCents } from '../../domain/money';
import { PLAN_STATUSES, REPEAT_UNITS, STATUSES_AFTER_RETRY, type PlanRecord } from '../../domain/subscription';
import { isoDateTime } from '../../time/dates';
import { amount, dateTime } from '../shared/objects';

/** Plan object (spec, Resources > Plan object). */
export const planObject = z
  .object({
    id: z.string(),
    creation_date: dateTime,
    name: z.string(),
    amount,
    currency: z.string(),
    repeat_every: z.number().int(),
    repeat_unit: z.enum(REPEAT_UNITS),
    retry_times: z.number().int(),
    status: z.enum(PLAN_STATUSES),
    status_after_retry: z.enum(STATUSES_AFTER_RETRY),
    trial_days: z.number().int(),
  })
  .meta({ id: 'Plan' });

export type PlanView = z.infer<typeof planObject>;

/** The Plan object of a record; the amount leaves as a two-decimal number. */
export const planView = (p: PlanRecord): PlanView => ({
  id: p.id,
  creation_date: isoDateTime(p.created),
  name: p.name,
  amount: fromCents(p.amountCents),
  currency: p.currency,
  repeat_every: p.repeatEvery,
  repeat_unit: p.repeatUnit,
  retry_times: p.retryTimes,
  status: p.status,
  status_after_retry: p.statusAfterRetry,
  trial_days: p.trialDays,
});
