/** Request bodies and unknown resources (spec, Errors 1001, 1009, 1005; What the service does: JSON bodies). */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../../src/app';
import { CARD, CREDS, basic, charge, chargeBody, createCustomer, expectError, tokenize, useSandbox } from './helpers';

const api = useSandbox();

/** A POST of raw bytes to `/tokens` with the public key. */
const post = (body: BodyInit, headers: Record<string, string> = { 'Content-Type': 'application/json' }, extra: RequestInit = {}) =>
  fetch(`${api.baseUrl}/v1/${CREDS.merchantId}/tokens`, {
    method: 'POST',
    headers: { Authorization: basic(CREDS.publicKey), ...headers },
    body,
    ...extra,
  }).then(async (res) => ({ status: res.status, headers: res.headers, body: await res.json() }));

/** A valid token body padded with spaces to exactly `bytes` bytes of UTF-8 JSON. */
const padded = (bytes: number) => {
  const json = JSON.stringify(CARD);
  const body = `${json.slice(0, -1)}${' '.repeat(bytes - Buffer.byteLength(json))}}`;
  expect(Buffer.byteLength(body)).toBe(bytes);
  return body;
};

describe('1001: the body is not a JSON object', () => {
  it.each([
    ['not JSON', '{"card_number": 4111', 'JSON'],
    ['empty', '', 'empty'],
    ['only spaces', '   ', 'empty'],
  ])('%s -> 1001', async (_, body, mention) => {
    expectError(await post(body), 1001, 400, mention);
  });

  it.each([['[]'], ['"4111111111111111"'], ['42'], ['null']])('%s -> 1001 naming the body', async (body) => {
    expectError(await post(body), 1001, 400, 'body');
  });

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['multipart/form-data; boundary=x']])(
    'Content-Type %s -> 1001 naming the content type',
    async (type) => {
      expectError(await post(JSON.stringify(CARD), { 'Content-Type': type }), 1001, 400, 'Content-Type');
    },
  );

  it('application/json with a charset is fine', async () => {
    expect((await post(JSON.stringify(CARD), { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(201);
  });

  it('bytes that are not UTF-8 -> 1001', async () => {
    expectError(await post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), 1001, 400);
  });

  it('a body ending inside a character -> 1001, and the next body decodes whole (no state carried over)', async () => {
    const good = new TextEncoder().encode(JSON.stringify({ ...CARD, holder_name: 'José Pérez' }));
    expectError(await post(new Uint8Array([...good.slice(0, -1), 0xc3])), 1001, 400, 'UTF-8');
    const res = await post(good);
    expect(res.status).toBe(201);
    expect(res.body.card.holder_name).toBe('José Pérez');
  });
});

describe('1001: missing or malformed fields, the first failing field named', () => {
  it.each([
    ['card_number', 1001, 400],
    ['holder_name', 1001, 400],
    ['expiration_month', 1001, 400],
    ['expiration_year', 1001, 400],
    ['cvv2', 2006, 400],
  ])('token without %s -> %d', async (field, code, http) => {
    const body: Record<string, unknown> = { ...CARD };
    delete body[field];
    expectError(await api.call('POST', '/tokens', { as: 'public', body }), code, http, field, 'required');
  });

  it.each([
    [{ card_number: '4111abc111111111' }, 'card_number', 'format'],
    [{ card_number: '411111111111' }, 'card_number', 'length'],
    [{ holder_name: 'A'.repeat(81) }, 'holder_name', 'too_long'],
    [{ expiration_month: '13' }, 'expiration_month', 'format'],
    [{ expiration_year: '2' }, 'expiration_year', 'format'],
    [{ expiration_year: '2070' }, 'expiration_year', 'too_far'],
    [{ cvv2: '12' }, 'cvv2', 'format'],
    [
      { address: { line1: 'Reforma 222', postal_code: '06600', state: 'CDMX', city: 'CDMX', country_code: 'MEX' } },
      'address.country_code',
      'format',
    ],
    [{ address: { line1: 'Reforma 222', state: 'CDMX', city: 'CDMX', country_code: 'MX' } }, 'address.postal_code', 'required'],
  ])('token %j -> 1001 naming %s and rule %s', async (patch, field, rule) => {
    expectError(await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, ...patch } }), 1001, 400, field, `rule: ${rule}`);
  });

  it('the first failing field is reported (card_number before holder_name before cvv2)', async () => {
    const r = await api.call('POST', '/tokens', { as: 'public', body: { holder_name: '', cvv2: '' } });
    expectError(r, 1001, 400, 'card_number');
    expect(r.body.description).not.toContain('holder_name');
  });

  it.each([
    [{ source_id: undefined }, 'source_id'],
    [{ amount: undefined }, 'amount'],
    [{ amount: 0 }, 'amount'],
    [{ amount: 10.999 }, 'amount'],
    [{ description: undefined }, 'description'],
    [{ description: 'x'.repeat(251) }, 'description'],
    [{ order_id: 'x'.repeat(101) }, 'order_id'],
    [{ device_session_id: undefined }, 'device_session_id'],
    [{ currency: 'EUR' }, 'currency'],
    [{ method: 'cash' }, 'method'],
    [{ customer: undefined }, 'customer'],
    [{ customer: { email: 'a@b.mx' } }, 'customer.name'],
    [{ customer: { name: 'Ana' } }, 'customer.email'],
  ])('merchant charge %j -> 1001 naming %s', async (patch, field) => {
    const tok = await tokenize(api);
    expectError(await charge(api, { ...chargeBody(tok), ...patch }), 1001, 400, field);
  });
});

