/**
 * The last bad inputs an attacker could send the sandbox, each refused with a spec Error object (1001) naming the
 * field: member names written twice anywhere in a JSON body, lone surrogates and zero-width characters in
 * `holder_name`, control characters in `order_id` and `description`, a malformed `http_context`; links built from
 * the configured public URL, never from `Host`; and at most 32 open connections per client address, tried with
 * real sockets on loopback (127.0.0.1, and 127.0.0.2 as another client).
 */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULTS } from '../../src/defaults';
import { duplicateMember, topLevelNumberText } from '../../src/json/text';
import { startSandbox, type RunningSandbox } from '../../src/server';
import { CARD, basic, charge, chargeBody, CREDS, expectError, tokenize, useSandbox, XFF } from './helpers';

const api = useSandbox();

describe('a member name written twice, anywhere in a JSON body: 1001 naming it', () => {
  it('{"amount":1,"amount":9999999.99} is refused, and nothing is charged', async () => {
    const body = JSON.stringify(chargeBody(await tokenize(api), { amount: 1 })).replace('"amount":1,', '"amount":1,"amount":9999999.99,');
    const before = api.sandbox.store.transactions.size;
    expectError(await charge(api, body), 1001, 400, 'amount', 'more than once');
    expect(api.sandbox.store.transactions.size).toBe(before);
  });

  it.each([
    ['a nested member', (b: string) => b.replace('"name":"Ana",', '"name":"Ana","name":"Eve",'), 'customer.name'],
    ['a name spelled with an escape', (b: string) => b.replace('"amount":', '"\\u0061mount":1,"amount":'), 'amount'],
    ['a member of an object inside an array', (b: string) => b.replace('"method":"card"', '"method":"card","x":[{"k":1,"k":2}]'), 'x.k'],
  ])('%s', async (_what, patch, named) => {
    const body = patch(JSON.stringify(chargeBody(await tokenize(api))));
    expectError(await charge(api, body), 1001, 400, `${named} appears more than once`);
  });

  it('on the public-key routes too (tokens)', async () => {
    const body = JSON.stringify(CARD).replace('"card_number":', '"card_number":"4000000000000002","card_number":');
    expectError(await api.call('POST', '/tokens', { as: 'public', body }), 1001, 400, 'card_number');
  });

  it('the same name in different objects, and keys that look alike inside strings, are fine', async () => {
    expect(duplicateMember('{"a":{"name":1},"b":{"name":2},"c":"\\"a\\":1,\\"a\\":2"}')).toBeUndefined();
    expect(duplicateMember('[{"a":1},{"a":2}]')).toBeUndefined();
    expect(duplicateMember('{"a":{"b":{"c":1,"c":2}}}')).toBe('a.b.c');
    expect(topLevelNumberText('{"amount" :\n 1e2}', 'amount')).toBe('1e2');
    const r = await charge(api, chargeBody(await tokenize(api), { metadata: { name: 'x' } }));
    expect(r.status).toBe(201);
  });
});

describe('characters refused: 1001 naming the field and the rule', () => {
  it.each([
    ['a lone high surrogate', 'Ana \ud800'],
    ['a lone low surrogate', '\udc00Ana'],
    ['U+200B zero width space', 'An\u200ba'],
    ['U+200C zero width non-joiner', 'An\u200ca'],
    ['U+200D zero width joiner', 'An\u200da'],
    ['U+2060 word joiner', 'An\u2060a'],
    ['U+FEFF byte order mark', '\ufeffAna'],
  ])('holder_name with %s', async (_what, holder_name) => {
    expectError(
      await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, holder_name } }),
      1001,
      400,
      'holder_name',
      'rule: format',
    );
  });

  it('a holder name with accents, an apostrophe and an emoji made of a surrogate pair still tokenizes', async () => {
    expect((await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, holder_name: "José O'Brien Núñez 😀" } })).status).toBe(201);
  });

  it.each([
    ['order_id', 'ord-1\r\nX-Injected: 1'],
    ['order_id', 'ord-1\n'],
    ['order_id', 'ord\u00001'],
    ['description', 'Café\r\nPay here: evil.example'],
    ['description', 'Café\u0085de Chiapas'],
    ['description', '\tCafé'],
    ['description', 'Café \u202e sapaihC'],
  ] as const)('%s with a control character (%j)', async (field, value) => {
    const before = api.sandbox.store.transactions.size;
    expectError(await charge(api, chargeBody(await tokenize(api), { [field]: value })), 1001, 400, field, 'rule: format');
    expect(api.sandbox.store.transactions.size).toBe(before);
  });
});

