import { loggableError } from '../domain/errors';
import { performance } from 'node:perf_hooks';
import { DELIVERY_TIMEOUT_MS, MAX_IN_FLIGHT_PER_WEBHOOK, type DeliveryRecord, type WebhookRecord } from '../domain/webhooks';
import type { Store } from '../store/index';
import type { Clock } from '../time/clock';
import type { Scheduler } from '../time/scheduler';
import { FAN_OUT_BATCH, fanOutBatch, queueDue, recordAttempt, type AttemptFacts } from './deliveries';
import { deliveryBody, deliveryHeaders, loggedHeaders } from './message';
import { httpSender, type Sender } from './sender';
import { checkDestination, systemResolver, type Resolver } from './ssrf';

/** Settings of webhook delivery (`createSandboxApp({webhooks})`; the CLI's `--webhook-allow-hosts`). */
export interface DeliveryOptions {
  /** Hosts beyond loopback that webhook URLs may name: names, `*.example.com`, or addresses. @default [] */
  allowHosts: readonly string[];
  /** Name resolution (tests inject one). @default the system's (`dns.lookup`, every address) */
  resolve: Resolver;
  /** The HTTP client (tests inject one). @default Node's http and https, keep-alive */
  send?: Sender;
  /** Longest wait for an answer, ms. @default 15000 */
  timeoutMs: number;
  /** Most deliveries in flight to one webhook at once. @default 4 */
  maxInFlight: number;
  /** The real clock of the signatures' timestamps, epoch ms (never the sandbox clock). @default Date.now */
  wallClock: () => number;
  /** How often the outbox is checked for events written outside a request (jobs), ms. @default 250 */
  pollMs: number;
}

/** The defaults of {@link DeliveryOptions}: loopback only, the system resolver, 15 s, 8 in flight, the real clock, 250 ms. */
export const DELIVERY_DEFAULTS: DeliveryOptions = {
  allowHosts: [],
  resolve: systemResolver,
  timeoutMs: DELIVERY_TIMEOUT_MS,
  maxInFlight: MAX_IN_FLIGHT_PER_WEBHOOK,
  wallClock: () => Date.now(),
  pollMs: 250,
};

/**
 * Delivers the outbox's events to the webhooks, at least once (docs/webhooks.md): `kick()` (after every request,
 * after a job, every `pollMs`) fans new events out into delivery rows and starts the queued ones, at most
 * `maxInFlight` per webhook, oldest first. Each attempt resolves and checks the URL (./ssrf.ts), signs and sends
 * outside any transaction, then records its result in one (./deliveries.ts), which schedules the next attempt on
 * the clock. Nothing lives only in memory: on start, the queued deliveries (those in flight when the process
 * died included) are sent again and the scheduled ones wait for their jobs.
 */
export class Deliveries {
  readonly options: DeliveryOptions;
  readonly #send: Sender;
  readonly #closeSender: () => void;
  readonly #inFlight = new Map<string, number>();
  readonly #sending = new Set<string>();
  #waiters: (() => void)[] = [];
  #kicked = false;
  #timer: ReturnType<typeof setInterval> | null = null;
  #closed = false;
  #recorded = 0;

  constructor(
    readonly store: Store,
    readonly clock: Clock,
    readonly scheduler: Scheduler,
    options: Partial<DeliveryOptions> = {},
    readonly log: (line: string) => void = () => {},
  ) {
    this.options = { ...DELIVERY_DEFAULTS, ...options };
    const own = options.send ? null : httpSender(this.options.maxInFlight);
    this.#send = options.send ?? own!.send;
    this.#closeSender = () => own?.close();
  }

  /** How many attempts are being sent right now. */
  get inFlight(): number {
    return this.#sending.size;
  }

  /** The handler of a due retry (in its job's transaction): the delivery is queued, and sent once the job commits. */
  onAttemptDue(deliveryId: string): void {
    queueDue(this.store, deliveryId, this.clock.nowMs());
    this.kick();
  }

