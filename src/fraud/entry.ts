/**
 * Behavioural signals of the card entry: how each card field's value got into its input, never what it is. The
 * form layer and the hosted frames record their inputs' events ({@link recordEntry}, listeners only) and register
 * each field's summary ({@link watchEntry}), summarised by the one DOM-free function of ./entry-summary.ts; when the
 * shopper submits, `deviceDataSent` (./device-data.ts) sends the summaries under the page's `device_session_id`,
 * after the device data and before the token is handed over.
 */
import { summarizeEntry, type EntryLog, type EntryMethod, type EntrySummary } from './entry-summary';

export type { EntryLog, EntryMethod, EntrySummary };

/** The card-entry fields that are summarised, by the spec's names. */
export type EntryField = 'card_number' | 'holder_name' | 'expiry' | 'expiration_month' | 'expiration_year' | 'cvv2';

/** The {@link EntryField}s, for the form layer to pick its card fields by key. */
export const ENTRY_FIELDS: readonly string[] = ['card_number', 'holder_name', 'expiry', 'expiration_month', 'expiration_year', 'cvv2'];

/** The summaries of the fields watched on this page, by field (the one watched last for each). */
const watched = new Map<EntryField, () => EntrySummary | undefined>();

/** Whether the browser's autofill filled `input` (`:autofill`, standard; `:-webkit-autofill` in older WebKit). */
const autofilled = (input: HTMLInputElement) => {
  try {
    return input.matches(':autofill');
  } catch {
    try {
      return input.matches(':-webkit-autofill');
    } catch {
      return false;
    }
  }
};

/** How many characters the value holds but the separators a formatter adds (spaces, slashes, hyphens). */
const size = (input: HTMLInputElement) => input.value.replace(/[\s/-]/g, '').length;

/** The entry method of a trusted input event of `type`, given whether a key press came before it. */
const methodOf = (input: HTMLInputElement, type: string, keyed: boolean): EntryMethod =>
  /Paste|Drop/.test(type)
    ? 'pasted'
    : autofilled(input) || !type || type === 'insertReplacementText'
      ? 'autofilled'
      : keyed || /^delete/.test(type)
        ? 'typed'
        : 'inserted';

/**
 * Records how `input`'s value is entered until `signal` aborts: listeners only, which note trusted events' types
 * and times, whether a capital came without Shift, whether the document had the focus, and the value's character
 * count (to tell a value set by script); never a key or the value itself. @returns what was noted so far (an
 * {@link EntryLog}, a copy, `scripted` added when the value changed without trusted input events).
 *
 * @param focused whether the document had the focus when a key event happened; default `document.hasFocus()` as the
 * listener runs (a replay of earlier events passes what was noted at the time: see `watchFromStart`).
 */
export function recordEntry(
  input: HTMLInputElement,
  signal?: AbortSignal,
  focused: (event: Event) => boolean = () => input.ownerDocument.hasFocus(),
): () => EntryLog {
  const log: EntryLog = { methods: [], presses: [], focuses: [], lastChange: NaN, capitals: 0, unfocused: 0, deletions: 0 };
  const held = new Map<string, number[]>();
  const add = (method: EntryMethod, methods = log.methods) => methods.includes(method) || methods.push(method);
  let pressesBefore = 0;
  let trustedSize = 0;
  const on = (type: string, listener: (e: KeyboardEvent & InputEvent) => void) =>
    input.addEventListener(type, listener as EventListener, { capture: true, signal });

  on('focus', (e) => log.focuses.push(e.timeStamp));
  on('blur', () => held.clear());
  on('keydown', (e) => {
    if (!e.isTrusted || e.repeat) return;
    const press = [e.timeStamp, NaN];
    log.presses.push(press);
    held.set(e.code || e.key, press);
    const key = e.key;
    if (/^Key/.test(e.code) && key.length === 1 && key !== key.toLowerCase() && !e.shiftKey && !e.getModifierState?.('CapsLock'))
      log.capitals++;
    if (!focused(e)) log.unfocused++;
  });
  on('keyup', (e) => {
    const press = held.get(e.code || e.key);
    if (e.isTrusted && press) press[1] = e.timeStamp;
    held.delete(e.code || e.key);
  });
  on('input', (e) => {
    log.lastChange = e.timeStamp;
    if (!e.isTrusted) return add('scripted');
    add(methodOf(input, e.inputType, log.presses.length > pressesBefore));
    if (/^delete/.test(e.inputType)) log.deletions++;
    pressesBefore = log.presses.length;
    // the characters this trusted event left, once the page's own handlers (formatting) have run too
    trustedSize = size(input);
    setTimeout(() => (trustedSize = size(input)));
  });
  return () => {
    const copy = { ...log, methods: [...log.methods] };
    if (size(input) && size(input) !== trustedSize) add('scripted', copy.methods);
    return copy;
  };
}

/**
 * Registers `summary` as the entry summary of `field` on this page until `signal` aborts; a summary that gives
 * undefined (a sibling frame whose later part has not loaded) is left out of {@link entrySummary}.
 */
export function registerEntry(field: EntryField, summary: () => EntrySummary | undefined, signal?: AbortSignal): void {
  watched.set(field, summary);
  signal?.addEventListener('abort', () => watched.get(field) === summary && watched.delete(field));
}

/**
 * Watches how `field` is entered in `input` ({@link recordEntry}, with `focused`) and registers its summary, until
 * `signal` aborts. Does nothing without an input.
 */
export function watchEntry(
  input: HTMLInputElement | null | undefined,
  field: EntryField = 'card_number',
  signal?: AbortSignal,
  focused?: (event: Event) => boolean,
): void {
  if (!input) return;
  const log = recordEntry(input, signal, focused);
  registerEntry(field, () => summarizeEntry(log()), signal);
}

/**
 * The entry summaries of the fields watched on this page, as the body member `entry` of `POST /device-data/entry`
 * (`{ card_number: EntrySummary, holder_name: ..., ... }`), or undefined when no field is watched.
 */
export function entrySummary(): Partial<Record<EntryField, EntrySummary>> | undefined {
  const entries = [...watched].map(([field, summary]) => [field, summary()] as const).filter(([, summary]) => summary);
  return entries.length ? Object.fromEntries(entries) : undefined;
}
