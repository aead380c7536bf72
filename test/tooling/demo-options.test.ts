// @vitest-environment node
/** The demo's flags (demo/options.ts) and what it says about a busy port. */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { demoOptions, listenProblem, DEMO_FRAUD } from '../../demo/options';
import { startMerchant, DEFAULT_MAX_ATTEMPTS } from '../../demo/merchant/server';

describe('npm run demo flags', () => {
  it("every flag is in the sandbox guide's table, and the README says how to change the ports", () => {
    const source = readFileSync(new URL('../../demo/options.ts', import.meta.url), 'utf8');
    const flags = [...source.matchAll(/^ {6}'?([a-z-]+)'?: \{ type: '(?:string|boolean)'/gm)].map((m) => `--${m[1]}`);
    expect(flags).toEqual(
      expect.arrayContaining(['--api-port', '--port', '--velocity-max-cards', '--missing-device-data', '--amount', '--max-attempts']),
    );
    const guide = readFileSync(new URL('../../docs/sandbox.md', import.meta.url), 'utf8');
    for (const flag of flags) expect(guide).toMatch(new RegExp(`^\\| \`${flag}[ \`]`, 'm'));
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('npm run demo -- --api-port 5010 --port 5020');
  });

  it('defaults: ports 4010 and 4020, device velocity off (the test-card table is one visitor), missing_device_data flag', () => {
    expect(demoOptions([])).toEqual({
      apiPort: 4010,
      port: 4020,
      amount: 349,
      fraud: { velocityMaxCards: 0, missingDeviceData: 'flag' },
      maxAttempts: DEFAULT_MAX_ATTEMPTS,
      db: '.sandbox/sandbox.db',
      reset: false,
    });
    expect(demoOptions(['--db', ':memory:', '--reset'])).toMatchObject({ db: ':memory:', reset: true });
    expect(DEMO_FRAUD.velocityMaxCards).toBe(0);
    expect(DEMO_FRAUD.missingDeviceData).toBe('flag');
  });

  it('--missing-device-data off, flag and decline are taken; anything else is refused naming the flag', () => {
    for (const mode of ['off', 'flag', 'decline'] as const)
      expect(demoOptions(['--missing-device-data', mode]).fraud).toEqual({ velocityMaxCards: 0, missingDeviceData: mode });
    expect(() => demoOptions(['--missing-device-data', 'block'])).toThrow('--missing-device-data must be off, flag or decline');
  });

  it('--velocity-max-cards 0 and 3 are taken; bad values are refused naming the flag', () => {
    expect(demoOptions(['--velocity-max-cards', '0']).fraud.velocityMaxCards).toBe(0);
    expect(demoOptions(['--velocity-max-cards', '3', '--api-port', '5010', '--port', '5020'])).toEqual({
      apiPort: 5010,
      port: 5020,
      amount: 349,
      fraud: { velocityMaxCards: 3, missingDeviceData: 'flag' },
      maxAttempts: DEFAULT_MAX_ATTEMPTS,
      db: '.sandbox/sandbox.db',
      reset: false,
    });
    expect(demoOptions(['--amount', '2400.50']).amount).toBe(2400.5);
    for (const bad of ['0', '-5', '12.345', 'mil', '2000000'])
      expect(() => demoOptions([`--amount=${bad}`]), bad).toThrow(/--amount must be/);
    expect(() => demoOptions(['--velocity-max-cards', 'many'])).toThrow(/--velocity-max-cards must be 0-1000/);
    expect(() => demoOptions(['--port', '70000'])).toThrow('--port must be 0-65535');
  });

  it('--max-attempts N (per shopper session) and --trust-proxy ADDRESS are taken; bad values are refused naming the flag', () => {
    expect(demoOptions(['--max-attempts', '5', '--trust-proxy', '10.0.0.2'])).toMatchObject({ maxAttempts: 5, trustProxy: '10.0.0.2' });
    expect(demoOptions([]).trustProxy).toBeUndefined();
    for (const bad of ['0', 'x', '100000'])
      expect(() => demoOptions(['--max-attempts', bad]), bad).toThrow('--max-attempts must be 1-10000');
    expect(() => demoOptions(['--trust-proxy', 'proxy.example'])).toThrow('--trust-proxy must be an IP address');
  });

  it('a busy port rejects startMerchant and is said in one line with the port and the flag', async () => {
    const busy: Server = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const port = (busy.address() as { port: number }).port;
    try {
      const err = await startMerchant({
        apiBaseUrl: 'http://127.0.0.1:1',
        merchantId: 'm1',
        publicKey: 'pk_x',
        privateKey: 'sk_x',
        port,
      }).catch((e) => e);
      expect(err.code).toBe('EADDRINUSE');
      const line = listenProblem(err, 'merchant and checkout page', port, '--port');
      expect(line).toBe(
        `demo: port ${port} (merchant and checkout page) is already in use; pick another with --port N, e.g. npm run demo -- --port ${port + 1000 <= 65535 ? port + 1000 : 5000}`,
      );
      expect(line).not.toContain('\n');
    } finally {
      await new Promise((r) => busy.close(r));
    }
  });
});
