import { z } from 'zod';

/**
 * Zod schemas of the spec's objects as the sandbox answers them (spec, Resources): the views are typed by them and
 * the OpenAPI document describes responses with them, so a view that drifts from its schema does not compile and
 * a response that drifts from the document fails the contract tests.
 */

/** An ISO 8601 datetime with offset (`2026-03-01T09:30:00-06:00`). */
export const dateTime = z.string().meta({ format: 'date-time' });

/** An amount: a number with at most two decimals (spec, Resources: amounts). */
export const amount = z.number().meta({ description: 'Amount, at most two decimals' });

/** Address object (spec, Resources > Address object). */
export const addressObject = z
  .object({
    line1: z.string(),
    line2: z.string().optional(),
    line3: z.string().optional(),
    postal_code: z.string(),
    state: z.string(),
    city: z.string(),
    country_code: z.string(),
  })
  .meta({ id: 'Address' });

/** The card members shared by the Card object and a token's card. */
const cardCore = {
  holder_name: z.string(),
  card_number: z.string().meta({ description: 'Masked: only the last four digits are visible' }),
  expiration_month: z.string(),
  expiration_year: z.string(),
  address: addressObject.nullable(),
  brand: z.string(),
};

/** Card object (spec, Resources > Card object). */
export const cardObject = z
  .object({
    id: z.string(),
    creation_date: dateTime,
    ...cardCore,
    allows_charges: z.boolean(),
    allows_payouts: z.boolean(),
    type: z.string(),
    bank_name: z.string(),
    bank_code: z.string(),
    customer_id: z.string().nullable(),
    points_card: z.boolean(),
  })
  .meta({ id: 'Card' });

/** Token object (spec, Resources > Token object). */
export const tokenObject = z
  .object({
    id: z.string(),
    card: z.object({ ...cardCore, creation_date: dateTime.nullable(), points_card: z.boolean().optional() }),
  })
  .meta({ id: 'Token' });

/** The points balance entries of a card (spec, Cards: `GET .../points`). */
export const pointsObject = z
  .array(z.object({ points_type: z.string(), remaining_points: z.string(), remaining_mxn: z.string() }))
  .meta({ id: 'PointsBalance' });

/** An empty JSON object (the card update's answer: spec, Cards PUT; clients must tolerate added fields). */
export const emptyObject = z.object({}).meta({ id: 'Empty' });

/** Bank account object (spec, Resources > Bank account object): the CLABE masked but for its first 3 and last 5 digits. */
export const bankAccountObject = z
  .object({
    id: z.string(),
    holder_name: z.string(),
    alias: z.string().nullable(),
    clabe: z.string(),
    bank_name: z.string(),
    bank_code: z.string(),
    creation_date: dateTime,
  })
  .meta({ id: 'BankAccount' });

/** Customer object (spec, Resources > Customer object). `store` and `clabe` only for customers with an account. */
export const customerObject = z
  .object({
    id: z.string(),
    name: z.string(),
    last_name: z.string().nullable(),
    email: z.string(),
    phone_number: z.string().nullable(),
    address: addressObject.nullable(),
    creation_date: dateTime,
    external_id: z.string().nullable(),
    status: z.string().optional(),
    balance: amount.optional(),
    clabe: z.string().optional(),
    store: z.object({ reference: z.string(), barcode_url: z.string() }).optional(),
  })
  .meta({ id: 'Customer' });
