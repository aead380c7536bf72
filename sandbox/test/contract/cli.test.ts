/** `npm run sandbox` (sandbox/src/cli.ts) as a process: first stdout line, info line, flags, clean stop. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULTS } from '../../src/defaults';
import { basic, deviceBody, sessionId, XFF } from './helpers';

const started: ChildProcessWithoutNullStreams[] = [];

/** Runs the CLI under Node with tsx; resolves with the process and its first two stdout lines. */
async function runCli(args: string[]) {
  const db = args.includes('--db') ? [] : ['--db', ':memory:'];
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/cli.ts', ...db, ...args], { cwd: process.cwd() });
  started.push(child);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = (await lines.next()).value as string;
  const second = (await lines.next()).value as string;
  return { child, first, second };
}

/** Runs the CLI to its exit (flags it refuses, `--help`): its exit code and what it printed. */
async function exitOf(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/cli.ts', ...args], { cwd: process.cwd() });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const [code] = (await once(child, 'exit')) as [number];
  return { code, stdout, stderr };
}

/** A token request's body for the card `number`, with the other members valid. */
const cardBody = (number = '4111111111111111', more: Record<string, unknown> = {}) => ({
  card_number: number,
  holder_name: 'Ana',
  expiration_month: '12',
  expiration_year: '40',
  cvv2: '123',
  ...more,
});

