import type { DeviceData } from '../fraud/types';

/** Where device data goes: the API's `{base_url}`, the merchant id and the public key (as `ResolvedConfig`). */
export interface DeviceDataTarget {
  baseUrl: string;
  merchantId: string;
  publicKey: string;
}

/**
 * Sends device data once to `POST {base_url}/v1/{merchant_id}/device-data` (this project's extension of the API;
 * README "Device data"), with the public key (HTTP Basic, spec Authentication), as JSON, with `keepalive` so it
 * completes even if the page is left at once. No cookies, no referrer, nothing in the URL but the merchant id.
 *
 * @param target read when the data is ready; when it throws (the page set no merchant id, key or base URL),
 *   nothing is sent.
 * @returns a promise settled once the request is done or failed (the answer is not read). Never rejects.
 */
export const sendDeviceData = (target: () => DeviceDataTarget, data: DeviceData): Promise<unknown> =>
  new Promise<DeviceDataTarget>((r) => r(target()))
    .then((t) =>
      fetch(`${t.baseUrl}/v1/${t.merchantId}/device-data`, {
        method: 'POST',
        keepalive: true,
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        headers: { Authorization: `Basic ${btoa(`${t.publicKey}:`)}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(data),
      }),
    )
    .catch(() => {});
