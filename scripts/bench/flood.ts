/**
 * Flood test of the sandbox (`npm run flood -- [--requests N] [--max-seconds S] [--connections C]
 * [--max-records N] [--ceiling-mb MB]`): starts `sandbox/src/cli.ts` as a child process on a free loopback port
 * (so the RSS measured is the sandbox's alone), then sends it, with the public key only, the largest bodies its
 * bounds accept: device data at the shape limits (4000 characters, 250 values of signals) under a fresh
 * `device_session_id` each, and tokens with every address field and the holder name at their maxima. It samples
 * the child's resident set size (Linux `/proc/<pid>/status`, VmRSS) every 100 ms, checks the sandbox still
 * creates a token afterwards, stops the child and prints the figures.
 *
 * Then the hostile cases (./hostile.ts): a token request's p50 and p99 alone, while large CFDI PDFs are fetched and
 * while 10 loopback addresses trickle sockets (`--hostile-requests`, default 200 per phase).
 *
 * Bounded: it stops after `--requests` (default 20000) or `--max-seconds` (default 120), whichever comes first,
 * and always kills the child. Exits 1 when the peak RSS is over `--ceiling-mb` (default {@link FLOOD_RSS_CEILING_MB})
 * or the sandbox
 * stopped answering. Loopback only.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { SANDBOX_DEFAULTS } from '../../sandbox/src/defaults';
import { SIGNAL_LIMITS } from '../../sandbox/src/fraud/schema';
import { ADDRESS_MAX } from '../../src/card/address';
import { HOLDER_NAME_MAX } from '../../src/card/holder';
import { hostile, type Latency } from './hostile';

/**
 * The documented ceiling of the sandbox's resident set size under a flood with the default limits, MiB
 * (docs/security.md): every store full of the largest records its bounds accept stays under it.
 */
export const FLOOD_RSS_CEILING_MB = 384;

/** Settings of {@link flood}. */
export interface FloodOptions {
  /** Requests to send in all (half device data, half tokens). */
  requests: number;
  /** Stop sending after this many seconds even if requests remain. */
  maxSeconds: number;
  /** Concurrent request loops. */
  connections: number;
  /** `--max-records` of the sandbox under test. */
  maxRecords: number;
}

/** What {@link flood} measured. */
export interface FloodResult {
  sent: number;
  /** Responses by status (201 expected for all). */
  statuses: Record<number, number>;
  seconds: number;
  /** RSS of the sandbox process, MiB: right after start, peak during the flood, at the end. */
  rssStartMb: number;
  rssPeakMb: number;
  rssEndMb: number;
  /** Whether the sandbox created a token after the flood. */
  alive: boolean;
}

const rssMb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round((Number(m[1]) / 1024) * 10) / 10 : NaN;
};

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

/** A device-data body at the shape limits, its strings varied by `n` so none is shared. */
function worstDevice(n: number) {
  const chunk = SIGNAL_LIMITS.string;
  const strings = Math.floor(SIGNAL_LIMITS.chars / chunk);
  const signals: Record<string, unknown> = {};
  for (let i = 0; i < strings; i++) signals[`s${i}`] = `${n}`.padEnd(chunk, String.fromCharCode(97 + i));
  let left = SIGNAL_LIMITS.values - strings;
  for (let i = 0; left > 0; i++) {
    const len = Math.min(SIGNAL_LIMITS.array - 1, left - 1);
    signals[`a${i}`] = Array.from({ length: len }, (_, k) => n + k);
    left -= len + 1;
  }
  const visitor_id = createHash('sha256')
    .update(JSON.stringify(signals, Object.keys(signals).sort()))
    .digest('hex')
    .slice(0, 32);
  return { device_session_id: `flood${n}`.padEnd(40, 'x'), visitor_id, signals };
}

/** A token body with the holder name and every address field at their maxima. */
function worstToken(n: number) {
  const text = (max: number) => `${n}`.padEnd(max, 'y');
  return {
    card_number: '4111111111111111',
    holder_name: text(HOLDER_NAME_MAX),
    expiration_month: '12',
    expiration_year: String((new Date().getFullYear() + 5) % 100),
    cvv2: '123',
    address: {
      line1: text(ADDRESS_MAX.line),
      line2: text(ADDRESS_MAX.line),
      line3: text(ADDRESS_MAX.line),
      city: text(ADDRESS_MAX.city),
      state: text(ADDRESS_MAX.state),
      postal_code: text(ADDRESS_MAX.postal_code),
      country_code: 'MX',
    },
  };
}

