import type { Deps } from '../../env';
import { apiError } from '../../domain/errors';
import type { DeviceDataBody, DeviceEntryBody } from '../../fraud/schema';
import type { DeviceRecord } from '../../fraud/records';

/**
 * Device data (this project's extension: the spec says the client-side anti-fraud script generates the
 * `device_session_id` but shows no transport for what it collects). Kept under its `device_session_id` for
 * `--device-data-ttl`; charges and card creation score it (fraud/fraud.ts).
 */

/** Keeps a browser's device data. @throws 3006 for a second body of the same `device_session_id` (sent once per page load). */
export function receiveDeviceData(d: Deps, data: DeviceDataBody, userAgent: string | null): DeviceRecord {
  return d.store.tx(() => {
    if (d.store.devices.has(data.device_session_id)) {
      throw apiError(
        3006,
        `Device data for device_session_id ${data.device_session_id} was already received; it is sent once per page load`,
      );
    }
    return d.store.devices.insert({ id: data.device_session_id, created: d.clock.nowMs(), data, userAgent });
  });
}

/** The device data of a `device_session_id`, or 1005. */
export function deviceDataOf(d: Deps, id: string): DeviceRecord {
  const r = d.store.devices.get(id);
  if (!r) throw apiError(1005, `Device data for device_session_id ${id} not found`);
  return r;
}

/** Keeps the card entry's summary with its device data (a later submit's replaces an earlier one). @throws 1005 before the device data. */
export function receiveEntry(d: Deps, body: DeviceEntryBody): DeviceRecord {
  return d.store.tx(() => d.store.devices.update({ ...deviceDataOf(d, body.device_session_id), entry: body.entry }));
}
