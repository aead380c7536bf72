/**
 * Records the request and response example of every operation of the sandbox's OpenAPI document: starts a sandbox
 * in memory on 127.0.0.1 (port 0, the contract tests' clock) and a loopback webhook receiver, sends the request
 * fixtures the contract tests send (sandbox/src/http/example-requests.ts) in an order where each operation succeeds
 * (./example-steps.ts), and keeps each request as sent and each answer as received. Both stop before it returns.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox } from '../src/server';
import type { OperationExamples } from '../src/http/examples';
import { steps, type Answer, type Call } from './example-steps';

const KEYS = { merchantId: 'mdemo0merchant0001', publicKey: 'pk_demo_public0001', privateKey: 'sk_demo_private0001' };
/** Lists keep this many items in the examples (enough to show the shape). */
const LIST_ITEMS = 2;
/** The addresses the examples show: the CLI's default, and a webhook receiver beside it (a run's ports are random). */
const SHOWN_BASE = 'http://127.0.0.1:4010';
const SHOWN_HOOK = 'http://127.0.0.1:8080/webhooks';

/**
 * Every operation's examples, keyed `METHOD /path/{template}`, sorted, as the JSON text
 * sandbox/src/http/recorded-examples.json holds.
 * @throws Error naming the call when a call does not succeed.
 */
export async function recordExamples(): Promise<string> {
  const receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end('ok')));
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
  const sandbox = await startSandbox({ ...KEYS, port: 0, db: ':memory:', now: () => new Date('2026-03-10T18:00:00Z') });
  const recorded: Record<string, OperationExamples> = {};
  try {
    const send = (c: Call) => sendAndRecord(sandbox.baseUrl, c, recorded);
    await steps({ send, hookUrl, visitorIdOf });
  } finally {
    await sandbox.close();
    receiver.close();
  }
  const sorted = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify(sorted, null, 2).replaceAll(sandbox.baseUrl, SHOWN_BASE).replaceAll(hookUrl, SHOWN_HOOK);
}

const auth = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

/** Sends one call, records it under its operation in `recorded`, and returns the parsed answer. */
async function sendAndRecord(baseUrl: string, c: Call, recorded: Record<string, OperationExamples>): Promise<Answer & Answer[]> {
  const path = c.template.replace(/\{(\w+)\}/g, (_, name: string) => c.params?.[name] ?? (name === 'merchant_id' ? KEYS.merchantId : ''));
  const res = await fetch(`${baseUrl}${path}${c.query ?? ''}`, {
    method: c.method,
    headers: {
      Authorization: auth(c.as === 'public' ? KEYS.publicKey : KEYS.privateKey),
      'X-Forwarded-For': '203.0.113.7',
      ...(c.body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: c.body === undefined ? undefined : JSON.stringify(c.body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${c.method} ${path}: ${res.status} ${text}`);
  const body = text ? JSON.parse(text) : null;
  const op = (recorded[`${c.method} ${c.template}`] ??= {});
  const name = c.name ?? 'example';
  if (c.body !== undefined) (op.requests ??= {})[name] = c.body;
  if (body !== null) (op.responses ??= {})[name] = Array.isArray(body) ? body.slice(0, LIST_ITEMS) : body;
  return body;
}

/** The `visitor_id` a browser sends: the first 128 bits (hex) of SHA-256 of the signals' canonical JSON. */
function visitorIdOf(signals: Record<string, unknown>): string {
  return createHash('sha256')
    .update(JSON.stringify(signals, Object.keys(signals).sort()), 'utf8')
    .digest('hex')
    .slice(0, 32);
}
