/**
 * Stands for your own shop's server in these examples: the demo shop (demo/merchant), started on a free port with
 * the merchant's keys and the sandbox's URL, as your app's test start-up would.
 */
import { startMerchant } from '../../../demo/merchant/server';

/** A merchant's keys, as `POST {base}/sandbox/v1/merchants` answers them. */
export interface TestMerchant {
  id: string;
  public_key: string;
  private_key: string;
}

/** The merchant `paytoken-sandbox` starts with (`--merchant-id`, `--public-key`, `--private-key`). */
export const DEFAULT_MERCHANT: TestMerchant = { id: 'mxdocs0merchant01', public_key: 'pk_tests_public', private_key: 'sk_tests_private' };

/**
 * A merchant of its own for one test worker: `POST {base}/sandbox/v1/merchants` with the start merchant's private
 * key (HTTP Basic, the key as user name) answers 201 `{id, public_key, private_key}`.
 */
export async function createMerchant(base: string): Promise<TestMerchant> {
  const res = await fetch(`${base}/sandbox/v1/merchants`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${DEFAULT_MERCHANT.private_key}:`).toString('base64')}` },
  });
  if (res.status !== 201) throw new Error(`POST /sandbox/v1/merchants answered ${res.status}`);
  return (await res.json()) as TestMerchant;
}

/** Removes a merchant made by {@link createMerchant}, and its data: `DELETE {base}/sandbox/v1/merchants/{id}` (204). */
export async function deleteMerchant(base: string, id: string): Promise<void> {
  const res = await fetch(`${base}/sandbox/v1/merchants/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: { Authorization: `Basic ${Buffer.from(`${DEFAULT_MERCHANT.private_key}:`).toString('base64')}` },
  });
  if (res.status !== 204) throw new Error(`DELETE /sandbox/v1/merchants/${id} answered ${res.status}`);
}

/** Starts the shop for `merchant` against the sandbox at `base`. @returns its URL and `close()`. */
export async function startShop(base: string, merchant: TestMerchant) {
  const shop = await startMerchant({
    merchantId: merchant.id,
    publicKey: merchant.public_key,
    privateKey: merchant.private_key,
    apiBaseUrl: base,
    port: 0,
  });
  return { url: shop.url, close: () => shop.close() };
}
