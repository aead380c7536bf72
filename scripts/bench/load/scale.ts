/**
 * Scale and durability of the store: memory of the sandbox process per 100,000 transactions, the time to be ready
 * after a restart on the same file, and the ledger's invariant checked on the file once the sandbox has stopped.
 */
import { Store } from '../../../sandbox/src/store/index';
import { SANDBOX_DEFAULTS } from '../../../sandbox/src/defaults';
import { CARD, chargeBody, type Client } from './client';
import { startSandboxProcess, type SandboxProcess } from './sandbox';

/**
 * Makes `count` charges (inline card: one request each) over `clients` loops. A request that fails at the network
 * level (a reset connection) is counted, not retried: a charge is not idempotent.
 * @returns how many succeeded, and how many failed at the network level.
 */
export async function fill(call: Client, count: number, clients: number, tag: string): Promise<{ ok: number; network: number }> {
  let next = 0;
  let ok = 0;
  let network = 0;
  const loop = async () => {
    for (let i = next++; i < count; i = next++) {
      const r = await call('POST', '/charges', chargeBody({ card: CARD }, `s-${tag}-${i}`, 10)).catch(() => null);
      if (!r) network++;
      else if (r.status === 201) ok++;
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  return { ok, network };
}

/** Restarts the sandbox on `file`: the time to its first line (listening, data opened) and to its first answer. */
export async function restart(
  file: string,
  args: string[] = [],
): Promise<{ sandbox: SandboxProcess; readyMs: number; firstAnswerMs: number }> {
  const t0 = performance.now();
  const sandbox = await startSandboxProcess(['--db', file, ...args]);
  const res = await fetch(`${sandbox.base}/v1/${SANDBOX_DEFAULTS.merchantId}`, {
    headers: { Authorization: `Basic ${Buffer.from(`${SANDBOX_DEFAULTS.privateKey}:`).toString('base64')}` },
  });
  await res.text();
  return { sandbox, readyMs: sandbox.readyMs, firstAnswerMs: performance.now() - t0 };
}

/**
 * The ledger's invariants on a stopped sandbox's file (sandbox/src/store/ledger.ts `check`: every operation balanced, every
 * balance the sum of its entries, none below zero), and how many transactions and entries it holds.
 */
export function ledgerOf(file: string): { problems: string[]; transactions: number; entries: number } {
  const store = new Store(file, SANDBOX_DEFAULTS.limits, Date.now);
  try {
    const entries = (store.db.prepare('SELECT count(*) AS n FROM ledger').get() as { n: number }).n;
    return { problems: store.ledger.check(), transactions: store.transactions.size, entries };
  } finally {
    store.close();
  }
}
