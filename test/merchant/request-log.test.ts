/**
 * The servers' test hooks used by the cross-engine scenarios (e2e/engines): the sandbox's and the merchant's
 * `requestLog` (every request with its body, handlers still reading theirs) and the merchant's bounded
 * `/csp-report` endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMerchant, type RunningMerchant } from '../../demo/merchant/server';
import type { LoggedRequest } from '../../sandbox/src/http/request-log';
import { startSandbox, type RunningSandbox } from '../../sandbox/src/server';

const CREDS = { merchantId: 'mreqlog0merchant01', publicKey: 'pk_reqlog_public', privateKey: 'sk_reqlog_private' };
const card = { card_number: '4111111111111111', holder_name: 'Ana Perez', expiration_month: '12', expiration_year: '40', cvv2: '123' };
const apiLog: LoggedRequest[] = [];
const merchantLog: LoggedRequest[] = [];
let api: RunningSandbox;
let merchant: RunningMerchant;

beforeAll(async () => {
  api = await startSandbox({ ...CREDS, port: 0, maxBodyBytes: 2048, requestLog: (r) => apiLog.push(r) });
  merchant = await startMerchant({ ...CREDS, apiBaseUrl: api.baseUrl, port: 0, requestLog: (r) => merchantLog.push(r) });
});
afterAll(async () => {
  await merchant?.close();
  await api?.close();
});

describe('requestLog (test hook)', () => {
  it('hands over method, URL, headers and body, and the handler still reads the body', async () => {
    const res = await fetch(`${api.baseUrl}/v1/${CREDS.merchantId}/tokens?x=1`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${CREDS.publicKey}:`).toString('base64')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(card),
    });
    expect(res.status).toBe(201);
    const logged = apiLog.at(-1)!;
    expect(logged).toMatchObject({ method: 'POST', url: `${api.baseUrl}/v1/${CREDS.merchantId}/tokens?x=1` });
    expect(logged.headers['content-type']).toBe('application/json');
    expect(JSON.parse(logged.body)).toEqual(card);
  });

  it('keeps at most maxBodyBytes of a body, and the handler still refuses the oversized body with 1009', async () => {
    const res = await fetch(`${api.baseUrl}/v1/${CREDS.merchantId}/tokens`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${CREDS.publicKey}:`).toString('base64')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...card, holder_name: 'x'.repeat(5000) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error_code: number }).error_code).toBe(1009);
    expect(apiLog.at(-1)!.body.length).toBe(2048);
  });

  it('the merchant logs its requests too (GET: empty body)', async () => {
    await (await fetch(`${merchant.url}/?lang=en`)).text();
    expect(merchantLog.at(-1)).toMatchObject({ method: 'GET', url: `${merchant.url}/?lang=en`, body: '' });
  });
});

describe('the merchant page reports CSP violations to /csp-report', () => {
  it('names the endpoint in its policy, keeps the first 100 reports of at most 8 KiB, answers 204 always', async () => {
    const csp = (await fetch(merchant.url)).headers.get('content-security-policy')!;
    expect(csp).toContain('report-uri /csp-report');
    const post = (body: string) =>
      fetch(`${merchant.url}/csp-report`, { method: 'POST', headers: { 'Content-Type': 'application/csp-report' }, body });
    expect((await post('{"csp-report":{"violated-directive":"style-src"}}')).status).toBe(204);
    expect(merchant.cspReports).toEqual(['{"csp-report":{"violated-directive":"style-src"}}']);
    expect((await post('x'.repeat(9000))).status).toBe(204); // too large: not kept
    expect(merchant.cspReports).toHaveLength(1);
    for (let i = 0; i < 120; i++) await post(`{"n":${i}}`);
    expect(merchant.cspReports).toHaveLength(100);
  });
});
