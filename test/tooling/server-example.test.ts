// @vitest-environment node
/**
 * The README's charge call, docs/examples/quickstart/charge.mjs, run as a merchant would run it: against a local
 * sandbox (the example's default credentials, given to it through its environment variables), charging tokens
 * made by the library with the public key. The README shows the file verbatim (test/tooling/docs.test.ts), as the
 * snippet `server-charge`; e2e/readme.spec.ts runs it inside the quick start's server.mjs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/src/server';
import { SANDBOX_DEFAULTS } from '../../sandbox/src/defaults';
import { tokenize } from '../../src/http/tokenize';
import { newDeviceSessionId } from '../../src/fraud/index';

let api: RunningSandbox;
/** The sandbox's log: the 3-D Secure one-time codes. */
const logged: string[] = [];
let chargeToken: (a: {
  tokenId: string;
  deviceSessionId: string;
  shopperIp: string;
  orderId: string;
  returnUrl?: string;
}) => Promise<Record<string, unknown>>;
let readCharge: (id: string) => Promise<Record<string, unknown>>;

beforeAll(async () => {
  const { merchantId, publicKey, privateKey } = SANDBOX_DEFAULTS;
  api = await startSandbox({ merchantId, publicKey, privateKey, port: 0, log: (l) => logged.push(l) });
  process.env.PAYMENTS_API_URL = api.baseUrl;
  ({ chargeToken, readCharge } = await import(new URL('../../docs/examples/quickstart/charge.mjs', import.meta.url).href));
});
afterAll(async () => {
  delete process.env.PAYMENTS_API_URL;
  await api.close();
});

const token = (pan: string) =>
  tokenize(
    { merchantId: SANDBOX_DEFAULTS.merchantId, publicKey: SANDBOX_DEFAULTS.publicKey, baseUrl: api.baseUrl },
    {
      card_number: pan,
      holder_name: 'Ana Pérez',
      expiration_month: '12',
      expiration_year: String(new Date().getFullYear() + 3),
      cvv2: '123',
    },
  );

describe('docs/examples/quickstart/charge.mjs against the sandbox', () => {
  it('charges a token: the Transaction is completed, for the amount, on the masked card', async () => {
    const t = await token('4111 1111 1111 1111');
    const tx = await chargeToken({
      tokenId: t.id,
      deviceSessionId: newDeviceSessionId(),
      shopperIp: '203.0.113.7',
      orderId: `order-${Date.now()}`,
    });
    expect(tx.status).toBe('completed');
    expect(tx.amount).toBe(349);
    expect(tx.method).toBe('card');
    expect((tx.card as { card_number: string }).card_number).toMatch(/1111$/);
  });

  it('a declined test card rejects with the spec Error object (error_code 3001)', async () => {
    const t = await token('4000 0000 0000 0002');
    const err = await chargeToken({
      tokenId: t.id,
      deviceSessionId: newDeviceSessionId(),
      shopperIp: '203.0.113.7',
      orderId: `order-${Date.now()}-d`,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err.error_code).toBe(3001);
    expect(err.http_code).toBe(402);
  });

  it('a repeated order_id is refused (1006), as its comment says', async () => {
    const orderId = `order-${Date.now()}-r`;
    await chargeToken({
      tokenId: (await token('4111 1111 1111 1111')).id,
      deviceSessionId: newDeviceSessionId(),
      shopperIp: '203.0.113.7',
      orderId,
    });
    const err = await chargeToken({
      tokenId: (await token('4111 1111 1111 1111')).id,
      deviceSessionId: newDeviceSessionId(),
      shopperIp: '203.0.113.7',
      orderId,
    }).catch((e) => e);
    expect(err.error_code).toBe(1006);
  });

  it('a card whose bank asks for 3-D Secure: 3012 without a returnUrl; with one, charge_pending at the bank page, then completed there', async () => {
    const noReturn = await chargeToken({
      tokenId: (await token('4000 0000 0003 0124')).id,
      deviceSessionId: newDeviceSessionId(),
      shopperIp: '203.0.113.7',
      orderId: `order-${Date.now()}-n`,
    }).catch((e) => e);
    expect(noReturn.error_code).toBe(3012);

    const orderId = `order-${Date.now()}-s`;
    const tx = await chargeToken({
      tokenId: (await token('4000 0000 0003 0124')).id,
      deviceSessionId: newDeviceSessionId(),
      shopperIp: '203.0.113.7',
      orderId,
      returnUrl: 'http://127.0.0.1:8000/3ds/return',
    });
    expect(tx.status).toBe('charge_pending');
    expect(tx.order_id).toBe(`${orderId}-3ds`);
    const bank = new URL((tx.payment_method as { url: string }).url);
    expect(bank.origin).toBe(api.baseUrl);
    expect((await readCharge(String(tx.id))).status).toBe('charge_pending');
    // the shopper confirms on the bank page (its form posts the one-time code the sandbox logged)
    const code = /one-time code (\d{6})$/.exec(logged.find((l) => l.startsWith(`3ds ${tx.id} `))!)![1]!;
    const res = await fetch(bank, { method: 'POST', body: new URLSearchParams({ code, action: 'approve' }), redirect: 'manual' });
    expect(res.headers.get('location')).toBe(`http://127.0.0.1:8000/3ds/return?id=${tx.id}`);
    expect((await readCharge(String(tx.id))).status).toBe('completed');
  });
});
