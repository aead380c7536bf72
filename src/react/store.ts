import {
  ConfigurationError,
  mountFields,
  type FieldContainers,
  type FieldsConfig,
  type FieldsOptions,
  type HostedField,
  type HostedFields,
  type PayTokenError,
} from 'paytoken';
import type { ElementEvents, ElementKey, PayTokenOptions, Snapshot } from './types';

/** A component's container under a provider: its key, its element, its latest props. */
export interface Entry {
  key: ElementKey;
  el: HTMLElement | null;
  /** The latest event props, the card element's `options` and a split field's `placeholder`. */
  props: ElementEvents & { options?: PayTokenOptions; placeholder?: string };
}

/** The provider's store: the containers, the one mount, its state for `useHostedFields`. */
export interface Store {
  /** Adds a container; the mount follows in a microtask. @returns its removal. */
  register(entry: Entry): () => void;
  /** Reconciles the mount with the containers and options, once, after the current effects (a microtask). */
  sync(): void;
  /** The provider's effect: mounting allowed until the returned cleanup, which unmounts at once. */
  start(): () => void;
  subscribe(onChange: () => void): () => void;
  takeSnapshot(): Snapshot;
  tokenize: HostedFields['tokenize'];
  focus(field: HostedField): void;
  clear(field?: HostedField): void;
}

/** The events of a mount; each calls the prop `on` + its name (`onReady`; `onValidityChange` is no prop: the state only). */
const EVENTS = 'ready change focus blur validityChange brand bin error token'.split(' ');
/** The events a split field gets for its own field only. */
const FIELD_EVENTS = /^(change|focus|blur|validityChange)$/;
const EMPTY: Snapshot = { state: null };
const json = (v: unknown) => JSON.stringify(v ?? null);

/** Calls each component's latest prop for an event (a split field gets its own field's events only). */
function callEventProps(entries: Iterable<Entry>, type: string, event: unknown): void {
  const prop = `on${type[0]!.toUpperCase()}${type.slice(1)}` as keyof ElementEvents;
  for (const e of entries) {
    if (!FIELD_EVENTS.test(type) || e.key === 'card' || e.key === (event as { field: string }).field)
      (e.props[prop] as ((x: unknown) => void) | undefined)?.(event);
  }
}

/** The merged options of the mount: the provider's, the card element's, each split field's placeholder. */
function mergedOptions(providerOptions: PayTokenOptions | undefined, entries: Iterable<Entry>): FieldsOptions {
  const merged: FieldsOptions & PayTokenOptions = { ...providerOptions };
  for (const e of entries) Object.assign(merged, e.props.options);
  merged.placeholders = { ...merged.placeholders };
  for (const e of entries) if (e.props.placeholder != null && e.key !== 'card') merged.placeholders[e.key] = e.props.placeholder;
  return { ...merged, flow: 'spa' };
}

/** What a mount was made of: its entries; its keys and options but `locale` and `style` (JSON); those two. */
interface Made {
  list: Entry[];
  rest: string;
  locale?: string;
  style: string;
}

/** Applies a changed `locale` or `style` to the mount in place, and records it in `made`. */
function updateInPlace(fields: HostedFields | undefined, made: Made, opts: FieldsOptions): void {
  if (opts.locale !== made.locale) fields?.setLocale((made.locale = opts.locale) ?? 'es-MX');
  if (json(opts.style) !== made.style) {
    made.style = json(opts.style);
    fields?.setStyle(opts.style ?? {});
  }
}

/**
 * Creates a provider's store. Every container registered under it goes into one `mountFields` call (one mount,
 * one channel), made in a microtask after the effects that registered them: React's StrictMode runs effects,
 * their cleanups and the effects again synchronously, so it makes one mount, not two.
 *
 * @param config the provider's frozen client settings. @param providerOptions the provider's latest `options`.
 */
export function createStore(config: FieldsConfig, providerOptions: () => PayTokenOptions | undefined): Store {
  const entries = new Set<Entry>();
  const subscribers = new Set<() => void>();
  let alive = false;
  let queued = false;
  let fields: HostedFields | undefined;
  let made: Made | undefined;
  let snap = EMPTY;

  const publish = (next: Snapshot) => {
    snap = next;
    subscribers.forEach((fn) => fn());
  };
  const dispatch = (type: string, event: unknown) => {
    if (fields) publish({ state: fields.state() });
    callEventProps(entries, type, event);
  };
  const unmount = () => {
    fields?.unmount();
    fields = made = undefined;
    publish(EMPTY);
  };

  const mount = (list: Entry[], opts: FieldsOptions, rest: string) => {
    unmount();
    try {
      fields = mountFields(config, Object.fromEntries(list.map((e) => [e.key, e.el])) as FieldContainers, opts);
      made = { list, rest, locale: opts.locale, style: json(opts.style) };
      for (const type of EVENTS) (fields.on as (t: string, fn: (e: unknown) => void) => void)(type, (e) => dispatch(type, e));
      publish({ state: fields.state() });
    } catch (x) {
      const error = x as PayTokenError;
      publish({ state: null, error });
      dispatch('error', { code: (error as ConfigurationError).option ?? error.type, message: error.message, error });
    }
  };

  /** Mounts afresh when the containers or the options but locale and style changed; else updates in place. */
  const reconcile = () => {
    queued = false;
    const list = [...entries];
    if (!alive) return;
    if (!list.length) return unmount();
    const opts = mergedOptions(providerOptions(), entries);
    const rest = json([list.map((e) => e.key), { ...opts, locale: 0, style: 0 }]);
    if (!made || made.rest !== rest || made.list.some((e, i) => e !== list[i])) return mount(list, opts, rest);
    updateInPlace(fields, made, opts);
  };

  const sync = () => {
    if (!queued) queueMicrotask(reconcile);
    queued = true;
  };

  return {
    register(entry) {
      entries.add(entry);
      sync();
      return () => void (entries.delete(entry) && sync()); // a second call changes nothing
    },
    sync,
    start() {
      alive = true;
      sync();
      return () => {
        alive = false;
        unmount();
      };
    },
    subscribe(fn) {
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
    takeSnapshot: () => snap,
    tokenize: (data) => fields?.tokenize(data) ?? Promise.reject(snap.error ?? new ConfigurationError('fields', 'fields: not mounted yet')),
    focus: (field) => fields?.focus(field),
    clear: (field) => fields?.clear(field),
  };
}
