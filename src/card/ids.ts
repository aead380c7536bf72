import { fail, pass } from './result';
import type { FieldResult } from './types';

/**
 * Rules for the two non-card fields of the card endpoints, written as the card rules are (a
 * {@link FieldResult}, never throwing) and matching what the browser client checks before it sends the token
 * variant of `POST /cards` (src/client.ts) and the sandbox schemas use, so the library and the sandbox agree.
 */

/** A resource id: 1-45 letters or digits (spec, "Identifier lengths" and Limits: source_id, token_id 45). */
export const RESOURCE_ID = /^[A-Za-z0-9]{1,45}$/;

/** A `device_session_id`: 1-255 of [A-Za-z0-9_-] (spec, Limits: max 255; the client's own ids are 32 long). */
export const DEVICE_SESSION_ID = /^[A-Za-z0-9_-]{1,255}$/;

const blank = (v: unknown) => v == null || v === '';

/** `token_id` (spec, Endpoints > Cards, token variant: required, 45): `required`, `type` or `format`. */
export function validateTokenId(v: unknown): FieldResult {
  if (blank(v)) return fail('token_id', 'required', true);
  if (typeof v !== 'string') return fail('token_id', 'type');
  return RESOURCE_ID.test(v) ? pass('token_id') : fail('token_id', 'format');
}

/** `device_session_id` (spec, Endpoints > Cards and Charges: max 255): `required`, `type` or `format`. */
export function validateDeviceSessionId(v: unknown): FieldResult {
  if (blank(v)) return fail('device_session_id', 'required', true);
  if (typeof v !== 'string') return fail('device_session_id', 'type');
  return DEVICE_SESSION_ID.test(v) ? pass('device_session_id') : fail('device_session_id', 'format');
}
