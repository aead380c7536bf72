/**
 * Durability (docs/sandbox.md, "Data"): a sandbox killed with SIGKILL in the middle of a load keeps every operation it
 * acknowledged. The CLI runs on a temporary `--db` file; eight clients make charges (each one database transaction
 * with its ledger entries and event) and refunds as fast as they can; the process is killed while requests are in
 * flight; a new process on the same file finds every acknowledged charge and refund, and the ledger's invariant
 * holds (every operation balanced, every balance the sum of its entries).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULTS } from '../../src/defaults';
import { Store } from '../../src/store/index';
import { basic, CARD, XFF } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'paytoken-crash-'));
const file = join(dir, 'crash.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { merchantId, privateKey } = SANDBOX_DEFAULTS;
const headers = { Authorization: basic(privateKey), 'Content-Type': 'application/json', ...XFF };

async function start() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/cli.ts', '--port', '0', '--db', file], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const base = String((await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next()).value);
  return { child, base };
}

describe('a SIGKILL under load loses no acknowledged operation', () => {
  it('every charge and refund answered 201/200 before the kill is there after a restart; the ledger holds', async () => {
    const { child, base } = await start();
    const acknowledged: { charge: string; refund: boolean }[] = [];
    let stop = false;
    let seq = 0;
    const loop = async () => {
      while (!stop) {
        const body = {
          method: 'card',
          card: CARD,
          amount: 50,
          description: 'crash',
          order_id: `crash-${seq++}`,
          device_session_id: 'crash0test',
          customer: { name: 'C', email: 'c@example.com' },
        };
        const r = await fetch(`${base}/v1/${merchantId}/charges`, { method: 'POST', headers, body: JSON.stringify(body) }).catch(
          () => null,
        );
        if (r?.status !== 201) continue;
        const charge = ((await r.json().catch(() => ({}))) as { id?: string }).id;
        if (!charge) continue;
        const entry = { charge, refund: false };
        acknowledged.push(entry);
        const refund = await fetch(`${base}/v1/${merchantId}/charges/${charge}/refund`, {
          method: 'POST',
          headers,
          body: '{"amount":20}',
        }).catch(() => null);
        if (refund?.status === 200 && (await refund.json().catch(() => null))) entry.refund = true;
      }
    };
    const loops = Array.from({ length: 8 }, loop);
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    stop = true;
    await Promise.all(loops);
    await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));

    const again = await start();
    try {
      for (const a of acknowledged) {
        const r = await fetch(`${again.base}/v1/${merchantId}/charges/${a.charge}`, { headers });
        expect(r.status, a.charge).toBe(200);
        const t = (await r.json()) as { status: string; refund?: { amount: number } };
        expect(t.status).toBe('completed');
        if (a.refund) expect(t.refund?.amount, `refund of ${a.charge}`).toBe(20);
      }
    } finally {
      again.child.kill('SIGTERM');
      await new Promise((r) => again.child.once('exit', r));
    }
    const store = new Store(file, SANDBOX_DEFAULTS.limits, Date.now);
    try {
      expect(store.ledger.check()).toEqual([]);
      expect(store.transactions.size).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      store.close();
    }
  }, 120_000);
});
