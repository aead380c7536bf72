/**
 * Anti-fraud: the per-page-load `device_session_id` (never derived from the device fingerprint, so checkout never
 * waits for collection and identical devices never share it) and the device data collected under it: signals,
 * visitor id, automation flags, timings, sent once to the API's device-data endpoint.
 */
export {
  newDeviceSessionId,
  deviceSessionId,
  hiddenInput,
  writeDeviceSessionInput,
  DEFAULT_FIELD_NAME,
  DEVICE_SESSION_FIELD,
  DEVICE_SESSION_ID_LENGTH,
} from './session';
export { deviceData } from './device-data';
export { collectDeviceData, collectSignals, DEFAULT_BUDGET_MS } from './collect';
export { automationFlags } from './automation';
export { canonical, hash128, visitorId } from './hash';
export { COLLECTORS, type Collector } from './signals/index';
export type { AutomationFlag, DeviceData, DeviceDataOptions, SignalName, SignalReason, Signals } from './types';
