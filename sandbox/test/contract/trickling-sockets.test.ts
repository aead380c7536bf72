/**
 * Slow sockets from many addresses (issue 42): 10 loopback addresses (127.0.0.2 ... 127.0.0.11, all on `lo` under
 * Linux) each open as many connections as the sandbox serves per address and trickle their headers a line at a
 * time, together more than the global bound; a client from 127.0.0.1 or 127.0.0.12 still gets its answers.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { CREDS, basic, useSandbox } from './helpers';
import { requestFrom } from './loopback';

const PER_ADDRESS = 8;
const api = useSandbox({ server: { maxConnections: 64, maxConnectionsPerAddress: PER_ADDRESS, headersTimeoutMs: 10_000 } });
const sockets: Socket[] = [];
const timers: ReturnType<typeof setInterval>[] = [];
afterAll(() => {
  for (const t of timers) clearInterval(t);
  for (const s of sockets) s.destroy();
});

/** Opens `n` sockets from `localAddress` that send a request line, then a header line every 300 ms, never ending. */
async function trickle(localAddress: string, n: number): Promise<void> {
  const { port } = new URL(api.baseUrl);
  await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<void>((resolve) => {
          const s = connect({ host: '127.0.0.1', port: Number(port), localAddress }, () => {
            s.write('GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n');
            resolve();
          });
          s.on('error', () => resolve());
          s.on('close', () => resolve());
          sockets.push(s);
          const t = setInterval(() => s.writable && s.write('X-Slow: 1\r\n'), 300);
          timers.push(t);
        }),
    ),
  );
}

describe('trickling sockets from 10 addresses', () => {
  it('fill the global bound (80 sockets for 64 places), yet 127.0.0.1 and 127.0.0.12 are answered', async () => {
    for (let i = 2; i <= 11; i++) await trickle(`127.0.0.${i}`, PER_ADDRESS);
    await new Promise((r) => setTimeout(r, 500));
    const headers = { Authorization: basic(CREDS.privateKey) };
    for (const from of ['127.0.0.1', '127.0.0.12', '127.0.0.1', '127.0.0.12']) {
      const r = await requestFrom(from, `${api.baseUrl}/v1/${CREDS.merchantId}/tokens`, { headers });
      expect([from, r.status]).toEqual([from, 200]);
    }
  }, 60_000);
});
