import type { Context, MiddlewareHandler } from 'hono';
import type { SandboxEnv } from '../env';
import { apiError } from '../domain/errors';

/**
 * Fault mode of the sandbox: it misbehaves on purpose, the way networks and APIs do, so that clients can be
 * tested against it over real HTTP. Off unless the sandbox is started with it (`--faults` or `--fault SPEC`,
 * option `faults` of `createSandboxApp`/`startSandbox`): a normal sandbox ignores the header entirely.
 *
 * A fault is written `key=value` items joined by `;` (in the {@link FAULT_HEADER} request header, in
 * `--fault`, or in `sandbox.faults.set()`):
 *
 * | item | effect |
 * |---|---|
 * | `latency=MS` | waits MS milliseconds (0-60000) before handling the request |
 * | `status=500` | answers Error 1000 (500, internal) instead of handling the request |
 * | `status=503` | answers Error 1004 (503, service unavailable) instead of handling the request |
 * | `reset=before` | resets the TCP connection before handling the request: nothing is done, no response |
 * | `reset=after` | handles the request (a token or card IS created), then resets the connection instead of answering |
 * | `body=malformed` | answers the real status with a body that is not JSON (the JSON with its quotes swapped) |
 * | `body=truncated` | answers the real status with the first half of the JSON body, a complete HTTP message |
 * | `body=hang` | answers the real status and headers and half the body, then never ends the body |
 * | `times=N` | applies the fault to the first N requests only that carry this same fault text, then none |
 *
 * `reset` cannot be combined with `status` or `body`. `latency` combines with everything. Faults apply after
 * authentication only: the header on a request authenticated with the private key (or with the public key too
 * when the sandbox was started with `faultsPublicKey` / `--faults-public-key`), the default fault to every
 * authenticated request. CORS preflights (OPTIONS) are never faulted, and the preflight does not allow the
 * header, so no web page can send it.
 */

/** The request header that asks for a fault (honoured in fault mode only). */
export const FAULT_HEADER = 'X-Sandbox-Fault';

/** A parsed fault; see the table above. */
export interface Fault {
  latency?: number;
  status?: 500 | 503;
  reset?: 'before' | 'after';
  body?: 'malformed' | 'truncated' | 'hang';
  times?: number;
}

/** Every fault item and the values it takes (for the CLI help, the docs test and parsing). */
export const FAULT_ITEMS = {
  latency: 'MS (0-60000)',
  status: '500 | 503',
  reset: 'before | after',
  body: 'malformed | truncated | hang',
  times: 'N (1-1000000)',
} as const;

const int = (v: string, max: number): number | undefined => (/^\d{1,7}$/.test(v) && +v <= max ? +v : undefined);

/**
 * Parses a fault text such as `latency=300;status=503`.
 * @throws Error naming the first bad item (unknown key, bad value, repeated key, reset with status or body).
 */
export function parseFault(text: string): Fault {
  const f: Fault = {};
  for (const item of text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key = '', value = '', extra] = item.split('=').map((s) => s.trim());
    const v =
      extra !== undefined
        ? undefined
        : key === 'latency'
          ? int(value, 60_000)
          : key === 'times'
            ? int(value, 1_000_000) || undefined
            : key === 'status'
              ? ({ '500': 500, '503': 503 } as const)[value]
              : key === 'reset'
                ? (['before', 'after'] as const).find((x) => x === value)
                : key === 'body'
                  ? (['malformed', 'truncated', 'hang'] as const).find((x) => x === value)
                  : undefined;
    if (!Object.hasOwn(FAULT_ITEMS, key)) throw new Error(`unknown fault item "${key}" (known: ${Object.keys(FAULT_ITEMS).join(', ')})`);
    if (v === undefined) throw new Error(`${key} must be ${FAULT_ITEMS[key as keyof Fault]}`);
    if (Object.hasOwn(f, key)) throw new Error(`${key} given twice`);
    (f as Record<string, unknown>)[key] = v;
  }
  if (!Object.keys(f).length) throw new Error('empty fault');
  if (f.reset && (f.status || f.body)) throw new Error('reset cannot be combined with status or body');
  return f;
}

