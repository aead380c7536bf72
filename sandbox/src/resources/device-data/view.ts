import { z } from 'zod';
import type { DeviceRecord } from '../../fraud/records';
import { isoDateTime } from '../../time/dates';
import { dateTime } from '../shared/objects';

/** Device data as stored (this project's extension, docs/device-data.md): the body received, its entry summary, and when. */
export const deviceDataObject = z
  .object({ device_session_id: z.string(), creation_date: dateTime, entry: z.record(z.string(), z.unknown()).optional() })
  .catchall(z.unknown())
  .meta({ id: 'DeviceData' });

export type DeviceDataView = z.infer<typeof deviceDataObject>;

export const deviceDataView = (r: DeviceRecord): DeviceDataView => ({
  ...r.data,
  ...(r.entry && { entry: r.entry }),
  creation_date: isoDateTime(r.created),
});
