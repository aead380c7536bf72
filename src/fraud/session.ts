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
    for (let b of bytes) {
      // b % 62: 0-25 'A'-'Z', 26-51 'a'-'z', 52-61 '0'-'9'
      if (b < 248 && id.length < DEVICE_SESSION_ID_LENGTH) id += String.fromCharCode((b %= 62) + (b < 26 ? 65 : b < 52 ? 71 : -4));
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

/**
 * Default name of the hidden input of the script tag's `deviceData.setup` (the classic calls): the name the
 * processor's classic anti-fraud script gives its input, so a server written for that script finds the id where
 * it looks. The form layer uses {@link DEVICE_SESSION_FIELD} instead.
 */
export const DEFAULT_FIELD_NAME = 'deviceDataId';

/**
 * Default name of the form layer's hidden input (`form.mount`, option `deviceSessionField`): the spec's own field
 * name, so the merchant's server can pass the posted fields straight into a charge request (spec, Charges).
 */
export const DEVICE_SESSION_FIELD = 'device_session_id';

/**
 * A hidden input named `name` in `form`: the first input of that name already in the form, or a new one appended
 * to it (given `name` as its `id` too, when no element of the page has that id). One input however often called.
 * @param onCreate called with the input when it was created (the form layer removes it again on unmount).
 */
export function hiddenInput(form: HTMLFormElement, name: string, onCreate?: (input: HTMLInputElement) => void): HTMLInputElement {
  let input = [...form.querySelectorAll('input')].find((i) => i.name === name);
  if (!input) {
    const doc = form.ownerDocument;
    input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    if (!doc.getElementById(name)) input.id = name;
    form.appendChild(input);
    onCreate?.(input);
  }
  return input;
}

/**
 * The one writer of the `device_session_id` hidden input (spec, Authentication item 7: the merchant form submits
 * it with the token), for the classic calls and the form layer alike: writes this page load's id into
 * {@link hiddenInput}`(form, fieldName)`.
 *
 * @param form the merchant's form element.
 * @param fieldName the input's `name`; default {@link DEFAULT_FIELD_NAME} (the classic calls' name; the form
 *   layer passes its own, {@link DEVICE_SESSION_FIELD}).
 * @param onCreate called with the input when it was created.
 * @returns the `device_session_id`.
 */
export function writeDeviceSessionInput(
  form: HTMLFormElement,
  fieldName: string = DEFAULT_FIELD_NAME,
  onCreate?: (input: HTMLInputElement) => void,
): string {
  return (hiddenInput(form, fieldName, onCreate).value = deviceSessionId());
}
