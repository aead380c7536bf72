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
  const ORIGIN = 'https://checkout.example';
  const preflight = (path: string, origin: string | null, method = 'POST', prefix = `/v1/${CREDS.merchantId}`) =>
    fetch(`${api.baseUrl}${prefix}${path}`, {
      method: 'OPTIONS',
      headers: {
        ...(origin === null ? {} : { Origin: origin }),
        'Access-Control-Request-Method': method,
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
  const varyOf = (h: Headers) => (h.get('vary') ?? '').toLowerCase().split(/\s*,\s*/);

  it.each(['/tokens', '/cards', '/customers/a1/cards', '/device-data'])(
    'public-key route %s: the preflight echoes the origin with credentials, Vary: Origin, without authentication, cached 7200 s',
    async (path) => {
      const res = await preflight(path, ORIGIN);
      expect(res.status).toBe(204);
      const h = res.headers;
      expect(h.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(h.get('access-control-allow-credentials')).toBe('true');
      expect(varyOf(h)).toContain('origin');
      expect(
        h
          .get('access-control-allow-methods')
          ?.split(/\s*,\s*/)
          .sort(),
      ).toEqual(['DELETE', 'GET', 'OPTIONS', 'POST', 'PUT']);
      expect(
        h
          .get('access-control-allow-headers')
          ?.toLowerCase()
          .split(/\s*,\s*/)
          .sort(),
      ).toEqual(['accept', 'authorization', 'content-type']); // never the fault header: no page can ask for a fault
      expect(h.get('access-control-max-age')).toBe('7200');
      expect(h.get('set-cookie')).toBeNull();
    },
  );

  it('public-key route, actual responses (201 and errors): origin echoed, credentials true, Vary: Origin, X-Request-Id exposed, no cookie', async () => {
    const ok = await api.call('POST', '/tokens', { as: 'public', body: CARD, headers: { Origin: ORIGIN, Cookie: 'session=abc' } });
    const bad = await api.call('POST', '/tokens', { as: 'none', body: CARD, headers: { Origin: ORIGIN } });
    const invalid = await api.call('POST', '/tokens', {
      as: 'public',
      body: { ...CARD, card_number: '4111111111111112' },
      headers: { Origin: ORIGIN },
    });
    expect(ok.status).toBe(201);
    expectError(bad, 1002, 401);
    expect(invalid.status).toBe(422);
    for (const r of [ok, bad, invalid]) {
      expect(r.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(r.headers.get('access-control-allow-credentials')).toBe('true');
      expect(varyOf(r.headers)).toContain('origin');
      expect(r.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
      expect(r.headers.get('set-cookie')).toBeNull();
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
  });

  it.each([
    ['the opaque origin null', 'null'],
    ['a non-http origin', 'chrome-extension://abcdef'],
    ['an origin with a path', 'https://checkout.example/pay'],
    ['no Origin header (server to server)', null],
  ])('public-key route, %s: no CORS grant at all, Vary: Origin still', async (_, origin) => {
    const r = await api.call('POST', '/tokens', { as: 'public', body: CARD, headers: origin === null ? {} : { Origin: origin } });
    expect(r.status).toBe(201);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    expect(r.headers.get('access-control-allow-credentials')).toBeNull();
    expect(varyOf(r.headers)).toContain('origin');
  });

  it('private-key routes keep any origin without credentials', async () => {
    const res = await preflight('/charges', ORIGIN, 'GET');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const r = await api.call('GET', '/charges', { as: 'public', headers: { Origin: ORIGIN } });
    expectError(r, 1010, 403);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
  });

  it('a PUT preflight (the classic card.update) passes, and the public key then gets 1010 from the API', async () => {
    const res = await preflight('/cards/kabc123', ORIGIN, 'PUT');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
    expectError(await api.call('PUT', '/cards/kabc123', { as: 'public', body: {}, headers: { Origin: ORIGIN } }), 1010, 403);
  });
});

describe('CORS with an origin list (corsOrigins)', () => {
  const listed = useSandbox({ corsOrigins: ['https://shop.example'] });
  it('echoes a listed origin only', async () => {
    const yes = await listed.call('POST', '/tokens', { as: 'public', body: CARD, headers: { Origin: 'https://shop.example' } });
    const no = await listed.call('POST', '/tokens', { as: 'public', body: CARD, headers: { Origin: 'https://other.example' } });
    expect(yes.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(yes.headers.get('access-control-allow-credentials')).toBe('true');
    expect(no.headers.get('access-control-allow-origin')).toBeNull();
    expect(no.headers.get('access-control-allow-credentials')).toBeNull();
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
