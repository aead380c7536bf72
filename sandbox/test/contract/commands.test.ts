/**
 * `paytoken-sandbox trigger` and `listen` (sandbox/src/commands/): every event type of the spec triggered on a
 * merchant created on demand reaches a loopback receiver signed (standardwebhooks), and `listen` prints each with
 * its delivery status; the webhook it registered to forward is gone once it stops.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxClient } from '../../src/commands/client';
import { listen } from '../../src/commands/listen';
import { trigger, TRIGGER_TYPES } from '../../src/commands/trigger';
import { useSandbox } from './helpers';
import { startReceiver, until, type Receiver } from './webhook-helpers';

const api = useSandbox({ now: undefined });
let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(() => rx.close());

describe('trigger and listen', () => {
  it('every spec event type arrives verified at the forwarded loopback URL and is printed with its delivery status', async () => {
    const m = await api.sandbox.createMerchant();
    const client = new SandboxClient(api.baseUrl, m.id, m.private_key);
    const lines: string[] = [];
    const stop = new AbortController();
    const listening = listen(client, { forwardTo: `${rx.url}/fwd`, out: (l) => lines.push(l), signal: stop.signal });
    await until(
      async () => lines.join('\n'),
      (t) => t.includes('listening for every event'),
    );
    const secret = /signing secret (whsec_\S+)/.exec(lines[0]!)![1]!;
    for (const type of TRIGGER_TYPES) {
      const id = await trigger(client, type);
      const [hit] = await rx.waitFor(1, (h) => h.json?.id === id);
      expect(new Webhook(secret).verify(hit!.body, hit!.headers as Record<string, string>)).toMatchObject({ id, type });
    }
    const printed = await until(
      async () => lines,
      (ls) => TRIGGER_TYPES.every((t) => ls.some((l) => l.includes(`  ${t}  `) && / delivered \(/.test(l))),
    );
    expect(printed.length).toBeGreaterThan(TRIGGER_TYPES.length);
    stop.abort();
    await listening;
    expect(lines.at(-1)).toMatch(/^webhook wh\w+ removed$/);
    expect((await client.api('GET', '/webhooks')).length).toBe(0);
  }, 120_000);

  it('listen --events prints only those types', async () => {
    const m = await api.sandbox.createMerchant();
    const client = new SandboxClient(api.baseUrl, m.id, m.private_key);
    const lines: string[] = [];
    const stop = new AbortController();
    const listening = listen(client, { events: ['spei.received'], out: (l) => lines.push(l), signal: stop.signal });
    await until(
      async () => lines.length,
      (n) => n > 0,
    );
    await trigger(client, 'fee.succeeded'); // spei.received (the deposit) and fee.succeeded
    await until(
      async () => lines,
      (ls) => ls.some((l) => l.includes('  spei.received  ')),
    );
    stop.abort();
    await listening;
    expect(lines.some((l) => l.includes('fee.succeeded'))).toBe(false);
    expect(lines.some((l) => / no webhook$/.test(l))).toBe(true);
  }, 60_000);

  it('the CLI: trigger prints the event id; an unknown type exits 2 listing the types', async () => {
    const m = await api.sandbox.createMerchant();
    const run = async (args: string[]) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/cli.ts', ...args], { cwd: process.cwd() });
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      const [code] = await once(child, 'exit');
      return { code, out, err };
    };
    const flags = ['--url', api.baseUrl, '--merchant-id', m.id, '--private-key', m.private_key];
    const ok = await run(['trigger', 'charge.succeeded', ...flags]);
    expect(ok.code).toBe(0);
    const [, id] = /^charge\.succeeded (ev\w+)\n$/.exec(ok.out)!;
    expect((await new SandboxClient(api.baseUrl, m.id, m.private_key).sim('GET', `/events/${id}`)).type).toBe('charge.succeeded');
    const bad = await run(['trigger', 'charge.exploded', ...flags]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('chargeback.accepted');
  }, 60_000);
});
