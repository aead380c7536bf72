import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { BODY_EXCERPT_CHARS } from '../domain/webhooks';

/**
 * The HTTP client of webhook deliveries: one POST to an address already checked (./ssrf.ts), never following a
 * redirect, within a time-out, keeping an excerpt of the answer. Tests inject their own {@link Sender}.
 */

/** One request to send. `address` is where to connect: the URL's host is only its name (Host header, TLS SNI). */
export interface SendRequest {
  url: string;
  address: string;
  family: 4 | 6;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** What came back: the status (null when none came), an excerpt of the body, the error when there was one. */
export interface SendResult {
  status: number | null;
  body: string;
  error: string | null;
}

/** Sends one request; never rejects (a failure is a result with `status` null and `error`). */
export type Sender = (r: SendRequest) => Promise<SendResult>;

/** Most bytes of an answer read before the connection is dropped. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * The sender over Node's http and https modules, with keep-alive agents (at most `maxSockets` connections per
 * host). The connection goes to `address` whatever the name resolves to now (a pinned lookup), redirects are not
 * followed (a 3xx is an answer like any other), and the whole exchange must end within `timeoutMs`.
 * @returns the sender and `close()`, which drops the idle connections.
 */
export function httpSender(maxSockets: number): { send: Sender; close: () => void } {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets }),
    'https:': new https.Agent({ keepAlive: true, maxSockets }),
  };
  const send: Sender = (r) =>
    new Promise<SendResult>((resolve) => {
      const u = new URL(r.url);
      const pinned: LookupFunction = (_host, opts, cb) => {
        if ((opts as { all?: boolean }).all)
          (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: r.address, family: r.family }]);
        else cb(null, r.address, r.family);
      };
      const mod = u.protocol === 'https:' ? https : http;
      let done = false;
      const finish = (res: SendResult) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve(res);
      };
      const req = mod.request(u, { method: 'POST', headers: r.headers, agent: agents[u.protocol as 'http:' | 'https:'], lookup: pinned });
      const timer = setTimeout(() => {
        req.destroy();
        finish({ status: null, body: '', error: `timeout after ${r.timeoutMs} ms` });
      }, r.timeoutMs);
      req.on('error', (e) => finish({ status: null, body: '', error: e.message }));
      req.on('response', (res) => readAnswer(res, (body) => finish({ status: res.statusCode ?? null, body, error: null })));
      req.end(r.body);
    });
  return { send, close: () => Object.values(agents).forEach((a) => a.destroy()) };
}

/** Reads an answer's body up to {@link MAX_ANSWER_BYTES} (then drops the connection) and hands on its excerpt. */
function readAnswer(res: http.IncomingMessage, done: (excerpt: string) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const end = () => done(Buffer.concat(chunks).toString('utf8').slice(0, BODY_EXCERPT_CHARS));
  res.on('data', (c: Buffer) => {
    size += c.length;
    if (size <= MAX_ANSWER_BYTES) chunks.push(c);
    else {
      res.destroy();
      end();
    }
  });
  res.on('end', end);
  res.on('error', end);
}
