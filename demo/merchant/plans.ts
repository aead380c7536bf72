import type { ApiClient } from './api';

/** A plan the shop sells: its id on the API, name, price (MXN), period and trial (days). */
export interface ShopPlan {
  id: string;
  name: string;
  amount: number;
  repeat_every: number;
  repeat_unit: 'week' | 'month';
  trial_days: number;
}

/** The plans the shop offers (spec, Resources > Plan object), made on the API by name when absent. */
export const SHOP_PLANS: readonly Omit<ShopPlan, 'id'>[] = [
  { name: 'Café del mes', amount: 299, repeat_every: 1, repeat_unit: 'month', trial_days: 7 },
  { name: 'Café de la semana', amount: 99, repeat_every: 1, repeat_unit: 'week', trial_days: 0 },
];

/**
 * The shop's plans with their API ids: each of {@link SHOP_PLANS} found among the merchant's active plans by its
 * name, else created (`POST /plans`, 3 retries, `unpaid` after them).
 * @throws the API's Error object (an `Error` with its fields) when a plan cannot be listed or created.
 */
export async function ensurePlans(api: ApiClient): Promise<ShopPlan[]> {
  const list = await api.read('/plans?limit=100');
  if (!list.ok) throw Object.assign(new Error(`GET /plans answered ${list.status}`), list.body);
  const existing = (list.body as unknown as (ShopPlan & { status: string })[]).filter((p) => p.status === 'active');
  const plans: ShopPlan[] = [];
  for (const plan of SHOP_PLANS) {
    const found = existing.find((p) => p.name === plan.name && Number(p.amount) === plan.amount);
    if (found) {
      plans.push({ ...plan, id: found.id });
      continue;
    }
    const made = await api.send('POST', '/plans', { ...plan, currency: 'MXN', retry_times: 3, status_after_retry: 'unpaid' });
    if (!made.ok) throw Object.assign(new Error(`POST /plans answered ${made.status}`), made.body);
    plans.push({ ...plan, id: String(made.body.id) });
  }
  return plans;
}
