import { fetchIo, type Io } from './pristine';
import { apiPost, type ApiTarget } from './request';

/** Where device data goes: the API's `{base_url}`, the merchant id and the public key (as `ResolvedConfig`). */
export type DeviceDataTarget = ApiTarget;

/**
 * Sends device data once to `POST {base_url}/v1/{merchant_id}/device-data` (this project's extension of the API;
 * docs/device-data.md), with the settings of every API call ({@link apiPost}: the public key by HTTP Basic,
 * JSON, no cookies), and `keepalive` so it completes even if the page is left at once: `io.send` sends it by
 * `fetch`, which has `keepalive` (XHR has not), with `credentials: 'omit'` and no referrer (see `pristine`).
 *
 * @param target read when the data is ready; when it throws (the page set no merchant id, key or base URL),
 *   nothing is sent.
 * @param data the collected device data (`DeviceData` of src/fraud), sent as it is.
 * @param io the request and `JSON.stringify` to use (see `pristine`); by default the page's current `fetch` and
 *   `JSON.stringify` (`fetchIo`: a `keepalive` request goes by `fetch` anyway).
 * @param path under `/v1/{merchant_id}`: `/device-data` (default), or `/device-data/entry` for the card entry's
 *   summary (src/fraud/entry.ts).
 * @returns a promise settled once the request is done (the answer read to its end, so the request is complete
 *   and shows in the page's Resource Timing, as every other call does), with the answer's text, or failed, with
 *   undefined. Never rejects.
 */
export const sendDeviceData = (target: () => DeviceDataTarget, data: object, io: Io = fetchIo(), path = '/device-data'): Promise<unknown> =>
  new Promise<DeviceDataTarget>((r) => r(target()))
    .then((t) => apiPost(io, t, path, data, { keepalive: true }))
    .then((r) => r.text())
    .catch(() => {});
