import { ConfigurationError } from '../errors/index';
import { collectDeviceData, DEFAULT_BUDGET_MS } from './collect';
import { sendDeviceData, type DeviceDataTarget } from '../http/device-data';
import type { Io } from '../http/pristine';
import type { DeviceData, DeviceDataOptions } from './types';

let started: Promise<DeviceData> | undefined;

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
 *   waiting for the send. It never rejects.
 *
 * @param io the `fetch` and `JSON.stringify` the send uses (see `pristine`); by default the page's current ones.
 * @throws ConfigurationError (option `budgetMs`) when `budgetMs` is not a number from 1 to 10000.
 */
export function deviceData(options: DeviceDataOptions = {}, target: () => DeviceDataTarget, io?: Io): Promise<DeviceData | null> {
  const { collect = true, budgetMs = DEFAULT_BUDGET_MS } = options;
  if (!(budgetMs >= 1 && budgetMs <= 10_000)) throw new ConfigurationError('budgetMs', 'budgetMs: 1-10000 ms');
  if (!collect || !globalThis.isSecureContext) return started ?? Promise.resolve(null);
  return (started ??= collectDeviceData(budgetMs).then((data) => {
    sendDeviceData(target, data, io);
    return data;
  }));
}
