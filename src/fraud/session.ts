const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Length of a `device_session_id` (spec, Charges: max 255, "one place states 32"; we use 32). */
export const DEVICE_SESSION_ID_LENGTH = 32;

/**
 * A fresh `device_session_id`: 32 characters of [A-Za-z0-9] from `crypto.getRandomValues`.
 * Bytes of 248 and above are dropped (rejection sampling), so each of the 62 characters is equally likely:
 * no modulo bias. About 190 bits of entropy.
 */
export function newDeviceSessionId(): string {
  let id = '';
  const bytes = new Uint8Array(64);
  while (id.length < DEVICE_SESSION_ID_LENGTH) {
    crypto.getRandomValues(bytes);
    for (const b of bytes) {
      if (b < 248 && id.length < DEVICE_SESSION_ID_LENGTH) id += ALPHABET[b % 62];
    }
  }
  return id;
}

let current: string | undefined;

/**
 * The `device_session_id` of this page load: made on first call, the same on every later call until the page
 * is reloaded. Nothing is stored (no cookie, no storage), so a new page load gets a new id.
 */
export const deviceSessionId = (): string => (current ??= newDeviceSessionId());

/** Default name of the hidden input, as the processor's classic anti-fraud script names it. */
export const DEFAULT_FIELD_NAME = 'deviceIdHiddenFieldName';

/**
 * Writes this page load's `device_session_id` into a hidden input of `form` (spec, Authentication item 7: the
 * merchant form submits it with the token). One input however often it is called: an input of that name already
 * in the form is reused, and given the current id.
 *
 * @param form the merchant's form element.
 * @param fieldName the input's `name` (and `id`, when free); default `deviceIdHiddenFieldName`.
 * @returns the `device_session_id`.
 */
export function writeDeviceSessionInput(form: HTMLFormElement, fieldName: string = DEFAULT_FIELD_NAME): string {
  const id = deviceSessionId();
  let input = [...form.querySelectorAll('input')].find((i) => i.name === fieldName);
  if (!input) {
    input = form.ownerDocument.createElement('input');
    input.type = 'hidden';
    input.name = fieldName;
    if (!form.ownerDocument.getElementById(fieldName)) input.id = fieldName;
    form.appendChild(input);
  }
  input.value = id;
  return id;
}
