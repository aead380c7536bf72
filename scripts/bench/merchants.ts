/**
 * `npm run bench:merchants [-- --merchants 200 --transactions 1000 --rounds 50]`: merchants on demand and snapshots,
 * measured over loopback HTTP against a sandbox in this process (`startSandbox`, in memory, scheduler on). Prints
 * figures, wall time and this process's CPU time (client and sandbox together; less sensitive to a loaded machine);
 * asserts nothing.
 *
 * 1. merchant creation: `--merchants` calls of `POST {base}/sandbox/v1/merchants` one after another (each its own
 *    store, copied from a migrated empty one, clock, scheduler and deliveries; the routes are shared, built at the
 *    first creation): p50, p95, max (target: p50 at most 20 ms).
 * 2. snapshot and restore: a merchant given `--transactions` transactions (SPEI deposits to a customer's CLABE, each a
 *    Transaction, its ledger entries and its event), then `--rounds` snapshots and `--rounds` restores (`POST
 *    .../snapshots`, `POST .../snapshots/{id}/restore`): p50, p95.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startSandbox } from '../../sandbox/src/server';

const { values } = parseArgs({
  options: {
    merchants: { type: 'string', default: '200' },
    transactions: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '50' },
  },
});
const count = (name: keyof typeof values, max: number) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name} must be 1-${max}`);
  return n;
};
const [merchants, transactions, rounds] = [count('merchants', 5000), count('transactions', 100_000), count('rounds', 1000)];

const PRIMARY = { merchantId: 'mbench0merchant0001', publicKey: 'pk_bench_public', privateKey: 'sk_bench_private' };
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

/** p-th percentile (0-100) of durations in ms, nearest rank. */
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const figures = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;

const sandbox = await startSandbox({ ...PRIMARY, port: 0, db: ':memory:', maxMerchants: merchants + 1 });
try {
  const call = async (method: string, path: string, key: string, body?: unknown) => {
    const res = await fetch(`${sandbox.baseUrl}${path}`, {
      method,
      headers: { Authorization: basic(key), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = res.status === 204 ? null : await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const cpu: Record<string, number[]> = {};
  /** Wall time of `run`, ms; its process CPU time (client and sandbox: one process) goes to `cpu[label]`. */
  const timed = async <T>(label: string, run: () => Promise<T>): Promise<[number, T]> => {
    const [start, used] = [performance.now(), process.cpuUsage()];
    const out = await run();
    const { user, system } = process.cpuUsage(used);
    (cpu[label] ??= []).push((user + system) / 1000);
    return [performance.now() - start, out];
  };

  const creation: number[] = [];
  for (let i = 0; i < merchants; i++)
    creation.push((await timed('creation', () => call('POST', '/sandbox/v1/merchants', PRIMARY.privateKey)))[0]);
  console.log(`merchant creation (${merchants}, one after another): ${figures(creation)} (target p50 <= 20 ms)`);
  console.log(`  CPU time: ${figures(cpu.creation!)}`);

  const m = await call('POST', '/sandbox/v1/merchants', PRIMARY.privateKey);
  const v1 = `/v1/${m.id}`;
  const sim = `/sandbox/v1/${m.id}`;
  const customer = await call('POST', `${v1}/customers`, m.private_key, {
    name: 'Bench',
    email: 'bench@example.com',
    requires_account: true,
  });
  for (let i = 0; i < transactions; i++) await call('POST', `${sim}/spei-transfers`, m.private_key, { clabe: customer.clabe, amount: 10 });
  const snapshots: number[] = [];
  const restores: number[] = [];
  let id = '';
  for (let i = 0; i < rounds; i++) {
    const [ms, snap] = await timed('snapshot', () => call('POST', `${sim}/snapshots`, m.private_key));
    snapshots.push(ms);
    id = snap.id;
  }
  for (let i = 0; i < rounds; i++)
    restores.push((await timed('restore', () => call('POST', `${sim}/snapshots/${id}/restore`, m.private_key)))[0]);
  console.log(`merchant with ${transactions} transactions:`);
  console.log(`  snapshot (${rounds}): ${figures(snapshots)}; CPU time ${figures(cpu.snapshot!)}`);
  console.log(`  restore  (${rounds}): ${figures(restores)}; CPU time ${figures(cpu.restore!)}`);
  console.log(`load average over the run's last minute: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs (wall times grow with it)`);
  const listed = await call('GET', `${v1}/customers/${customer.id}`, m.private_key);
  if (Math.round(listed.balance * 100) !== transactions * 1000) throw new Error(`balance after restores: ${listed.balance}`);
} finally {
  await sandbox.close();
}
