/** `--webhook-allow-hosts` on the command line (sandbox/src/cli.ts): shown on the info line, checked, applied. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { basic, CREDS } from './helpers';

const started: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const c of started.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

const run = (args: string[]) => {
  const base = ['--db', ':memory:', '--port', '0', '--merchant-id', CREDS.merchantId, '--private-key', CREDS.privateKey];
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/cli.ts', ...base, ...args], { cwd: process.cwd() });
  started.push(child);
  return child;
};

describe('--webhook-allow-hosts', () => {
  it('is shown on the info line; a listed host still may not be a private address', async () => {
    const child = run(['--webhook-allow-hosts', 'hooks.example.com,*.tunnel.example']);
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const first = (await lines.next()).value as string;
    expect((await lines.next()).value).toContain('webhooks to loopback and hooks.example.com, *.tunnel.example');
    const res = await fetch(`${first}/v1/${CREDS.merchantId}/webhooks`, {
      method: 'POST',
      headers: { Authorization: basic(CREDS.privateKey), 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'http://10.1.2.3/h', event_types: ['charge.succeeded'] }),
    });
    expect([res.status, (await res.json()).error_code]).toEqual([422, 1003]);
  });

  it('loopback only by default; a value that is no host list exits 2 naming it', async () => {
    const ok = run([]);
    const lines = createInterface({ input: ok.stdout })[Symbol.asyncIterator]();
    await lines.next();
    expect((await lines.next()).value).toContain('webhooks to loopback only');
    const bad = run(['--webhook-allow-hosts', 'hooks.example.com,not a host!']);
    let err = '';
    bad.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const [code] = await once(bad, 'exit');
    expect(code).toBe(2);
    expect(err).toContain('--webhook-allow-hosts: not a host name or address: not a host!');
  });
});