describe('1009: body too large (max 64 KiB by default)', () => {
  it('Content-Length over the maximum -> 1009', async () => {
    expectError(await post(padded(64 * 1024 + 1)), 1009, 413);
  });

  it('a declared Content-Length over the maximum is answered at once, before any body byte is read', async () => {
    // Announces 1 MB, sends one byte, and waits: only a server that judges the header alone can answer.
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${api.baseUrl}/v1/${CREDS.merchantId}/tokens`, {
        method: 'POST',
        headers: { Authorization: basic(CREDS.publicKey), 'Content-Type': 'application/json', 'Content-Length': String(1024 * 1024) },
      });
      const timer = setTimeout(() => reject(new Error('no answer before the body was sent')), 3000);
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          clearTimeout(timer);
          req.destroy();
          resolve({ status: res.statusCode!, body: text });
        });
      });
      req.on('error', () => {}); // the server may reset the unfinished upload after answering
      req.write('{');
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ error_code: 1009, http_code: 413 });
  });

  it('a chunked body (no Content-Length) that grows past the maximum -> 1009', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        if (sent === 0) ctrl.enqueue(new TextEncoder().encode('{"a":1'));
        if (sent++ < 5) ctrl.enqueue(chunk);
        else {
          ctrl.enqueue(new TextEncoder().encode('}'));
          ctrl.close();
        }
      },
    });
    const r = await post(stream, { 'Content-Type': 'application/json' }, { duplex: 'half' } as RequestInit);
    expectError(r, 1009, 413);
  });

  it('a Content-Length smaller than the body (a Request handed to the app in-process: no HTTP parser holds it to its header) -> 1009', async () => {
    const app = createSandboxApp({ ...CREDS, db: ':memory:', maxBodyBytes: 300 });
    try {
      const res = await app.fetch(
        new Request(`http://127.0.0.1/v1/${CREDS.merchantId}/tokens`, {
          method: 'POST',
          headers: { Authorization: basic(CREDS.publicKey), 'Content-Type': 'application/json', 'Content-Length': '20' },
          body: JSON.stringify({ ...CARD, holder_name: 'A'.repeat(300) }),
        }),
      );
      expectError({ status: res.status, headers: res.headers, body: await res.json() }, 1009, 413);
    } finally {
      app.close();
    }
  });

  it('exactly 64 KiB is accepted', async () => {
    expect((await post(padded(64 * 1024))).status).toBe(201);
  });
});

describe('1009 with maxBodyBytes', () => {
  const small = useSandbox({ maxBodyBytes: 300 });
  it('the limit is configurable', async () => {
    expectError(
      await small.call('POST', '/tokens', { as: 'public', body: { ...CARD, holder_name: 'A'.repeat(300) } }),
      1009,
      413,
      '300 bytes',
    );
    expect((await small.call('POST', '/tokens', { as: 'public', body: CARD })).status).toBe(201);
  });
});

describe('1005: unknown routes and ids', () => {
  it.each([
    ['GET', '/tokens/tok0000000000000000'],
    ['GET', '/cards/k000000000000000000'],
    ['DELETE', '/cards/k000000000000000000'],
    ['GET', '/customers/a00000000000000000'],
    ['DELETE', '/customers/a00000000000000000'],
    ['GET', '/customers/a00000000000000000/cards'],
    ['GET', '/customers/a00000000000000000/charges'],
    ['GET', '/charges/tr000000000000000000'],
    ['GET', '/no-such-resource'],
    ['PUT', '/tokens'],
  ])('%s %s -> 1005', async (method, path) => {
    expectError(await api.call(method, path), 1005, 404);
  });

  it('unknown ids under a real customer -> 1005', async () => {
    const customer = await createCustomer(api);
    expectError(await api.call('GET', `/customers/${customer}/cards/k000000000000000000`), 1005, 404, 'k000000000000000000');
    expectError(await api.call('GET', `/customers/${customer}/charges/tr000000000000000000`), 1005, 404);
  });

  it('a path outside /v1 -> 1005 Error object, no authentication needed', async () => {
    expectError(await api.call('GET', '/nothing/here', { as: 'none', prefix: '' }), 1005, 404);
  });
});
