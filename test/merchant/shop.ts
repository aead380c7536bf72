/** The demo merchant backend over a sandbox of its own, for the tests of the shop's orders (test/merchant/). */
import { afterAll, beforeAll } from 'vitest';
import { startMerchant, type RunningMerchant } from '../../demo/merchant/server';
import { startSandbox, type RunningSandbox } from '../../demo/sandbox/server';
import { basic } from '../contract/helpers';

/** What {@link useShop} gives: the running sandbox and shop (set in `beforeAll`), and a private-key API call. */
export interface ShopEnv {
  sandbox: RunningSandbox;
  shop: RunningMerchant;
  /** A request to the sandbox with the private key: the parsed JSON body, `null` for a 204. */
  api(method: string, path: string, body?: unknown): Promise<any>;
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
