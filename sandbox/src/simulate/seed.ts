import { z } from 'zod';
import type { Deps } from '../env';
import { apiError, SandboxError } from '../domain/errors';
import { parseWith } from '../http/validate';
import { bankAccountSchema } from '../resources/bank-accounts/schema';
import { createBankAccount } from '../resources/bank-accounts/service';
import { createCard } from '../resources/cards/service';
import { createCustomerSchema } from '../resources/customers/schema';
import { createCustomer } from '../resources/customers/service';
import { createPlanSchema } from '../resources/plans/schema';
import { createPlan } from '../resources/plans/service';
import { createWebhookSchema } from '../resources/webhooks/schema';
import { createWebhook } from '../resources/webhooks/service';

/** Most entries of each list in one seed. */
export const MAX_SEED_ENTRIES = 1000;

/**
 * A card of the seed: a test card's number alone (PAN, 12-19 digits), or with its holder, expiry and CVV2. What is
 * left out is filled in: holder "Test Card", expiry December five years ahead, CVV2 `123` (`1234` for an IIN 34/37).
 */
export const seedCardSchema = z.union([
  z.string().regex(/^\d{12,19}$/),
  z.strictObject({
    number: z.string().regex(/^\d{12,19}$/),
    holder_name: z.string().optional(),
    expiration_month: z.string().optional(),
    expiration_year: z.string().optional(),
    cvv2: z.string().optional(),
  }),
]);

const list = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_SEED_ENTRIES).optional();

/**
 * Fixtures loaded into a merchant (`--seed FILE` at start, `POST {base}/sandbox/v1/{merchant_id}/seed`): customers
 * (the body of `POST /customers`, plus their `cards` and `bank_accounts`), merchant-level `cards`, `plans` (the
 * body of `POST /plans`) and `webhooks` (the body of `POST /webhooks`). Unknown members are refused.
 */
export const seedSchema = z.strictObject({
  customers: list(createCustomerSchema.extend({ cards: list(seedCardSchema), bank_accounts: list(bankAccountSchema) })),
  cards: list(seedCardSchema),
  plans: list(createPlanSchema),
  webhooks: list(createWebhookSchema),
});

export type Seed = z.output<typeof seedSchema>;

/** How many records a seed made, by kind. */
export interface SeedCounts {
  customers: number;
  cards: number;
  bank_accounts: number;
  plans: number;
  webhooks: number;
}

/** Runs `fn`; an API error it throws comes back with the seed member it is about in front of its description. */
async function at<T>(member: string, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (!(e instanceof SandboxError)) throw e;
    throw apiError(e.error.error_code, `${member}: ${e.error.description}`, { http_code: e.error.http_code });
  }
}

/** The card body of a seed card, its missing members filled in. */
function cardBody(d: Deps, card: z.output<typeof seedCardSchema>): Record<string, string> {
  const c = typeof card === 'string' ? { number: card } : card;
  return {
    card_number: c.number,
    holder_name: c.holder_name ?? 'Test Card',
    expiration_month: c.expiration_month ?? '12',
    expiration_year: c.expiration_year ?? String((d.clock.now().getUTCFullYear() + 5) % 100).padStart(2, '0'),
    cvv2: c.cvv2 ?? (/^3[47]/.test(c.number) ? '1234' : '123'),
  };
}

/** Creates a seed's customers with their cards and bank accounts; counts what it made. */
async function seedCustomers(d: Deps, seed: Seed, n: SeedCounts): Promise<void> {
  for (const [i, { cards = [], bank_accounts = [], ...body }] of (seed.customers ?? []).entries()) {
    const customer = await at(`customers.${i}`, () => createCustomer(d, body));
    n.customers++;
    for (const [j, card] of cards.entries()) {
      await at(`customers.${i}.cards.${j}`, () => createCard(d, { raw: parseWith(d.schemas.card, cardBody(d, card)) }, customer.id));
      n.cards++;
    }
    for (const [j, account] of bank_accounts.entries()) {
      await at(`customers.${i}.bank_accounts.${j}`, () => createBankAccount(d, customer.id, account));
      n.bank_accounts++;
    }
  }
}

/**
 * Loads a seed into one merchant, all or nothing: when any entry is refused, the merchant's data goes back to what
 * it was before the seed (a snapshot taken first) and the error names the member, e.g. `customers.1.cards.0: ...`.
 * @param input the parsed JSON; checked against {@link seedSchema} first (1001 naming the member).
 * @throws SandboxError the first refusal.
 */
export async function applySeed(d: Deps, input: unknown): Promise<SeedCounts> {
  const members = Object.keys(seedSchema.shape);
  const unknown = input && typeof input === 'object' ? Object.keys(input).filter((k) => !members.includes(k)) : [];
  if (unknown.length) throw apiError(1001, `${unknown.join(', ')} is not a seed member (rule: format): one of ${members.join(', ')}`);
  const seed = parseWith(seedSchema, input);
  const before = d.store.image();
  const n: SeedCounts = { customers: 0, cards: 0, bank_accounts: 0, plans: 0, webhooks: 0 };
  try {
    await seedCustomers(d, seed, n);
    for (const [i, card] of (seed.cards ?? []).entries()) {
      await at(`cards.${i}`, () => createCard(d, { raw: parseWith(d.schemas.card, cardBody(d, card)) }, null));
      n.cards++;
    }
    for (const [i, plan] of (seed.plans ?? []).entries()) {
      await at(`plans.${i}`, () => createPlan(d, plan));
      n.plans++;
    }
    for (const [i, webhook] of (seed.webhooks ?? []).entries()) {
      await at(`webhooks.${i}`, () => createWebhook(d, webhook));
      n.webhooks++;
    }
  } catch (e) {
    d.store.restore(before);
    throw e;
  }
  return n;
}
