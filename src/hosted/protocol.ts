/**
 * The hosted-fields protocol: the only messages that pass between the merchant page (the controller) and the
 * card-input frames served from the API origin. Imported by both sides, so both speak exactly one version.
 *
 * Every message is a plain object `{paytoken: PROTOCOL_VERSION, ch, t, ...}`:
 * - `paytoken` is the protocol version; a message of another version is ignored.
 * - `ch` is the per-mount random channel id ({@link channelId}); it keeps two mounts on one page apart.
 * - `t` is the message type; each direction accepts only its own types, each with a checked shape.
 *
 * A receiver also checks `event.origin` (the frames' origin, or the merchant origin the frame was given) and
 * `event.source` (the very iframe window, or the frame's parent) before it reads `data` ({@link accept}).
 *
 * What crosses is metadata only: field states (`empty`, `focused`, `valid`, `potentiallyValid`, `error`
 * `{code, message}`), the brand, heights, the `device_session_id`, and after tokenizing the Token (whose
 * `card_number` the API masks). Never a value the shopper typed.
 */
import type { Brand } from '../card/types';
import type { Token } from '../types/index';

/** Version of the protocol; bumped on any incompatible change. */
export const PROTOCOL_VERSION = 1;

/**
 * The height, CSS pixels, the merchant page gives a frame until the frame tells its own (a field's one row in the
 * default style): the frame says `ready` with it, before its first layout, and then its measured height (`resize`).
 */
export const FRAME_START_HEIGHT = 44;

/**
 * The fields a frame can hold: the card number, a combined `MM/YY` expiry or its month and year apart, the
 * CVV2, and (optionally hosted) the holder name. Names are the spec's (Endpoints > Tokens), `expiry` aside.
 */
export type HostedField = 'card_number' | 'expiry' | 'expiration_month' | 'expiration_year' | 'cvv2' | 'holder_name';

/** Every {@link HostedField}, in form order. */
export const HOSTED_FIELDS: readonly HostedField[] = [
  'card_number',
  'holder_name',
  'expiry',
  'expiration_month',
  'expiration_year',
  'cvv2',
];

/** What one frame holds: one {@link HostedField} (split fields), or `card`: the card element, the whole card. */
export type FrameKind = HostedField | 'card';

/** The inputs of the card element, in keyboard order (the holder name last, left out when it stays on the page). */
export const CARD_ELEMENT_FIELDS: readonly HostedField[] = ['card_number', 'expiry', 'cvv2', 'holder_name'];

/**
 * A brand font for the inputs (the `fonts` option): loaded whole by the frame, with the FontFace API, before it
 * says `ready`; never split by `unicode-range` (which glyph files load would tell which digits were typed).
 * - `family`: the name the style's `fontFamily` uses; `src`: an https URL of a `.woff2` or `.woff` file;
 * - `weight`: `normal`, `bold` or 100-900 (@default 'normal'); `style`: `normal` or `italic` (@default 'normal').
 */
export interface FontSource {
  /** The family name the style's `fontFamily` uses (letters, digits, spaces, hyphens). */
  family: string;
  /** An https URL of a `.woff2` or `.woff` file. */
  src: string;
  /** `normal`, `bold` or 100-900. @default 'normal' */
  weight?: string;
  /** `normal` or `italic`. @default 'normal' */
  style?: string;
}

/** A shown error: `code` (`card_number.luhn`, `2004`; see `formMessage`) and its message in the current locale. */
export interface FieldError {
  /** The message code: `<field>.<reason>` for a local rule (`card_number.luhn`), the `error_code` for an API error (`2004`). */
  code: string;
  /** The message in the current locale. */
  message: string;
}

/** The state of one hosted field, as the merchant page sees it (same meaning as the form layer's `FieldState`). */
export interface HostedFieldState {
  /** The input holds nothing. */
  empty: boolean;
  /** The input has focus. */
  focused: boolean;
  /** The value passes every rule. */
  valid: boolean;
  /** The value does not pass yet, but typing more could make it pass; always true when `valid`. */
  potentiallyValid: boolean;
  /** Present exactly while an error is shown for the field. */
  error?: FieldError;
}

/** Data of a failed tokenization, enough to rebuild the library's typed error on the merchant page. */
export interface FailData {
  /** `validation`, `api`, `network`, `timeout` or `configuration` (see `PayTokenError.type`). */
  type: string;
  message: string;
  /** The shown code and message (`formMessage`), and the field it concerns when it concerns one. */
  code: string;
  text: string;
  field?: HostedField;
  /**
   * The error's own properties, from which the merchant page rebuilds it (see `PayTokenError`, whose `instanceof`
   * goes by type): an ApiError's `status`, `error` (the API's Error object), `error_code`, `category`,
   * `request_id`, `fraud_rules`; a ValidationError's `errors` (each failing field and rule: never a value),
   * `field`, `rule`, `error_code`, `http_code`; a TimeoutError's `timeoutMs`; a ConfigurationError's `option`.
   */
  props?: Record<string, unknown>;
}

