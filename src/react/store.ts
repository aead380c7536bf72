import { ConfigurationError, mountFields, type FieldContainers, type FieldsConfig, type FieldsOptions, type HostedField, type HostedFields, type PayTokenError } from 'paytoken';
import type { ElementEvents, ElementKey, PayTokenEvents, PayTokenOptions, Snapshot } from './types';

/** A component's container under a provider: its key, its element, its latest props. */
export interface Entry {
  key: ElementKey;
  el?: HTMLElement | null;
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
  snapshot(): Snapshot;
  tokenize: HostedFields['tokenize'];
  focus(field: HostedField): void;
  clear(field?: HostedField): void;
}

/** The events of a mount, the prop each calls, and whether a split field gets only its own field's. */
const EVENTS: [keyof PayTokenEvents, (keyof ElementEvents)?, boolean?][] = [
  ['ready', 'onReady'],
  ['change', 'onChange', true],
  ['focus', 'onFocus', true],
  ['blur', 'onBlur', true],
  ['validityChange'], // the state only
  ['brand', 'onBrand'],
  ['bin', 'onBin'],
  ['error', 'onError'],
  ['token', 'onToken'],
];
const EMPTY: Snapshot = { state: null };
const json = (v: unknown) => JSON.stringify(v ?? null);

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
  /** What the current mount was made of: its containers, and its options but `locale` and `style` (JSON). */
  let made: { containers: Entry['el'][]; keys: string; rest: string; locale?: string; style: string } | undefined;
  let snap = EMPTY;

  const publish = (next: Snapshot) => {
    snap = next;
    subscribers.forEach((fn) => fn());
  };
  /** Calls each component's latest prop for an event (split fields get their own field's events only). */
  const dispatch = (prop: keyof ElementEvents | undefined, byField: boolean | undefined, event: unknown) => {
    if (fields) publish({ state: fields.state() });
    for (const e of entries) if (prop && (!byField || e.key === 'card' || e.key === (event as { field: string }).field)) (e.props[prop] as ((x: unknown) => void) | undefined)?.(event);
  };
  const unmount = () => {
    fields?.unmount();
    fields = made = undefined;
    publish(EMPTY);
  };
  /** The merged options of the mount: the provider's, the card element's, each split field's placeholder. */
  const options = (): FieldsOptions => {
    const merged: FieldsOptions & PayTokenOptions = { ...providerOptions() };
    for (const e of entries) Object.assign(merged, e.props.options);
    merged.placeholders = { ...merged.placeholders };
    for (const e of entries) if (e.props.placeholder != null && e.key !== 'card') merged.placeholders[e.key] = e.props.placeholder;
    return { ...merged, flow: 'spa' };
  };

  const mount = (list: Entry[], opts: FieldsOptions, rest: string) => {
    unmount();
    try {
      const containers = Object.fromEntries(list.map((e) => [e.key, e.el])) as FieldContainers;
      fields = mountFields(config, containers, opts);
      made = { containers: list.map((e) => e.el), keys: json(list.map((e) => e.key)), rest, locale: opts.locale, style: json(opts.style) };
      // `bin` is the card element's: a mount without it never fires it
      for (const [type, prop, byField] of EVENTS) (fields.on as (t: string, fn: (e: unknown) => void) => void)(type, (e) => dispatch(prop, byField, e));
      publish({ state: fields.state() });
    } catch (x) {
      const error = x as PayTokenError;
      publish({ state: null, error });
      dispatch('onError', false, { code: (error as ConfigurationError).option ?? error.type, message: error.message, error });
    }
  };

  /** Mounts afresh when the containers or the options but locale and style changed; else updates in place. */
  const reconcile = () => {
    queued = false;
    const list = [...entries].filter((e) => e.el);
    if (!alive) return;
    if (!list.length) return made && unmount();
    const opts = options();
    const rest = json({ ...opts, locale: 0, style: 0 });
    const same = made && made.rest === rest && made.keys === json(list.map((e) => e.key)) && list.every((e, i) => made!.containers[i] === e.el);
    if (!same) return mount(list, opts, rest);
    if (opts.locale !== made!.locale) fields?.setLocale((made!.locale = opts.locale) ?? 'es-MX');
    if (json(opts.style) !== made!.style) {
      made!.style = json(opts.style);
      fields?.setStyle(opts.style ?? {});
    }
  };

  const sync = () => {
    if (!queued) queueMicrotask(reconcile);
    queued = true;
  };
  const notMounted = () => snap.error ?? new ConfigurationError('fields', 'fields: not mounted yet');

  return {
    register(entry) {
      entries.add(entry);
      sync();
      return () => {
        entries.delete(entry);
        sync();
      };
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
    snapshot: () => snap,
    tokenize: (data) => (fields ? fields.tokenize(data) : Promise.reject(notMounted())),
    focus: (field) => fields?.focus(field),
    clear: (field) => fields?.clear(field),
  };
}
