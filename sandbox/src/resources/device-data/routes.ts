import { Hono } from 'hono';
import type { Deps, SandboxEnv } from '../../env';
import { deviceDataSchema, deviceEntrySchema } from '../../fraud/schema';
import { describe } from '../../http/openapi';
import { parseWith } from '../../http/validate';
import { deviceDataOf, receiveDeviceData, receiveEntry } from './service';
import { deviceDataObject, deviceDataView } from './view';

const TAG = 'Device data';
const GAP = "This project's extension: the spec names device_session_id but shows no transport for the device data";

/**
 * Device data, mounted at `/v1/{merchant_id}/device-data` (docs/device-data.md):
 * - `POST /`: the browser's `DeviceData` (1001 when malformed or its `visitor_id` is not the hash of its `signals`)
 *   -> 201; once per `device_session_id` (3006). Public or private key.
 * - `POST /entry`: the card entry's behavioural summary for a `device_session_id` whose device data arrived (else
 *   1005) -> 201. Public or private key.
 * - `GET /:device_session_id`: the stored object, or 1005. Private key.
 */
export function deviceDataRouter(d: Deps) {
  return new Hono<SandboxEnv>()
    .post(
      '/',
      describe({
        tag: TAG,
        summary: 'Send device data',
        body: deviceDataSchema,
        ok: { status: 201, schema: deviceDataObject },
        errors: [3006],
        keys: 'public',
        gap: GAP,
      }),
      (c) =>
        c.json(
          deviceDataView(receiveDeviceData(d, parseWith(deviceDataSchema, c.var.body), c.req.header('user-agent')?.slice(0, 512) ?? null)),
          201,
        ),
    )
    .post(
      '/entry',
      describe({
        tag: TAG,
        summary: "Send the card entry's summary",
        body: deviceEntrySchema,
        ok: { status: 201, schema: deviceDataObject },
        keys: 'public',
        gap: GAP,
      }),
      (c) => c.json(deviceDataView(receiveEntry(d, parseWith(deviceEntrySchema, c.var.body))), 201),
    )
    .get(
      '/:device_session_id',
      describe({ tag: TAG, summary: 'Get device data', ok: { status: 200, schema: deviceDataObject }, gap: GAP }),
      (c) => c.json(deviceDataView(deviceDataOf(d, c.req.param('device_session_id')))),
    );
}
