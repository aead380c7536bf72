import type { Context } from 'hono';
import type { Deps, SandboxEnv } from '../../env';
import { customerOf } from '../customers/service';

/**
 * The level of a route mounted at merchant level and under `/customers/{customer_id}` (cards, charges, payouts):
 * the customer's id (an unknown customer is 1005), or null at merchant level.
 */
export const levelOf = (d: Deps, c: Context<SandboxEnv>): string | null => {
  const id = c.req.param('customer_id');
  return id === undefined ? null : customerOf(d, id).id;
};
