import type { PlanRecord, SubscriptionRecord } from '../domain/subscription';
import type { Db } from './db';
import { DocTable, eq, type Page } from './table';

/** Plans (spec, Resources > Plan object). */
export class PlanRepo extends DocTable<PlanRecord> {
  constructor(db: Db) {
    super(db, 'plans', { status: (r) => r.status });
  }

  /** The active plans, newest first, paged (spec, Plans: "GET /plans returns active plans"). */
  listActive(page: Page): PlanRecord[] {
    return this.list(eq('status', 'active'), page);
  }
}

/** Subscriptions (spec, Resources > Subscription object). */
export class SubscriptionRepo extends DocTable<SubscriptionRecord> {
  constructor(db: Db) {
    super(db, 'subscriptions', { customer_id: (r) => r.customerId, plan_id: (r) => r.planId, status: (r) => r.status });
  }

  /** The subscription `id` of this customer, or undefined. */
  find(id: string, customerId: string): SubscriptionRecord | undefined {
    const s = this.get(id);
    return s?.customerId === customerId ? s : undefined;
  }

  /**
   * A customer's subscriptions but the cancelled ones, newest first, paged: a `DELETE`d subscription leaves the
   * customer's list, as the processor's SDKs expect (it is still read by id, cancelled).
   */
  listOfCustomer(customerId: string, page: Page): SubscriptionRecord[] {
    return this.list([...eq('customer_id', customerId), ['status <> ?', 'cancelled']], page);
  }

  /** A plan's subscriptions, newest first, paged. */
  listOfPlan(planId: string, page: Page): SubscriptionRecord[] {
    return this.list(eq('plan_id', planId), page);
  }
}