  /** Fans out and sends soon (once the current transaction and request are done); calls coalesce. */
  kick(): void {
    if (this.#kicked || this.#closed) return;
    this.#kicked = true;
    setImmediate(() => {
      this.#kicked = false;
      this.#work();
    });
  }

  /**
   * Fans out every new event and starts what may start now. While no webhook is active there is nothing to do: no
   * event has anyone to go to, and the first webhook moves the fan-out cursor past them (store/webhooks.ts).
   */
  #work(): void {
    if (this.#closed) return;
    try {
      if (!this.store.webhooks.hasActive()) return;
      while (fanOutBatch(this.store, this.clock.nowMs()) === FAN_OUT_BATCH);
      this.#pump();
    } catch (e) {
      this.log(`webhooks: ${loggableError(e)}`);
    }
  }

  /** Starts the queued deliveries of each webhook, oldest first, up to its bound in flight. */
  #pump(): void {
    const max = this.options.maxInFlight;
    const waiting = new Set(this.store.deliveries.queuedWebhooks());
    if (!waiting.size) return;
    for (const w of this.store.webhooks.active()) {
      if (!waiting.has(w.id) || (this.#inFlight.get(w.id) ?? 0) >= max) continue;
      for (const dl of this.store.deliveries.queuedOf(w.id, max * 2)) {
        if ((this.#inFlight.get(w.id) ?? 0) >= max) break;
        if (!this.#sending.has(dl.id)) this.#start(w, dl);
      }
    }
  }

  #start(w: WebhookRecord, dl: DeliveryRecord): void {
    this.#sending.add(dl.id);
    this.#inFlight.set(w.id, (this.#inFlight.get(w.id) ?? 0) + 1);
    void this.#attempt(w, dl)
      .catch((e: Error) => this.log(`webhooks: delivery ${dl.id}: ${loggableError(e)}`))
      .finally(() => {
        this.#sending.delete(dl.id);
        this.#inFlight.set(w.id, (this.#inFlight.get(w.id) ?? 1) - 1);
        this.#work();
        this.#wake();
      });
  }

  /** One attempt: check the destination, sign, send (no transaction open), then record the result (one transaction). */
  async #attempt(w: WebhookRecord, dl: DeliveryRecord): Promise<void> {
    const event = this.store.events.get(dl.eventId);
    if (!event) return;
    const at = this.clock.nowMs();
    const t0 = performance.now();
    const body = deliveryBody(event);
    const dest = await checkDestination(w.url, this.options.allowHosts, this.options.resolve);
    let facts: AttemptFacts;
    if (!dest.ok) {
      facts = { at, durationMs: 0, request: null, responseStatus: null, responseBody: '', error: `refused, nothing sent: ${dest.problem}` };
    } else {
      const headers = deliveryHeaders(w, event.id, body, this.options.wallClock());
      const r = await this.#send({
        url: w.url,
        address: dest.address,
        family: dest.family,
        headers,
        body,
        timeoutMs: this.options.timeoutMs,
      });
      const request = { method: 'POST' as const, url: w.url, headers: loggedHeaders(headers), body };
      facts = {
        at,
        durationMs: Math.round(performance.now() - t0),
        request,
        responseStatus: r.status,
        responseBody: r.body,
        error: r.error,
      };
    }
    if (this.#closed) return;
    const logged = recordAttempt(this.store, this.scheduler, dl.id, facts, this.clock.nowMs());
    // the log is bounded: every 100 results, the oldest finished deliveries beyond --max-records go
    if (++this.#recorded % 100 === 0) this.store.tx(() => this.store.deliveries.pruneFinished(this.store.limits.maxRecords));
    if (logged && logged.outcome !== 'delivered') {
      this.log(
        `webhook ${w.id} ${event.type} ${event.id} attempt ${logged.attempt}: ${facts.responseStatus ?? facts.error} -> ${logged.outcome}`,
      );
    }
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w();
  }

  /**
   * Resolves once every event is fanned out and nothing is in flight or startable (the simulation API's clock
   * advance waits for it between jobs), or after `maxMs` real milliseconds (default: the time-out plus 5 s).
   */
  async settle(maxMs = this.options.timeoutMs + 5_000): Promise<void> {
    const deadline = performance.now() + maxMs;
    for (;;) {
      this.#work();
      if (this.#sending.size === 0 || this.#closed) return;
      const left = deadline - performance.now();
      if (left <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Starts the poll of the outbox and resumes what a previous run left queued. */
  start(): void {
    this.stop();
    this.#timer = setInterval(() => this.kick(), this.options.pollMs);
    this.#timer.unref();
    this.kick();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Stops for good: no new attempt, no result recorded (the store is closing); idle connections dropped. */
  close(): void {
    this.stop();
    this.#closed = true;
    this.#closeSender();
    this.#wake();
  }
}
