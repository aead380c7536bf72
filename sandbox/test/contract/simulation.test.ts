/**
 * The simulation API (docs/sandbox.md, "Data, time and the simulation API"): the clock and its advance running due
 * jobs in time order, reset, and the key and mode it needs; the clock's offset and every record kept across a restart
 * on the same `--db` file; `--lenient` letting the spec's required extras through as warnings, never silently.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/server';
import { charge, chargeBody, CREDS, expectError, NOW, tokenize, useSandbox, XFF } from './helpers';

let clock = NOW.getTime();
const api = useSandbox({ now: () => new Date(clock) });
const production = useSandbox({ mode: 'production' });
const lenient = useSandbox({ lenient: true });
const sim = { prefix: `/sandbox/v1/${CREDS.merchantId}` };

describe('the clock', () => {
  it('GET /clock is now (central time); advance moves it and answers the new now', async () => {
    expect((await api.call('GET', '/clock', sim)).body).toEqual({ now: '2026-03-10T12:00:00-06:00' });
    const r = await api.call('POST', '/clock/advance', { ...sim, body: { seconds: 86_400 } });
    expect(r.body).toEqual({ now: '2026-03-11T12:00:00-06:00', jobs_run: 0 });
    expect((await api.call('GET', '/clock', sim)).body.now).toBe('2026-03-11T12:00:00-06:00');
    // the real clock moving on moves the sandbox clock with it, the offset kept
    clock += 60_000;
    expect((await api.call('GET', '/clock', sim)).body.now).toBe('2026-03-11T12:01:00-06:00');
  });

  it('advancing runs the jobs that fall due, in time order: a 3-D Secure charge left 15 minutes is cancelled', async () => {
    const pending = await charge(api, chargeBody(await tokenize(api), { use_3d_secure: true, redirect_url: 'https://shop.example/back' }));
    expect(pending.body.status).toBe('charge_pending');
    const r = await api.call('POST', '/clock/advance', { ...sim, body: { seconds: 15 * 60 } });
    expect(r.body.jobs_run).toBe(1);
    expect((await api.call('GET', `/charges/${pending.body.id}`)).body).toMatchObject({ status: 'cancelled' });
    expect(api.sandbox.store.events.of(pending.body.id).map((e) => e.type)).toEqual(['charge.created', 'charge.cancelled']);
  });

  it('refuses a bad advance (0, a fraction, past ten years) with 1001; the public key with 1010', async () => {
    for (const seconds of [0, 1.5, 400 * 86_400 * 10, '60'])
      expectError(await api.call('POST', '/clock/advance', { ...sim, body: { seconds } }), 1001, 400, 'seconds');
    expectError(await api.call('GET', '/clock', { ...sim, as: 'public' }), 1010, 403);
    expectError(await api.call('GET', '/clock', { ...sim, as: 'none' }), 1002, 401);
  });

  it('is not served in production mode (404)', async () => {
    expectError(await production.call('GET', '/clock', sim), 1005, 404);
  });

  it('reset empties the sandbox and puts the clock back on real time', async () => {
    await tokenize(api);
    expect((await api.call('POST', '/reset', sim)).status).toBe(204);
    expect(api.sandbox.store.tokens.size + api.sandbox.store.transactions.size + api.sandbox.store.events.size).toBe(0);
    expect(api.sandbox.clock.offsetMs).toBe(0);
  });
});

describe('a restart on the same --db file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paytoken-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every record, the ledger and the moved clock', async () => {
    const db = join(dir, 'sandbox.db');
    const first = await startSandbox({ ...CREDS, port: 0, db });
    const call = (base: string, method: string, path: string, body?: unknown, prefix = `/v1/${CREDS.merchantId}`) =>
      fetch(`${base}${prefix}${path}`, {
        method,
        headers: {
          Authorization: `Basic ${Buffer.from(`${CREDS.privateKey}:`).toString('base64')}`,
          'Content-Type': 'application/json',
          ...XFF,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((r) => r.json());
    const customer = await call(first.baseUrl, 'POST', '/customers', { name: 'Ana', email: 'a@example.com', requires_account: true });
    await call(first.baseUrl, 'POST', '/spei-transfers', { clabe: customer.clabe, amount: 99.99 }, `/sandbox/v1/${CREDS.merchantId}`);
    await call(first.baseUrl, 'POST', '/clock/advance', { seconds: 3 * 86_400 }, `/sandbox/v1/${CREDS.merchantId}`);
    const moved = first.clock.nowMs();
    await first.close();
    const second = await startSandbox({ ...CREDS, port: 0, db });
    try {
      expect(await call(second.baseUrl, 'GET', `/customers/${customer.id}`)).toMatchObject({
        id: customer.id,
        clabe: customer.clabe,
        balance: 99.99,
      });
      expect(second.clock.nowMs() - moved).toBeGreaterThanOrEqual(0);
      expect(second.clock.offsetMs).toBeGreaterThanOrEqual(3 * 86_400_000 - 1000);
      expect(second.store.ledger.check()).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('--lenient', () => {
  it('strict by default: no device_session_id, no X-Forwarded-For, no customer at merchant level are each 1001', async () => {
    const body = chargeBody(await tokenize(api));
    expectError(await charge(api, { ...body, device_session_id: undefined }), 1001, 400, 'device_session_id');
    expectError(await api.call('POST', '/charges', { body }), 1001, 400, 'X-Forwarded-For');
    expectError(await charge(api, { ...body, customer: undefined }), 1001, 400, 'customer');
  });

  it('lenient: they pass, each named in an X-Sandbox-Warning header', async () => {
    const body = { ...chargeBody(await tokenize(lenient)), device_session_id: undefined, customer: undefined };
    const r = await lenient.call('POST', '/charges', { body });
    expect(r.status).toBe(201);
    const warnings = r.headers.get('x-sandbox-warning') ?? '';
    for (const what of ['X-Forwarded-For', 'device_session_id', 'customer']) expect(warnings).toContain(what);
    const clean = await charge(lenient, chargeBody(await tokenize(lenient)));
    expect(clean.headers.get('x-sandbox-warning')).toBeNull();
  });
});
