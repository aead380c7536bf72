/**
 * `npm run bench:webhooks [-- --ops 1000 --rate 25 --concurrency 16 --kill-ops 600 --kills 3 --invoices 500 --max-seconds 300
 * --write]`: webhook delivery and invoice stamping, measured on loopback with the sandbox in its own process (the CLI
 * on a SQLite file, as `npm run sandbox` runs), a receiver in this one. Prints figures; asserts nothing but the
 * run's own bounds (exit 1 when a phase cannot finish, or a delivery is lost). `--write` writes them into
 * docs/performance.md (the block between `<!-- webhooks:start -->` and `<!-- webhooks:end -->`).
 *
 * 1. latency: a mixed load of `--ops` operations (card charges, declined cards, held charges then captured,
 *    refunds, SPEI deposits to a customer's CLABE, and ./load/mixed.ts's store, SPEI, redirect, wallet and IVR
 *    charges then paid: every charge kind), one webhook subscribed to every type they emit; for each event, the time from the start of
 *    the last request about it to its arrival at the receiver (an upper bound of state change -> receiver): p50,
 *    p99, max. Twice: paced at `--rate` operations per second (below saturation), then with `--concurrency` clients
 *    as fast as they go (saturated: the latency is mostly queueing).
 * 2. SIGKILL: charges at `--concurrency`, the receiver answering 503 to one delivery in three (so retries are
 *    pending), SIGKILL mid-load `--kills` times (after every `--kill-ops`/`--kills` acknowledged charges), each
 *    followed by a restart on the same file; then the retry schedule run to its end on the clock
 *    (./webhooks/drain.ts): every event of the outbox must reach the receiver (lost: the events that never did;
 *    duplicates are allowed: at least once), and every charge answered 201 before a kill must have its event.
 * 3. invoices: `--invoices` generation requests, then the clock advanced past the stamping delay: stamps per
 *    second (the stamping jobs and their `invoice.stamped` deliveries), and the XML and PDF time (p50) of 20 links.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { SANDBOX_DEFAULTS } from '../../sandbox/src/defaults';
import { invoiceBody } from '../../sandbox/test/unit/cfdi-fixtures';
import { replaceBlock } from '../ci/readme';
import { clientOf, type Client } from './load/client';
import { ivr, redirect, spei, store, wallet, type Step } from './load/mixed';
import { drainDeliveries } from './webhooks/drain';

const { values } = parseArgs({
  options: {
    ops: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '25' },
    concurrency: { type: 'string', default: '16' },
    'kill-ops': { type: 'string', default: '600' },
    kills: { type: 'string', default: '3' },
    invoices: { type: 'string', default: '500' },
    'max-seconds': { type: 'string', default: '300' },
    write: { type: 'boolean', default: false },
  },
});
const OPS = Number(values.ops);
const RATE = Number(values.rate);
const C = Number(values.concurrency);
const KILL_OPS = Number(values['kill-ops']);
const KILLS = Number(values.kills);
const INVOICES = Number(values.invoices);
const MAX_S = Number(values['max-seconds']);
for (const [k, v] of Object.entries({
  ops: OPS,
  rate: RATE,
  concurrency: C,
  'kill-ops': KILL_OPS,
  kills: KILLS,
  invoices: INVOICES,
  'max-seconds': MAX_S,
})) {
  if (!Number.isInteger(v) || v < 1 || v > 1_000_000) {
    console.error(`--${k} must be a positive integer`);
    process.exit(2);
  }
}
const deadline = setTimeout(() => fail(`over --max-seconds ${MAX_S}`), MAX_S * 1000);
deadline.unref();

const { merchantId, publicKey, privateKey } = SANDBOX_DEFAULTS;
const AUTH = `Basic ${Buffer.from(`${privateKey}:`).toString('base64')}`;
const dir = mkdtempSync(join(tmpdir(), 'bench-webhooks-'));
const children: ChildProcess[] = [];

function fail(why: string): never {
  console.error(`bench:webhooks: ${why}`);
  for (const c of children) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
}

/** Starts the sandbox CLI on `db`; resolves with the process and its base URL. */
async function sandbox(db: string): Promise<{ child: ChildProcess; base: string }> {
  const args = ['--db', db, '--port', '0', '--merchant-id', merchantId, '--public-key', publicKey, '--private-key', privateKey];
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  const base = (await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next()).value as string;
  if (!base?.startsWith('http://127.0.0.1:')) fail('the sandbox did not start');
  return { child, base };
}

/** One API call; resolves with the status and the parsed body. */
async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: AUTH, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Runs `n` tasks over `c` workers. */
async function pool(n: number, c: number, task: (i: number) => Promise<void>, stop = () => false) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(c, n) }, async () => {
      while (next < n && !stop()) await task(next++);
    }),
  );
}

