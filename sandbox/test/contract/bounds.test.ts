/**
 * The sandbox under attack, over HTTP: each test reproduces an attack made with the public key (or a raw socket)
 * and checks that it now fails (docs/security.md). Stores are capped and expire, open strings and the
 * device-data shape are bounded, the access log cannot be forged, amounts are exact, fault mode cannot be
 * triggered by a web page, and slow or many connections are cut.
 */
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { escapeForLog } from '../../src/http/access-log';
import { MAX_JSON_DEPTH, nestedDeeperThan, topLevelNumberText } from '../../src/json/text';
import { SIGNAL_LIMITS } from '../../src/fraud/schema';
import {
  CARD,
  basic,
  charge,
  chargeBody,
  CREDS,
  deviceBody,
  expectError,
  NOW,
  sessionId,
  tokenize,
  useSandbox,
  visitorIdOf,
  XFF,
} from './helpers';

let clock = NOW.getTime();
const lines: string[] = [];
const api = useSandbox({
  now: () => new Date(clock),
  log: (l) => lines.push(l),
  limits: { tokenTtlSeconds: 60, deviceDataTtlSeconds: 120 },
  faults: true,
  // per address as many as in all: the global cap is what these sockets (all from 127.0.0.1) test
  server: { headersTimeoutMs: 300, requestTimeoutMs: 600, maxConnections: 40, maxConnectionsPerAddress: 40 },
});

afterAll(() => {
  clock = NOW.getTime();
});

const ADDRESS = { line1: 'Av. Reforma 222', city: 'CDMX', state: 'CDMX', postal_code: '06600', country_code: 'MX' };

describe('every store is capped', () => {
  const small = useSandbox({ limits: { maxRecords: 3 } });

  it('tokens: the fourth of a cap of 3 evicts the first (1005), the others stay', async () => {
    const ids = [await tokenize(small), await tokenize(small), await tokenize(small), await tokenize(small)];
    const codes = await Promise.all(ids.map(async (id) => (await small.call('GET', `/tokens/${id}`)).status));
    expect(codes).toEqual([404, 200, 200, 200]);
    expect(small.sandbox.store.tokens.size).toBe(3);
  });

  it('device data is capped the same way; customers, cards and charges refuse the fourth with 1003, storing nothing', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await small.call('POST', '/device-data', { as: 'public', body: deviceBody(sessionId(), i) })).status).toBe(201);
    }
    for (let i = 0; i < 3; i++) {
      expect((await small.call('POST', '/customers', { body: { name: 'Ana', email: 'ana@example.com' } })).status).toBe(201);
      expect((await small.call('POST', '/cards', { as: 'public', body: CARD })).status).toBe(201);
      expect((await charge(small, chargeBody(await tokenize(small)))).status).toBe(201);
    }
    expectError(await small.call('POST', '/customers', { body: { name: 'Ana', email: 'ana@example.com' } }), 1003, 422);
    expectError(await small.call('POST', '/cards', { as: 'public', body: CARD }), 1003, 422);
    const refused = await charge(small, chargeBody(await tokenize(small)));
    expectError(refused, 1003, 422);
    expect(refused.body.description).toMatch(/maximum of 3 transactions \(--max-records\)/);
    const { devices, customers, cards, transactions } = small.sandbox.store;
    expect([devices.size, customers.size, cards.size, transactions.size]).toEqual([3, 3, 3, 3]);
  });
});

describe('tokens and device data expire', () => {
  it('a token older than its TTL is 1005 on retrieval and on a charge', async () => {
    const id = await tokenize(api);
    clock += 61_000;
    try {
      expectError(await api.call('GET', `/tokens/${id}`), 1005, 404);
      expectError(await charge(api, chargeBody(id)), 1005, 404);
    } finally {
      clock = NOW.getTime();
    }
  });

  it('device data older than its TTL is gone: the charge sees no device data', async () => {
    const device = sessionId();
    expect((await api.call('POST', '/device-data', { as: 'public', body: deviceBody(device, 9) })).status).toBe(201);
    clock += 121_000;
    try {
      expectError(await api.call('GET', `/device-data/${device}`), 1005, 404);
    } finally {
      clock = NOW.getTime();
    }
  });
});

