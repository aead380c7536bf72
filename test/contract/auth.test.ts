/** Authentication, authorisation, CORS and request ids (spec, Authentication; Errors 1002, 1010). */
import { describe, expect, it } from 'vitest';
import { CARD, CREDS, basic, createCustomer, expectError, tokenize, useSandbox, XFF, chargeBody } from './helpers';

const api = useSandbox();
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('1002: missing or wrong authentication', () => {
  it.each([
    ['no Authorization header', 'none' as const],
    ['Bearer scheme', { authorization: `Bearer ${CREDS.privateKey}` }],
    ['Basic with garbage', { authorization: 'Basic !!!not-base64!!!' }],
    ['Basic without the colon', { authorization: `Basic ${b64(CREDS.privateKey)}` }],
    ['Basic with a non-empty password', { authorization: `Basic ${b64(`${CREDS.privateKey}:secret`)}` }],
    ['Basic with an empty key', { authorization: `Basic ${b64(':')}` }],
    ['unknown key', { authorization: basic('sk_someone_else') }],
    ['key with a different case', { authorization: basic(CREDS.privateKey.toUpperCase()) }],
  ])('%s -> 1002 on tokens and charges', async (_, as) => {
    expectError(await api.call('POST', '/tokens', { as, body: CARD }), 1002, 401);
    expectError(await api.call('GET', '/charges', { as }), 1002, 401);
  });

  it.each(['private', 'public'] as const)('right %s key, other merchant id -> 1002', async (as) => {
    expectError(await api.call('POST', '/tokens', { as, body: CARD, prefix: '/v1/mother0merchant' }), 1002, 401);
  });

  it('authentication is checked before the route exists', async () => {
    expectError(await api.call('GET', '/no-such-thing', { as: 'none' }), 1002, 401);
  });
});

describe('1010: the public key only creates tokens and cards', () => {
  it.each([
    ['GET', '/tokens'],
    ['GET', '/tokens/tok123'],
    ['GET', '/cards/k123'],
    ['DELETE', '/cards/k123'],
    ['POST', '/customers'],
    ['GET', '/customers'],
    ['GET', '/customers/a123'],
    ['DELETE', '/customers/a123'],
    ['GET', '/customers/a123/cards'],
    ['POST', '/charges'],
    ['GET', '/charges'],
    ['GET', '/charges/tr123'],
    ['POST', '/customers/a123/charges'],
  ])('%s %s with the public key -> 1010', async (method, path) => {
    const r = await api.call(method, path, { as: 'public', ...(method === 'POST' ? { body: {} } : {}), headers: XFF });
    expectError(r, 1010, 403, 'public key');
  });

  it('a charge of a valid token with the public key is refused and leaves the token usable', async () => {
    const tok = await tokenize(api);
    expectError(await api.call('POST', '/charges', { as: 'public', body: chargeBody(tok), headers: XFF }), 1010, 403);
    const ok = await api.call('POST', '/charges', { body: chargeBody(tok), headers: XFF });
    expect(ok.status).toBe(201);
  });

  it('the public key creates tokens, merchant cards and customer cards, also from a browser (Origin)', async () => {
    const customer = await createCustomer(api);
    const headers = { Origin: 'https://shop.example' };
    expect((await api.call('POST', '/tokens', { as: 'public', body: CARD, headers })).status).toBe(201);
    expect((await api.call('POST', '/cards', { as: 'public', body: CARD, headers })).status).toBe(201);
    expect((await api.call('POST', `/customers/${customer}/cards`, { as: 'public', body: CARD, headers })).status).toBe(201);
  });

  it.each([
    ['POST', '/tokens'],
    ['GET', '/charges'],
    ['POST', '/customers'],
  ])('the private key with an Origin header (from a browser) -> 1010 on %s %s', async (method, path) => {
    const r = await api.call(method, path, { headers: { Origin: 'https://shop.example' }, ...(method === 'POST' ? { body: CARD } : {}) });
    expectError(r, 1010, 403, 'private key');
  });

  it('the private key without Origin (server to server) may do everything', async () => {
    expect((await api.call('POST', '/tokens', { body: CARD })).status).toBe(201);
    expect((await api.call('GET', '/charges')).status).toBe(200);
  });
});

describe('CORS', () => {
  it('answers the preflight without authentication, for any origin, cached for 7200 s, without credentials', async () => {
    const res = await fetch(`${api.baseUrl}/v1/${CREDS.merchantId}/tokens`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://checkout.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(res.status).toBe(204);
    const h = res.headers;
    expect(h.get('access-control-allow-origin')).toBe('*');
    expect(h.get('access-control-allow-methods')?.split(/\s*,\s*/).sort()).toEqual(['DELETE', 'GET', 'OPTIONS', 'POST']);
    expect(h.get('access-control-allow-headers')?.toLowerCase().split(/\s*,\s*/).sort()).toEqual(['accept', 'authorization', 'content-type']);
    expect(h.get('access-control-max-age')).toBe('7200');
    expect(h.get('access-control-allow-credentials')).toBeNull();
  });

  it('preflights of customer-level paths are answered too', async () => {
    const res = await fetch(`${api.baseUrl}/v1/${CREDS.merchantId}/customers/a1/cards`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://checkout.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-max-age')).toBe('7200');
  });

  it('actual responses, errors included, allow any origin and expose X-Request-Id', async () => {
    const ok = await api.call('POST', '/tokens', { as: 'public', body: CARD, headers: { Origin: 'https://checkout.example' } });
    const bad = await api.call('POST', '/tokens', { as: 'none', body: CARD, headers: { Origin: 'https://checkout.example' } });
    for (const r of [ok, bad]) {
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    }
    expectError(bad, 1002, 401);
  });
});

describe('request ids', () => {
  it('every response carries a fresh X-Request-Id; errors repeat it as request_id', async () => {
    const a = await api.call('GET', '/charges');
    const b = await api.call('GET', '/charges');
    const c = await api.call('GET', '/charges', { as: 'none' });
    const ids = [a, b, c].map((r) => r.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(3);
    expect(c.body.request_id).toBe(ids[2]);
  });
});
