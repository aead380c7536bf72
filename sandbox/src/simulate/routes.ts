import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps, SandboxEnv } from '../env';
import { describe } from '../http/openapi';
import { parseWith } from '../http/validate';
import { amountSchema } from '../schemas/common';
import { transactionObject, transactionView } from '../resources/shared/transaction';
import { dateTime } from '../resources/shared/objects';
import { isoDateTime } from '../time/dates';
import { advanceClock, receiveSpei, resetSandbox } from './service';
import { payAtStore } from '../resources/charges/offline-payments';
import { chargeback } from '../resources/charges/chargeback';
import { ivrCall } from '../resources/charges/ivr';
import { decideWalletCharge } from '../resources/charges/wallet';

const TAG = 'Simulation';
const GAP = 'Outside the spec: the simulation API of the sandbox (sandbox mode only)';

/** The clock as the simulation API answers it. */
const clockObject = z.object({ now: dateTime, jobs_run: z.number().int().optional() }).meta({ id: 'Clock' });

/** `POST /clock/advance` body: `seconds`, a whole number from 1 to ten years. */
export const advanceSchema = z.object({
  seconds: z
    .number()
    .int()
    .min(1)
    .max(10 * 366 * 86_400),
});

/** `POST /spei-transfers` body: the receiving `clabe` (18 digits) and the `amount`. */
export const speiSchema = z.object({ clabe: z.string().regex(/^\d{18}$/), amount: amountSchema() });

/**
 * The simulation API (outside the spec), mounted at `{base}/sandbox/v1/{merchant_id}`; private key; answered 404 in
 * production mode (app.ts does not mount it). These paths and bodies are what tools and tests rely on:
 * - `GET /clock` -> `{now}`; `POST /clock/advance {seconds}` runs, in time order, every job that falls due and
 *   answers `{now, jobs_run}`;
 * - `POST /spei-transfers {clabe, amount}`: a SPEI transfer arrives at a CLABE -> 201 the Transaction it made;
 * - `POST /spei-transfers` also pays the `in_progress` bank charge whose CLABE it is (exact amount only);
 * - `POST /store-payments {reference, amount, id_store?}`, `POST /charges/{id}/chargeback {outcome, amount?}`,
 *   `POST /charges/{id}/ivr-call {card_number, expiration_month, expiration_year, cvv2}`,
 *   `POST /charges/{id}/wallet {approve}`: see {@link chargeSimulation};
 * - `POST /reset`: empties the sandbox -> 204.
 */
export function simulateRouter(d: Deps) {
  return new Hono<SandboxEnv>()
    .get('/clock', describe({ tag: TAG, summary: 'Now, on the sandbox clock', ok: { status: 200, schema: clockObject }, gap: GAP }), (c) =>
      c.json({ now: isoDateTime(d.clock.nowMs()) }),
    )
    .post(
      '/clock/advance',
      describe({ tag: TAG, summary: 'Move the clock forward', body: advanceSchema, ok: { status: 200, schema: clockObject }, gap: GAP }),
      async (c) => {
        const r = await advanceClock(d, parseWith(advanceSchema, c.var.body).seconds);
        return c.json({ now: isoDateTime(r.now), jobs_run: r.jobs });
      },
    )
    .post(
      '/spei-transfers',
      describe({
        tag: TAG,
        summary: 'A SPEI transfer arrives',
        body: speiSchema,
        ok: { status: 201, schema: transactionObject },
        errors: [1003, 1008, 3006],
        gap: GAP,
      }),
      (c) => {
        const body = parseWith(speiSchema, c.var.body);
        return c.json(transactionView(receiveSpei(d, body.clabe, body.amount)), 201);
      },
    )
    .route('/', chargeSimulation(d))
    .post('/reset', describe({ tag: TAG, summary: 'Empty the sandbox', ok: { status: 204 }, gap: GAP }), (c) => {
      resetSandbox(d);
      return c.body(null, 204);
    });
}

