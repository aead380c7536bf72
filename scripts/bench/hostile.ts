/**
 * The hostile cases of issue 42, measured on a sandbox child process (`sandbox/src/cli.ts`, `:memory:`): a token
 * request's p50 and p99 alone, while two clients fetch the PDFs of CFDI invoices of 60 concepts x 700 characters
 * without a space (each invoice's first fetch renders it, later ones are served from the sandbox's cache), and while
 * 10 loopback addresses (127.0.0.2 ... 127.0.0.11) each hold 30 sockets trickling their headers a line every 300 ms
 * (300 sockets beside the default bound of 256). The PDF phase lasts until every invoice has been rendered once. Run by `npm run flood`; loopback only, every loop bounded.
 */
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { SANDBOX_DEFAULTS } from '../../sandbox/src/defaults';
import { bigInvoiceBody } from '../../sandbox/test/unit/cfdi-fixtures';

/** Settings of {@link hostile}. */
export interface HostileOptions {
  /** Token requests measured in each phase, one at a time. */
  requests: number;
  /** Large invoices whose PDFs the fetching clients cycle through. */
  invoices: number;
}

/** One phase's token latencies, ms. */
export interface Latency {
  p50: number;
  p99: number;
  max: number;
  /** Token requests that did not answer 201 (a reset connection counts). */
  failed: number;
  /** The longest the sandbox's event loop was held during the phase, ms (./loop-stall.ts). */
  loopStallMs?: number;
}

/** What {@link hostile} measured. */
export interface HostileResult {
  alone: Latency;
  pdf: Latency & { fetches: number; firstFetchMs: number[] };
  trickle: Latency & { sockets: number };
}

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
const CARD = { card_number: '4111111111111111', holder_name: 'Ana Pérez', expiration_month: '12', expiration_year: '35', cvv2: '123' };

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Sends token requests one after another: `n` of them, and more while `more()` holds (at most 120 s in all);
 * their latencies.
 */
async function tokens(base: string, n: number, more: () => boolean = () => false): Promise<Latency> {
  const ms: number[] = [];
  let failed = 0;
  const until = performance.now() + 120_000;
  for (let i = 0; i < n || (more() && performance.now() < until); i++) {
    const t = performance.now();
    const r = await fetch(`${base}/tokens`, {
      method: 'POST',
      headers: { Authorization: basic(SANDBOX_DEFAULTS.publicKey), 'Content-Type': 'application/json' },
      body: JSON.stringify(CARD),
      signal: AbortSignal.timeout(30_000),
    }).catch(() => null);
    await r?.arrayBuffer();
    if (r?.status !== 201) failed++;
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: round(quantile(ms, 0.5)), p99: round(quantile(ms, 0.99)), max: round(ms.at(-1)!), failed };
}

/** Stamps `n` large invoices through the API and the simulated clock; their public PDF links. */
async function largeInvoices(root: string, base: string, n: number): Promise<string[]> {
  const headers = { Authorization: basic(SANDBOX_DEFAULTS.privateKey), 'Content-Type': 'application/json' };
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const body = bigInvoiceBody();
    const r = await fetch(`${base}/invoices/v40`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (r.status !== 201) throw new Error(`invoice refused: ${r.status} ${await r.text()}`);
    ids.push(body.invoice_id);
  }
  const sim = `${root}/sandbox/v1/${SANDBOX_DEFAULTS.merchantId}`;
  await fetch(`${sim}/clock/advance`, { method: 'POST', headers, body: JSON.stringify({ seconds: 5 }) });
  const links: string[] = [];
  for (const id of ids) {
    const inv = (await (await fetch(`${base}/invoices/v40/${id}`, { headers })).json()) as { public_pdf_link: string | null };
    if (!inv.public_pdf_link) throw new Error(`invoice ${id} not stamped`);
    links.push(inv.public_pdf_link);
  }
  return links;
}

/** Opens `perAddress` sockets from each of 10 loopback addresses, trickling a header line every 300 ms. */
function trickleFrom10(port: number, perAddress: number): { sockets: Socket[]; stop: () => void } {
  const sockets: Socket[] = [];
  for (let a = 2; a <= 11; a++) {
    for (let i = 0; i < perAddress; i++) {
      const s = connect({ host: '127.0.0.1', port, localAddress: `127.0.0.${a}` }, () =>
        s.write('GET /openapi.json HTTP/1.1\r\nHost: x\r\n'),
      );
      s.on('error', () => {});
      sockets.push(s);
    }
  }
  const timer = setInterval(() => {
    for (const s of sockets) if (s.writable) s.write('X-Slow: 1\r\n');
  }, 300);
  return { sockets, stop: () => (clearInterval(timer), sockets.forEach((s) => s.destroy())) };
}

/** Runs the three phases on a fresh sandbox child; always stops it. */
export async function hostile(o: HostileOptions): Promise<HostileResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './scripts/bench/loop-stall.ts', 'sandbox/src/cli.ts', '--port', '0', '--db', ':memory:'],
    { cwd: new URL('../..', import.meta.url).pathname, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stalls = createInterface({ input: child.stderr! })[Symbol.asyncIterator]();
  /** The child's longest event-loop stall since the previous call, ms. */
  const loopStall = async (): Promise<number> => {
    child.kill('SIGUSR2');
    for (let line = await stalls.next(); !line.done; line = await stalls.next()) {
      const m = /^loop-stall-ms (\S+)$/.exec(line.value as string);
      if (m) return +m[1]!;
    }
    return NaN;
  };
  try {
    const root = (await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next()).value as string;
    const base = `${root}/v1/${SANDBOX_DEFAULTS.merchantId}`;
    const links = await largeInvoices(root, base, o.invoices);
    await tokens(base, 20); // warm-up
    await loopStall();
    const alone = { ...(await tokens(base, o.requests)), loopStallMs: await loopStall() };

    let fetching = true;
    let fetches = 0;
    const firstFetchMs: number[] = [];
    const fetchLoop = async (offset: number) => {
      for (let i = offset; fetching && i < 100_000; i++) {
        const t = performance.now();
        await (await fetch(links[i % links.length]!).catch(() => null))?.arrayBuffer();
        if (i < links.length) firstFetchMs.push(round(performance.now() - t));
        fetches++;
      }
    };
    const loops = [fetchLoop(0), fetchLoop(Math.ceil(links.length / 2))];
    const pdf = await tokens(base, o.requests, () => firstFetchMs.length < links.length); // every invoice rendered
    fetching = false;
    await Promise.all(loops);
    pdf.loopStallMs = await loopStall();

    const trickling = trickleFrom10(Number(new URL(root).port), 30);
    await new Promise((r) => setTimeout(r, 1000));
    await loopStall();
    const trickle = { ...(await tokens(base, o.requests)), loopStallMs: await loopStall() };
    trickling.stop();
    return { alone, pdf: { ...pdf, fetches, firstFetchMs }, trickle: { ...trickle, sockets: trickling.sockets.length } };
  } finally {
    child.kill('SIGKILL');
  }
}
