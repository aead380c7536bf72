import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  ApiError,
  ConfigurationError,
  createClient,
  NetworkError,
  PayTokenError,
  TimeoutError,
  ValidationError,
  type ClientConfig,
} from '../../src/index';
import { cardForToday, countUrlParses, errorObject, hangingFetch, jsonResponse, TOKEN } from './helpers';

const CONFIG: ClientConfig = { merchantId: 'm1a2b3c4d5e6f7g8h9i0', publicKey: 'pk_test_123', baseUrl: 'https://api.example.com/' };
const BASE = 'https://api.example.com/v1/m1a2b3c4d5e6f7g8h9i0';
const AUTH = `Basic ${Buffer.from('pk_test_123:').toString('base64')}`;

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, TOKEN));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The single fetch call: its URL and init. */
function onlyCall(): { url: string; init: RequestInit } {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0]!;
  return { url: String(url), init: init ?? {} };
}

/** Awaits a promise that must reject, and returns the rejection. */
async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

describe('createClient', () => {
  it('throws a ConfigurationError at once for a private key', () => {
    let err: unknown;
    try {
      createClient({ ...CONFIG, publicKey: 'sk_test_123' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigurationError);
    expect((err as ConfigurationError).option).toBe('publicKey');
    expect((err as ConfigurationError).message).toMatch(/private key/i);
  });

  it('exposes the resolved configuration', () => {
    expect(createClient(CONFIG).config).toStrictEqual({
      merchantId: 'm1a2b3c4d5e6f7g8h9i0',
      publicKey: 'pk_test_123',
      baseUrl: 'https://api.example.com',
      timeoutMs: 20_000,
    });
  });

  it('makes no request when created', () => {
    createClient(CONFIG);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('tokens.create', () => {
  it('the settings are checked once, at createClient, not per call: one URL parse for three calls', async () => {
    const parsed = countUrlParses();
    const client = createClient(CONFIG);
    expect(parsed()).toBe(1);
    for (let i = 0; i < 3; i++) expect(await client.tokens.create(cardForToday().input)).toStrictEqual(TOKEN);
    expect(parsed()).toBe(1);
  });

  it('sends exactly the spec request: POST {base}/v1/{merchant}/tokens, Basic pk:, JSON body, no cookies', async () => {
    const { input, body } = cardForToday();
    const token = await createClient(CONFIG).tokens.create(input);
    expect(token).toStrictEqual(TOKEN);

    const { url, init } = onlyCall();
    expect(url).toBe(`${BASE}/tokens`);
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe(AUTH);
    expect(headers.get('Authorization')).toBe('Basic cGtfdGVzdF8xMjM6');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toStrictEqual(body);
    expect(init.credentials).toBe('omit');
    // default cache mode: 'no-store' would make Chromium skip its CORS preflight cache (e2e/preflight.spec.ts);
    // a POST's response is never served from the HTTP cache, and the API answers Cache-Control: no-store
    expect(init.cache).toBeUndefined();
    expect(init.referrerPolicy).toBe('no-referrer');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    // card data only in the body, never in the URL
    expect(url).not.toContain('4111');
  });

  it('sends the normalised address with an upper-case country_code, and no device_session_id', async () => {
    const { input, body } = cardForToday();
    await createClient(CONFIG).tokens.create({
      ...input,
      address: { line1: ' Reforma 222 ', postal_code: '06600', state: 'CDMX', city: 'CDMX', country_code: 'mx' },
    });
    expect(JSON.parse(String(onlyCall().init.body))).toStrictEqual({
      ...body,
      address: { line1: 'Reforma 222', postal_code: '06600', state: 'CDMX', city: 'CDMX', country_code: 'MX' },
    });
  });

  it('keeps a base path and uses loopback http', async () => {
    const { input } = cardForToday();
    await createClient({ ...CONFIG, baseUrl: 'http://127.0.0.1:4010/sandbox/' }).tokens.create(input);
    expect(onlyCall().url).toBe('http://127.0.0.1:4010/sandbox/v1/m1a2b3c4d5e6f7g8h9i0/tokens');
  });

  it.each<{ name: string; patch: Record<string, unknown>; field: string; rule: string; code: number; http: number }>([
    { name: 'Luhn', patch: { card_number: '4111 1111 1111 1112' }, field: 'card_number', rule: 'luhn', code: 2004, http: 422 },
    {
      name: 'expired',
      patch: { expiration_month: '01', expiration_year: '2020' },
      field: 'expiration_year',
      rule: 'expired',
      code: 2005,
      http: 400,
    },
    { name: 'cvv2 missing', patch: { cvv2: '' }, field: 'cvv2', rule: 'required', code: 2006, http: 400 },
    { name: 'cvv2 length', patch: { cvv2: '1234' }, field: 'cvv2', rule: 'length', code: 2009, http: 412 },
    { name: 'name missing', patch: { holder_name: ' ' }, field: 'holder_name', rule: 'required', code: 1001, http: 400 },
    { name: 'PAN length', patch: { card_number: '4111' }, field: 'card_number', rule: 'length', code: 1001, http: 400 },
    { name: 'bad address', patch: { address: { country_code: 'MEX' } }, field: 'address.line1', rule: 'required', code: 1001, http: 400 },
  ])('invalid card ($name) -> ValidationError $code, and no request', async ({ patch, field, rule, code, http }) => {
    const { input } = cardForToday();
    const e = await rejection(createClient(CONFIG).tokens.create({ ...input, ...patch }));
    expect(e).toBeInstanceOf(ValidationError);
    expect(e).toBeInstanceOf(PayTokenError);
    const v = e as ValidationError;
    expect(v.type).toBe('validation');
    expect(v.name).toBe('ValidationError');
    expect(v.field).toBe(field);
    expect(v.rule).toBe(rule);
    expect(v.error_code).toBe(code);
    expect(v.http_code).toBe(http);
    expect(v.errors[0]).toMatchObject({ field, reason: rule, valid: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists every failing field in the ValidationError, first one in field/rule', async () => {
    const e = (await rejection(createClient(CONFIG).tokens.create({ card_number: 'x', cvv2: '12345' }))) as ValidationError;
    expect(e.errors.map((r) => `${r.field}:${r.reason}`)).toStrictEqual([
      'card_number:format',
      'holder_name:required',
      'expiration_month:required',
      'cvv2:format',
    ]);
    expect(e.message).toBe('card_number: format, holder_name: required, expiration_month: required, cvv2: format');
    expect([e.field, e.rule, e.error_code, e.http_code]).toStrictEqual(['card_number', 'format', 1001, 400]);
  });

  it('a ValidationError never contains the card data (number or CVV2)', async () => {
    const { input } = cardForToday();
    const e = (await rejection(
      createClient(CONFIG).tokens.create({ ...input, card_number: '4111 1111 1111 1112', cvv2: '9876' }),
    )) as ValidationError;
    expect(e).toBeInstanceOf(ValidationError);
    const dump = JSON.stringify({ ...e, message: e.message, errors: e.errors });
    expect(dump).not.toContain('41111111');
    expect(dump).not.toContain('9876');
  });

  it('rejects (does not throw synchronously) on invalid data', () => {
    const client = createClient(CONFIG);
    let p: Promise<unknown> | undefined;
    expect(() => {
      p = client.tokens.create({});
    }).not.toThrow();
    return expect(p).rejects.toBeInstanceOf(ValidationError);
  });

  describe('API errors -> ApiError with the spec Error object', () => {
    it.each([
      {
        status: 400,
        body: errorObject({
          category: 'request',
          error_code: 1001,
          http_code: 400,
          description: 'holder_name is required',
          fraud_rules: undefined,
        }),
      },
      { status: 401, body: errorObject({ category: 'request', error_code: 1002, http_code: 401, fraud_rules: undefined }) },
      { status: 402, body: errorObject() },
      { status: 403, body: errorObject({ category: 'request', error_code: 1010, http_code: 403, fraud_rules: [] }) },
      { status: 412, body: errorObject({ category: 'request', error_code: 2009, http_code: '412' }) },
      { status: 422, body: errorObject({ category: 'request', error_code: 2004, http_code: 422 }) },
      { status: 500, body: errorObject({ category: 'internal', error_code: 1000, http_code: 500 }) },
      { status: 503, body: errorObject({ category: 'internal', error_code: 1004, http_code: 503 }) },
    ])('$status $body.error_code', async ({ status, body }) => {
      fetchMock.mockImplementation(async () => jsonResponse(status, body));
      const { input } = cardForToday();
      const e = await rejection(createClient(CONFIG).tokens.create(input));
      // 503 (1004, nothing was done) is retried once; every other status never
      expect(fetchMock).toHaveBeenCalledTimes(status === 503 ? 2 : 1);
      expect(e).toBeInstanceOf(ApiError);
      expect(e).toBeInstanceOf(PayTokenError);
      const a = e as ApiError;
      expect(a.type).toBe('api');
      expect(a.name).toBe('ApiError');
      expect(a.status).toBe(status);
      expect(a.error).toStrictEqual(JSON.parse(JSON.stringify(body)));
      expect(a.error_code).toBe(body.error_code);
      expect(a.category).toBe(body.category);
      expect(a.request_id).toBe(body.request_id);
      expect(a.fraud_rules).toStrictEqual(body.fraud_rules ?? []);
      expect(a.message).toContain(String(body.error_code));
      expect(a.message).toContain(body.description);
    });

    it.each([
      { name: 'HTML error page', status: 502, text: '<html><body>Bad gateway</body></html>' },
      { name: 'empty body', status: 500, text: '' },
      { name: 'JSON without error_code', status: 500, text: '{"message":"oops"}' },
      { name: 'JSON with a string error_code', status: 400, text: '{"error_code":"1001"}' },
      { name: 'JSON null', status: 404, text: 'null' },
    ])('$name ($status) -> Error object with error_code 1000', async ({ status, text }) => {
      fetchMock.mockResolvedValueOnce(new Response(text, { status }));
      const { input } = cardForToday();
      const a = (await rejection(createClient(CONFIG).tokens.create(input))) as ApiError;
      expect(a).toBeInstanceOf(ApiError);
      expect(a.status).toBe(status);
      expect(a.error_code).toBe(1000);
      expect(a.category).toBe('internal');
      expect(a.error).toMatchObject({ category: 'internal', error_code: 1000, http_code: status, request_id: '' });
      expect(typeof a.error.description).toBe('string');
      expect(a.fraud_rules).toStrictEqual([]);
    });
  });

  it('a 2xx body that is not JSON -> NetworkError', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>captive portal</html>', { status: 200 }));
    const { input } = cardForToday();
    const e = await rejection(createClient(CONFIG).tokens.create(input));
    expect(e).toBeInstanceOf(NetworkError);
    expect((e as NetworkError).type).toBe('network');
  });

  it('network rejection -> NetworkError with the cause in the message (after its one retry)', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { input } = cardForToday();
    const e = await rejection(createClient(CONFIG).tokens.create(input));
    expect(e).toBeInstanceOf(NetworkError);
    expect(e).toBeInstanceOf(PayTokenError);
    expect((e as NetworkError).type).toBe('network');
    expect((e as NetworkError).name).toBe('NetworkError');
    expect((e as NetworkError).message).toContain('Failed to fetch');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a fetch that rejects with a non-Error value -> NetworkError', async () => {
    fetchMock.mockImplementation(() => Promise.reject('offline'));
    const { input } = cardForToday();
    const e = await rejection(createClient(CONFIG).tokens.create(input));
    expect(e).toBeInstanceOf(NetworkError);
  });

  describe('timeout', () => {
    it('aborts after timeoutMs with a TimeoutError (real timers, fetch honours the signal)', async () => {
      fetchMock.mockImplementation(hangingFetch);
      const { input } = cardForToday();
      const started = Date.now();
      const e = await rejection(createClient({ ...CONFIG, timeoutMs: 30 }).tokens.create(input));
      expect(e).toBeInstanceOf(TimeoutError);
      expect(e).toBeInstanceOf(PayTokenError);
      expect((e as TimeoutError).type).toBe('timeout');
      expect((e as TimeoutError).name).toBe('TimeoutError');
      expect((e as TimeoutError).timeoutMs).toBe(30);
      expect((e as TimeoutError).message).toContain('30');
      expect(Date.now() - started).toBeGreaterThanOrEqual(25);
      expect(onlyCall().init.signal?.aborted).toBe(true);
    });

    it('aborts exactly at timeoutMs (fake timers)', async () => {
      vi.useFakeTimers();
      fetchMock.mockImplementation(hangingFetch);
      const { input } = cardForToday();
      const p = createClient({ ...CONFIG, timeoutMs: 5000 }).tokens.create(input);
      const settled = vi.fn();
      p.then(settled, settled);
      await vi.advanceTimersByTimeAsync(4999);
      expect(settled).not.toHaveBeenCalled();
      expect(onlyCall().init.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const e = await rejection(p);
      expect(e).toBeInstanceOf(TimeoutError);
      expect((e as TimeoutError).timeoutMs).toBe(5000);
    });

    it('uses the default 20000 ms', async () => {
      vi.useFakeTimers();
      fetchMock.mockImplementation(hangingFetch);
      const { input } = cardForToday();
      const p = createClient(CONFIG).tokens.create(input);
      const settled = vi.fn();
      p.then(settled, settled);
      await vi.advanceTimersByTimeAsync(19_999);
      expect(settled).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(await rejection(p)).toBeInstanceOf(TimeoutError);
    });

    it('a body that does not arrive in time is a timeout too', async () => {
      fetchMock.mockImplementation(async (_u, init) => {
        const signal = init!.signal!;
        return {
          status: 200,
          text: () =>
            new Promise<string>((_r, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
        } as unknown as Response;
      });
      const { input } = cardForToday();
      const e = await rejection(createClient({ ...CONFIG, timeoutMs: 20 }).tokens.create(input));
      expect(e).toBeInstanceOf(TimeoutError);
    });

    it('clears its timer once the response is in', async () => {
      vi.useFakeTimers();
      const { input } = cardForToday();
      await createClient(CONFIG).tokens.create(input);
      expect(vi.getTimerCount()).toBe(0);
    });

    it('clears its timer after a network error', async () => {
      vi.useFakeTimers();
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      const { input } = cardForToday();
      const p = rejection(createClient(CONFIG).tokens.create(input));
      await vi.advanceTimersByTimeAsync(1000); // the retry's backoff
      expect(await p).toBeInstanceOf(NetworkError);
      expect(vi.getTimerCount()).toBe(0);
    });
  });
});

describe('cards.create', () => {
  const CARD = { id: 'kso4st0ckr9ml1eobwuv', card_number: '411111XXXXXX1111' };

  it('raw card: POST /cards with the normalised card and this page load’s device_session_id', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, CARD));
    const client = createClient(CONFIG);
    const { input, body } = cardForToday();
    expect(await client.cards.create(input)).toStrictEqual(CARD);
    const { url, init } = onlyCall();
    expect(url).toBe(`${BASE}/cards`);
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe(AUTH);
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(init.credentials).toBe('omit');
    const sent = JSON.parse(String(init.body));
    expect(sent).toStrictEqual({ ...body, device_session_id: client.deviceData.sessionId() });
    expect(sent.device_session_id).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('raw card on a customer: POST /customers/{id}/cards', async () => {
    const { input } = cardForToday();
    await createClient(CONFIG).cards.create(input, { customerId: 'ag4nktpdzebjiye1tlze' });
    expect(onlyCall().url).toBe(`${BASE}/customers/ag4nktpdzebjiye1tlze/cards`);
  });

  it('token variant: exactly {token_id, device_session_id}, other members dropped', async () => {
    await createClient(CONFIG).cards.create({
      token_id: 'kqgykn96i7bcs1wwhvgw',
      device_session_id: 'kR1MiQhz2otdIuUlQkbEyitIqVMiI16f',
      holder_name: 'extra',
    } as never);
    const { url, init } = onlyCall();
    expect(url).toBe(`${BASE}/cards`);
    expect(JSON.parse(String(init.body))).toStrictEqual({
      token_id: 'kqgykn96i7bcs1wwhvgw',
      device_session_id: 'kR1MiQhz2otdIuUlQkbEyitIqVMiI16f',
    });
  });

  it('token variant on a customer', async () => {
    await createClient(CONFIG).cards.create({ token_id: 'kqgykn96i7bcs1wwhvgw', device_session_id: 'abc-DEF_123' }, { customerId: 'c1' });
    expect(onlyCall().url).toBe(`${BASE}/customers/c1/cards`);
  });

  it.each<{ name: string; card: Record<string, unknown>; errors: [string, string][] }>([
    { name: 'token_id empty', card: { token_id: '', device_session_id: 'abc' }, errors: [['token_id', 'required']] },
    { name: 'token_id undefined', card: { token_id: undefined, device_session_id: 'abc' }, errors: [['token_id', 'required']] },
    { name: 'token_id with a slash', card: { token_id: 'a/b', device_session_id: 'abc' }, errors: [['token_id', 'format']] },
    { name: 'token_id 46 chars', card: { token_id: 'a'.repeat(46), device_session_id: 'abc' }, errors: [['token_id', 'format']] },
    { name: 'token_id number', card: { token_id: 123, device_session_id: 'abc' }, errors: [['token_id', 'format']] },
    { name: 'device_session_id missing', card: { token_id: 'tok1' }, errors: [['device_session_id', 'required']] },
    {
      name: 'device_session_id 256 chars',
      card: { token_id: 'tok1', device_session_id: 'a'.repeat(256) },
      errors: [['device_session_id', 'format']],
    },
    {
      name: 'device_session_id with a space',
      card: { token_id: 'tok1', device_session_id: 'a b' },
      errors: [['device_session_id', 'format']],
    },
    {
      name: 'both missing',
      card: { token_id: '' },
      errors: [
        ['token_id', 'required'],
        ['device_session_id', 'required'],
      ],
    },
  ])('token variant, $name -> ValidationError, no request', async ({ card, errors }) => {
    const e = (await rejection(createClient(CONFIG).cards.create(card as never))) as ValidationError;
    expect(e).toBeInstanceOf(ValidationError);
    expect(e.errors.map((r) => [r.field, r.reason])).toStrictEqual(errors);
    expect(e.error_code).toBe(1001);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('device_session_id of 255 characters is accepted', async () => {
    await createClient(CONFIG).cards.create({ token_id: 'tok1', device_session_id: 'a'.repeat(255) });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('raw card invalid -> ValidationError, no request', async () => {
    const { input } = cardForToday();
    const e = await rejection(createClient(CONFIG).cards.create({ ...input, card_number: '4111111111111112' }));
    expect(e).toBeInstanceOf(ValidationError);
    expect((e as ValidationError).error_code).toBe(2004);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each<{ name: string; customerId: unknown }>([
    { name: 'empty', customerId: '' },
    { name: 'path traversal', customerId: '../../charges' },
    { name: 'slash', customerId: 'c1/cards' },
    { name: '46 chars', customerId: 'c'.repeat(46) },
    { name: 'query', customerId: 'c1?x=1' },
    { name: 'number', customerId: 123 },
    { name: 'null', customerId: null },
  ])('bad customerId ($name) -> ConfigurationError, no request', async ({ customerId }) => {
    const { input } = cardForToday();
    const e = await rejection(createClient(CONFIG).cards.create(input, { customerId } as never));
    expect(e).toBeInstanceOf(ConfigurationError);
    expect((e as ConfigurationError).option).toBe('customerId');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('maps API errors as tokens.create does', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(409, errorObject({ category: 'request', error_code: 2002, http_code: 409 })));
    const { input } = cardForToday();
    const e = (await rejection(createClient(CONFIG).cards.create(input, { customerId: 'c1' }))) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect([e.status, e.error_code, e.category]).toStrictEqual([409, 2002, 'request']);
  });
});

describe('deviceData', () => {
  it('sessionId is stable and 32 characters of [A-Za-z0-9]', () => {
    const a = createClient(CONFIG).deviceData.sessionId();
    const b = createClient(CONFIG).deviceData.sessionId();
    expect(a).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(b).toBe(a);
  });

  it('setup without a DOM throws a ConfigurationError naming the form', () => {
    expect(() => createClient(CONFIG).deviceData.setup('checkout')).toThrow(ConfigurationError);
    try {
      createClient(CONFIG).deviceData.setup('checkout');
    } catch (e) {
      expect((e as ConfigurationError).option).toBe('form');
      expect((e as ConfigurationError).message).toContain('#checkout');
    }
  });
});

describe('against a real HTTP server on 127.0.0.1', () => {
  let server: Server | undefined;

  afterEach(async () => {
    vi.unstubAllGlobals();
    const s = server;
    server = undefined;
    if (s) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  });

  async function listen(handler: (req: IncomingMessage, body: string, res: import('node:http').ServerResponse) => void) {
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => handler(req, body, res));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  }

  it('the request on the wire matches the spec', async () => {
    vi.unstubAllGlobals(); // real fetch
    const seen: { method?: string; url?: string; headers?: IncomingMessage['headers']; body?: string } = {};
    const base = await listen((req, body, res) => {
      Object.assign(seen, { method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(TOKEN));
    });
    const { input, body } = cardForToday();
    const token = await createClient({ ...CONFIG, baseUrl: base }).tokens.create(input);
    expect(token).toStrictEqual(TOKEN);
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/v1/m1a2b3c4d5e6f7g8h9i0/tokens');
    expect(seen.headers?.authorization).toBe(AUTH);
    expect(seen.headers?.['content-type']).toBe('application/json');
    expect(seen.headers?.cookie).toBeUndefined();
    expect(JSON.parse(seen.body ?? '')).toStrictEqual(body);
  });

  it('an API error from the server arrives as ApiError', async () => {
    vi.unstubAllGlobals();
    const err = errorObject({ category: 'request', error_code: 1002, http_code: 401, fraud_rules: undefined });
    const base = await listen((_req, _body, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json' }).end(JSON.stringify(err));
    });
    const { input } = cardForToday();
    const e = (await rejection(createClient({ ...CONFIG, baseUrl: base }).tokens.create(input))) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect([e.status, e.error_code, e.request_id]).toStrictEqual([401, 1002, err.request_id]);
  });

  it('a server that never answers -> TimeoutError', async () => {
    vi.unstubAllGlobals();
    const base = await listen(() => {
      /* never answer */
    });
    const { input } = cardForToday();
    const e = await rejection(createClient({ ...CONFIG, baseUrl: base, timeoutMs: 100 }).tokens.create(input));
    expect(e).toBeInstanceOf(TimeoutError);
  });

  it('a refused connection -> NetworkError', async () => {
    vi.unstubAllGlobals();
    const base = await listen(() => undefined);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const { input } = cardForToday();
    const e = await rejection(createClient({ ...CONFIG, baseUrl: base }).tokens.create(input));
    expect(e).toBeInstanceOf(NetworkError);
  });
});
