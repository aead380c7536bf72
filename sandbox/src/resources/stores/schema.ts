import { z } from 'zod';
import { toCents } from '../../domain/money';

/** A decimal number in a query string: an optional minus, 1-4 digits, at most 12 decimals. */
const decimal = z
  .string()
  .regex(/^-?\d{1,4}(\.\d{1,12})?$/)
  .transform(Number);

/** Most kilometres a search may cover: 1000. */
export const MAX_SEARCH_KM = 1000;

/**
 * `GET {base}/stores` query (spec, Endpoints > Convenience store search): every member required, a 1001 naming it
 * when missing or malformed:
 * - `latitud`: degrees, -90 to 90; `longitud`: degrees, -180 to 180 (decimal numbers, up to 12 decimals);
 * - `kilometers`: the search radius, greater than 0, at most {@link MAX_SEARCH_KM};
 * - `amount`: the purchase amount, greater than 0, at most two decimals -> cents (stores whose chain accepts it).
 */
export const storeSearchSchema = z.object({
  latitud: decimal.refine((n) => n >= -90 && n <= 90).meta({ description: 'Latitude, degrees (-90 to 90)' }),
  longitud: decimal.refine((n) => n >= -180 && n <= 180).meta({ description: 'Longitude, degrees (-180 to 180)' }),
  kilometers: decimal
    .refine((n) => n > 0 && n <= MAX_SEARCH_KM)
    .meta({ description: `Search radius, km (over 0, at most ${MAX_SEARCH_KM})` }),
  amount: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .transform((s) => toCents(Number(s)))
    .refine((c) => c > 0)
    .meta({ description: 'Purchase amount (over 0, at most two decimals): only chains whose max_amount covers it' }),
});

export type StoreSearch = z.output<typeof storeSearchSchema>;