/**
 * A frame's configuration: the mount's settings, none of them secret, carried in the frame URL's fragment (`c`,
 * JSON; see {@link frameUrl}), so the frame starts without asking the merchant page for it.
 */
export interface FrameConfig {
  /** The merchant's label text: the input's accessible name. */
  label: string;
  locale: string;
  placeholder?: string;
  /** A checked style (see ./style.ts). */
  style?: Record<string, Record<string, string>>;
  messages?: Record<string, string>;
  merchantId: string;
  publicKey: string;
  timeoutMs: number;
  /** Collect device data in this frame (the card-number frame only); default true. */
  deviceData?: boolean;
  /** The client's accepted card networks (`ClientConfig.acceptedBrands`): the card-number frame refuses others. */
  acceptedBrands?: readonly Brand[];
  /** The card element: placeholders by input, and `false` when the holder name stays on the merchant page. */
  placeholders?: Record<string, string>;
  holder?: boolean;
  /**
   * The card element: the default labels by input, `Spanish|English` (the page's `LABELS`, which it needs for the
   * iframe's title before the frame loads; sent rather than kept in both bundles).
   */
  labels?: Record<string, string>;
  /** Brand fonts to load before `ready` (checked by the frame, at most 4). */
  fonts?: readonly FontSource[];
}

/** Messages from the merchant page to a frame. */
export type ToFrame =
  | { t: 'focus'; f?: HostedField }
  | { t: 'clear'; f?: HostedField }
  | { t: 'locale'; locale: string }
  /** A new style (`FieldsStyle`), checked by the frame as at start. */
  | { t: 'style'; style: unknown }
  | { t: 'tokenize'; id: number; holder_name?: string; address?: Record<string, string> };

/** Messages from a frame to the merchant page. */
export type FromFrame =
  | { t: 'ready'; height: number; session: string; failedFonts?: string[] }
  | {
      t: 'state';
      e: 'change' | 'focus' | 'blur' | 'show';
      state: HostedFieldState;
      brand: Brand | null;
      f?: HostedField;
      bin?: string | null;
    }
  | { t: 'resize'; height: number }
  | { t: 'enter' }
  | { t: 'token'; id: number; token: Token; session: string }
  | { t: 'fail'; id: number; fail: FailData };

/** A message as sent: the envelope and the body. */
export type Envelope<M> = M & { paytoken: number; ch: string };

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown, max = 200) => typeof v === 'string' && v.length <= max;
const num = (v: unknown) => typeof v === 'number' && v >= 0 && v < 1e9;
const bool = (v: unknown) => typeof v === 'boolean';
const strMap = (v: unknown, max: number) =>
  v === undefined || (isObj(v) && Object.keys(v).length <= max && Object.values(v).every((s) => str(s, 300)));
const isState = (s: unknown) =>
  isObj(s) &&
  bool(s.empty) &&
  bool(s.focused) &&
  bool(s.valid) &&
  bool(s.potentiallyValid) &&
  (s.error === undefined || (isObj(s.error) && str(s.error.code) && str(s.error.message)));

/** Shape check of a {@link FrameConfig}. */
const isConfig = (m: Record<string, unknown>) =>
  str(m.label) &&
  str(m.locale, 35) &&
  (m.placeholder === undefined || str(m.placeholder)) &&
  strMap(m.messages, 100) &&
  // the style, the merchant id, the time-out and acceptedBrands are checked by the frame (styleRules,
  // resolveClientConfig), which reports a bad one to the merchant page rather than refusing to work
  (m.merchantId === undefined || str(m.merchantId)) &&
  str(m.publicKey) &&
  typeof m.timeoutMs === 'number' &&
  (m.deviceData === undefined || bool(m.deviceData)) &&
  strMap(m.placeholders, 6) &&
  strMap(m.labels, 7) &&
  (m.holder === undefined || bool(m.holder));

/** Shape checks of each message type, by direction. */
const fieldOrNone = (m: Record<string, unknown>) => m.f === undefined || HOSTED_FIELDS.includes(m.f as HostedField);
const TO_FRAME: Record<string, (m: Record<string, unknown>) => boolean> = {
  focus: fieldOrNone,
  clear: fieldOrNone,
  locale: (m) => str(m.locale, 35),
  // the frame checks the style against its allowlist, as at start (styleRules)
  style: (m) => isObj(m.style),
  tokenize: (m) => num(m.id) && (m.holder_name === undefined || str(m.holder_name, 400)) && strMap(m.address, 10),
};

const FROM_FRAME: Record<string, (m: Record<string, unknown>) => boolean> = {
  ready: (m) =>
    num(m.height) &&
    str(m.session, 255) &&
    (m.failedFonts === undefined || (Array.isArray(m.failedFonts) && m.failedFonts.length <= 4 && m.failedFonts.every((f) => str(f, 100)))),
  state: (m) =>
    /^(change|focus|blur|show)$/.test(String(m.e)) &&
    isState(m.state) &&
    (m.brand === null || str(m.brand, 20)) &&
    fieldOrNone(m) &&
    (m.bin == null || /^\d{6,8}$/.test(String(m.bin))),
  resize: (m) => num(m.height),
  enter: () => true,
  token: (m) => num(m.id) && isObj(m.token) && str(m.token.id, 45) && str(m.session, 255),
  fail: (m) =>
    num(m.id) &&
    isObj(m.fail) &&
    str(m.fail.type, 20) &&
    str(m.fail.code) &&
    str(m.fail.text) &&
    str(m.fail.message, 1000) &&
    (m.fail.props === undefined || isObj(m.fail.props)),
};

