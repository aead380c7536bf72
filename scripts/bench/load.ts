/**
 * `npm run load [-- --tokens 2000 --connections 20 --race 50 --rounds 10 --max-seconds 180]`: a bounded load run
 * of the local sandbox on loopback with autocannon, printing its figures. The sandbox runs in its own process
 * (the CLI, port 0), so the load generator does not share its event loop.
 *
 * Phases, each bounded in count (autocannon `amount`) and the whole run in time (`--max-seconds`):
 * 1. tokenize: `--tokens` POST /tokens with the public key over `--connections` connections;
 * 2. retrieve: GET /tokens/{id} of every returned token with the private key (every token retrievable, masked);
 * 3. charge: one POST /charges per token, each with its own order_id, over the same connections;
 * 4. race: `--rounds` times, `--race` concurrent charges with the SAME order_id (each with its own fresh token):
 *    exactly one must succeed, every other must be 1006 (409).
 * Holds: zero errors, zero timeouts, every status as expected. Exit code 0 when every invariant held, 1 if not.
 * `--write` also writes the figures into docs/performance.md (the block between `<!-- load:start -->` and `<!-- load:end -->`).
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { SANDBOX_DEFAULTS } from '../../demo/sandbox/defaults';
import { replaceBlock } from '../ci/readme';

const { values } = parseArgs({
  options: {
    tokens: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '20' },
    race: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '10' },
    'max-seconds': { type: 'string', default: '180' },
    write: { type: 'boolean', default: false },
  },
});
const N = Number(values.tokens);
const C = Number(values.connections);
const RACE = Number(values.race);
const ROUNDS = Number(values.rounds);
const MAX_S = Number(values['max-seconds']);
for (const [k, v] of Object.entries({ tokens: N, connections: C, race: RACE, rounds: ROUNDS, 'max-seconds': MAX_S })) {
  if (!Number.isInteger(v) || v < 1 || v > 1_000_000) {
    console.error(`--${k} must be a positive integer`);
    process.exit(2);
  }
}

const { merchantId, publicKey, privateKey } = SANDBOX_DEFAULTS;
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
const CARD = JSON.stringify({
  card_number: '4111111111111111',
  holder_name: 'Load Test',
  expiration_month: '12',
  expiration_year: String((new Date().getFullYear() + 3) % 100),
  cvv2: '123',
});
const problems: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) problems.push(what);
};

// the sandbox, in its own process
const child = spawn(process.execPath, ['--import', 'tsx', 'demo/sandbox/cli.ts', '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
const deadline = setTimeout(() => {
  console.error(`load: over --max-seconds ${MAX_S}, stopping`);
  child.kill('SIGTERM');
  process.exit(1);
}, MAX_S * 1000);
deadline.unref();
const base = (await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next()).value as string;
const v1 = `/v1/${merchantId}`;

/** One autocannon phase over `amount` requests; `next()` gives each request, `onResponse` sees each answer. */
async function phase(
  title: string,
  amount: number,
  next: () => { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string },
  onResponse: (status: number, body: string) => void,
) {
  const t0 = performance.now();
  const result = await autocannon({
    url: base,
    connections: Math.min(C, amount),
    amount,
    timeout: 10,
    requests: [{ setupRequest: (req) => ({ ...req, ...next() }), onResponse: (status, body) => onResponse(status, body) }],
  });
  const seconds = (performance.now() - t0) / 1000; // wall clock: autocannon's own duration is coarse
  const row = {
    phase: title,
    requests: result.requests.total,
    seconds: +seconds.toFixed(2),
    'req/s': Math.round(result.requests.total / seconds),
    'p50 ms': result.latency.p50,
    'p97.5 ms': result.latency.p97_5,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
  check(result.errors === 0 && result.timeouts === 0, `${title}: ${result.errors} errors, ${result.timeouts} timeouts`);
  check(result.requests.total === amount, `${title}: ${result.requests.total} of ${amount} requests made`);
  return row;
}

const rows = [];
const started = Date.now();

// 1. tokenize
const ids: string[] = [];
const json = { 'Content-Type': 'application/json' };
rows.push(
  await phase(
    'tokenize POST /tokens',
    N,
    () => ({ method: 'POST', path: `${v1}/tokens`, headers: { ...json, Authorization: basic(publicKey) }, body: CARD }),
    (status, body) => {
      check(status === 201, `tokenize: status ${status}`);
      if (status === 201) ids.push(JSON.parse(body).id);
    },
  ),
);
check(ids.length === N && new Set(ids).size === N, `tokenize: ${ids.length} tokens, ${new Set(ids).size} distinct, of ${N}`);

// 2. retrieve every token
let r = 0;
const retrieved = new Set<string>();
rows.push(
  await phase(
    'retrieve GET /tokens/{id}',
    ids.length,
    () => ({ method: 'GET', path: `${v1}/tokens/${ids[r++]}`, headers: { Authorization: basic(privateKey) } }),
    (status, body) => {
      check(status === 200, `retrieve: status ${status}`);
      const t = status === 200 ? JSON.parse(body) : null;
      if (t && t.card.card_number === 'XXXXXXXXXXXX1111') retrieved.add(t.id);
    },
  ),
);
check(retrieved.size === ids.length, `retrieve: ${retrieved.size} of ${ids.length} tokens retrieved, masked`);

// 3. one charge per token, unique order ids
let k = 0;
const run = Date.now().toString(36);
let charged = 0;
rows.push(
  await phase(
    'charge POST /charges',
    ids.length,
    () => {
      const i = k++;
      return {
        method: 'POST',
        path: `${v1}/charges`,
        headers: { ...json, Authorization: basic(privateKey), 'X-Forwarded-For': '203.0.113.7' },
        body: JSON.stringify({
          method: 'card',
          source_id: ids[i],
          amount: 100,
          description: 'load',
          order_id: `load-${run}-${i}`,
          device_session_id: 'loadtest0000000000000000000000ab',
          customer: { name: 'Load', email: 'load@example.com' },
        }),
      };
    },
    (status) => {
      check(status === 201, `charge: status ${status}`);
      if (status === 201) charged++;
    },
  ),
);
check(charged === ids.length, `charge: ${charged} of ${ids.length} succeeded`);

// 4. same order_id races
const raceStarted = Date.now();
let winners = 0;
let conflicts = 0;
for (let round = 0; round < ROUNDS; round++) {
  const tokens = await Promise.all(
    Array.from({ length: RACE }, async () => {
      const res = await fetch(`${base}${v1}/tokens`, { method: 'POST', headers: { ...json, Authorization: basic(publicKey) }, body: CARD });
      return (await res.json()).id as string;
    }),
  );
  const orderId = `race-${run}-${round}`;
  const replies = await Promise.all(
    tokens.map(async (source_id) => {
      const res = await fetch(`${base}${v1}/charges`, {
        method: 'POST',
        headers: { ...json, Authorization: basic(privateKey), 'X-Forwarded-For': '203.0.113.7' },
        body: JSON.stringify({
          method: 'card',
          source_id,
          amount: 100,
          description: 'race',
          order_id: orderId,
          device_session_id: 'loadtest0000000000000000000000ab',
          customer: { name: 'Race', email: 'race@example.com' },
        }),
      });
      return { status: res.status, code: (await res.json()).error_code as number | undefined };
    }),
  );
  const ok = replies.filter((x) => x.status === 201).length;
  const dup = replies.filter((x) => x.status === 409 && x.code === 1006).length;
  winners += ok;
  conflicts += dup;
  check(ok === 1 && dup === RACE - 1, `race round ${round}: ${ok} succeeded, ${dup} got 1006, of ${RACE}`);
}
const raceSeconds = (Date.now() - raceStarted) / 1000;

clearTimeout(deadline);
child.kill('SIGTERM');

console.log(`\nload run ${new Date().toISOString()} on ${base} (Node ${process.version}), ${C} connections:`);
console.table(rows);
console.log(
  `order_id race: ${ROUNDS} rounds x ${RACE} concurrent charges with one order_id -> ${winners} succeeded (1 per round), ` +
    `${conflicts} got 1006 (409), in ${raceSeconds.toFixed(2)} s`,
);
console.log(
  `tokens retrievable: ${retrieved.size}/${ids.length}; charges: ${charged}/${ids.length}; total ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
if (problems.length) {
  console.log(`load: FAILED\n- ${[...new Set(problems)].slice(0, 20).join('\n- ')}`);
  process.exit(1);
}
console.log('load: every invariant held (0 errors, 0 timeouts, every token retrievable, order_id unique under concurrency)');
if (values.write) {
  const args = process.argv
    .slice(2)
    .filter((a) => a !== '--write' && a !== '--')
    .join(' ');
  const table = [
    '| Phase | Requests | Seconds | req/s | p50 ms | p97.5 ms | p99 ms | max ms | Errors | Timeouts | non-2xx |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((x) => `| ${x.phase.replace(/ (\S+ \S+)$/, ' `$1`')} | ${Object.values(x).slice(1).join(' | ')} |`),
  ];
  const block = [
    `Measured on ${new Date().toISOString().slice(0, 10)} with \`npm run load${args ? ` -- ${args}` : ''}\` (${N} tokens, ${C} connections, ${ROUNDS} rounds of`,
    `${RACE} concurrent charges sharing one order_id), on loopback, Node ${process.version.slice(1)}:`,
    '',
    ...table,
    '',
    `Every one of the ${ids.length} tokens was retrievable (masked), ${charged} of ${ids.length} charges succeeded, and in each of the ${ROUNDS}`,
    `rounds exactly one of the ${RACE} concurrent charges with the same order_id succeeded and the other ${RACE - 1} got 1006 (409):`,
    `${winners} succeeded, ${conflicts} conflicts.`,
  ].join('\n');
  const path = new URL('../../docs/performance.md', import.meta.url);
  writeFileSync(path, replaceBlock(readFileSync(path, 'utf8'), 'load', block));
  console.log('docs/performance.md: load figures written');
}
process.exit(0);