/** Runs one flood (see the file comment); always stops the child. */
export async function flood(o: FloodOptions): Promise<FloodResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'sandbox/src/cli.ts', '--port', '0', '--db', ':memory:', '--max-records', String(o.maxRecords)],
    {
      cwd: new URL('../..', import.meta.url).pathname,
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  try {
    const first = (await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next()).value as string;
    if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(first ?? '')) throw new Error(`sandbox did not start: ${first}`);
    const base = `${first}/v1/${SANDBOX_DEFAULTS.merchantId}`;
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { Authorization: basic(SANDBOX_DEFAULTS.publicKey), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const pid = child.pid!;
    const rssStartMb = rssMb(pid);
    let rssPeakMb = rssStartMb;
    const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), 100);
    const statuses: Record<number, number> = {};
    const started = performance.now();
    const deadline = started + o.maxSeconds * 1000;
    let next = 0;
    const loop = async () => {
      while (next < o.requests && performance.now() < deadline) {
        const n = next++;
        const r = await post(n % 2 ? '/tokens' : '/device-data', n % 2 ? worstToken(n) : worstDevice(n)).catch(() => null);
        const status = r ? r.status : 0;
        await r?.arrayBuffer();
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: o.connections }, loop));
    const seconds = Math.round((performance.now() - started) / 10) / 100;
    clearInterval(sampler);
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
    const alive = (await post('/tokens', worstToken(-1)).catch(() => null))?.status === 201;
    return { sent: next, statuses, seconds, rssStartMb, rssPeakMb, rssEndMb: rssMb(pid), alive };
  } finally {
    child.kill('SIGKILL');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '20000' },
      'max-seconds': { type: 'string', default: '120' },
      connections: { type: 'string', default: '16' },
      'max-records': { type: 'string', default: String(SANDBOX_DEFAULTS.limits.maxRecords) },
      'ceiling-mb': { type: 'string', default: String(FLOOD_RSS_CEILING_MB) },
      'hostile-requests': { type: 'string', default: '200' },
      'hostile-invoices': { type: 'string', default: '4' },
    },
  });
  const o = {
    requests: +values.requests,
    maxSeconds: +values['max-seconds'],
    connections: +values.connections,
    maxRecords: +values['max-records'],
  };
  const r = await flood(o);
  const ceiling = +values['ceiling-mb'];
  console.log(
    `npm run flood -- --requests ${o.requests} --max-seconds ${o.maxSeconds} --connections ${o.connections} --max-records ${o.maxRecords} (Node ${process.versions.node})\n` +
      `sent ${r.sent} requests in ${r.seconds} s (statuses ${JSON.stringify(r.statuses)}); sandbox RSS: start ${r.rssStartMb} MiB, peak ${r.rssPeakMb} MiB, end ${r.rssEndMb} MiB (ceiling ${ceiling} MiB); alive after: ${r.alive}`,
  );
  const h = await hostile({ requests: +values['hostile-requests'], invoices: +values['hostile-invoices'] });
  const row = (l: Latency) =>
    `p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms, ${l.failed} failed; longest event-loop stall ${l.loopStallMs} ms`;
  console.log(
    `hostile cases (--hostile-requests ${values['hostile-requests']} --hostile-invoices ${values['hostile-invoices']}), POST /tokens one at a time:\n` +
      `  alone: ${row(h.alone)}\n` +
      `  while 2 clients fetch CFDI PDFs of 60 concepts x 700 characters (${h.pdf.fetches} fetches; first fetches, rendering: ${h.pdf.firstFetchMs.join(', ')} ms): ${row(h.pdf)}\n` +
      `  while 10 addresses trickle ${h.trickle.sockets} sockets: ${row(h.trickle)}`,
  );
  const hostileOk = [h.alone, h.pdf, h.trickle].every((l) => l.failed === 0);
  process.exit(r.alive && r.rssPeakMb <= ceiling && hostileOk ? 0 : 1);
}
