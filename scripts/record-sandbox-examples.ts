/**
 * `npm run sandbox:examples`: records the request and response example of every operation of the sandbox's OpenAPI
 * document into sandbox/src/http/recorded-examples.json. It starts a sandbox in memory on 127.0.0.1 (port 0, the
 * contract tests' clock) and a loopback webhook receiver, sends the request fixtures the contract tests send
 * (sandbox/src/http/example-requests.ts) in an order that makes each operation succeed, and keeps each request as
 * sent and each answer as received. Run it again when a fixture or a view changes; the test
 * sandbox/test/contract/openapi-examples.test.ts checks every example against its operation's zod schemas.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { startSandbox } from '../sandbox/src/server';
import { steps, type Call } from './sandbox-example-steps';

const OUT = new URL('../sandbox/src/http/recorded-examples.json', import.meta.url);
const KEYS = { merchantId: 'mdemo0merchant0001', publicKey: 'pk_demo_public0001', privateKey: 'sk_demo_private0001' };
/** Lists keep this many items in the examples (enough to show the shape). */
const LIST_ITEMS = 2;

type Recorded = Record<string, { requests?: Record<string, unknown>; responses?: Record<string, unknown> }>;

const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200).end('ok'));
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
const sandbox = await startSandbox({ ...KEYS, port: 0, db: ':memory:', now: () => new Date('2026-03-10T18:00:00Z') });
const auth = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

const recorded: Recorded = {};
/** Sends one call, records it under its operation, and returns the parsed answer. */
async function send(c: Call): Promise<any> {
  const path = c.template.replace(/\{(\w+)\}/g, (_, name: string) => c.params?.[name] ?? (name === 'merchant_id' ? KEYS.merchantId : ''));
  const res = await fetch(`${sandbox.baseUrl}${path}${c.query ?? ''}`, {
    method: c.method,
    headers: {
      Authorization: auth(c.as === 'public' ? KEYS.publicKey : KEYS.privateKey),
      'X-Forwarded-For': '203.0.113.7',
      ...(c.body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: c.body === undefined ? undefined : JSON.stringify(c.body),
  });
  const text = await res.text();
  const body = text ? JSON.parse(text) : null;
  if (res.status >= 300) throw new Error(`${c.method} ${path}: ${res.status} ${text}`);
  const op = (recorded[`${c.method} ${c.template}`] ??= {});
  const name = c.name ?? 'example';
  if (c.body !== undefined) (op.requests ??= {})[name] = c.body;
  if (body !== null) (op.responses ??= {})[name] = Array.isArray(body) ? body.slice(0, LIST_ITEMS) : body;
  return body;
}

try {
  await steps({ send, hookUrl, visitorIdOf, manageAuth: auth(KEYS.privateKey) });
} finally {
  await sandbox.close();
  receiver.close();
}
const sorted = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)));
// the ports of this run are random: the examples show the CLI's default address and a receiver beside it
const text = JSON.stringify(sorted, null, 2)
  .replaceAll(sandbox.baseUrl, 'http://127.0.0.1:4010')
  .replaceAll(hookUrl, 'http://127.0.0.1:8080/webhooks');
writeFileSync(OUT, `${text}\n`);
console.log(`sandbox:examples: ${Object.keys(sorted).length} operations written to ${OUT.pathname}`);

/** The `visitor_id` a browser sends: the first 128 bits (hex) of SHA-256 of the signals' canonical JSON. */
function visitorIdOf(signals: Record<string, unknown>): string {
  return createHash('sha256')
    .update(JSON.stringify(signals, Object.keys(signals).sort()), 'utf8')
    .digest('hex')
    .slice(0, 32);
}
