import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps, SandboxEnv } from '../../env';
import { describe } from '../../http/openapi';
import { parseWith } from '../../http/validate';
import { customerObject } from '../shared/objects';
import { createCustomerSchema, customerListQuerySchema, updateCustomerSchema } from './schema';
import { createCustomer, customerOf, deleteCustomer, listCustomers, updateCustomer, viewCustomer } from './service';

const TAG = 'Customers';

/**
 * Customers (spec, Endpoints > Customers), mounted at `/v1/{merchant_id}/customers`. Private key only.
 * - `POST /`: 201 Customer; `external_id` taken: 2003. By default (`requires_account` true) it has a balance, a CLABE
 *   and a store reference; `requires_account: false` makes one without.
 * - `GET /`: newest first; filters `external_id` and the common ones.
 * - `GET /:customer_id`: Customer, or 1005. `PUT /:customer_id`: the fields sent replace the stored ones.
 * - `DELETE /:customer_id`: 204 (its cards go too; its transactions stay); 3006 while its balance is above zero.
 * The customer-level resources (cards, charges, ...) are mounted under `/:customer_id` by app.ts.
 */
export function customersRouter(d: Deps) {
  return new Hono<SandboxEnv>()
    .post(
      '/',
      describe({
        tag: TAG,
        summary: 'Create a customer',
        body: createCustomerSchema,
        ok: { status: 201, schema: customerObject },
        errors: [2003, 1003],
        gap: 'Request and response fields are not shown by the spec: taken from the Customer object, plus requires_account',
      }),
      (c) => c.json(viewCustomer(d, createCustomer(d, parseWith(createCustomerSchema, c.var.body))), 201),
    )
    .get(
      '/',
      describe({
        tag: TAG,
        summary: 'List customers',
        query: customerListQuerySchema,
        ok: { status: 200, schema: z.array(customerObject) },
      }),
      (c) => c.json(listCustomers(d, parseWith(customerListQuerySchema, c.req.query())).map((u) => viewCustomer(d, u))),
    )
    .get('/:customer_id', describe({ tag: TAG, summary: 'Get a customer', ok: { status: 200, schema: customerObject } }), (c) =>
      c.json(viewCustomer(d, customerOf(d, c.req.param('customer_id')))),
    )
    .put(
      '/:customer_id',
      describe({
        tag: TAG,
        summary: 'Update a customer',
        body: updateCustomerSchema,
        ok: { status: 200, schema: customerObject },
        errors: [2003],
        gap: 'Customer update: not shown by the spec; the path the public server SDKs call',
      }),
      (c) => c.json(viewCustomer(d, updateCustomer(d, c.req.param('customer_id'), parseWith(updateCustomerSchema, c.var.body)))),
    )
    .delete('/:customer_id', describe({ tag: TAG, summary: 'Delete a customer', ok: { status: 204 }, errors: [3006] }), (c) => {
      deleteCustomer(d, c.req.param('customer_id'));
      return c.body(null, 204);
    });
}
