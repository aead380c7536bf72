/**
 * Helpers of the webhook tests: a receiver on 127.0.0.1 (a free port) that records every request and answers as
 * the test says, and waits bounded in time. Deliveries only ever go to loopback receivers like this one.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { TestApi } from './helpers';

/** One request the receiver got. */
export interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
  at: number;
}

/** What the receiver answers a request: a status, a body, and a delay before answering (ms). */
export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

export interface Receiver {
  url: string;
  hits: Hit[];
  /** How it answers; change it at any time. */
  answer: (hit: Hit) => Answer | Promise<Answer>;
  /** The most requests it held open at once, by path. */
  maxOpen: Record<string, number>;
  /** Resolves once `n` requests arrived (optionally matching), or fails after `ms` (default 20 s). */
  waitFor(n: number, match?: (h: Hit) => boolean, ms?: number): Promise<Hit[]>;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 answering 200 until told otherwise. */
export async function startReceiver(answer: Receiver['answer'] = () => ({ status: 200, body: 'ok' })): Promise<Receiver> {
  const open: Record<string, number> = {};
  const r: Receiver = {
    url: '',
    hits: [],
    answer,
    maxOpen: {},
    async waitFor(n, match = () => true, ms = 20_000) {
      const end = Date.now() + ms;
      while (r.hits.filter(match).length < n) {
        if (Date.now() > end) throw new Error(`receiver: ${r.hits.filter(match).length} of ${n} requests after ${ms} ms`);
        await new Promise((done) => setTimeout(done, 10));
      }
      return r.hits.filter(match);
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    open[path] = (open[path] ?? 0) + 1;
    r.maxOpen[path] = Math.max(r.maxOpen[path] ?? 0, open[path]);
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', async () => {
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        /* not JSON */
      }
      const hit: Hit = { path: req.url ?? '', headers: req.headers, body, json, at: Date.now() };
      r.hits.push(hit);
      const a = await r.answer(hit);
      if (a.delayMs) await new Promise((done) => setTimeout(done, a.delayMs));
      open[path]!--;
      if (res.destroyed) return;
      res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
      res.end(a.body ?? '');
    });
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return r;
}

/** Registers a webhook to `url` for `event_types` and returns its creation answer's body (with the secret). */
export async function register(api: TestApi, url: string, event_types: string[], extra: Record<string, unknown> = {}) {
  const r = await api.call('POST', '/webhooks', { body: { url, event_types, ...extra } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; url: string; event_types: string[]; status: string; secret: string };
}

/** The simulation API's prefix of the contract sandbox's merchant. */
export const sim = (merchantId: string) => `/sandbox/v1/${merchantId}`;

/** Moves the contract sandbox's clock `seconds` forward (deliveries and their retries keep up). */
export async function advance(api: TestApi, merchantId: string, seconds: number) {
  const r = await api.call('POST', '/clock/advance', { prefix: sim(merchantId), body: { seconds } });
  expect(r.status).toBe(200);
  return r.body as { now: string; jobs_run: number };
}

/** The delivery log of an event (the simulation API). */
export async function deliveriesOf(api: TestApi, merchantId: string, eventId: string) {
  const r = await api.call('GET', `/deliveries?event_id=${eventId}&limit=100`, { prefix: sim(merchantId) });
  expect(r.status).toBe(200);
  return r.body as any[];
}

/** Polls `read` until `ok` holds of its value (bounded: 20 s). */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met after ${ms} ms: ${JSON.stringify(v).slice(0, 500)}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}
