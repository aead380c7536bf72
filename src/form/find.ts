import { ConfigurationError } from '../errors/configuration';

/** A form as the classic calls take it: the element, its id, or an array-like of one form (a jQuery object). */
export type FormRef = HTMLFormElement | string | ArrayLike<HTMLFormElement>;

/**
 * Resolves a form given as an element, an element id, or an array-like holding exactly one form (a jQuery
 * object such as `$('#processCard')`, as the classic script's README passes it): the `form` argument of
 * `form.mount`, `deviceData.setup`, `extractFormInfo` and `token.extractFormAndCreate`.
 * @throws ConfigurationError (option `form`) when there is no such form (an array-like of zero or several
 *   elements included).
 */
export function findForm(form: FormRef): HTMLFormElement {
  const el =
    typeof form === 'string'
      ? globalThis.document?.getElementById(form)
      : form && !(form as Element).tagName && (form as ArrayLike<HTMLFormElement>).length === 1
        ? (form as ArrayLike<HTMLFormElement>)[0]
        : (form as HTMLFormElement);
  if (!el || el.tagName !== 'FORM') throw new ConfigurationError('form', `No form ${typeof form === 'string' ? `#${form}` : 'element'}`);
  return el as HTMLFormElement;
}
