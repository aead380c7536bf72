import { randomUUID } from 'node:crypto';
import type { SandboxClient } from './client';
import { SPEC_EVENT_TYPES } from '../events/outbox';

/** The spec's event types (spec, Events) `trigger` can fire: each has a recipe below. */
export const TRIGGER_TYPES = SPEC_EVENT_TYPES;

export type TriggerType = (typeof TRIGGER_TYPES)[number];

/** Whether `type` is one of {@link TRIGGER_TYPES}. */
export const isTriggerType = (type: string): type is TriggerType => (TRIGGER_TYPES as readonly string[]).includes(type);

/** A CLABE whose payouts settle (the sandbox's issuing bank, 646) and the test CLABE whose payouts the bank rejects. */
const GOOD_CLABE = '646180000000000012';
const FAILING_CLABE = '012180999999999995';
/** An hour and a minute: the payouts' settle delay (docs/sandbox.md, "Payouts") passed. */
const SETTLE_SECONDS = 3_660;

/** The shopper of a merchant-level charge (the spec requires one there). */
const SHOPPER = { name: 'Trigger', email: 'trigger@example.com' };

const order = () => `trg${randomUUID().replaceAll('-', '').slice(0, 20)}`;

/** An expiry year five years after the merchant's clock (which tests may have moved years ahead), two digits. */
async function expiryYear(c: SandboxClient): Promise<string> {
  const { now } = await c.sim<{ now: string }>('GET', '/clock');
  return String((new Date(now).getUTCFullYear() + 5) % 100).padStart(2, '0');
}

/** A customer; with an account when `funded` pesos > 0, that much deposited by SPEI (which fires `spei.received`). */
async function customer(c: SandboxClient, funded = 0): Promise<{ id: string; clabe?: string }> {
  const cu = await c.api('POST', '/customers', { name: 'Trigger', email: 'trigger@example.com', requires_account: funded > 0 });
  if (funded > 0) await c.sim('POST', '/spei-transfers', { clabe: cu.clabe, amount: funded });
  return cu;
}

/** A card charge of `amount` pesos on a new merchant-level card with `number`. @returns the charge (or throws its refusal). */
async function cardCharge(c: SandboxClient, number = '4111111111111111', amount = 100): Promise<{ id: string }> {
  const card = await c.api('POST', '/cards', {
    card_number: number,
    holder_name: 'Trigger',
    expiration_month: '12',
    expiration_year: await expiryYear(c),
    cvv2: '123',
  });
  const body = {
    method: 'card',
    source_id: card.id,
    amount,
    description: 'trigger',
    order_id: order(),
    device_session_id: order(),
    customer: SHOPPER,
  };
  return c.api('POST', '/charges', body);
}

/** A payout of 10 pesos to `clabe`, the merchant's balance funded by a card charge first. */
async function payout(c: SandboxClient, clabe: string): Promise<void> {
  await cardCharge(c, undefined, 100);
  const bank_account = { clabe, holder_name: 'Trigger' };
  await c.api('POST', '/payouts', { method: 'bank_account', bank_account, amount: 10, description: 'trigger', order_id: order() });
}

/** A disputed card charge, its dispute then ending with `outcome` when given. */
async function chargeback(c: SandboxClient, outcome?: 'accepted' | 'rejected'): Promise<void> {
  const charge = await cardCharge(c);
  await c.sim('POST', `/charges/${charge.id}/chargeback`, { outcome: 'pending' });
  if (outcome) await c.sim('POST', `/charges/${charge.id}/chargeback`, { outcome });
}

