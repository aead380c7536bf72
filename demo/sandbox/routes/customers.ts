import { Hono } from 'hono';
import { customerListQuerySchema } from '../schemas/index';
import type { Deps, SandboxEnv } from '../env';
import { apiError } from '../errors';
import { newId } from '../ids';
import { page } from '../paging';
import type { CustomerRecord } from '../store';
import { parseWith } from '../validate';
import { customerView } from '../views';
import { findOr404 } from './scope';

/**
 * Customers (spec, Endpoints > Customers), mounted at `/v1/{merchant_id}/customers`. Private key only.
 * - `POST /`: customer schema -> 201 Customer; an `external_id` already used is 2003 (409).
 * - `GET /`: customers, newest first; filters `external_id` and the common ones.
 * - `GET /:customer_id`: Customer, or 1005.
 * - `DELETE /:customer_id`: 204 empty body (its stored cards go too; its transactions stay), or 1005.
 * Customer cards and charges are served by the cards and charges routers mounted under `/:customer_id`.
 */
export function customersRouter(d: Deps) {
  return new Hono<SandboxEnv>()
    .post('/', (c) => {
      const body = parseWith(d.schemas.customer, c.var.body);
      const externalId = body.external_id ?? null;
      if (externalId !== null && [...d.store.customers.values()].some((u) => u.external_id === externalId)) {
        throw apiError(2003, `A customer with external_id ${externalId} already exists`);
      }
      const customer: CustomerRecord = {
        id: newId('a'),
        seq: d.store.nextSeq(),
        created: d.now(),
        name: body.name,
        last_name: body.last_name ?? null,
        email: body.email,
        phone_number: body.phone_number ?? null,
        address: body.address,
        external_id: externalId,
      };
      d.store.customers.set(customer.id, customer);
      return c.json(customerView(customer), 201);
    })
    .get('/', (c) => {
      const q = parseWith(customerListQuerySchema, c.req.query());
      const all = [...d.store.customers.values()].filter((u) => q.external_id === undefined || u.external_id === q.external_id);
      return c.json(page(all, q).map(customerView));
    })
    .get('/:customer_id', (c) => c.json(customerView(findOr404(d.store.customers, c.req.param('customer_id'), 'Customer'))))
    .delete('/:customer_id', (c) => {
      const customer = findOr404(d.store.customers, c.req.param('customer_id'), 'Customer');
      d.store.customers.delete(customer.id);
      for (const [id, k] of d.store.cards) if (k.customerId === customer.id) d.store.cards.delete(id);
      return c.body(null, 204);
    });
}
