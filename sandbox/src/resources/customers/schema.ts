import { z } from 'zod';
import { optionalAddress } from '../../schemas/address';
import { listQuerySchema } from '../../schemas/list';
import { plainText, safeText } from '../../schemas/common';

/**
 * `POST /customers` body. The spec leaves the creation fields unstated ("Request and response fields: not
 * shown"), so they are taken from the Customer object (spec, Resources > Customer object):
 * - `name`: required, 1-100 characters (trimmed);
 * - `last_name`: optional, max 100, may be null;
 * - `email`: required, an e-mail address, max 254;
 * - `phone_number`: optional, 1-20 of digits, spaces, `+`, `(`, `)`, `-`; may be null;
 * - `address`: optional Address object checked by `validateAddress`, may be null;
 * - `external_id`: optional, 1-45 characters (spec "Identifier lengths"), may be null; unique per merchant
 *   (the sandbox answers 2003 for a duplicate).
 *
 * Every text member follows the one free-text rule (`safeText`: no control, invisible or bidirectional-control
 * character, as `holder_name`). The maxima of name, last_name and phone_number are the sandbox's choice. Unknown members are dropped.
 * The same schema is the `customer` member of a merchant-level charge (spec, Charges: "the customer parameter
 * takes the same fields as a customer").
 */
export const customerSchema = z.object({
  name: plainText('name', 100),
  last_name: safeText('last_name').trim().max(100).nullish(),
  email: plainText('email', 254).pipe(z.email()),
  phone_number: z
    .string()
    .trim()
    .regex(/^[0-9 +()-]{1,20}$/)
    .nullish(),
  address: optionalAddress,
  external_id: plainText('external_id', 45).nullish(),
});

/**
 * `POST /customers` body: {@link customerSchema} plus `requires_account` (optional boolean, default false): a
 * customer with an account has a balance, a `clabe` receiving SPEI transfers and a store reference for cash
 * deposits (spec, Customer object `store`, `clabe`; service-anchors: the processor's SDKs send it).
 */
export const createCustomerSchema = customerSchema.extend({ requires_account: z.boolean().default(false) });

/**
 * `PUT /customers/{customer_id}` body (spec: "Customer update endpoint: not shown"; the public server SDKs send the
 * customer's fields): the same members as {@link customerSchema}, every one optional; a member sent replaces the
 * stored one (`null` clears an optional one). `requires_account` cannot change.
 */
export const updateCustomerSchema = customerSchema.partial();

/** `GET /customers` filters: the common ones plus `external_id`. */
export const customerListQuerySchema = listQuerySchema.extend({
  external_id: z.string().min(1).max(45).optional(),
});

export type CreateCustomerBody = z.output<typeof createCustomerSchema>;
export type UpdateCustomerBody = z.output<typeof updateCustomerSchema>;
