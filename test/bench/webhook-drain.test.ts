/**
 * A delivery deep in its retry schedule when the sandbox is killed is not lost: it waits on the clock for hours,
 * survives the SIGKILL in the data file, and is sent once the clock reaches it. The webhook benchmark counts
 * deliveries only after running the schedule to its end (scripts/bench/webhooks/drain.ts): advancing the clock 12
 * hours, as it once did, leaves a delivery that failed six times still scheduled, and counted it lost. Deliveries go
 * to 127.0.0.1 only.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drainDeliveries } from '../../scripts/bench/webhooks/drain';
import { startSandboxProcess, type SandboxProcess } from '../../scripts/bench/load/sandbox';
import { basic, CARD, chargeBody, CREDS, XFF } from '../../sandbox/test/contract/helpers';
import { startReceiver } from '../../sandbox/test/contract/webhook-helpers';

const dir = mkdtempSync(join(tmpdir(), 'webhook-drain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const running: SandboxProcess[] = [];
afterEach(() => {
  for (const s of running.splice(0)) if (s.child.exitCode === null) s.child.kill('SIGKILL');
});

const AUTH = basic(CREDS.privateKey);
const cli = async (db: string) => {
  const s = await startSandboxProcess([
    '--db',
    db,
    '--merchant-id',
    CREDS.merchantId,
    '--public-key',
    CREDS.publicKey,
    '--private-key',
    CREDS.privateKey,
  ]);
  running.push(s);
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${s.base}${path}`, {
      method,
      headers: { authorization: AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  return { ...s, call };
};
const m = CREDS.merchantId;

describe('a delivery that failed six times, then SIGKILL', () => {
  it('is still scheduled after 12 hours on the clock, and delivered by the next run once its retry falls due', async () => {
    let refusals = 6;
    const rx = await startReceiver((h) => ({ status: h.json?.type === 'charge.succeeded' && refusals-- > 0 ? 503 : 200 }));
    const db = join(dir, 'deep.db');
    try {
      const run1 = await cli(db);
      expect((await run1.call('POST', `/v1/${m}/webhooks`, { url: `${rx.url}/d`, event_types: ['charge.succeeded'] })).status).toBe(201);
      const token = await run1.call('POST', `/v1/${m}/tokens`, CARD);
      const charge = await run1.call('POST', `/v1/${m}/charges`, chargeBody(token.body.id), XFF);
      expect(charge.status).toBe(201);
      await rx.waitFor(1, (h) => h.json?.type === 'charge.succeeded');
      expect((await run1.call('POST', `/sandbox/v1/${m}/clock/advance`, { seconds: 12 * 3600 })).status).toBe(200);
      const charged = () => rx.hits.filter((h) => h.json?.type === 'charge.succeeded');
      expect(charged()).toHaveLength(6); // immediately, then 5 s, 5 min, 30 min, 2 h and 5 h later: all refused
      const [delivery] = (await run1.call('GET', `/sandbox/v1/${m}/deliveries?status=scheduled`)).body;
      expect(delivery).toMatchObject({ status: 'scheduled' }); // the next try is 10 h after the sixth: not lost, waiting
      run1.child.kill('SIGKILL');
      await new Promise((done) => run1.child.once('exit', done));

      const run2 = await cli(db);
      const drained = await drainDeliveries(run2.base, m, AUTH);
      expect(drained).toEqual({ advances: 1, pending: 0, failed: 0 });
      expect(charged()).toHaveLength(7);
      expect(charged()[6]!.json.transaction.id).toBe(charge.body.id);
      expect((await run2.call('GET', `/sandbox/v1/${m}/deliveries?status=delivered`)).body).toHaveLength(2); // with the verification
    } finally {
      await rx.close();
    }
  }, 60_000);
});
