import { Hono } from 'hono';
import { deviceDataSchema, deviceEntrySchema } from '../schemas/index';
import type { Deps, SandboxEnv } from '../env';
import { apiError } from '../errors';
import { parseWith } from '../validate';
import { deviceDataView } from '../views';
import { findOr404 } from './scope';

/**
 * Device data (this project's extension of the API: the spec says the client-side anti-fraud script generates
 * the `device_session_id`, but shows no transport for what it collects), mounted at
 * `/v1/{merchant_id}/device-data`:
 * - `POST /`: the browser's `DeviceData` (`deviceDataSchema`: 1001 for a malformed body or a `visitor_id` that
 *   is not the hash of its `signals`), stored under its `device_session_id` -> 201 with the stored object and its
 *   `creation_date`. Once per `device_session_id`: a second body for the same id is 3006 (412) and changes
 *   nothing. Public or private key.
 * - `POST /entry`: the card entry's behavioural summary (`deviceEntrySchema`: 1001 when malformed) for a
 *   `device_session_id` whose device data arrived (else 1005, 404), kept with it (a later submit's summary
 *   replaces an earlier one) -> 201 with the stored object. Public or private key.
 * - `GET /:device_session_id`: the stored object, or 1005. Private key.
 * Charges and card creation then score the device (demo/sandbox/fraud.ts).
 */
export function deviceDataRouter(d: Deps) {
  return new Hono<SandboxEnv>()
    .post('/', (c) => {
      const data = parseWith(deviceDataSchema, c.var.body);
      if (d.store.devices.has(data.device_session_id)) {
        throw apiError(
          3006,
          `Device data for device_session_id ${data.device_session_id} was already received; it is sent once per page load`,
        );
      }
      const record = {
        deviceSessionId: data.device_session_id,
        data,
        created: d.now(),
        userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
      };
      d.store.devices.set(record.deviceSessionId, record);
      return c.json(deviceDataView(record), 201);
    })
    .post('/entry', (c) => {
      const body = parseWith(deviceEntrySchema, c.var.body);
      const record = findOr404(d.store.devices, body.device_session_id, 'Device data for device_session_id');
      record.entry = body.entry;
      return c.json(deviceDataView(record), 201);
    })
    .get('/:device_session_id', (c) =>
      c.json(deviceDataView(findOr404(d.store.devices, c.req.param('device_session_id'), 'Device data for device_session_id'))),
    );
}
