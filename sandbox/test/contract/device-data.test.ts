/**
 * `POST/GET /v1/{merchant_id}/device-data` over HTTP: this project's extension for the device data the browser
 * library collects under a `device_session_id` (docs/device-data.md). The visitor id is recomputed by the
 * sandbox; here it is computed by an independent implementation (helpers.ts `visitorIdOf`).
 */
import { describe, expect, it } from 'vitest';
import { deviceBody, deviceSignals, expectError, sessionId, useSandbox, visitorIdOf } from './helpers';

const api = useSandbox();

describe('storing device data', () => {
  it('public key -> 201 with what was stored; GET with the private key returns it', async () => {
    const id = sessionId();
    const body = deviceBody(id, 0, { automation: ['webdriver'] });
    const r = await api.call('POST', '/device-data', { as: 'public', body });
    expect(r.status).toBe(201);
    expect(r.body).toStrictEqual({ ...body, creation_date: '2026-03-10T12:00:00-06:00' });
    expect(r.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    const got = await api.call('GET', `/device-data/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toStrictEqual(r.body);
  });

  it('the visitor id is checked against the signals: a mismatch is 1001 naming visitor_id', async () => {
    const body = deviceBody(sessionId());
    const r = await api.call('POST', '/device-data', { as: 'public', body: { ...body, visitor_id: visitorIdOf(deviceSignals(1)) } });
    expectError(r, 1001, 400, 'visitor_id');
    // the same signals in another member order hash the same: accepted
    const reordered = Object.fromEntries(Object.entries(body.signals).reverse());
    expect((await api.call('POST', '/device-data', { as: 'public', body: { ...body, signals: reordered } })).status).toBe(201);
  });

  it('once per device_session_id: a second body is 3006 and changes nothing', async () => {
    const id = sessionId();
    expect((await api.call('POST', '/device-data', { as: 'public', body: deviceBody(id, 0) })).status).toBe(201);
    expectError(await api.call('POST', '/device-data', { as: 'public', body: deviceBody(id, 7) }), 3006, 412, 'already received');
    expect((await api.call('GET', `/device-data/${id}`)).body.visitor_id).toBe(visitorIdOf(deviceSignals(0)));
  });

  it('optional members default to empty; unknown members are dropped', async () => {
    const id = sessionId();
    const signals = { screen: [800, 600, 24] };
    const r = await api.call('POST', '/device-data', {
      as: 'public',
      body: { device_session_id: id, visitor_id: visitorIdOf(signals), signals, email: 'ana@example.com' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toStrictEqual({
      device_session_id: id,
      visitor_id: visitorIdOf(signals),
      signals,
      missing: {},
      automation: [],
      timings: {},
      creation_date: expect.any(String),
    });
  });

  it('GET: an unknown session is 1005; the public key may not read (1010)', async () => {
    expectError(await api.call('GET', `/device-data/${sessionId()}`), 1005, 404);
    const id = sessionId();
    await api.call('POST', '/device-data', { as: 'public', body: deviceBody(id) });
    expectError(await api.call('GET', `/device-data/${id}`, { as: 'public' }), 1010, 403);
  });

  it('authentication as elsewhere: no key 1002; the private key from a browser (Origin) 1010', async () => {
    expectError(await api.call('POST', '/device-data', { as: 'none', body: deviceBody(sessionId()) }), 1002, 401);
    expectError(
      await api.call('POST', '/device-data', { body: deviceBody(sessionId()), headers: { Origin: 'https://shop.example' } }),
      1010,
      403,
    );
  });

  it('a browser on another origin may send it: the preflight allows POST with Authorization and Content-Type, credentialed', async () => {
    const r = await api.call('OPTIONS', '/device-data', {
      as: 'none',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(r.headers.get('access-control-allow-methods')).toContain('POST');
    expect(r.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(r.headers.get('access-control-allow-credentials')).toBe('true');
  });
});

describe('malformed device data -> 1001 naming the member', () => {
  const ok = () => deviceBody(sessionId());
  const withSignals = (signals: Record<string, unknown>) => ({ ...ok(), signals, visitor_id: visitorIdOf(signals) });
  const manySignals = Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`s${i}`, i]));

  it.each([
    ['device_session_id missing', () => ({ ...ok(), device_session_id: undefined }), 'device_session_id'],
    ['device_session_id with a space', () => ({ ...ok(), device_session_id: 'a b' }), 'device_session_id'],
    ['device_session_id of 256', () => ({ ...ok(), device_session_id: 'a'.repeat(256) }), 'device_session_id'],
    ['visitor_id upper case', () => ({ ...ok(), visitor_id: ok().visitor_id.toUpperCase() }), 'visitor_id'],
    ['visitor_id of 31', () => ({ ...ok(), visitor_id: ok().visitor_id.slice(1) }), 'visitor_id'],
    ['signals missing', () => ({ ...ok(), signals: undefined }), 'signals'],
    ['signals an array', () => ({ ...ok(), signals: [1, 2] }), 'signals'],
    ['a signal value that is an object', () => withSignals({ screen: { width: 1 } }), 'signals.screen'],
    ['a signal nested too deep', () => withSignals({ screen: [[[[[1]]]]] }), 'signals.screen'],
    ['a signal string over 1000', () => withSignals({ canvas: 'x'.repeat(1001) }), 'signals.canvas'],
    ['a signal array over 100', () => withSignals({ fonts: Array.from({ length: 101 }, () => 'A') }), 'signals.fonts'],
    ['more than 40 signals', () => withSignals(manySignals), 'signals'],
    ['a signal name with capitals', () => withSignals({ Screen: [1] }), 'signals'],
    ['a missing reason not in the list', () => ({ ...ok(), missing: { audio: 'slow' } }), 'missing.audio'],
    ['automation not an array', () => ({ ...ok(), automation: 'webdriver' }), 'automation'],
    ['automation with a duplicate', () => ({ ...ok(), automation: ['webdriver', 'webdriver'] }), 'automation'],
    ['automation with a bad name', () => ({ ...ok(), automation: ['Web Driver'] }), 'automation.0'],
    ['a negative timing', () => ({ ...ok(), timings: { total: -1 } }), 'timings.total'],
    ['a timing that is text', () => ({ ...ok(), timings: { total: '31' } }), 'timings.total'],
  ])('%s', async (_name, make, mention) => {
    expectError(await api.call('POST', '/device-data', { as: 'public', body: make() }), 1001, 400, mention);
  });

  it('a body that is not JSON, or not an object', async () => {
    expectError(await api.call('POST', '/device-data', { as: 'public', body: '{"device_session_id":' }), 1001, 400);
    expectError(await api.call('POST', '/device-data', { as: 'public', body: [] }), 1001, 400);
  });
});
