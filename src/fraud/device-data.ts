import { configError } from '../errors/configuration';
import { collectDeviceData, DEFAULT_BUDGET_MS } from './collect';
import { sendDeviceData, type DeviceDataTarget } from '../http/device-data';
import type { Io } from '../http/pristine';
import { entrySummary } from './entry';
import { deviceSessionId } from './session';
import type { DeviceData, DeviceDataOptions } from './types';

let started: Promise<DeviceData> | undefined;
/** Sends a body to a path of the device-data target of the collection started (see `sendDeviceData`). */
let post: ((body: object, path?: string) => Promise<unknown>) | undefined;
/** Settles once this page's device data has been sent (the POST answered or failed); undefined until a collection starts. */
let sent: Promise<unknown> | undefined;

/**
 * Longest wait, in milliseconds, for this page's device-data POST before the form layer or hosted fields hand a
 * token to the merchant, counted from the submit (tokenizing runs meanwhile): 1,500 ms. See {@link deviceDataSent}.
 */
export const DEVICE_DATA_WAIT_MS = 1500;

/**
 * This page load's device-data collection: started by the first call with collection allowed, shared by every
 * later call (one collection and one send per page load, like the `device_session_id`).
 *
 * - With `options.collect === false` (no consent), outside a browser (SSR), or in a page that is not a secure
 *   context (plain http to another host than localhost: no WebCrypto for the visitor id, see `hash.ts`), nothing
 *   is collected or sent, and the promise resolves to null, unless a collection had already started on this page,
 *   whose result it then gives.
 * - Otherwise the signals are collected within `options.budgetMs`; once done, the data is sent to the API with
 *   {@link sendDeviceData} (when `target()` gives a configuration) and the promise resolves with it, without
 *   waiting for the send ({@link deviceDataSent} waits for it). It never rejects.
 *
 * @param io the request and `JSON.stringify` the send uses (see `pristine`); by default the page's current ones.
 * @throws ConfigurationError (option `budgetMs`) when `budgetMs` is not a number from 1 to 10000.
 */
export function deviceData(options: DeviceDataOptions = {}, target: () => DeviceDataTarget, io?: Io): Promise<DeviceData | null> {
  const { collect = true, budgetMs = DEFAULT_BUDGET_MS } = options;
  if (!(budgetMs >= 1 && budgetMs <= 10_000)) throw configError('budgetMs', '1-10000 ms');
  if (!collect || !globalThis.isSecureContext) return started ?? Promise.resolve(null);
  if (!started) {
    post = (body, path) => sendDeviceData(target, body, io, path);
    sent = (started = collectDeviceData(budgetMs)).then((data) => post!(data));
  }
  return started;
}

/**
 * Once the device data has been sent, sends the card entry's summaries (src/fraud/entry.ts) of the card fields
 * watched on this page, if any, to `POST /device-data/entry` under the same `device_session_id`. Never rejects.
 */
const sendEntry = () => {
  const entry = entrySummary();
  return entry && post!({ device_session_id: deviceSessionId(), entry }, '/device-data/entry');
};

/**
 * Waits for this page load's device data to reach the API, so that a charge never races its device data: the
 * form layer and hosted fields call it on submit and hand the token over only once it settles
 * (docs/device-data.md). Resolves when the device-data POST has completed (the API answered, or the request failed: a failure is
 * ignored, as by the send itself) and then, if the API answered it, the card entry's summary (`sendEntry`: a new
 * one on each call, as the shopper may have corrected the card), or after `boundMs`, whichever comes first; at once when no collection was
 * started on this page (no consent, SSR, a page that never set up device data). Never rejects: device data never
 * blocks a payment, it can only delay it by `boundMs` at most.
 *
 * @param boundMs the longest wait in milliseconds; default {@link DEVICE_DATA_WAIT_MS} (1,500 ms).
 */
export const deviceDataSent = (boundMs: number = DEVICE_DATA_WAIT_MS): Promise<unknown> =>
  // with no send under way the race ends at once (`undefined` is no promise); a timer left running does nothing
  // the summary follows device data the API received (`sendDeviceData` gives undefined when the request failed)
  Promise.race([sent?.then((answer) => answer !== undefined && sendEntry()), new Promise((r) => setTimeout(r, boundMs))]);
