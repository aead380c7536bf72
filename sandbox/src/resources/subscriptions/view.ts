import { z } from 'zod';
import { SUBSCRIPTION_STATUSES, type SubscriptionRecord } from '../../domain/subscription';
import { isoDateTime } from '../../time/dates';
import { cardView } from '../cards/view';
import { cardObject, dateTime } from '../shared/objects';

/** A calendar date `yyyy-mm-dd` (spec, Resources: plain dates). */
const date = z.string().meta({ format: 'date' });

/**
 * Subscription object (spec, Resources > Subscription object). `charge_date` is null when no charge is coming
 * (unpaid, cancelled, or `cancel_at_period_end` set): the spec calls it the next charge date.
 */
export const subscriptionObject = z
  .object({
    id: z.string(),
    creation_date: dateTime,
    status: z.enum(SUBSCRIPTION_STATUSES),
    cancel_at_period_end: z.boolean(),
    charge_date: date.nullable(),
    current_period_number: z.number().int(),
    period_end_date: date,
    trial_end_date: date,
    plan_id: z.string(),
    customer_id: z.string(),
    card: cardObject,
  })
  .meta({ id: 'Subscription' });

export type SubscriptionView = z.infer<typeof subscriptionObject>;

/** The next charge: none when the subscription ends at its period's end (but a retry of a past-due one still comes). */
const nextCharge = (s: SubscriptionRecord): string | null => (s.cancelAtPeriodEnd && s.status !== 'past_due' ? null : s.chargeDate);

/** The Subscription object of a record; its card as the Card object it was when set (number masked). */
export const subscriptionView = (s: SubscriptionRecord): SubscriptionView => ({
  id: s.id,
  creation_date: isoDateTime(s.created),
  status: s.status,
  cancel_at_period_end: s.cancelAtPeriodEnd,
  charge_date: nextCharge(s),
  current_period_number: s.period,
  period_end_date: s.periodEndDate,
  trial_end_date: s.trialEndDate,
  plan_id: s.planId,
  customer_id: s.customerId,
  card: cardView({ id: s.card.id, created: s.card.created, customerId: s.customerId, card: s.card.facts }),
});
