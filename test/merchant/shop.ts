/** The demo merchant backend over a sandbox of its own, for the tests of the shop's orders (test/merchant/). */
import { afterAll, beforeAll, expect } from 'vitest';
import { startMerchant, type RunningMerchant } from '../../demo/merchant/server';
import { startSandbox, type RunningSandbox } from '../../sandbox/src/server';
import { basic } from '../../sandbox/test/contract/helpers';

/**
 * What {@link useShop} gives: the running sandbox and shop (set in `beforeAll`), a private-key API call, a token
 * made as the card element makes it, and an order's status as its page's refresh reads it.
 */
export interface ShopEnv {
  sandbox: RunningSandbox;
  shop: RunningMerchant;
  /** A request to the sandbox with the private key: the parsed JSON body, `null` for a 204. */
  api(method: string, path: string, body?: unknown): Promise<any>;
  /** A token of `card` (its PAN; @default the approved Visa 4111111111111111) made with the public key: its id. */
  token(card?: string): Promise<string>;
  /** `GET /api/order/{id}?lang=en` in the session of `cookie`: `{status, title, text}`. */
  order(cookie: string, id: string): Promise<{ status: string; title: string; text: string }>;
  /** Waits (bounded: 5 s) until the order is `status`, then asserts it. */
  until(cookie: string, id: string, status: string): Promise<void>;
}

/**
 * Starts a sandbox and the demo shop on it (127.0.0.1, free ports) before the file's tests and stops both after.
 *
 * @param creds the merchant's id and keys, the same for both.
 */
export function useShop(creds: { merchantId: string; publicKey: string; privateKey: string }): ShopEnv {
  const env = {
    async api(method: string, path: string, body?: unknown) {
      const res = await fetch(`${env.sandbox.baseUrl}${path}`, {
        method,
        headers: { Authorization: basic(creds.privateKey), 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.5' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.status === 204 ? null : res.json();
    },
    async token(card = '4111111111111111') {
      const res = await fetch(`${env.sandbox.baseUrl}/v1/${creds.merchantId}/tokens`, {
        method: 'POST',
        headers: { Authorization: basic(creds.publicKey), 'Content-Type': 'application/json' },
        body: JSON.stringify({ card_number: card, holder_name: 'Ana Pérez', expiration_month: '12', expiration_year: '39', cvv2: '123' }),
      });
      return ((await res.json()) as { id: string }).id;
    },
    async order(cookie: string, id: string) {
      return (await fetch(`${env.shop.url}/api/order/${id}?lang=en`, { headers: { cookie } })).json();
    },
    async until(cookie: string, id: string, status: string) {
      for (let i = 0; i < 100 && (await env.order(cookie, id)).status !== status; i++) await new Promise((r) => setTimeout(r, 50));
      expect((await env.order(cookie, id)).status).toBe(status);
    },
  } as ShopEnv;
  beforeAll(async () => {
    env.sandbox = await startSandbox({ ...creds, port: 0 });
    env.shop = await startMerchant({ ...creds, apiBaseUrl: env.sandbox.baseUrl, port: 0 });
  });
  afterAll(async () => {
    await env.shop?.close();
    await env.sandbox?.close();
  });
  return env;
}
