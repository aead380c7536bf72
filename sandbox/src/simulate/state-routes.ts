import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps, SandboxEnv } from '../env';
import { describe } from '../http/openapi';
import { dateTime } from '../resources/shared/objects';
import { isoDateTime } from '../time/dates';
import { applySeed, seedSchema } from './seed';
import type { Snapshots } from './snapshots';

const TAG = 'Simulation';
const GAP = 'Outside the spec: the simulation API of the sandbox (sandbox mode only): snapshots and fixtures';

const snapshotObject = z.object({ id: z.string() }).meta({ id: 'Snapshot' });
const restoredObject = z.object({ id: z.string(), now: dateTime }).meta({ id: 'RestoredSnapshot' });
const seededObject = z
  .object({ customers: z.number(), cards: z.number(), bank_accounts: z.number(), plans: z.number(), webhooks: z.number() })
  .meta({ id: 'SeedResult' });

/**
 * A merchant's saved states, mounted at `{base}/sandbox/v1/{merchant_id}` (private key; sandbox mode only):
 * - `POST /snapshots` -> 201 `{id}`: the merchant's data, ledger and clock now (./snapshots.ts);
 * - `POST /snapshots/{id}/restore` -> 200 `{id, now}`: all of it back as it was, the clock on the snapshot's time;
 *   1005 for an unknown id;
 * - `POST /seed` (body: ./seed.ts's `seedSchema`) -> 201 the counts of what it made; all or nothing, the error
 *   naming the member.
 */
export function stateRouter(d: Deps, snapshots: Snapshots) {
  return new Hono<SandboxEnv>()
    .post(
      '/snapshots',
      describe({ tag: TAG, summary: "Snapshot the merchant's data and clock", ok: { status: 201, schema: snapshotObject }, gap: GAP }),
      (c) => c.json({ id: snapshots.take() }, 201),
    )
    .post(
      '/snapshots/:snapshot_id/restore',
      describe({ tag: TAG, summary: 'Restore a snapshot', ok: { status: 200, schema: restoredObject }, gap: GAP }),
      (c) => {
        const id = c.req.param('snapshot_id');
        return c.json({ id, now: isoDateTime(snapshots.restore(id)) });
      },
    )
    .post(
      '/seed',
      describe({
        tag: TAG,
        summary: 'Load fixtures',
        body: seedSchema,
        ok: { status: 201, schema: seededObject },
        errors: [1003, 2002, 2004, 2005, 2006, 2009],
        gap: GAP,
      }),
      async (c) => c.json(await applySeed(d, c.var.body), 201),
    );
}
