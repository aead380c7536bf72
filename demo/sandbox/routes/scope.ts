import type { Context, MiddlewareHandler } from 'hono';
import type { Deps, SandboxEnv } from '../env';
import { apiError } from '../errors';
import type { CustomerRecord } from '../store';

/**
 * For routers mounted both at merchant level and under `/customers/{customer_id}` (cards, charges): when
 * the path has a `customer_id`, loads that customer into `c.var.customer` or answers 1005 (404).
 */
export const customerScope =
  (d: Deps): MiddlewareHandler<SandboxEnv> =>
  async (c, next) => {
    const id = c.req.param('customer_id');
    if (id !== undefined) {
      const customer = d.store.customers.get(id);
      if (!customer) throw apiError(1005, `Customer ${id} not found`);
      c.set('customer', customer);
    }
    await next();
  };

/** The customer of the current route, or null at merchant level. */
export const scopeOf = (c: Context<SandboxEnv>): CustomerRecord | null => c.var.customer ?? null;

/** Looks up `id` in `map`, keeping it only when `belongs` says it is in scope; else 1005 naming `what`. */
export function findOr404<T>(map: Map<string, T>, id: string, what: string, belongs: (t: T) => boolean = () => true): T {
  const found = map.get(id);
  if (!found || !belongs(found)) throw apiError(1005, `${what} ${id} not found`);
  return found;
}
