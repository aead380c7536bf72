/**
 * The API's request log (sandbox/src/http/api-log.ts, sandbox/src/store/request-log.ts), over HTTP: one record per API request
 * with its time, method, path, status, error code, key kind and request id; the record built at the middleware
 * already masked (a card number to its BIN and last four, no CVV2, no key), short, and only the newest kept.
 */
import { describe, expect, it } from 'vitest';
import { EXCERPT_MAX } from '../../src/http/request-excerpt';
import type { LoggedApiRequest } from '../../src/store/request-log';
import { DashboardClient } from './dashboard-client';
import { CARD, charge, chargeBody, CREDS, NOW, tokenize, useSandbox } from './helpers';

const api = useSandbox();
const log = () => api.sandbox.store.requestLog;
/** Every value the log holds, as one text (what a leak check must search). */
const everything = () => {
  log().flush();
  return JSON.stringify(api.sandbox.store.db.prepare('SELECT * FROM request_log').all());
};
const byId = (id: string | null): LoggedApiRequest => log().get(id!)!;

describe('each API request is logged: time, method, path, status, error code, key kind, request id', () => {
  it('a token request: 201, public key, the request id of its answer, the sandbox time', async () => {
    const r = await api.call('POST', '/tokens', { as: 'public', body: CARD });
    expect(byId(r.headers.get('x-request-id'))).toMatchObject({
      created: NOW.getTime(),
      method: 'POST',
      path: `/v1/${CREDS.merchantId}/tokens`,
      status: 201,
      errorCode: null,
      keyKind: 'public',
    });
  });

  it('errors keep their code; a missing key is `none`, an unknown one `invalid`', async () => {
    const none = await api.call('GET', '/charges', { as: 'none' });
    const invalid = await api.call('GET', '/charges', { as: { authorization: 'Basic c2tfbm9wZTo=' } });
    const declined = await charge(api, chargeBody(await tokenize(api, { card_number: '4000000000000002' })));
    const unknown = await api.call('GET', '/charges/trnothere0000000000');
    expect([none, invalid, declined, unknown].map((r) => byId(r.headers.get('x-request-id')))).toMatchObject([
      { status: 401, errorCode: 1002, keyKind: 'none' },
      { status: 401, errorCode: 1002, keyKind: 'invalid' },
      { status: 402, errorCode: 3001, keyKind: 'private' },
      { status: 404, errorCode: 1005, keyKind: 'private' },
    ]);
  });

  it('the simulation API is logged too; pages, frames, preflights and the dashboard are not', async () => {
    const before = log().size;
    const sim = await api.call('GET', '/clock', { prefix: `/sandbox/v1/${CREDS.merchantId}` });
    expect(byId(sim.headers.get('x-request-id')).path).toBe(`/sandbox/v1/${CREDS.merchantId}/clock`);
    await fetch(`${api.baseUrl}/openapi.json`);
    await fetch(`${api.baseUrl}/dashboard/sign-in`);
    await fetch(`${api.baseUrl}/v1/${CREDS.merchantId}/tokens`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(log().size).toBe(before + 1);
  });
});

describe('masked before it is stored', () => {
  it("a token request's excerpt holds the card number as BIN and last four, no CVV2, no key", async () => {
    const r = await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, card_number: '4242 4242 4242 4242', cvv2: '731' } });
    expect(r.status).toBe(201);
    const body = JSON.parse(byId(r.headers.get('x-request-id')).body!);
    expect(body).toEqual({ ...CARD, card_number: '424242******4242', cvv2: '[removed]' });
    const all = everything();
    expect(all).not.toMatch(/4242 ?4242 ?4242 ?4242|"731"|sk_contract|pk_contract|Basic /);
  });

  it('a card anywhere in the body, in a path or query, in a body that is not JSON, or too deep for the API: masked alike', async () => {
    const pans = ['5555555555554444', '4000000000000002', '4111111111111111'];
    const inDescription = await charge(api, chargeBody('tokabc', { description: `card ${pans[0]} cvv2=123` }));
    const inPath = await api.call('GET', `/tokens/${pans[1]}?q=${pans[2]}`);
    const notJson = await api.call('POST', '/tokens', { as: 'public', body: `{"card_number":"${pans[2]}","cvv2":"456",` });
    const deep = await api.call('POST', '/tokens', { as: 'public', body: `${'['.repeat(25)}"${pans[0]}", {"cvv2": "789"}` });
    const records = [inDescription, inPath, notJson, deep].map((r) => byId(r.headers.get('x-request-id')));
    expect(records.map((x) => x.errorCode)).toEqual([1005, 1005, 1001, 1001]);
    expect(JSON.parse(records[0]!.body!).description).toBe('card 555555******4444 cvv2=123');
    expect(records[1]!.path).toBe(`/v1/${CREDS.merchantId}/tokens/400000******0002?q=411111******1111`);
    expect(records[2]!.body).toBe('{"card_number":"411111******1111","cvv2":"[removed]",');
    expect(records[3]!.body).toContain('"555555******4444", {"cvv2": "[removed]"}');
    const all = everything();
    for (const pan of pans) expect(all).not.toContain(pan);
    expect(all).not.toMatch(/"(456|789)"/);
  });

  it('excerpts are short: a long body is cut to its first characters', async () => {
    const r = await api.call('POST', '/customers', {
      body: {
        name: 'Ana',
        email: 'ana@example.com',
        external_id: 'x'.repeat(100),
        address: null,
        phone_number: '5'.repeat(10),
        last_name: 'y'.repeat(700),
      },
    });
    const body = byId(r.headers.get('x-request-id')).body!;
    expect(body.length).toBe(EXCERPT_MAX);
    expect(body.endsWith('…')).toBe(true);
  });

  it("the dashboard's request pages show the masked record and nothing more", async () => {
    const r = await api.call('POST', '/tokens', { as: 'public', body: { ...CARD, card_number: '5105105105105100', cvv2: '802' } });
    const c = await new DashboardClient(api.baseUrl).signedIn(CREDS.privateKey);
    const page = await c.get(`/dashboard/requests/${r.headers.get('x-request-id')}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('510510******5100');
    expect(page.text).not.toMatch(/5105105105105100|802/);
    expect((await c.get('/dashboard/requests')).text).not.toContain('5105105105105100');
  });
});

describe('bounded', () => {
  it('keeps the newest 1000 requests: the oldest go as new ones arrive', async () => {
    const repo = log();
    const before = repo.size;
    const first = repo.list({}, before - 1, 1)[0]!; // the oldest
    for (let i = 0; i < 1000 - before + 5; i++)
      repo.add(() => ({ ...first, id: `synthetic-${i}`, path: `/v1/x/${i}`, created: first.created + i }));
    expect(repo.size).toBe(1000);
    expect(repo.get(first.id)).toBeUndefined();
    expect(repo.list({}, 0, 1)[0]!.id).toBe(`synthetic-${1000 - before + 4}`);
  });

  it('the reset empties it with everything else', async () => {
    expect(log().size).toBeGreaterThan(0);
    await api.call('POST', '/reset', { prefix: `/sandbox/v1/${CREDS.merchantId}` });
    // the reset's own request is logged after it ran
    expect(
      log()
        .list({}, 0, 10)
        .map((e) => e.path),
    ).toEqual([`/sandbox/v1/${CREDS.merchantId}/reset`]);
  });
});
