import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps, SandboxEnv } from '../../env';
import { fromCents } from '../../domain/money';
import { describe } from '../../http/openapi';
import { isoDateTime } from '../../time/dates';
import { amount, dateTime } from '../shared/objects';
import { merchantCreated, merchantBalance } from './service';

/** Merchant object (spec, Resources > Merchant object). */
export const merchantObject = z
  .object({
    id: z.string(),
    creation_date: dateTime,
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    status: z.enum(['active', 'deleted']),
    balance: amount,
    clabe: z.string(),
  })
  .meta({ id: 'Merchant' });

/**
 * The merchant record (spec, Endpoints > Merchant), mounted at `/v1/{merchant_id}`: `GET /` -> the Merchant object,
 * its `balance` read from the ledger. Private key.
 */
export function merchantRouter(d: Deps) {
  return new Hono<SandboxEnv>().get(
    '/',
    describe({ tag: 'Merchant', summary: 'Get the merchant', ok: { status: 200, schema: merchantObject } }),
    (c) => {
      const m = d.merchant;
      const view: z.infer<typeof merchantObject> = {
        id: m.id,
        creation_date: isoDateTime(merchantCreated(d)),
        name: m.name,
        email: m.email,
        phone: m.phone,
        status: m.status,
        balance: fromCents(merchantBalance(d)),
        clabe: m.clabe,
      };
      return c.json(view);
    },
  );
}
