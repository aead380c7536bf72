/**
 * Anti-fraud: the per-page-load `device_session_id`. Device fingerprint collection plugs in here (its own
 * issue); the session id never depends on it, so checkout never waits for collection.
 */
export { newDeviceSessionId, deviceSessionId, writeDeviceSessionInput, DEFAULT_FIELD_NAME, DEVICE_SESSION_ID_LENGTH } from './session';
