/**
 * `npm run load [-- --floor-rounds 5 --tokens 2000 --connections 20 --race 50 --rounds 10 --money-seconds 20 --mixed-seconds 10
 * --clients 8 --transactions 100000 --max-seconds 1200 --write]`: a bounded load run of the local sandbox on loopback, printing
 * its figures. Each sandbox runs in its own process (the CLI), so the load generator never shares its event loop.
 *
 * 0. the floor: `POST /tokens` and `POST /charges` one at a time on the durable store beside a bare Hono route on the
 *    same server stack doing one SQLite write transaction, `--floor-rounds` rounds of 60 each, and the ratios (target:
 *    a charge at most 2x the floor), and the bare route replaying a charge's own statements (./load/floor.ts);
 * 1. autocannon phases on the durable store (`--db` a fresh file): tokenize, retrieve every token, charge each,
 *    `--rounds` races of `--race` concurrent charges sharing one order_id (./load/classic.ts);
 * 2. the money path for `--money-seconds`, `--clients` loops of token -> charge -> partial refund (and transfers
 *    between two funded customers when the sandbox serves them), on a `--db FILE` sandbox and a `:memory:` one side by
 *    side in one run (alternating halves, so drift falls on both): operations per second, p50 and p99, and the ratio of
 *    the durable store to memory at p50 (target at most 1.5x) (./load/money.ts); then, on the durable store, the
 *    charge kinds mixed for `--mixed-seconds` (card, store then paid, SPEI then paid) and the barcode images' time and
 *    caching (./load/mixed.ts);
 * 3. isolation: a token request's latency alone and while eight clients send bodies nested 10,000 objects deep
 *    (./load/isolation.ts);
 * 4. scale: the durable sandbox's memory after `--transactions` more charges, per 100,000; its time to be ready after
 *    a restart on the same file; the ledger's invariant checked on the file (./load/scale.ts).
 * Bounded in count and in time (`--max-seconds`). Exit 0 when every invariant held, 1 if not. `--write` writes the
 * figures into docs/performance.md (the block between `<!-- load:start -->` and `<!-- load:end -->`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { replaceBlock } from '../ci/readme';
import { classicRun } from './load/classic';
import { CARD, clientOf, percentiles } from './load/client';
import { isolationRun } from './load/isolation';
import { mixedRows, mixedRun } from './load/mixed';
import { moneyRow, moneyRun, servesTransfers, type MoneyResult } from './load/money';
import { fill, ledgerOf, restart } from './load/scale';
import { startSandboxProcess, startServerProcess } from './load/sandbox';
import { floorRun } from './load/floor';

const { values } = parseArgs({
  options: {
    'floor-rounds': { type: 'string', default: '5' },
    tokens: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '20' },
    race: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '10' },
    'money-seconds': { type: 'string', default: '20' },
    'mixed-seconds': { type: 'string', default: '10' },
    clients: { type: 'string', default: '8' },
    transactions: { type: 'string', default: '100000' },
    'max-seconds': { type: 'string', default: '1200' },
    write: { type: 'boolean', default: false },
  },
});
const num = Object.fromEntries(
  Object.entries(values)
    .filter(([k]) => k !== 'write')
    .map(([k, v]) => [k, Number(v)]),
) as Record<string, number>;
for (const [k, v] of Object.entries(num)) {
  if (!Number.isInteger(v) || v < 1 || v > 10_000_000) {
    console.error(`--${k} must be a positive integer`);
    process.exit(2);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'paytoken-load-'));
const file = join(dir, 'load.db');
const deadline = setTimeout(() => {
  console.error(`load: over --max-seconds ${num['max-seconds']}, stopping`);
  process.exit(1);
}, num['max-seconds']! * 1000);
deadline.unref();
const problems: string[] = [];
const started = Date.now();

// room for the run's own records beside the --transactions of the scale phase (the default bound is 100,000 a kind)
const room = ['--max-records', String(num.transactions! * 2 + 100_000)];
const durable = await startSandboxProcess(['--db', file, ...room]);
const memory = await startSandboxProcess(['--db', ':memory:']);

// 0. the floor, on fresh files: the sandbox's durable store and the bare route's own
const floorServer = await startServerProcess(['scripts/bench/load/floor-server.ts', join(dir, 'floor.db')]);
const floor = await floorRun(clientOf(durable.base), floorServer.base, { rounds: num['floor-rounds']! });
await floorServer.stop();
problems.push(...floor.problems);
const floorLine = `sequential p50: bare route + one SQLite write ${floor.p50.floor} ms; POST /tokens ${floor.p50.tokens} ms (${floor.ratio.tokens.toFixed(2)}x the floor); POST /charges ${floor.p50.charges} ms (${floor.ratio.charges.toFixed(2)}x the floor; target at most 2x); the bare route replaying a charge's own statements ${floor.p50.chargeWrites} ms (${floor.ratio.chargeWrites.toFixed(2)}x the floor)`;
const classic = await classicRun(durable.base, {
  ...num,
  tokens: num.tokens!,
  connections: num.connections!,
  race: num.race!,
  rounds: num.rounds!,
  card: JSON.stringify(CARD),
});
problems.push(...classic.problems);

// 2. the money path, the two stores side by side in alternating halves
const transfers = await servesTransfers(durable.base);
const money: Record<string, MoneyResult[]> = { ':memory:': [], 'file (WAL)': [] };
const half = num['money-seconds']! / 2;
for (const [round, order] of [
  [1, [memory, durable]],
  [2, [durable, memory]],
] as const) {
  for (const s of order) {
    const r = await moneyRun(clientOf(s.base), { seconds: half, clients: num.clients!, tag: `${round}`, transfers });
    money[s === memory ? ':memory:' : 'file (WAL)']!.push(r);
    problems.push(...r.problems);
  }
}
const merged = (rs: MoneyResult[]): MoneyResult => ({
  operations: rs.reduce((n, r) => n + r.operations, 0),
  seconds: rs.reduce((n, r) => n + r.seconds, 0),
  ms: Object.fromEntries(Object.keys(rs[0]!.ms).map((op) => [op, rs.flatMap((r) => r.ms[op]!)])),
  problems: [],
});
const moneyRows = Object.entries(money).map(([store, rs]) => moneyRow(store, merged(rs)));
const ratio = moneyRows[1]!['p50 ms'] / moneyRows[0]!['p50 ms'];
await memory.stop();

// the charge kinds mixed (card, store then paid, SPEI then paid) on the durable store
const mixed = await mixedRun(clientOf(durable.base), { seconds: num['mixed-seconds']!, clients: num.clients!, tag: 'mixed' });
problems.push(...mixed.problems);
if (mixed.barcode.cachedSecond !== mixed.barcode.samples)
  problems.push(`barcodes: ${mixed.barcode.cachedSecond} of ${mixed.barcode.samples} second fetches cached`);
const barcodeP50 = { first: percentiles(mixed.barcode.first).p50, second: percentiles(mixed.barcode.second).p50 };

// 3. isolation, 4. scale
const isolation = await isolationRun(clientOf(durable.base), { samples: 200, floods: 8 });
if (isolation.other) problems.push(`isolation: ${isolation.other} deep bodies not refused with 1001`);
const rss0 = durable.rss();
const t0 = performance.now();
const { ok: filled, network } = await fill(clientOf(durable.base), num.transactions!, 16, 'scale');
if (network) problems.push(`scale: ${network} charges failed at the network level (exited: ${durable.child.exitCode ?? 'no'})`);
const fillSeconds = (performance.now() - t0) / 1000;
const rss1 = durable.rss();
if (filled !== num.transactions) problems.push(`scale: ${filled} of ${num.transactions} charges succeeded`);
await durable.stop();
const ledger = ledgerOf(file);
problems.push(...ledger.problems.map((p) => `ledger: ${p}`));
const again = await restart(file, room);
await again.sandbox.stop();
rmSync(dir, { recursive: true, force: true });
clearTimeout(deadline);

const mb = (b: number) => Math.round((b / 1048576) * 10) / 10;
const perHundredK = mb(((rss1 - rss0) / num.transactions!) * 100_000);
console.log(`\nload run ${new Date().toISOString()} (Node ${process.version}), ${num.connections} connections:`);
console.log(floorLine);
console.table(classic.rows);
console.log(`order_id race: ${num.rounds} rounds x ${num.race} -> ${classic.winners} succeeded, ${classic.conflicts} got 1006 (409)`);
console.log(
  `\nmoney path (${num['money-seconds']} s per store, ${num.clients} clients; token -> charge -> refund${transfers ? ' -> transfer' : ''}):`,
);
console.table(moneyRows);
console.log(`durable store / memory at p50: ${ratio.toFixed(2)}x (target at most 1.5x)`);
console.log(
  `\ncharge kinds mixed on the durable store (${num['mixed-seconds']} s, ${num.clients} clients; card, store then paid, SPEI then paid):`,
);
console.table(mixedRows(mixed));
console.log(
  `barcode images: p50 ${barcodeP50.first} ms first fetch, ${barcodeP50.second} ms second; ${mixed.barcode.cachedSecond} of ${mixed.barcode.samples} second fetches from the sandbox's cache`,
);
console.log(
  `isolation: token p50/p99 ${isolation.alone.p50}/${isolation.alone.p99} ms alone, ${isolation.under.p50}/${isolation.under.p99} ms while 8 clients sent ${isolation.refused} bodies nested 10,000 deep (${Math.round(isolation.bodyBytes / 1024)} KB, each 1001)`,
);
console.log(
  `scale: ${filled} charges in ${fillSeconds.toFixed(1)} s; RSS ${mb(rss0)} -> ${mb(rss1)} MB: ${perHundredK} MB per 100,000 transactions; ${ledger.transactions} transactions, ${ledger.entries} ledger entries`,
);
console.log(
  `restart on the file: ready in ${Math.round(again.readyMs)} ms, first answer in ${Math.round(again.firstAnswerMs)} ms; ledger invariant: ${ledger.problems.length ? 'BROKEN' : 'held'}`,
);
console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (problems.length) {
  console.log(`load: FAILED\n- ${[...new Set(problems)].slice(0, 20).join('\n- ')}`);
  process.exit(1);
}
console.log('load: every invariant held');
if (values.write) writeDocs();
process.exit(0);

/** The figures into docs/performance.md's load block. */
function writeDocs() {
  const args = process.argv
    .slice(2)
    .filter((a) => a !== '--write' && a !== '--')
    .join(' ');
  const table = (rows: Record<string, unknown>[]) => [
    `| ${Object.keys(rows[0]!).join(' | ')} |`,
    `|${Object.keys(rows[0]!)
      .map(() => '---')
      .join('|')}|`,
    ...rows.map((x) => `| ${Object.values(x).join(' | ')} |`),
  ];
  const block = [
    `Measured on ${new Date().toISOString().slice(0, 10)} with \`npm run load${args ? ` -- ${args}` : ''}\`, on loopback, Node ${process.version.slice(1)}, this shared 2-core machine:`,
    '',
    `The floor, one request at a time (${num['floor-rounds']} rounds of 60 each, alternating): ${floorLine.replace(/^sequential p50: /, 'p50 ')}.`,
    '',
    ...table(classic.rows as Record<string, unknown>[]),
    '',
    `In each of the ${num.rounds} races exactly one of ${num.race} concurrent charges sharing an order_id succeeded (${classic.conflicts} got 1006).`,
    '',
    `The money path, ${num['money-seconds']} s per store in alternating halves, ${num.clients} clients each doing token -> charge -> refund${transfers ? ' -> transfer' : ''}:`,
    '',
    ...table(moneyRows),
    '',
    `Durable store / memory at p50: **${ratio.toFixed(2)}x** (target at most 1.5x).`,
    '',
    `The charge kinds mixed on the durable store, ${num['mixed-seconds']} s, ${num.clients} clients each rotating a card charge (token -> charge), a store charge then paid at the store, and a SPEI charge then paid by a transfer to its CLABE (the simulation API):`,
    '',
    ...table(mixedRows(mixed)),
    '',
    `Barcode images (Code 128 PNG, bwip-js): p50 ${barcodeP50.first} ms on the first fetch of a reference, ${barcodeP50.second} ms on the second; ${mixed.barcode.cachedSecond} of ${mixed.barcode.samples} second fetches came from the sandbox's cache.`,
    '',
    `A token request took ${isolation.alone.p50} ms (p50) alone, ${isolation.under.p50} ms while eight clients sent ${isolation.refused} bodies nested 10,000 deep, and ${isolation.control.p50} ms while they sent flat bodies of the same size (the control: nesting costs no more than size).`,
    `${filled} more charges ${perHundredK > 0 ? `grew the process by ${perHundredK} MB per 100,000 transactions` : 'did not grow the process (the transactions live in the SQLite file, not the heap)'} (RSS ${mb(rss0)} -> ${mb(rss1)} MB); after a restart on the file it was ready in ${Math.round(again.readyMs)} ms and answered in ${Math.round(again.firstAnswerMs)} ms, with ${ledger.transactions} transactions and ${ledger.entries} ledger entries, the ledger's invariant held.`,
  ].join('\n');
  const path = new URL('../../docs/performance.md', import.meta.url);
  writeFileSync(path, replaceBlock(readFileSync(path, 'utf8'), 'load', block));
  console.log('docs/performance.md: load figures written');
}