describe('http_context (spec, Charges): shape-checked', () => {
  const GOOD = {
    ip: '203.0.113.7',
    browser: 'Firefox 140',
    domain: 'shop.example',
    browser_screen_height: '844',
    browser_screen_width: '390',
    browser_user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
    browser_language: 'es-MX',
    browser_java_enabled: false,
    browser_javascript_enabled: true,
  };

  it('a well-formed one is accepted with use_3d_secure, as with any charge', async () => {
    const r = await charge(
      api,
      chargeBody(await tokenize(api), { use_3d_secure: true, redirect_url: 'https://shop.example/3ds/return', http_context: GOOD }),
    );
    expect(r.status).toBe(201);
    expect(r.body.status).toBe('charge_pending');
    expect((await charge(api, chargeBody(await tokenize(api), { http_context: { ip: '::1' } }))).status).toBe(201);
  });

  it.each([
    ['ip', 'not an ip'],
    ['ip', '999.1.1.1'],
    ['browser_screen_width', 390],
    ['browser_screen_height', '-1'],
    ['browser_java_enabled', 'false'],
    ['browser_javascript_enabled', 1],
    ['browser_user_agent', 'x'.repeat(513)],
    ['browser_user_agent', 'Mozilla\r\nX-Evil: 1'],
    ['browser_language', 'es MX'],
    ['domain', 'shop.example/path'],
  ])('http_context.%s = %j: 1001 naming it, nothing charged', async (member, value) => {
    const before = api.sandbox.store.transactions.size;
    const body = chargeBody(await tokenize(api), { http_context: { ...GOOD, [member]: value } });
    expectError(await charge(api, body), 1001, 400, `http_context.${member}`);
    expect(api.sandbox.store.transactions.size).toBe(before);
  });

  it('http_context that is not an object: 1001 naming it', async () => {
    expectError(await charge(api, chargeBody(await tokenize(api), { http_context: 'x' })), 1001, 400, 'http_context');
  });
});

/** A raw HTTP request to the sandbox with any headers (Host included) and, optionally, another source address. */
function rawPost(base: string, path: string, body: unknown, headers: Record<string, string>, localAddress?: string) {
  const url = new URL(base);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'Content-Type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error('no answer within 5 s')));
    req.end(JSON.stringify(body));
  });
}

describe('links the sandbox builds come from its public URL, never from Host', () => {
  let proxied: RunningSandbox;
  beforeAll(async () => {
    proxied = await startSandbox({ ...CREDS, port: 0, publicUrl: 'https://sandbox.example/' });
  });
  afterAll(() => proxied?.close());

  const threeDs = async (base: string) => {
    const token = await fetch(`${base}/v1/${CREDS.merchantId}/tokens`, {
      method: 'POST',
      headers: { Authorization: basic(CREDS.publicKey), 'Content-Type': 'application/json' },
      body: JSON.stringify(CARD),
    }).then((r) => r.json() as Promise<{ id: string }>);
    const body = chargeBody(token.id, { use_3d_secure: true, redirect_url: 'https://shop.example/3ds/return' });
    return rawPost(base, `/v1/${CREDS.merchantId}/charges`, body, { ...XFF, Authorization: basic(CREDS.privateKey), Host: 'evil.example' });
  };

  it('default: its own address, whatever Host says', async () => {
    const r = await threeDs(api.baseUrl);
    expect(r.status).toBe(201);
    expect(r.body.payment_method.url.startsWith(`${api.baseUrl}/3ds/`)).toBe(true);
  });

  it('--public-url: that URL (trailing slash dropped), whatever Host says', async () => {
    const r = await threeDs(proxied.baseUrl);
    expect(r.body.payment_method.url).toMatch(/^https:\/\/sandbox\.example\/3ds\/3ds\w+$/);
  });

  it('a malformed public URL is refused at start', async () => {
    for (const publicUrl of ['sandbox.example', 'ftp://sandbox.example', 'https://u:p@sandbox.example', 'https://sandbox.example/?x=1']) {
      await expect(startSandbox({ ...CREDS, port: 0, publicUrl })).rejects.toThrow(/publicUrl/);
    }
  });
});

