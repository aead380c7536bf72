import { ConfigurationError } from '../errors/configuration';

/**
 * Resolves a form given as an element or an element id (the `form` argument of `form.mount`,
 * `deviceData.setup` and `token.extractFormAndCreate`).
 * @throws ConfigurationError (option `form`) when there is no such form.
 */
export function findForm(form: HTMLFormElement | string): HTMLFormElement {
  const el = typeof form === 'string' ? globalThis.document?.getElementById(form) : form;
  if (!el || el.tagName !== 'FORM') throw new ConfigurationError('form', `No form ${typeof form === 'string' ? `#${form}` : 'element'}`);
  return el as HTMLFormElement;
}
