/**
 * The money path under load: for a fixed time, `clients` concurrent loops each doing token -> charge -> partial
 * refund, and, when the sandbox serves transfers, transfers between two customers with accounts funded by SPEI
 * deposits. Every answer's status is checked; latencies are kept per operation.
 */
import { CARD, chargeBody, percentiles, type Client } from './client';

/** What one money run measured. */
export interface MoneyResult {
  operations: number;
  seconds: number;
  /** Every request's latency, milliseconds, by operation. */
  ms: Record<string, number[]>;
  problems: string[];
}

/** Whether the sandbox serves transfers (its OpenAPI document lists the route). */
export async function servesTransfers(base: string): Promise<boolean> {
  const doc = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, unknown> };
  return '/v1/{merchant_id}/customers/{customer_id}/transfers' in doc.paths;
}

/** Two customers with accounts, each funded by a SPEI deposit of MXN 1,000,000. @returns their ids. */
async function fundedPair(call: Client): Promise<[string, string]> {
  const ids: string[] = [];
  for (const name of ['Sender', 'Receiver']) {
    const c = await call('POST', '/customers', { name, email: `${name.toLowerCase()}@example.com`, requires_account: true });
    await call('POST', '/spei-transfers', { clabe: c.body.clabe, amount: 1_000_000 }, 'private', call.simulationPrefix);
    ids.push(c.body.id as string);
  }
  return ids as [string, string];
}

/**
 * Runs the money path for `seconds` over `clients` loops against one sandbox. `tag` makes order ids unique across
 * runs on the same data.
 */
export async function moneyRun(
  call: Client,
  opts: { seconds: number; clients: number; tag: string; transfers: boolean },
): Promise<MoneyResult> {
  const ms: Record<string, number[]> = { token: [], charge: [], refund: [], transfer: [] };
  const problems: string[] = [];
  const expect = (ok: boolean, what: string) => ok || problems.length > 50 || problems.push(what);
  const pair = opts.transfers ? await fundedPair(call) : null;
  const end = performance.now() + opts.seconds * 1000;
  let seq = 0;
  const t0 = performance.now();
  const loop = async (n: number) => {
    while (performance.now() < end) {
      const token = await call('POST', '/tokens', CARD, 'public');
      ms.token!.push(token.ms);
      expect(token.status === 201, `token ${token.status}`);
      const charge = await call('POST', '/charges', chargeBody({ source_id: token.body?.id }, `m-${opts.tag}-${n}-${seq++}`));
      ms.charge!.push(charge.ms);
      expect(charge.status === 201, `charge ${charge.status} ${charge.body?.description ?? ''}`);
      const refund = await call('POST', `/charges/${charge.body?.id}/refund`, { amount: 30 });
      ms.refund!.push(refund.ms);
      expect(refund.status === 200, `refund ${refund.status} ${refund.body?.description ?? ''}`);
      if (!pair) continue;
      const [from, to] = n % 2 ? pair : [pair[1], pair[0]];
      const transfer = await call('POST', `/customers/${from}/transfers`, { customer_id: to, amount: 2, description: 'load' });
      ms.transfer!.push(transfer.ms);
      expect(transfer.status === 201, `transfer ${transfer.status} ${transfer.body?.description ?? ''}`);
    }
  };
  await Promise.all(Array.from({ length: opts.clients }, (_, n) => loop(n)));
  const operations = Object.values(ms).reduce((sum, list) => sum + list.length, 0);
  return { operations, seconds: (performance.now() - t0) / 1000, ms, problems };
}

/** One row of the results table: operations per second and p50/p99 of every request, and per operation. */
export function moneyRow(store: string, r: MoneyResult) {
  const all = percentiles(Object.values(r.ms).flat());
  const per = Object.fromEntries(
    Object.entries(r.ms)
      .filter(([, l]) => l.length)
      .map(([op, l]) => [`${op} p50`, percentiles(l).p50]),
  );
  return { store, 'ops/s': Math.round(r.operations / r.seconds), operations: r.operations, 'p50 ms': all.p50, 'p99 ms': all.p99, ...per };
}