/** A subscription in a one-day trial on a card that declines, then the clock past its trial: the billing fails. */
async function failedSubscriptionCharge(c: SandboxClient): Promise<void> {
  const plan = await c.api('POST', '/plans', {
    name: 'Trigger',
    amount: 10,
    repeat_every: 1,
    repeat_unit: 'month',
    retry_times: 0,
    status_after_retry: 'cancelled',
    trial_days: 1,
  });
  const cu = await customer(c);
  const card = await c.api('POST', `/customers/${cu.id}/cards`, {
    card_number: '4000000000000002',
    holder_name: 'Trigger',
    expiration_month: '12',
    expiration_year: await expiryYear(c),
    cvv2: '123',
  });
  await c.api('POST', `/customers/${cu.id}/subscriptions`, { plan_id: plan.id, source_id: card.id });
  await c.sim('POST', '/clock/advance', { seconds: 2 * 86_400 });
}

/** The verification event of the newest webhook, sent again (a webhook's creation is what makes it). */
async function verification(c: SandboxClient): Promise<void> {
  const [event] = await c.sim<{ id: string }[]>('GET', '/events?type=verification&limit=1');
  if (!event) throw new Error('verification: no webhook is registered: register one (or run `listen --forward-to URL`) first');
  await c.sim('POST', `/events/${event.id}/resend`);
}

/** What makes each event type, as the sandbox emits it (docs/sandbox.md, "Events"). */
const RECIPES: Record<TriggerType, (c: SandboxClient) => Promise<unknown>> = {
  verification,
  'charge.created': (c) =>
    c.api('POST', '/charges', { method: 'store', amount: 100, description: 'trigger', order_id: order(), customer: SHOPPER }),
  'charge.succeeded': (c) => cardCharge(c),
  'charge.failed': (c) => cardCharge(c, '4000000000000002').catch((e: Error) => (/ 3001 /.test(e.message) ? null : Promise.reject(e))),
  'charge.cancelled': async (c) => {
    const charge = await c.api('POST', '/charges', {
      method: 'store',
      amount: 100,
      description: 'trigger',
      order_id: order(),
      customer: SHOPPER,
    });
    await c.api('POST', `/charges/${charge.id}/cancel`);
  },
  'charge.refunded': async (c) => c.api('POST', `/charges/${(await cardCharge(c)).id}/refund`, {}),
  'subscription.charge.failed': failedSubscriptionCharge,
  'payout.created': (c) => payout(c, GOOD_CLABE),
  'payout.succeeded': async (c) => {
    await payout(c, GOOD_CLABE);
    await c.sim('POST', '/clock/advance', { seconds: SETTLE_SECONDS });
  },
  'payout.failed': async (c) => {
    await payout(c, FAILING_CLABE);
    await c.sim('POST', '/clock/advance', { seconds: SETTLE_SECONDS });
  },
  'transfer.succeeded': async (c) => {
    const [from, to] = [await customer(c, 100), await customer(c, 1)];
    await c.api('POST', `/customers/${from.id}/transfers`, { customer_id: to.id, amount: 10, description: 'trigger', order_id: order() });
  },
  'fee.succeeded': async (c) => {
    const cu = await customer(c, 100);
    await c.api('POST', '/fees', { customer_id: cu.id, amount: 5, description: 'trigger', order_id: order() });
  },
  'spei.received': (c) => customer(c, 100),
  'chargeback.created': (c) => chargeback(c),
  'chargeback.accepted': (c) => chargeback(c, 'accepted'),
  'chargeback.rejected': (c) => chargeback(c, 'rejected'),
};

/**
 * `paytoken-sandbox trigger <event type>`: makes what the event needs on the merchant of `c` and fires it (as the
 * API and the simulation API would: records, ledger entries and other events too; payouts and subscriptions move
 * the merchant's clock). @returns the id of the newest event of that type afterwards.
 * @throws Error naming the call the sandbox refused.
 */
export async function trigger(c: SandboxClient, type: TriggerType): Promise<string> {
  await RECIPES[type](c);
  const [event] = await c.sim<{ id: string }[]>('GET', `/events?type=${encodeURIComponent(type)}&limit=1`);
  if (!event) throw new Error(`${type}: the sandbox wrote no such event`);
  return event.id;
}
