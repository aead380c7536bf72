import { z } from 'zod';
import { parseWith } from '../../http/validate';
import { amountSchema } from '../../schemas/common';
import type { Form } from './types';

/**
 * Reading the dashboard's forms with the API's own schemas, so a button refuses what the API would (1001 naming the
 * field) and hands the services the same values (cents).
 */

const amountOnly = z.object({ amount: amountSchema() });

/**
 * The cents of the form's `amount` field (`500`, `349.50`), checked by the API's amount rule.
 * @returns undefined when the field is empty and `optional`.
 * @throws SandboxError 1001 naming `amount` when it is missing or not an amount of at most two decimals.
 */
export function amountOf(form: Form, optional = false): number | undefined {
  const text = (form.amount ?? '').trim();
  if (!text && optional) return undefined;
  const value = /^\d{1,12}(\.\d{1,2})?$/.test(text) ? Number(text) : text || undefined;
  return parseWith(amountOnly, { amount: value }).amount;
}

/** A form field that must be one of `values`, else undefined. */
export const oneOf = <V extends string>(value: string | undefined, values: readonly V[]): V | undefined =>
  values.includes(value as V) ? (value as V) : undefined;

/** The list offset of a query (`offset`, a whole number from 0 to 100000), else 0. */
export const offsetOf = (value: string | undefined): number => (/^\d{1,6}$/.test(value ?? '') ? Math.min(Number(value), 100_000) : 0);