/** `POST /store-payments` body: the `reference` paid, the `amount` (-> cents) and, optionally, the store (`id_store`). */
export const storePaymentSchema = z.object({
  reference: z.string().regex(/^[A-Z0-9]{1,30}$/),
  amount: amountSchema(),
  id_store: z.number().int().min(1).optional(),
});

/** `POST /charges/{id}/chargeback` body: the dispute's `outcome`; `amount` (adjustment: back to the cardholder) -> cents. */
export const chargebackSchema = z.object({
  outcome: z.enum(['pending', 'accepted', 'rejected', 'adjustment']),
  amount: amountSchema().optional(),
});

/** `POST /charges/{id}/ivr-call` body: the card keyed on the phone, each member a string of digits (the card rules check them). */
export const ivrCallSchema = z.object({
  card_number: z.string().regex(/^\d{1,19}$/),
  expiration_month: z.string().regex(/^\d{1,2}$/),
  expiration_year: z.string().regex(/^\d{2}$/),
  cvv2: z.string().regex(/^\d{1,4}$/),
});

/** `POST /charges/{id}/wallet` body: whether the payer approves. */
export const walletDecisionSchema = z.object({ approve: z.boolean() });

const tx = { status: 200 as const, schema: transactionObject };

/**
 * The simulation API's charge payments (docs/sandbox.md, "Charge kinds"):
 * - `POST /store-payments {reference, amount, id_store?}`: cash at a store -> 201 the completed charge (or the
 *   customer's deposit); a paid or cancelled reference 3006, another amount or one over the chain's `max_amount` 1003;
 * - `POST /charges/{id}/chargeback {outcome, amount?}`: a dispute opens (`pending`) or ends (`accepted`, `rejected`,
 *   `adjustment`) -> 200 the charge;
 * - `POST /charges/{id}/ivr-call {card_number, expiration_month, expiration_year, cvv2}`: the shopper's call keys the
 *   card -> 200 the completed charge, or the card's Error object (an attempt used);
 * - `POST /charges/{id}/wallet {approve}`: the wallet's payer approves or declines -> 200 the charge.
 */
function chargeSimulation(d: Deps) {
  const id = (c: { req: { param(name: string): string | undefined } }) => c.req.param('transaction_id')!;
  return new Hono<SandboxEnv>()
    .post(
      '/store-payments',
      describe({
        tag: TAG,
        summary: 'A shopper pays cash at a store',
        body: storePaymentSchema,
        ok: { status: 201, schema: transactionObject },
        errors: [1003, 1008, 3006],
        gap: GAP,
      }),
      (c) => {
        const body = parseWith(storePaymentSchema, c.var.body);
        return c.json(transactionView(payAtStore(d, body.reference, body.amount, body.id_store)), 201);
      },
    )
    .post(
      '/charges/:transaction_id/chargeback',
      describe({
        tag: TAG,
        summary: 'A cardholder disputes a charge, and the dispute ends',
        body: chargebackSchema,
        ok: tx,
        errors: [1003, 3006, 4001],
        gap: GAP,
      }),
      (c) => {
        const body = parseWith(chargebackSchema, c.var.body);
        return c.json(transactionView(chargeback(d, id(c), body.outcome, body.amount)));
      },
    )
    .post(
      '/charges/:transaction_id/ivr-call',
      describe({
        tag: TAG,
        summary: 'The shopper keys the card in the IVR call',
        body: ivrCallSchema,
        ok: tx,
        errors: [2004, 2005, 2006, 2009, 3001, 3002, 3003, 3004, 3005, 3006, 3009, 3010, 3011, 3012],
        gap: GAP,
      }),
      (c) => c.json(transactionView(ivrCall(d, id(c), parseWith(ivrCallSchema, c.var.body)))),
    )
    .post(
      '/charges/:transaction_id/wallet',
      describe({
        tag: TAG,
        summary: "The wallet's payer approves or declines",
        body: walletDecisionSchema,
        ok: tx,
        errors: [3006],
        gap: GAP,
      }),
      (c) => c.json(transactionView(decideWalletCharge(d, id(c), parseWith(walletDecisionSchema, c.var.body).approve))),
    );
}
