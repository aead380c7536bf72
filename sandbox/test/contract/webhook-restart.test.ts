/**
 * Nothing lost across a restart (docs/webhooks.md, "At least once"): deliveries are rows written with the fan-out
 * of their events, so a sandbox that stops (or is killed with SIGKILL) while deliveries are in flight or waiting for
 * a retry sends every one of them once it runs again on the same data file. Deliveries go to 127.0.0.1 only.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/server';
import type { SendResult } from '../../src/events/sender';
import { basic, CARD, chargeBody, CREDS, NOW, XFF } from './helpers';
import { startReceiver, until } from './webhook-helpers';

const dir = mkdtempSync(join(tmpdir(), 'webhook-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A small client of a sandbox at `base` with the contract credentials. */
const client =
  (base: string) =>
  async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        Authorization: basic(CREDS.privateKey),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

/** Charges a new token: a charge.succeeded event. */
async function cardCharge(call: ReturnType<typeof client>, m: string) {
  const t = await call('POST', `/v1/${m}/tokens`, CARD);
  const r = await call('POST', `/v1/${m}/charges`, chargeBody(t.body.id), XFF);
  expect(r.status).toBe(201);
  return r.body.id as string;
}

describe('restart with pending deliveries (same process, same data file)', () => {
  it('queued deliveries (in flight when it stopped) and scheduled retries are all sent by the next run', async () => {
    const rx = await startReceiver();
    const db = join(dir, 'inproc.db');
    const hanging: ((r: SendResult) => void)[] = [];
    // first run: the verification attempt fails (a retry is scheduled); every other send never ends
    const first = await startSandbox({
      ...CREDS,
      now: () => NOW,
      db,
      port: 0,
      webhooks: {
        pollMs: 20,
        maxInFlight: 4,
        send: (r) =>
          JSON.parse(r.body).type === 'verification'
            ? Promise.resolve({ status: 500, body: '', error: null })
            : new Promise<SendResult>((done) => hanging.push(done)),
      },
    });
    const call1 = client(first.baseUrl);
    const w = await call1('POST', `/v1/${CREDS.merchantId}/webhooks`, { url: `${rx.url}/r`, event_types: ['charge.succeeded'] });
    const charges = [];
    for (let i = 0; i < 6; i++) charges.push(await cardCharge(call1, CREDS.merchantId));
    await until(
      async () => hanging.length,
      (n) => n === 4,
    ); // four in flight (the bound), two waiting
    const pending = first.store.deliveries.values().map((d) => d.status);
    expect(pending.sort()).toEqual(['queued', 'queued', 'queued', 'queued', 'queued', 'queued', 'scheduled']);
    await first.close();
    for (const done of hanging) done({ status: 200, body: '', error: null }); // too late: nothing is recorded

    const second = await startSandbox({ ...CREDS, now: () => NOW, db, port: 0, webhooks: { pollMs: 20 } });
    try {
      const hits = await rx.waitFor(6, (h) => h.json?.type === 'charge.succeeded');
      expect(hits.map((h) => h.json.transaction.id).sort()).toEqual([...charges].sort());
      const call2 = client(second.baseUrl);
      expect((await call2('POST', `/sandbox/v1/${CREDS.merchantId}/clock/advance`, { seconds: 5 })).status).toBe(200);
      await rx.waitFor(1, (h) => h.json?.type === 'verification');
      expect((await call2('GET', `/v1/${CREDS.merchantId}/webhooks/${w.body.id}`)).body.status).toBe('verified');
      const statuses = second.store.deliveries.values().map((d) => d.status);
      expect(statuses.every((s) => s === 'delivered')).toBe(true);
    } finally {
      await second.close();
      await rx.close();
    }
  });
});

const started: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const c of started.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

/** Runs the sandbox CLI on `db`; resolves with its process and base URL. */
async function runCli(db: string) {
  const args = [
    '--db',
    db,
    '--port',
    '0',
    '--merchant-id',
    CREDS.merchantId,
    '--public-key',
    CREDS.publicKey,
    '--private-key',
    CREDS.privateKey,
  ];
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/cli.ts', ...args], { cwd: process.cwd() });
  started.push(child);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return { child, base: (await lines.next()).value as string };
}

describe('SIGKILL with deliveries in flight and retries scheduled', () => {
  it('the restarted process sends every event of the outbox to the webhook', async () => {
    const db = join(dir, 'killed.db');
    let mode: 'fail' | 'hold' | 'ok' = 'fail';
    const rx = await startReceiver(async () => {
      if (mode === 'hold') await new Promise(() => {}); // never answers: the attempt is in flight when the process dies
      return { status: mode === 'ok' ? 200 : 503 };
    });
    try {
      const run1 = await runCli(db);
      const call1 = client(run1.base);
      const w = await call1('POST', `/v1/${CREDS.merchantId}/webhooks`, { url: `${rx.url}/k`, event_types: ['charge.succeeded'] });
      expect(w.status).toBe(201);
      const charges = [await cardCharge(call1, CREDS.merchantId), await cardCharge(call1, CREDS.merchantId)];
      await rx.waitFor(3); // the verification and both charges, answered 503: retries scheduled
      mode = 'hold';
      charges.push(await cardCharge(call1, CREDS.merchantId), await cardCharge(call1, CREDS.merchantId));
      await rx.waitFor(5);
      run1.child.kill('SIGKILL');
      await new Promise((done) => run1.child.once('exit', done));

      mode = 'ok';
      const run2 = await runCli(db);
      const call2 = client(run2.base);
      expect((await call2('POST', `/sandbox/v1/${CREDS.merchantId}/clock/advance`, { seconds: 10 })).status).toBe(200);
      const events = (await call2('GET', `/sandbox/v1/${CREDS.merchantId}/events?limit=100`)).body as { id: string; type: string }[];
      expect(events).toHaveLength(5); // the verification and four charges
      const delivered = await until(
        async () =>
          (await call2('GET', `/sandbox/v1/${CREDS.merchantId}/deliveries?limit=100&status=delivered`)).body as { event_id: string }[],
        (d) => d.length === 5,
        20_000,
      );
      expect(delivered.map((d) => d.event_id).sort()).toEqual(events.map((e) => e.id).sort());
      expect((await call2('GET', `/v1/${CREDS.merchantId}/webhooks/${w.body.id}`)).body.status).toBe('verified');
      const received = new Set(rx.hits.map((h) => h.json?.transaction?.id).filter(Boolean));
      for (const id of charges) expect(received.has(id)).toBe(true);
    } finally {
      await rx.close();
    }
  }, 60_000);
});
