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
      (c) => {
        const r = advanceClock(d, parseWith(advanceSchema, c.var.body).seconds);
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
        gap: GAP,
      }),
      (c) => {
        const body = parseWith(speiSchema, c.var.body);
        return c.json(transactionView(receiveSpei(d, body.clabe, body.amount)), 201);
      },
    )
    .post('/reset', describe({ tag: TAG, summary: 'Empty the sandbox', ok: { status: 204 }, gap: GAP }), (c) => {
      resetSandbox(d);
      return c.body(null, 204);
    });
}