/** Reads `data` against one direction's table; null unless it is a message of this version, channel and shape. */
function read(table: Record<string, (m: Record<string, unknown>) => boolean>, data: unknown, ch: string): unknown {
  try {
    return isObj(data) &&
      data.paytoken === PROTOCOL_VERSION &&
      data.ch === ch &&
      typeof data.t === 'string' &&
      Object.hasOwn(table, data.t) &&
      table[data.t]!(data)
      ? data
      : null;
  } catch {
    return null;
  }
}

/**
 * Reads a message arriving in a frame, or ignores it: only an object of this protocol version, on channel
 * `ch`, of a {@link ToFrame} type with that type's shape. Never throws, whatever `data` is (a getter that throws,
 * a Proxy: those come out as null too).
 *
 * @param data `MessageEvent.data`. @param ch the mount's channel id.
 * @returns the message, or null to ignore it.
 */
export const parseToFrame = (data: unknown, ch: string): ToFrame | null => read(TO_FRAME, data, ch) as ToFrame | null;

/** The same as {@link parseToFrame} for a message arriving on the merchant page ({@link FromFrame}). */
export const parseFromFrame = (data: unknown, ch: string): FromFrame | null => read(FROM_FRAME, data, ch) as FromFrame | null;

/**
 * Reads a frame's configuration from its URL's fragment (`c`), or refuses it: only JSON of a {@link FrameConfig}'s
 * shape (types and lengths checked as for a message). Never throws.
 *
 * @param json the `c` parameter of the fragment (null when absent).
 * @returns the configuration, or null (the frame then refuses to work).
 */
export function parseConfig(json: string | null): FrameConfig | null {
  try {
    const m: unknown = JSON.parse(json!);
    return isObj(m) && isConfig(m) ? (m as unknown as FrameConfig) : null;
  } catch {
    return null;
  }
}

/**
 * Whether a `message` event comes from where it must: `origin` exactly and the `source` window itself.
 * @param e the event. @param origin the expected sender origin. @param source the expected sender window.
 */
export const accept = (e: MessageEvent, origin: string, source: unknown): boolean => e.origin === origin && !!source && e.source === source;

/** Wraps a message in the envelope of this version and channel. */
export const envelope = <M extends object>(ch: string, m: M): Envelope<M> => ({ ...m, paytoken: PROTOCOL_VERSION, ch });

/** A fresh per-mount channel id: 32 hex characters (128 bits) from `crypto.getRandomValues`. */
export function channelId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** The channel id format, as the frame checks it in its URL. */
export const CHANNEL = /^[0-9a-f]{32}$/;

/**
 * The frame page's address for one field: `{fieldsUrl}/frame.html#v=1&ch=...&f=<field>&o=<merchant origin>&c=<config
 * JSON>`. Everything is in the fragment, so it never reaches a server or a log; the configuration holds the mount's
 * settings only (labels, locale, style, messages, merchant id, public key), never a value the shopper typed.
 */
export const frameUrl = (fieldsUrl: string, ch: string, field: FrameKind, origin: string, config: FrameConfig): string =>
  `${fieldsUrl}/frame.html${fontOrigins(config.fonts)}#v=${PROTOCOL_VERSION}&ch=${ch}&f=${field}&o=${encodeURIComponent(origin)}&c=${encodeURIComponent(JSON.stringify(config))}`;

/**
 * The query that tells the server which origins the frame may load fonts from (its CSP `font-src`): `?fonts=`
 * and the space-separated origins of the fonts' `src`, or '' without fonts. Font origins are no secret; a `src`
 * that is not a URL is left out here (the frame refuses it, naming the entry).
 */
const fontOrigins = (fonts: readonly FontSource[] | undefined): string => {
  const origins = new Set<string>();
  for (const font of fonts ?? []) {
    try {
      origins.add(new URL(font.src).origin);
    } catch {
      /* refused by the frame */
    }
  }
  return origins.size ? `?fonts=${encodeURIComponent([...origins].join(' '))}` : '';
};

/**
 * Whether `origin` matches one of `allowed`: an exact origin (`https://shop.example`), or a host with any port
 * (`http://127.0.0.1:*`), as in CSP `frame-ancestors`.
 */
export const originAllowed = (origin: string, allowed: readonly string[]): boolean =>
  allowed.some(
    (a) => a === origin || (a.endsWith(':*') && origin.startsWith(a.slice(0, -1)) && /^\d{1,5}$/.test(origin.slice(a.length - 1))),
  );