/** POSTs `body` as JSON to `{url}/v1/{demo merchant}{path}` with `key` (HTTP Basic). */
const postJson = (url: string, path: string, key: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/v1/${SANDBOX_DEFAULTS.merchantId}${path}`, {
    method: 'POST',
    headers: { Authorization: basic(key), 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

afterEach(() => {
  for (const c of started.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('sandbox CLI', () => {
  it('prints the base URL alone first, then the merchant id and public key, never the private key; SIGTERM exits 0', async () => {
    const { child, first, second } = await runCli([
      '--port',
      '0',
      '--merchant-id',
      'mcli0test',
      '--public-key',
      'pk_cli_pub',
      '--private-key',
      'sk_cli_priv',
    ]);
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(second).toContain('mcli0test');
    expect(second).toContain('pk_cli_pub');
    expect(second).not.toContain('sk_cli_priv');

    const res = await fetch(`${first}/v1/mcli0test/tokens`, { method: 'GET', headers: { Authorization: basic('sk_cli_priv') } });
    expect(res.status).toBe(200);

    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('uses the defaults of defaults.ts', async () => {
    const { first, second } = await runCli(['--port', '0']);
    expect(second).toContain(SANDBOX_DEFAULTS.merchantId);
    const res = await fetch(`${first}/v1/${SANDBOX_DEFAULTS.merchantId}/tokens`, {
      headers: { Authorization: basic(SANDBOX_DEFAULTS.privateKey) },
    });
    expect(res.status).toBe(200);
  });

  it('anti-fraud flags: shown on the info line and applied (velocity 1 card, automation declined)', async () => {
    const { first, second } = await runCli([
      '--port',
      '0',
      '--velocity-max-cards',
      '1',
      '--velocity-window',
      '60',
      '--automation-rule',
      'decline',
    ]);
    expect(second).toContain('device_velocity over 1 cards in 60 s, automation decline');
    const { publicKey, privateKey } = SANDBOX_DEFAULTS;
    const post = (path: string, key: string, body: unknown) => postJson(first, path, key, body);
    const device = sessionId();
    expect((await post('/device-data', publicKey, deviceBody(device))).status).toBe(201);
    const codes: unknown[] = [];
    for (const card_number of ['4111111111111111', '5555555555554444']) {
      const r = await post('/cards', publicKey, cardBody(card_number, { device_session_id: device }));
      codes.push(r.status === 201 ? 201 : (await r.json()).fraud_rules);
    }
    expect(codes).toEqual([201, ['device_velocity']]);
    const bot = sessionId();
    await post('/device-data', publicKey, deviceBody(bot, 1, { automation: ['webdriver'] }));
    const r = await post('/cards', privateKey, cardBody('4111111111111111', { device_session_id: bot }));
    expect((await r.json()).fraud_rules).toEqual(['automation']);
  });

  it('--rule NAME=MODE sets one rule apart from its group: shown on the info line and applied', async () => {
    const { first, second } = await runCli(['--port', '0', '--rule', 'impossible_geometry=decline', '--rule', 'permission_mismatch=off']);
    expect(second).toContain('consistency flag, entry flag, impossible_geometry decline, permission_mismatch off;');
    const device = sessionId();
    const post = (path: string, body: unknown) => postJson(first, path, SANDBOX_DEFAULTS.publicKey, body);
    await post('/device-data', deviceBody(device, 0, { automation: ['impossible_geometry', 'permission_mismatch'] }));
    const r = await post('/cards', cardBody('4111111111111111', { device_session_id: device }));
    expect((await r.json()).fraud_rules).toEqual(['impossible_geometry']);
  });

  it('the defaults of the anti-fraud flags are those of defaults.ts', async () => {
    const { second } = await runCli(['--port', '0']);
    const { velocityMaxCards, velocityWindowSeconds, automation } = SANDBOX_DEFAULTS.fraud;
    expect(second).toContain(`device_velocity over ${velocityMaxCards} cards in ${velocityWindowSeconds} s, automation ${automation}`);
  });

  it('--mode production refuses a test card with 2007, and says its mode', async () => {
    const { first, second } = await runCli(['--port', '0', '--mode', 'production']);
    expect(second).toContain('mode production');
    const res = await postJson(first, '/tokens', SANDBOX_DEFAULTS.publicKey, cardBody());
    expect(res.status).toBe(412);
    expect((await res.json()).error_code).toBe(2007);
  });

  it('--faults honours X-Sandbox-Fault with the private key only, --faults-public-key with both; without it the header is ignored', async () => {
    const post = (base: string, key: string) =>
      postJson(base, '/tokens', key, cardBody('4242424242424242'), { 'X-Sandbox-Fault': 'status=503' });
    const on = await runCli(['--port', '0', '--faults']);
    expect(on.second).toContain('fault mode on (X-Sandbox-Fault honoured with the private key)');
    expect((await post(on.first, SANDBOX_DEFAULTS.privateKey)).status).toBe(503);
    expect((await post(on.first, SANDBOX_DEFAULTS.publicKey)).status).toBe(201);
    expect((await post(on.first, 'pk_wrong')).status).toBe(401); // authentication first: never faulted
    const pub = await runCli(['--port', '0', '--faults', '--faults-public-key']);
    expect(pub.second).toContain('honoured with the public or private key');
    expect((await post(pub.first, SANDBOX_DEFAULTS.publicKey)).status).toBe(503);
    const off = await runCli(['--port', '0']);
    expect(off.second).not.toContain('fault mode');
    expect((await post(off.first, SANDBOX_DEFAULTS.privateKey)).status).toBe(201);
  }, 60_000);

  it('store limits: shown on the info line, applied (--max-records 2 keeps the two newest tokens), bad values exit 2', async () => {
    const { first, second } = await runCli(['--port', '0', '--max-records', '2', '--token-ttl', '60', '--device-data-ttl', '120']);
    expect(second).toContain('limits: 2 records per resource, tokens 60 s, device data 120 s');
    const base = `${first}/v1/${SANDBOX_DEFAULTS.merchantId}`;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await postJson(first, '/tokens', SANDBOX_DEFAULTS.publicKey, cardBody('4242424242424242'));
      ids.push(((await r.json()) as { id: string }).id);
    }
    const status = async (id: string) =>
      (await fetch(`${base}/tokens/${id}`, { headers: { Authorization: basic(SANDBOX_DEFAULTS.privateKey) } })).status;
    expect([await status(ids[0]!), await status(ids[1]!), await status(ids[2]!)]).toEqual([404, 200, 200]);
    for (const bad of [
      ['--max-records', '0'],
      ['--token-ttl', 'x'],
      ['--device-data-ttl', '99999999'],
    ]) {
      expect((await exitOf(['--port', '0', '--db', ':memory:', ...bad])).code).toBe(2);
    }
  }, 60_000);

  it('--public-url sets the base of the bank page links (never Host); a malformed one exits 2 naming the flag', async () => {
    const { first } = await runCli(['--port', '0', '--public-url', 'https://sandbox.example']);
    const tok = await postJson(first, '/tokens', SANDBOX_DEFAULTS.publicKey, cardBody()).then((r) => r.json());
    const charge = await postJson(
      first,
      '/charges',
      SANDBOX_DEFAULTS.privateKey,
      {
        method: 'card',
        source_id: tok.id,
        amount: 10,
        description: 'x',
        device_session_id: 'abc',
        customer: { name: 'Ana', email: 'a@example.com' },
        use_3d_secure: true,
        redirect_url: 'https://shop.example/r',
      },
      XFF,
    ).then((r) => r.json());
    expect(charge.payment_method.url).toMatch(/^https:\/\/sandbox\.example\/3ds\//);
    const { code, stderr } = await exitOf(['--port', '0', '--db', ':memory:', '--public-url', 'sandbox.example']);
    expect(code).toBe(2);
    expect(stderr).toContain('--public-url must be an absolute URL');
  }, 60_000);

  it('--store-network and --wallet-method name the store fields and the wallet method; bad names exit 2 naming the flag', async () => {
    const { first, second } = await runCli(['--port', '0', '--store-network', 'redpago', '--wallet-method', 'monedero']);
    expect(second).toContain('store network redpago, wallet method monedero');
    const post = (body: object) => postJson(first, '/charges', SANDBOX_DEFAULTS.privateKey, body, XFF).then((r) => r.json());
    const store = await post({ method: 'store', amount: 10, description: 'x', customer: { name: 'Ana', email: 'a@example.com' } });
    expect(Object.keys(store.payment_method)).toEqual(expect.arrayContaining(['redpago_reference', 'barcode_redpago_url']));
    expect((await post({ method: 'monedero', amount: 10, description: 'x', redirect_url: 'https://shop.example/r' })).status).toBe(
      'charge_pending',
    );
    for (const [flag, value, message] of [
      ['--store-network', 'Red Pago', '--store-network must be'],
      ['--wallet-method', 'card', '--wallet-method may not be card'],
    ]) {
      const { code, stderr } = await exitOf(['--port', '0', '--db', ':memory:', flag!, value!]);
      expect([code, stderr.includes(message!)]).toEqual([2, true]);
    }
  }, 60_000);

  it('--fault SPEC applies the fault to every request without a header', async () => {
    const { first, second } = await runCli(['--port', '0', '--fault', 'status=500']);
    expect(second).toContain('every request: status=500');
    const res = await fetch(`${first}/v1/${SANDBOX_DEFAULTS.merchantId}/tokens`, {
      headers: { Authorization: basic(SANDBOX_DEFAULTS.privateKey) },
    });
    expect(res.status).toBe(500);
    expect((await res.json()).error_code).toBe(1000);
  });

  it.each([['--help'], ['-h']])('%s prints the flags by group on stdout and exits 0, starting nothing', async (flag) => {
    const { code, stdout } = await exitOf([flag]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: paytoken-sandbox \[flags\]/);
    for (const group of ['Data:', 'Time:', 'Merchant:', 'Anti-fraud:', 'Webhooks:', 'Faults:', 'Network:'])
      expect(stdout).toContain(`\n${group}\n`);
    expect(stdout).toContain(`--port N`);
  });

  it('an unknown flag exits 2 naming it and pointing at --help', async () => {
    const { code, stderr } = await exitOf(['--prot', '0']);
    expect(code).toBe(2);
    expect(stderr).toBe('sandbox: unknown flag --prot\nRun paytoken-sandbox --help for the flags.\n');
  });

  it.each([
    [['--port', 'abc']],
    [['--public-key', 'sk_wrong']],
    [['--unknown']],
    [['--mode', 'live']],
    [['--fault', 'status=404']],
    [['--fault', 'reset=before;body=hang']],
    [['--velocity-max-cards', '-1']],
    [['--velocity-max-cards', '1001']],
    [['--velocity-window', '0']],
    [['--velocity-window', '1h']],
    [['--automation-rule', 'block']],
    [['--rule', 'held_to_next_key']],
    [['--rule', 'device_velocity=off']],
    [['--rule', 'no_such_rule=flag']],
    [['--fields-ancestors', '*']],
    [['--fields-ancestors', 'https://shop.example/checkout']],
  ])('bad flags %j exit 2', async (args) => {
    expect((await exitOf(args)).code).toBe(2);
  });
});