describe(`at most ${SANDBOX_DEFAULTS.server.maxConnectionsPerAddress} open connections per client address`, () => {
  let guarded: RunningSandbox;
  beforeAll(async () => {
    guarded = await startSandbox({ ...CREDS, port: 0 });
  });
  afterAll(() => guarded?.close());

  const open = async (): Promise<Socket> => {
    const s = connect(guarded.port, '127.0.0.1');
    s.on('error', () => {});
    await once(s, 'connect');
    return s;
  };
  /** Whether the server closes `s` within `ms` (true) or keeps it open (false). */
  const closedWithin = (s: Socket, ms: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      s.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  const tokenFrom = (localAddress: string) =>
    rawPost(guarded.baseUrl, `/v1/${CREDS.merchantId}/tokens`, CARD, { Authorization: basic(CREDS.publicKey) }, localAddress);

  /** Whether an HTTP answer arrives on `s` within `ms`. */
  const answeredWithin = (s: Socket, ms: number) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      s.once('data', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  const GET_TOKEN = `GET /v1/${CREDS.merchantId}/tokens/x HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basic(CREDS.privateKey)}\r\n\r\n`;

  it('one client trickling sockets gets 32 served and 32 waiting, the rest closed on arrival; another client is served meanwhile', async () => {
    const max = SANDBOX_DEFAULTS.server.maxConnectionsPerAddress;
    const held: Socket[] = [];
    try {
      for (let i = 0; i < max; i++) held.push(await open());
      // trickle: each socket sends the start of a request line and nothing more
      for (const s of held) s.write('POST /v1/');
      const waiting: Socket[] = [];
      for (let i = 0; i < max; i++) waiting.push(await open());
      held.push(...waiting);
      const refused = await Promise.all(Array.from({ length: 4 }, open));
      held.push(...refused);
      expect(await Promise.all(refused.map((s) => closedWithin(s, 2000)))).toEqual(Array(4).fill(true));
      expect(await Promise.all(held.slice(0, 2 * max).map((s) => closedWithin(s, 50)))).toEqual(Array(2 * max).fill(false));
      // a whole request on a waiting connection is not read until one of the address's connections closes
      waiting[0]!.write(GET_TOKEN);
      expect(await answeredWithin(waiting[0]!, 300)).toBe(false);
      const served = answeredWithin(waiting[0]!, 2000);
      held[0]!.destroy();
      expect(await served).toBe(true);
      // another client address is served at once
      expect((await tokenFrom('127.0.0.2')).status).toBe(201);
    } finally {
      for (const s of held) s.destroy();
    }
    await new Promise((r) => setTimeout(r, 100));
    expect((await tokenFrom('127.0.0.1')).status).toBe(201);
  }, 20_000);

  it('a client sending 60 requests at once over fresh connections gets every answer (the waiting ones follow)', async () => {
    const statuses = await Promise.all(Array.from({ length: 60 }, () => tokenFrom('127.0.0.3').then((r) => r.status)));
    expect(statuses).toEqual(Array(60).fill(201));
  });
});
