/**
 * The first phases of `npm run load`, with autocannon over many connections: tokenize `--tokens` cards, retrieve
 * every token, charge each once with its own order_id, then `--rounds` races of `--race` concurrent charges sharing
 * one order_id (exactly one may succeed, the others get 1006).
 */
import autocannon from 'autocannon';
import { SANDBOX_DEFAULTS } from '../../../sandbox/src/defaults';
import { basic } from './client';

const { merchantId, publicKey, privateKey } = SANDBOX_DEFAULTS;
const v1 = `/v1/${merchantId}`;
const json = { 'Content-Type': 'application/json' };

/** Options of {@link classicRun}. */
export interface ClassicOptions {
  tokens: number;
  connections: number;
  race: number;
  rounds: number;
  card: string;
}

/** What every phase shares: the sandbox, the options, the table rows and the problems met. */
interface Run {
  base: string;
  o: ClassicOptions;
  rows: Record<string, unknown>[];
  check: (ok: boolean, what: string) => void;
  phase: ReturnType<typeof phaseOf>;
}

/** Runs the phases against the sandbox at `base`. @returns the table rows, what held, and the problems met. */
export async function classicRun(base: string, o: ClassicOptions) {
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  const run: Run = { base, o, rows: [], check, phase: phaseOf(base, o.connections, check) };
  const { ids, retrieved } = await tokenizeAndRetrieve(run);
  const charged = await chargeEach(run, ids);
  const race = await races(run);
  return { rows: run.rows, problems, ids: ids.length, retrieved, charged, ...race };
}

/** Phases 1 and 2: `--tokens` tokens over the connections, then every one retrieved (masked). */
async function tokenizeAndRetrieve({ o, rows, check, phase }: Run) {
  const ids: string[] = [];
  rows.push(
    await phase(
      'tokenize POST /tokens',
      o.tokens,
      () => ({ method: 'POST', path: `${v1}/tokens`, headers: { ...json, Authorization: basic(publicKey) }, body: o.card }),
      (status, body) => {
        check(status === 201, `tokenize: status ${status}`);
        if (status === 201) ids.push(JSON.parse(body).id);
      },
    ),
  );
  check(
    ids.length === o.tokens && new Set(ids).size === o.tokens,
    `tokenize: ${ids.length} tokens, ${new Set(ids).size} distinct, of ${o.tokens}`,
  );
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
  return { ids, retrieved: retrieved.size };
}

/** A charge body for a token, with `order_id`. */
const charge = (source_id: string, order_id: string) =>
  JSON.stringify({
    method: 'card',
    source_id,
    amount: 100,
    description: 'load',
    order_id,
    device_session_id: 'loadtest0000000000000000000000ab',
    customer: { name: 'Load', email: 'load@example.com' },
  });
const chargeHeaders = { ...json, Authorization: basic(privateKey), 'X-Forwarded-For': '203.0.113.7' };
const stamp = Date.now().toString(36);

/** Phase 3: one charge per token, each with its own order_id. @returns how many succeeded. */
async function chargeEach({ rows, check, phase }: Run, ids: string[]): Promise<number> {
  let k = 0;
  let charged = 0;
  rows.push(
    await phase(
      'charge POST /charges',
      ids.length,
      () => {
        const i = k++;
        return { method: 'POST', path: `${v1}/charges`, headers: { ...chargeHeaders }, body: charge(ids[i]!, `load-${stamp}-${i}`) };
      },
      (status) => {
        check(status === 201, `charge: status ${status}`);
        if (status === 201) charged++;
      },
    ),
  );
  check(charged === ids.length, `charge: ${charged} of ${ids.length} succeeded`);
  return charged;
}

/** Phase 4: `--rounds` races of `--race` concurrent charges sharing one order_id, each with its own token. */
async function races({ base, o, check }: Run) {
  const started = Date.now();
  let winners = 0;
  let conflicts = 0;
  for (let round = 0; round < o.rounds; round++) {
    const tokens = await Promise.all(
      Array.from({ length: o.race }, async () => {
        const res = await fetch(`${base}${v1}/tokens`, {
          method: 'POST',
          headers: { ...json, Authorization: basic(publicKey) },
          body: o.card,
        });
        return (await res.json()).id as string;
      }),
    );
    const orderId = `race-${stamp}-${round}`;
    const replies = await Promise.all(
      tokens.map(async (source_id) => {
        const res = await fetch(`${base}${v1}/charges`, {
          method: 'POST',
          headers: { ...chargeHeaders },
          body: charge(source_id, orderId),
        });
        return { status: res.status, code: (await res.json()).error_code as number | undefined };
      }),
    );
    const ok = replies.filter((x) => x.status === 201).length;
    const dup = replies.filter((x) => x.status === 409 && x.code === 1006).length;
    winners += ok;
    conflicts += dup;
    check(ok === 1 && dup === o.race - 1, `race round ${round}: ${ok} succeeded, ${dup} got 1006, of ${o.race}`);
  }
  return { winners, conflicts, raceSeconds: (Date.now() - started) / 1000 };
}

/** One autocannon phase over `amount` requests; `next()` gives each request, `onResponse` sees each answer. */
function phaseOf(base: string, C: number, check: (ok: boolean, what: string) => void) {
  return async function phase(
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
  };
}
