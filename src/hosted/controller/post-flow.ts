import { configError } from '../../errors/configuration';
import { findElement, setAttribute } from './frames';
import type { FieldsOptions, FieldsTokenResult } from './types';

/**
 * The form of the post flow: `options.form` (element or id), else the card-number container's form.
 * @throws ConfigurationError (`form: no such form`) when `options.form` names no form.
 */
export function postFlowForm(doc: Document, options: FieldsOptions, cardContainer: Element): HTMLFormElement | null {
  const given = options.form;
  const form = (
    given ? findElement(doc, typeof given === 'string' ? `#${CSS.escape(given)}` : given) : cardContainer.closest('form')
  ) as HTMLFormElement | null;
  if (given && form?.tagName !== 'FORM') throw configError('form', 'no such form');
  return form;
}

/** Marks the form busy (`aria-busy`, submit buttons disabled) or not. */
export function setFormBusy(form: HTMLFormElement | null, busy: boolean): void {
  if (!form) return;
  setAttribute(form, 'aria-busy', busy && 'true');
  for (const element of form.elements) if ((element as HTMLButtonElement).type === 'submit') (element as HTMLButtonElement).disabled = busy;
}

/** Writes a hidden input of the form (the existing one of that name, else a new one, remembered in `added`). */
function writeHidden(form: HTMLFormElement, name: string, value: string, added: Element[]): void {
  let input = form.elements.namedItem(name) as HTMLInputElement | null;
  if (!input) {
    added.push((input = form.ownerDocument.createElement('input')));
    input.type = 'hidden';
    input.name = name;
    form.append(input);
  }
  input.value = value;
}

/**
 * The `post` flow: the form's submit tokenizes, writes `token_id` and `device_session_id` into hidden inputs and
 * posts the form, which stays busy while the browser leaves the page. A failure is reported by the `error` event.
 *
 * @param form the form. @param options the mount's options (hidden input names).
 * @param tokenize the mount's `tokenize`. @param signal aborted on unmount. @param added inputs the mount made.
 */
export function bindPostFlow(
  form: HTMLFormElement,
  options: FieldsOptions,
  tokenize: () => Promise<FieldsTokenResult>,
  signal: AbortSignal,
  added: Element[],
): void {
  const onSubmit = (event: Event) => {
    event.preventDefault();
    tokenize().then(
      (result) => {
        if (signal.aborted) return;
        writeHidden(form, options.tokenField ?? 'token_id', result.token_id, added);
        writeHidden(form, options.deviceSessionField ?? 'device_session_id', result.device_session_id, added);
        setFormBusy(form, true);
        HTMLFormElement.prototype.submit.call(form);
      },
      () => {},
    ); // reported through the `error` event
  };
  form.addEventListener('submit', onSubmit, { signal });
}