describe('open strings are bounded and refuse control characters (1001)', () => {
  it('a 64,000-character address.line1 is 1001 too_long and nothing is stored', async () => {
    const before = api.sandbox.store.tokens.size;
    const r = await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, address: { ...ADDRESS, line1: 'x'.repeat(64_000) } } });
    expectError(r, 1001, 400, 'address.line1', 'too_long');
    expect(api.sandbox.store.tokens.size).toBe(before);
  });

  it.each([
    ['address.city', { address: { ...ADDRESS, city: 'c'.repeat(101) } }, 'too_long'],
    ['address.state', { address: { ...ADDRESS, state: 's'.repeat(101) } }, 'too_long'],
    ['address.postal_code', { address: { ...ADDRESS, postal_code: '1'.repeat(17) } }, 'too_long'],
    ['address.line2', { address: { ...ADDRESS, line2: 'Piso 3\r\nfraud ok' } }, 'format'],
    ['holder_name', { holder_name: 'Ana\u0000' }, 'format'],
    ['holder_name', { holder_name: 'Ana \u001b[31mPérez' }, 'format'],
    ['holder_name', { holder_name: 'Ana \u202ezereP' }, 'format'],
    ['holder_name', { holder_name: '\u2066Ana\u2069' }, 'format'],
  ])('%s: %j -> 1001 (%s), on tokens and raw cards alike', async (field, patch, rule) => {
    expectError(await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, ...patch } }), 1001, 400, field, rule);
    expectError(await api.call('POST', '/cards', { as: 'public', body: { ...CARD, ...patch } }), 1001, 400, field, rule);
  });

  it('customer and charge customer addresses use the same rules', async () => {
    expectError(
      await api.call('POST', '/customers', {
        body: { name: 'Ana', email: 'ana@example.com', address: { ...ADDRESS, city: 'x'.repeat(5000) } },
      }),
      1001,
      400,
      'address.city',
    );
    const body = chargeBody(await tokenize(api), {
      customer: { name: 'Ana', email: 'ana@example.com', address: { ...ADDRESS, line1: 'a\u202eb' } },
    });
    expectError(await charge(api, body), 1001, 400, 'customer.address.line1', 'format');
  });

  it('charge metadata is bounded: 21 members, a 41-character name, a 501-character value are 1001', async () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    for (const metadata of [many, { ['n'.repeat(41)]: 1 }, { note: 'v'.repeat(501) }]) {
      expectError(await charge(api, chargeBody(await tokenize(api), { metadata })), 1001, 400, 'metadata');
    }
    expect((await charge(api, chargeBody(await tokenize(api), { metadata: { note: 'v'.repeat(500), n: 1, ok: true } }))).status).toBe(201);
  });
});

describe('invisible characters are refused where text is stored (one rule with the library: src/card/result.ts)', () => {
  it.each([0x00ad, 0x034f, 0x180e, 0x2062, 0x3164, 0x2800, 0xfff9, 0xe0041])(
    'code point %i in holder_name, description and order_id: 1001 format',
    async (cp) => {
      const ch = String.fromCodePoint(cp);
      const tokens = api.sandbox.store.tokens.size;
      expectError(
        await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, holder_name: `Ana${ch}Pérez` } }),
        1001,
        400,
        'holder_name',
        'format',
      );
      expect(api.sandbox.store.tokens.size).toBe(tokens);
      const id = await tokenize(api);
      expectError(await charge(api, chargeBody(id, { description: `Café${ch}` })), 1001, 400, 'description', 'format');
      expectError(await charge(api, chargeBody(id, { order_id: `ord${ch}1` })), 1001, 400, 'order_id', 'format');
    },
  );
});

