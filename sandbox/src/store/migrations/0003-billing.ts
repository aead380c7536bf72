import { docTable, type Migration } from './sql';

/**
 * Recurring billing: plans (their status indexed: lists show the active ones) and subscriptions (by customer, by
 * plan). The billing jobs live in the scheduler's `jobs` table, the charges in `transactions`.
 */
export const BILLING: Migration = {
  name: '0003-billing',
  sql: `
${docTable('plans', [{ name: 'status', type: 'TEXT', index: true }])}
${docTable('subscriptions', [
  { name: 'customer_id', type: 'TEXT', index: true },
  { name: 'plan_id', type: 'TEXT', index: true },
  { name: 'status', type: 'TEXT' },
])}
`,
};
