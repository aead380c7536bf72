import type { DeviceDataBody, DeviceEntryBody } from './schema';

/** Device data received under a `device_session_id` (`POST /device-data`), and the card entry's summary. */
export interface DeviceRecord {
  /** The `device_session_id`. */
  id: string;
  created: number;
  /** The browser's `DeviceData`, as validated by `deviceDataSchema` (visitor id checked against the signals). */
  data: DeviceDataBody;
  /** The `User-Agent` header of the request that brought it (first 512 characters), or null (plausibility rules). */
  userAgent?: string | null;
  /** The card entry's behavioural summary (`POST /device-data/entry`), the latest received; absent until then. */
  entry?: DeviceEntryBody['entry'];
}

/** One use of a card (a charge or a card creation scored by the anti-fraud rules). */
export interface DeviceUse {
  /** The visitor id of the device data under the use's `device_session_id`, or null when none arrived. */
  visitorId: string | null;
  /** The end-user IP of a charge (first `X-Forwarded-For` address), or null. */
  ip: string | null;
  /** The card's keyed fingerprint (never the number). */
  fingerprint: string;
  at: number;
}