describe('the device-data shape is bounded (400/1001, never 500)', () => {
  const post = (signals: Record<string, unknown>) =>
    api.call('POST', '/device-data', { as: 'public', body: { device_session_id: sessionId(), visitor_id: visitorIdOf(signals), signals } });

  it('arrays nested 30,000 deep (60 KB) are 1001 naming the depth rule, before any parsing: not a stack overflow', async () => {
    const deep = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    const raw = `{"device_session_id":"${sessionId()}","visitor_id":"${'0'.repeat(32)}","signals":{"a":${deep}}}`;
    expectError(await api.call('POST', '/device-data', { as: 'public', body: raw }), 1001, 400, `more than ${MAX_JSON_DEPTH} deep`);
    const deepAndValidId = await api.call('POST', '/device-data', { as: 'public', body: raw.replace('0'.repeat(32), 'f'.repeat(32)) });
    expectError(deepAndValidId, 1001, 400, `more than ${MAX_JSON_DEPTH} deep`);
  });

  it('objects nested 10,000 deep from several clients at once: each 1001, and a token request still answers', async () => {
    let deep = '1';
    for (let i = 0; i < 10_000; i++) deep = `{"k":${deep}}`;
    const raw = `{"card_number":${deep}}`;
    const floods = Array.from({ length: 8 }, () => api.call('POST', '/tokens', { as: 'public', body: raw }));
    const token = api.call('POST', '/tokens', { as: 'public', body: CARD });
    for (const r of await Promise.all(floods)) expectError(r, 1001, 400, `more than ${MAX_JSON_DEPTH} deep`);
    expect((await token).status).toBe(201);
  });

  it('the depth check reads brackets inside strings as text, and passes the deepest body the API takes', () => {
    expect(nestedDeeperThan(`{"a":"${'['.repeat(100)}"}`)).toBe(false);
    expect(nestedDeeperThan(`{"a":"\\\\"${'['.repeat(21)}`)).toBe(true); // an escaped backslash ends before the quote
    expect(nestedDeeperThan('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBe(false);
    expect(nestedDeeperThan('['.repeat(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  it('depth, array length, string length, total values and total characters', async () => {
    const nest = (d: number): unknown => (d === 0 ? 1 : [nest(d - 1)]);
    expect((await post({ a: nest(SIGNAL_LIMITS.depth) })).status).toBe(201);
    expectError(await post({ a: nest(SIGNAL_LIMITS.depth + 1) }), 1001, 400, 'signals');
    expectError(await post({ a: Array(SIGNAL_LIMITS.array + 1).fill(0) }), 1001, 400, 'signals');
    expectError(await post({ a: 'x'.repeat(SIGNAL_LIMITS.string + 1) }), 1001, 400, 'signals');
    // each member within bounds, together over the budget
    const values = Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`v${i}`, Array(99).fill(0)]));
    expectError(await post(values), 1001, 400, 'signals');
    const chars = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`c${i}`, 'x'.repeat(900)]));
    expectError(await post(chars), 1001, 400, 'signals');
    expect((await post({ c0: 'x'.repeat(900), c1: Array(99).fill(0) })).status).toBe(201);
  });
});

describe('the access log cannot be forged', () => {
  it('%0A, %1B (ANSI) and U+202E in the path are escaped: one line per request', async () => {
    lines.length = 0;
    await api.call('GET', '/tokens/abc%0AGET%20/v1/forged%20200%201ms%1B[31m%E2%80%AEx');
    const line = lines.find((l) => l.startsWith('GET /v1/'))!;
    expect(lines.filter((l) => l.startsWith('GET /v1/'))).toHaveLength(1);
    expect(line).toContain('abc\\x0aGET /v1/forged 200 1ms\\x1b[31m\\u202ex 404');
    expect(line).not.toMatch(/[\p{Cc}\u202e]/u);
  });

  it('escapeForLog escapes the backslash too and cuts long paths', () => {
    expect(escapeForLog('a\\x0a\n')).toBe('a\\\\x0a\\x0a');
    expect(escapeForLog('p'.repeat(600))).toBe(`${'p'.repeat(512)}...`);
  });
});

describe('amounts are exact', () => {
  it.each([
    // the number a JSON body's 1000000000000000.07 becomes (doubles this large are 0.125 apart): sent as 1000000000000000.1
    ['beyond 2^53 / 100', 1000000000000000.125],
    ['above the maximum of 10,000,000', 10_000_000.01],
    ['three decimals', 1.005],
    ['0.1 + 0.2', 0.1 + 0.2],
  ])('%s -> 1001 amount', async (_what, amount) => {
    expectError(await charge(api, chargeBody(await tokenize(api), { amount })), 1001, 400, 'amount');
  });

  it('the exponent form in the request text (1e2, 1E2, 100e-2) is 1001, even with an escaped member name', async () => {
    for (const spelled of ['1e2', '1E2', '100e-2', '1.5e+1']) {
      const body = JSON.stringify(chargeBody(await tokenize(api), { amount: 0 })).replace('"amount":0', `"amount":${spelled}`);
      expectError(await charge(api, body), 1001, 400, 'amount', 'exponent');
    }
    const escaped = JSON.stringify(chargeBody(await tokenize(api), { amount: 0 })).replace('"amount":0', '"\\u0061mount" :\n 1e2');
    expectError(await charge(api, escaped), 1001, 400, 'amount');
  });

  it('the maximum itself, and 100 written plainly, are charged exactly', async () => {
    for (const amount of [10_000_000, 100, 0.01, 9_999_999.99]) {
      const r = await charge(api, chargeBody(await tokenize(api), { amount }));
      expect(r.status).toBe(201);
      expect(r.body.amount).toBe(amount);
    }
  });

  it('topLevelNumberText reads only the top-level member', () => {
    expect(topLevelNumberText('{"metadata":{"amount":1e2},"amount":100}', 'amount')).toBe('100');
    expect(topLevelNumberText('{"a":"\\"amount\\":1e2","amount" : -5.5E3}', 'amount')).toBe('-5.5E3');
    expect(topLevelNumberText('{"amount":"1e2"}', 'amount')).toBeUndefined();
  });
});

describe('fault mode cannot be triggered by a web page', () => {
  it('the header is ignored on public-key requests, and unauthenticated requests are never faulted', async () => {
    const fault = { 'X-Sandbox-Fault': 'status=503' };
    expect((await api.call('POST', '/tokens', { as: 'public', body: CARD, headers: fault })).status).toBe(201);
    expectError(await api.call('POST', '/tokens', { as: 'none', body: CARD, headers: fault }), 1002, 401);
    expectError(await api.call('POST', '/tokens', { as: 'private', body: CARD, headers: fault }), 1004, 503);
  });

  it('a latency fault from a public-key request does not hold the sandbox', async () => {
    const started = Date.now();
    expect((await api.call('POST', '/tokens', { as: 'public', body: CARD, headers: { 'X-Sandbox-Fault': 'latency=5000' } })).status).toBe(
      201,
    );
    expect(Date.now() - started).toBeLessThan(2500);
  });
});

describe('slow and numerous connections are cut', () => {
  const open = async (): Promise<Socket> => {
    const { port } = new URL(api.baseUrl);
    const s = connect(Number(port), '127.0.0.1');
    await once(s, 'connect');
    return s;
  };
  /** Resolves with what the server sent before it closed `s`, or rejects after `ms`. */
  const closedWithin = (s: Socket, ms: number) =>
    new Promise<string>((resolve, reject) => {
      let got = '';
      const t = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
      s.on('data', (d) => (got += d));
      s.on('error', () => {});
      s.on('close', () => {
        clearTimeout(t);
        resolve(got);
      });
    });

  it('headers that never finish: the connection is closed (408) after the headers timeout', async () => {
    const s = await open();
    s.write(`POST /v1/${CREDS.merchantId}/tokens HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
    const got = await closedWithin(s, 5000);
    expect(got).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a body that never finishes: the connection is closed after the request timeout', async () => {
    const s = await open();
    s.write(
      `POST /v1/${CREDS.merchantId}/tokens HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basic(CREDS.publicKey)}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"card_number":',
    );
    await closedWithin(s, 5000);
  });

  it('connections beyond the cap are closed on arrival; the sandbox still answers afterwards', async () => {
    const held = await Promise.all(Array.from({ length: 40 }, open));
    try {
      const extra = await open();
      expect(await closedWithin(extra, 3000)).toBe('');
    } finally {
      for (const s of held) s.destroy();
    }
    await new Promise((r) => setTimeout(r, 100));
    expect((await api.call('POST', '/tokens', { as: 'public', body: CARD })).status).toBe(201);
  });
});

it('charges still work end to end with X-Forwarded-For after all of the above', async () => {
  const r = await api.call('POST', '/charges', { body: chargeBody(await tokenize(api)), headers: XFF });
  expect(r.status).toBe(201);
});
