/**
 * `startSandbox` as the package's entry (`paytoken-sandbox`) gives it: the documented defaults, the handle, options it
 * refuses, and the log line of an internal error (1000).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, SANDBOX_DEFAULTS, createSandboxApp, type RunningSandbox, type StartOptions } from '../../src/index';
import { basic, CARD } from './helpers';

const running: RunningSandbox[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
  vi.restoreAllMocks();
});
const start = async (opts?: StartOptions) => {
  const s = await startSandbox(opts);
  running.push(s);
  return s;
};
/** A token of the approved test card, created with the sandbox's public key. */
const createToken = (s: RunningSandbox) =>
  fetch(`${s.url}/v1/${s.merchantId}/tokens`, {
    method: 'POST',
    headers: { Authorization: basic(s.publicKey), 'Content-Type': 'application/json' },
    body: JSON.stringify(CARD),
  });

describe('startSandbox()', () => {
  it('with no options: the demo merchant and keys, a free port, nothing kept; keyed requests answer', async () => {
    const s = await start();
    const { merchantId, publicKey, privateKey } = SANDBOX_DEFAULTS;
    expect(s).toMatchObject({ merchantId, publicKey, privateKey, baseUrl: s.url });
    expect(s.url).toBe(`http://127.0.0.1:${s.port}`);
    expect(s.port).not.toBe(SANDBOX_DEFAULTS.port);
    expect(typeof s.close).toBe('function');
    const merchant = await fetch(`${s.url}/v1/${merchantId}`, { headers: { Authorization: basic(privateKey) } });
    expect(merchant.status).toBe(200);
    expect((await createToken(s)).status).toBe(201);
  });

  it('with {port: 0, db: ":memory:"} as docs/sandbox.md showed it: keyed requests answer (they were all 500, error 1000)', async () => {
    const s = await start({ port: 0, db: ':memory:' });
    const token = await createToken(s);
    expect(token.status).toBe(201);
    const list = await fetch(`${s.url}/v1/${s.merchantId}/tokens`, { headers: { Authorization: basic(s.privateKey) } });
    expect(list.status).toBe(200);
  });

  it('an undefined member takes its default, as a missing one does', async () => {
    const s = await start({ port: undefined, merchantId: undefined });
    expect([s.merchantId, s.port > 0]).toEqual([SANDBOX_DEFAULTS.merchantId, true]);
  });

  it.each([
    [{ prot: 0 }, 'unknown option prot'],
    [{ dbFile: 'x.db' }, 'unknown option dbFile'],
    [{ fraud: { velocityMaxCard: 1 } }, 'unknown option fraud.velocityMaxCard'],
    [{ limits: { maxRecord: 1 } }, 'unknown option limits.maxRecord'],
    [{ port: 70000 }, 'port must be 0-65535'],
    [{ port: '0' }, 'port must be 0-65535'],
    [{ host: '0.0.0.0' }, 'host must be 127.0.0.1'],
    [{ merchantId: 'no spaces' }, 'merchantId must be 1-45 letters or digits'],
    [{ publicKey: 'sk_oops' }, 'publicKey must look like pk_'],
    [{ privateKey: 'pk_oops' }, 'privateKey must look like sk_'],
    [{ mode: 'live' }, 'mode must be one of sandbox, production'],
    [{ publicUrl: 'sandbox.example' }, 'publicUrl must be an absolute URL'],
  ])('refuses %j naming the option', async (opts, message) => {
    await expect(startSandbox(opts as StartOptions)).rejects.toThrow(message);
  });
});

describe('error 1000 is logged with its request id and cause, never card data', () => {
  /** A sandbox whose clock breaks on demand with a message quoting a card number and CVV2. */
  async function breakable(log?: (line: string) => void) {
    let broken = false;
    const now = () => {
      if (broken) throw new Error(`clock broke reading ${CARD.card_number} cvv2 ${CARD.cvv2}`);
      return new Date();
    };
    const s = await start({ now, scheduler: false, ...(log && { log }) });
    return { s, breakNow: () => (broken = true) };
  }

  it('to the configured log: request id, method, path, cause; no PAN, no CVV2', async () => {
    const lines: string[] = [];
    const { s, breakNow } = await breakable((line) => lines.push(line));
    breakNow();
    const res = await createToken(s);
    const body = (await res.json()) as { error_code: number; request_id: string };
    expect([res.status, body.error_code]).toEqual([500, 1000]);
    const logged = lines.filter((l) => l.startsWith('error 1000'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`request_id=${body.request_id} POST /v1/${s.merchantId}/tokens: Error: clock broke reading ### cvv2 ###`);
    for (const line of logged) {
      expect(line).not.toContain(CARD.card_number);
      expect(line).not.toContain(CARD.cvv2);
    }
  });

  it('to stderr when no log is given', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    const { s, breakNow } = await breakable();
    breakNow();
    const res = await fetch(`${s.url}/v1/${s.merchantId}/tokens`, { headers: { Authorization: basic(s.privateKey) } });
    const { request_id } = (await res.json()) as { request_id: string };
    expect(written.filter((w) => w.startsWith(`error 1000 request_id=${request_id} GET `))).toHaveLength(1);
  });

  it('not for the errors the API means to answer (1001, 1002, 1005)', async () => {
    const lines: string[] = [];
    const { merchantId, publicKey, privateKey } = SANDBOX_DEFAULTS;
    const app = createSandboxApp({ merchantId, publicKey, privateKey, db: ':memory:', scheduler: false, log: (l) => lines.push(l) });
    try {
      await app.app.request(`/v1/${SANDBOX_DEFAULTS.merchantId}/tokens`, { method: 'POST', body: '{}' });
      await app.app.request('/nowhere');
      expect(lines.filter((l) => l.startsWith('error 1000'))).toEqual([]);
    } finally {
      app.close();
    }
  });
});