/** The fault mode of one sandbox: whether the header is honoured, the fault for requests without one, counters of `times`. */
export class FaultMode {
  #default: string | null = null;
  readonly #seen = new Map<string, number>();

  /** How many distinct fault texts `times` counts at most (the oldest is forgotten beyond). */
  static readonly MAX_COUNTED = 1000;

  /**
   * @param enabled whether fault mode is on. @param fault a fault for every request without the header.
   * @param publicKey whether the header is honoured on public-key requests too (default: private key only).
   */
  constructor(
    readonly enabled: boolean,
    fault?: string | null,
    readonly publicKey = false,
  ) {
    if (fault) this.set(fault);
  }

  /**
   * Sets (or with null clears) the fault applied to every request under `/v1` that carries no
   * {@link FAULT_HEADER}. @throws Error when fault mode is off or the text does not parse.
   */
  set(fault: string | null): void {
    if (!this.enabled) throw new Error('fault mode is off: start the sandbox with faults enabled');
    if (fault !== null) parseFault(fault);
    this.#default = fault;
  }

  /** The fault text of the current default, or null. */
  get current(): string | null {
    return this.#default;
  }

  /** Counts one more request carrying `text`; @returns how many so far (for `times`). */
  count(text: string): number {
    const n = (this.#seen.get(text) ?? 0) + 1;
    if (!this.#seen.has(text) && this.#seen.size >= FaultMode.MAX_COUNTED) this.#seen.delete(this.#seen.keys().next().value!);
    this.#seen.set(text, n);
    return n;
  }
}

/** A response that @hono/node-server does not write (the connection was reset instead). */
const alreadySent = () => new Response(null, { headers: { 'x-hono-already-sent': '1' } });

/** Replaces the response body with `body`, keeping status and headers (minus the stale Content-Length). */
function replaceBody(c: Context, body: BodyInit): void {
  const old = c.res;
  const headers = new Headers(old.headers);
  headers.delete('content-length');
  c.res = undefined;
  c.res = new Response(body, { status: old.status, headers });
}

/**
 * The fault middleware (see the table above). Runs after authentication (`c.var.keyKind` is set): the header
 * counts on private-key requests only, unless the mode allows the public key. A fault text that does not parse
 * is error 1001.
 *
 * @param mode the sandbox's {@link FaultMode}; when it is off, requests pass untouched whatever they carry.
 * @param render renders a thrown error as the Error object response (the app's one error renderer).
 */
export const faults =
  (mode: FaultMode, render: (c: Context<SandboxEnv>, err: unknown) => Response): MiddlewareHandler<SandboxEnv> =>
  async (c, next) => {
    if (!mode.enabled) return next();
    const header = c.var.keyKind === 'private' || mode.publicKey ? c.req.header(FAULT_HEADER) : undefined;
    const text = header ?? mode.current;
    if (!text) return next();
    let f: Fault;
    try {
      f = parseFault(text);
    } catch (e) {
      throw apiError(1001, `${FAULT_HEADER}: ${(e as Error).message}`);
    }
    if (f.times && mode.count(text) > f.times) return next();
    if (f.latency) await new Promise((r) => setTimeout(r, f.latency));
    const socket = c.env?.incoming?.socket;
    if (f.reset === 'before' && socket) {
      socket.resetAndDestroy();
      c.res = alreadySent();
      return;
    }
    if (f.status) {
      c.res = render(c, apiError(f.status === 500 ? 1000 : 1004, `Sandbox fault: status=${f.status}`));
    } else {
      await next();
    }
    if (f.reset === 'after' && socket) {
      socket.resetAndDestroy();
      c.res = undefined;
      c.res = alreadySent();
    } else if (f.body) {
      const sent = await c.res.text();
      const half = sent.slice(0, Math.floor(sent.length / 2));
      replaceBody(
        c,
        f.body === 'malformed'
          ? sent.replace(/"/g, "'")
          : f.body === 'truncated'
            ? half
            : new ReadableStream({ start: (ctrl) => ctrl.enqueue(new TextEncoder().encode(half)) }),
      );
    }
  };