/** A receiver on 127.0.0.1: arrival time of each delivery by event id, answering `status(i)` to the i-th request. */
async function receiver(status: (i: number) => number = () => 200) {
  const arrivals: { id: string; type: string; tx: any; at: number }[] = [];
  let count = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const code = status(count++);
      if (code < 300) arrivals.push({ id: json.id, type: json.type, tx: json.transaction, at });
      res.writeHead(code).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, arrivals, close: () => server.close() };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const EXPIRY = String((new Date().getFullYear() + 3) % 100);
let orderSeq = 0;

/** A token of `pan` (public key), then a merchant-level charge; resolves with the answer and when the charge request started. */
async function cardCharge(base: string, pan: string, extra: object = {}) {
  const tok = await fetch(`${base}/v1/${merchantId}/tokens`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${publicKey}:`).toString('base64')}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ card_number: pan, holder_name: 'Bench', expiration_month: '12', expiration_year: EXPIRY, cvv2: '123' }),
  }).then((r) => r.json() as Promise<{ id: string }>);
  const order = `bench-${process.pid}-${++orderSeq}`;
  const t0 = performance.now();
  const r = await call(
    base,
    'POST',
    `/v1/${merchantId}/charges`,
    {
      method: 'card',
      source_id: tok.id,
      amount: 100,
      description: 'bench',
      order_id: order,
      device_session_id: 'benchsession0000000000000000000000',
      customer: { name: 'B', email: 'b@example.com' },
      ...extra,
    },
    { 'X-Forwarded-For': '203.0.113.7' },
  );
  return { ...r, order, t0 };
}

const TYPES = ['charge.succeeded', 'charge.failed', 'charge.created', 'charge.refunded', 'spei.received'];

/** When each request about an order (or a transaction) started, `performance.now()` ms. */
type Starts = Map<string, number[]>;
const note = (starts: Starts, key: string, at: number): void => void starts.set(key, [...(starts.get(key) ?? []), at]);

/** A charge kind of the load run (./load/mixed.ts), its requests' starts noted under its order id. */
function loadKind(step: Step, base: string, starts: Starts, problems: string[]) {
  const client = clientOf(base);
  return (orderId: string) => {
    const noted = Object.assign(
      (...a: Parameters<Client>) => {
        note(starts, orderId, performance.now());
        return client(...a);
      },
      { simulationPrefix: client.simulationPrefix },
    );
    const untimed = new Proxy({} as Record<string, number[]>, { get: () => [] });
    return step(noted, orderId, untimed, (ok, what) => ok || problems.push(what));
  };
}

/** The charge kinds of ./load/mixed.ts in the mix, each paid through the simulation API or its page. */
const LOAD_KINDS: readonly Step[] = [store, spei, redirect, wallet, ivr];

/**
 * The `i`-th operation of the mix: a card charge, a declined card, a held charge then captured, a charge then
 * partly refunded, a SPEI deposit to a customer's CLABE, then ./load/mixed.ts's: a store charge paid at the store,
 * a SPEI charge paid by a transfer, a redirect charge paid on its page, a wallet charge approved, an IVR charge
 * paid by the call. Each request's start is noted under the order id (the transaction id for the deposit).
 */
async function mixedOperation(base: string, i: number, clabe: string, starts: Starts, problems: string[]): Promise<void> {
  const kind = i % (5 + LOAD_KINDS.length);
  if (kind >= 5) return void (await loadKind(LOAD_KINDS[kind - 5]!, base, starts, problems)(`bench-${process.pid}-${++orderSeq}`));
  if (kind === 4) {
    const t = performance.now();
    const r = await call(base, 'POST', `/sandbox/v1/${merchantId}/spei-transfers`, { clabe, amount: 50 });
    return note(starts, r.body.id, t);
  }
  const r = await cardCharge(base, kind === 1 ? '4000000000000002' : '4111111111111111', kind === 2 ? { capture: false } : {});
  note(starts, r.order, r.t0);
  if (kind === 2 || kind === 3) {
    note(starts, r.order, performance.now());
    const [path, body] = kind === 2 ? ['capture', {}] : ['refund', { amount: 10 }];
    await call(base, 'POST', `/v1/${merchantId}/charges/${r.body.id}/${path}`, body);
  }
}

/** Each delivered event's latency: its arrival minus the start of the last request about it that started before. */
function latencies(arrivals: { tx: any; at: number }[], starts: Starts): number[] {
  return arrivals.flatMap((a) => {
    const before = (starts.get(a.tx.order_id ?? a.tx.id) ?? []).filter((s) => s <= a.at);
    return before.length ? [a.at - Math.max(...before)] : [];
  });
}

/**
 * Phase 1: the mixed load and each event's latency to the receiver. `rate`: operations started per second (an
 * open loop below saturation), or 0 for as fast as `--concurrency` clients go (saturated: latency is queueing).
 */
async function latency(rate: number) {
  const { child, base } = await sandbox(join(dir, `latency-${rate}.db`));
  const rx = await receiver();
  await call(base, 'POST', `/v1/${merchantId}/webhooks`, { url: rx.url, event_types: TYPES });
  const customer = await call(base, 'POST', `/v1/${merchantId}/customers`, {
    name: 'Bench',
    email: 'b@example.com',
    requires_account: true,
  });
  const starts: Starts = new Map();
  const problems: string[] = [];
  const t0 = performance.now();
  await pool(OPS, C, async (i) => {
    const wait = rate ? t0 + (i * 1000) / rate - performance.now() : 0;
    if (wait > 0) await new Promise((d) => setTimeout(d, wait));
    await mixedOperation(base, i, customer.body.clabe, starts, problems);
  });
  const seconds = (performance.now() - t0) / 1000;
  if (problems.length) fail(`latency: ${problems.slice(0, 5).join('; ')}`);
  const expected = (await allEvents(base)).filter((e) => e.type !== 'verification').length;
  const until = performance.now() + 60_000;
  const events = () => rx.arrivals.filter((a) => a.tx);
  while (events().length < expected && performance.now() < until) await new Promise((d) => setTimeout(d, 50));
  const lat = latencies(events(), starts);
  child.kill('SIGTERM');
  rx.close();
  if (lat.length < expected) fail(`latency: ${lat.length} of ${expected} events arrived and matched their request`);
  return { events: lat.length, ops: OPS, seconds, p50: pct(lat, 50), p99: pct(lat, 99), max: Math.max(...lat) };
}

/** Every event of the outbox (the simulation API's log), oldest first. */
async function allEvents(base: string): Promise<{ id: string; type: string; resource_id: string }[]> {
  const out = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await call(base, 'GET', `/sandbox/v1/${merchantId}/events?limit=100&offset=${offset}`)).body;
    out.push(...page);
    if (page.length < 100) return out.reverse();
  }
}

/** Charges at `--concurrency` until `killAt` are acknowledged in all, then SIGKILL (mid-load: requests and sends in flight). */
async function chargeUntilKilled(run: { child: ChildProcess; base: string }, acknowledged: string[], killAt: number) {
  let killed = false;
  await pool(
    KILL_OPS,
    C,
    async () => {
      try {
        const r = await cardCharge(run.base, '4111111111111111');
        if (r.status === 201) acknowledged.push(r.body.id);
        if (acknowledged.length >= killAt && !killed) {
          killed = true;
          run.child.kill('SIGKILL');
        }
      } catch {
        /* the process is gone: the request failed */
      }
    },
    () => killed,
  );
  if (!killed) run.child.kill('SIGKILL');
  // a process killed by a signal has no exit code: it may have exited while the last requests failed
  await new Promise((done) => (run.child.exitCode !== null || run.child.signalCode !== null ? done(null) : run.child.once('exit', done)));
}

/**
 * Phase 2: `--kills` SIGKILLs in the middle of a load, each followed by a restart on the same file, the receiver
 * answering 503 to one request in three (retries pending at every kill); then the retry schedule run to its end
 * on the clock (./webhooks/drain.ts), and what never arrived counted.
 */
async function sigkill() {
  const db = join(dir, 'kill.db');
  const rx = await receiver((i) => (i % 3 === 2 ? 503 : 200));
  let run = await sandbox(db);
  await call(run.base, 'POST', `/v1/${merchantId}/webhooks`, { url: rx.url, event_types: ['charge.succeeded'] });
  const acknowledged: string[] = [];
  let atKills = 0;
  for (let k = 1; k <= KILLS; k++) {
    await chargeUntilKilled(run, acknowledged, Math.floor((KILL_OPS * k) / KILLS));
    run = await sandbox(db);
    atKills += (await call(run.base, 'GET', `/sandbox/v1/${merchantId}/deliveries?status=scheduled&limit=100`)).body.length;
  }
  const drained = await drainDeliveries(run.base, merchantId, AUTH);
  const events = (await allEvents(run.base)).filter((e) => e.type === 'charge.succeeded');
  const arrived = new Set(rx.arrivals.map((a) => a.id));
  const lost = events.filter((e) => !arrived.has(e.id)).length;
  const withEvent = new Set(events.map((e) => e.resource_id));
  const ackWithoutEvent = acknowledged.filter((id) => !withEvent.has(id)).length;
  const duplicates = rx.arrivals.length - arrived.size;
  run.child.kill('SIGTERM');
  rx.close();
  return { acknowledged: acknowledged.length, events: events.length, lost, ackWithoutEvent, duplicates, atKills, ...drained };
}

/** Phase 3: invoices requested, then stamped by one clock advance; the documents' time. */
async function invoices() {
  const { child, base } = await sandbox(join(dir, 'invoices.db'));
  const rx = await receiver();
  await call(base, 'POST', `/v1/${merchantId}/webhooks`, { url: rx.url, event_types: ['invoice.stamped'] });
  const ids: string[] = [];
  const t0 = performance.now();
  await pool(INVOICES, C, async () => {
    const body = invoiceBody();
    const r = await call(base, 'POST', `/v1/${merchantId}/invoices/v40`, body);
    if (r.status !== 201) fail(`invoice answered ${r.status}`);
    ids.push(body.invoice_id);
  });
  const requestSeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const adv = await call(base, 'POST', `/sandbox/v1/${merchantId}/clock/advance`, { seconds: 3 });
  const stampSeconds = (performance.now() - t1) / 1000;
  if (rx.arrivals.filter((a) => a.type === 'invoice.stamped').length < INVOICES) fail('not every invoice.stamped arrived');
  const xml: number[] = [];
  const pdf: number[] = [];
  for (const id of ids.slice(0, 20)) {
    const n = (await call(base, 'GET', `/v1/${merchantId}/invoices/v40/${id}`)).body;
    for (const [link, into] of [
      [n.public_xml_link, xml],
      [n.public_pdf_link, pdf],
    ] as const) {
      const s = performance.now();
      await (await fetch(link)).arrayBuffer();
      into.push(performance.now() - s);
    }
  }
  child.kill('SIGTERM');
  rx.close();
  return {
    invoices: INVOICES,
    requestRate: INVOICES / requestSeconds,
    jobs: adv.body.jobs_run,
    stampRate: INVOICES / stampSeconds,
    xml: pct(xml, 50),
    pdf: pct(pdf, 50),
  };
}

const lines: string[] = [];
const say = (line: string) => {
  console.log(line);
  lines.push(line);
};
for (const rate of [RATE, 0]) {
  const a = await latency(rate);
  say(
    `latency, ${rate ? `paced at ${rate} operations/s` : `saturated (${C} clients as fast as they go)`}: ${a.ops} operations at ${(a.ops / a.seconds).toFixed(0)}/s, ${a.events} events; state change -> receiver p50 ${ms(a.p50)}, p99 ${ms(a.p99)}, max ${ms(a.max)}`,
  );
}
const b = await sigkill();
say(
  `SIGKILL x${KILLS}: ${b.acknowledged} charges answered 201 before the kills, ${b.events} charge.succeeded events in the outbox; ${b.atKills} retries found scheduled at the restarts (at most 100 counted per restart); the schedule run to its end in ${b.advances} clock advance(s): lost ${b.lost}, acknowledged without an event ${b.ackWithoutEvent}, duplicate deliveries ${b.duplicates}, still pending ${b.pending}, failed (refused on every attempt) ${b.failed}`,
);
const c = await invoices();
say(
  `invoices: ${c.invoices} requested at ${c.requestRate.toFixed(0)}/s; stamped by one clock advance (${c.jobs} jobs, each notification delivered) at ${c.stampRate.toFixed(0)}/s; XML p50 ${ms(c.xml)}, PDF p50 ${ms(c.pdf)}`,
);
rmSync(dir, { recursive: true, force: true });
if (b.lost > 0 || b.ackWithoutEvent > 0 || b.pending > 0) fail('deliveries were lost');
if (values.write) writeDocs();
process.exit(0);

/** The figures into docs/performance.md's webhooks block. */
function writeDocs() {
  const args = process.argv
    .slice(2)
    .filter((a) => a !== '--write' && a !== '--')
    .join(' ');
  const block = [
    `Measured on ${new Date().toISOString().slice(0, 10)} with \`npm run bench:webhooks${args ? ` -- ${args}` : ''}\`, on loopback, Node ${process.version.slice(1)}, this shared 2-core machine. The mix: card charges, declined cards, held charges then captured, partial refunds, SPEI deposits to a customer's CLABE, store charges then paid at the store, SPEI charges then paid by a transfer, redirect charges paid on their page, wallet charges approved, IVR charges paid by the call.`,
    '',
    ...lines.map((l) => `- ${l}`),
  ].join('\n');
  const path = new URL('../../docs/performance.md', import.meta.url);
  writeFileSync(path, replaceBlock(readFileSync(path, 'utf8'), 'webhooks', block));
  console.log('docs/performance.md: webhooks figures written');
}
