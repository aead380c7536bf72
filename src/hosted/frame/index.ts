/**
 * The inside of one hosted-field frame (built to `dist/fields/frame.js`, loaded by `frame.html` from the API
 * origin at `{base_url}/fields/v1/`). It holds one card input; the shopper's value never leaves this origin
 * except in the body of the one `POST /tokens`.
 *
 * Start-up: the fragment of its URL names the protocol version, the channel id, the field, the merchant origin and
 * the mount's configuration (see `frameUrl`), so the frame sets its input up and says `ready` as soon as its script
 * runs, with no round trip to the merchant page. The frame refuses to work (input disabled, nothing sent) unless
 * the configuration is well formed and that origin is one of
 * the origins allowed to embed it (the page's `<meta name="paytoken-allowed-origins">`, written by the server
 * that serves it, the same list as its CSP `frame-ancestors`), the page really is framed, and, where the browser
 * tells (`location.ancestorOrigins`: Chromium, WebKit), the parent's origin is that origin. Messages go to the
 * parent with that origin as target, and only messages from the parent window with that origin, on the channel,
 * of the protocol's version and shapes are read (see ../protocol.ts).
 *
 * Value exchange between the frames: same-origin sibling access. Every frame of a mount is a document of the API
 * origin; the card-number frame finds its siblings in `parent.frames` (a cross-origin parent lets a frame list
 * them), keeps those whose `__paytoken` handle has its channel id (a frame of another origin throws on access and
 * is skipped), and reads their values synchronously when asked to tokenize. Chosen over a `MessageChannel`, whose
 * ports would be made on, or carried through, the merchant page where a hostile script can wrap the constructor
 * or `postMessage` and sit in the middle; and over a `BroadcastChannel`, which works too but is asynchronous (a
 * request/answer round per field and a time-out to handle) where sibling access is one synchronous read with
 * nothing on any channel. Values move only between documents of the API origin, never through a message.
 */
import { cardBrand, cvv2Length } from '../../card/brands';
import { validateCvv2 } from '../../card/cvv2';
import { validateExpiry } from '../../card/expiry';
import { validateHolderName } from '../../card/holder';
import { normalizePan, validatePan } from '../../card/pan';
import { fail, pass } from '../../card/result';
import type { Brand, CardInput, FieldResult } from '../../card/types';
import type { ApiError } from '../../errors/api';
import type { PayTokenError } from '../../errors/base';
import { configError, type ConfigurationError } from '../../errors/configuration';
import type { ValidationError } from '../../errors/validation';
import { deviceData, deviceDataSent } from '../../fraud/device-data';
import { watchEntry } from '../../fraud/entry';
import { deviceSessionId } from '../../fraud/session';
import { formatValue, type FormatKind } from '../../form/format';
import { formMessage } from '../../form/messages';
import { resolveClientConfig, type ResolvedConfig } from '../../http/config';
import { fetchIo } from '../../http/pristine';
import { postToken } from '../../http/tokenize';
import { CHANNEL, HOSTED_FIELDS, PROTOCOL_VERSION, accept, envelope, originAllowed, parseConfig, parseToFrame, type FailData, type FromFrame, type HostedField, type HostedFieldState, type ToFrame } from '../protocol';
import { STYLE_SELECTORS, styleRules, type StyleState } from '../style';

/** What a frame offers its same-origin siblings (and nobody else: the merchant page cannot reach it). */
export interface SiblingHandle {
  ch: string;
  field: HostedField;
  /** The value as typed (formatted). */
  value(): string;
  /** The card number's brand (card-number frame), so the CVV2 frame checks its length. */
  brand(): Brand | null;
  /** Tells the CVV2 frame the brand changed. */
  setBrand(b: Brand | null): void;
  /** Shows this field's error after a submit (`code` of an API error about the field, else its own rule). */
  show(code?: string): void;
}

/** API error codes that concern one field (spec, Errors): 2004 card number, 2005 expiry, 2006 and 2009 CVV2. */
const API_FIELD: Record<string, HostedField> = { 2004: 'card_number', 2005: 'expiry', 2006: 'cvv2', 2009: 'cvv2' };

/** Attributes of each field's input: autocomplete token and whether it is numeric. */
const AUTOCOMPLETE: Record<HostedField, string> = {
  card_number: 'cc-number',
  expiry: 'cc-exp',
  expiration_month: 'cc-exp-month',
  expiration_year: 'cc-exp-year',
  cvv2: 'cc-csc',
  holder_name: 'cc-name',
};

/** Text shown when the frame refuses to work, in both languages (the locale is not known yet). */
const REFUSED = 'Este campo no se puede usar en esta página. | This field cannot be used on this page.';

/**
 * Runs the frame: called once by the frame bundle's entry when the page has loaded. Touches only this document.
 * @param win the frame's window (for tests); default `window`.
 */
export function startFrame(win: Window = window): void {
  const doc = win.document;
  const params = new URLSearchParams(win.location.hash.slice(1));
  const ch = params.get('ch') ?? '';
  const field = params.get('f') as HostedField;
  const origin = params.get('o') ?? '';
  const config = parseConfig(params.get('c'));
  const allowed = (doc.querySelector<HTMLMetaElement>('meta[name=paytoken-allowed-origins]')?.content ?? '').split(/\s+/).filter(Boolean);
  const ancestors = win.location.ancestorOrigins;
  const input = doc.getElementById('i') as HTMLInputElement;
  const err = doc.getElementById('e') as HTMLElement;
  const wrap = doc.getElementById('w') as HTMLElement;
  const top = win.parent;

  if (
    params.get('v') !== String(PROTOCOL_VERSION) ||
    !CHANNEL.test(ch) ||
    !HOSTED_FIELDS.includes(field) ||
    !config ||
    top === win ||
    !originAllowed(origin, allowed) ||
    (ancestors && ancestors[0] !== origin)
  ) {
    doc.documentElement.dataset.refused = '';
    input.disabled = true;
    input.setAttribute('aria-label', REFUSED);
    err.textContent = REFUSED;
    return;
  }

  /** The API's `{base_url}`: this page's origin and path up to `/fields/` (the frames are served by the API). */
  const baseUrl = win.location.href.replace(/\/fields\/.*$/, '');
  // the settings the merchant page does not check (the merchant id, the time-out, the accepted brands, the style
  // allowlist): a refused one is reported to it below, and no device data is collected under it
  let problem: ConfigurationError | undefined;
  /** the settings checked, what the token request is sent with; under a problem, the check runs again and throws */
  let checked: ResolvedConfig | undefined;
  try {
    checked = resolveClientConfig({ ...config, baseUrl });
  } catch (e) {
    problem = e as ConfigurationError;
    delete config.acceptedBrands; // not a list of brands: the number is not checked against it (nothing is paid anyway)
  }
  const kind: FormatKind | undefined = field == 'holder_name' ? undefined : field;
  let locale = 'es-MX';
  let brand: Brand | null = null;
  let prev = '';
  /** an error may be shown while still potentially valid: the field was left non-empty, or a submit was tried */
  let seen = false;
  /** the code of an API error about this field, shown until the field is edited */
  let api: string | undefined;
  let state: HostedFieldState | undefined;
  let busy = false;

  const post = (m: FromFrame) => top.postMessage(envelope(ch, m), origin);
  const msg = (code: string) => formMessage(code, locale, config.messages);

  /** The same-origin frames of this mount, by field (not this one). */
  const siblings = (): Map<HostedField, SiblingHandle> => {
    const out = new Map<HostedField, SiblingHandle>();
    for (let i = 0; i < top.frames.length; i++) {
      try {
        const s = (top.frames[i] as unknown as { __paytoken?: SiblingHandle }).__paytoken;
        if (s && s.ch === ch && s.field !== field) out.set(s.field, s);
      } catch {
        /* a frame of another origin: not ours */
      }
    }
    return out;
  };

  /** This field's rule result for its current value. */
  const check = (): FieldResult => {
    const v = input.value;
    if (field == 'card_number') return validatePan(v, config.acceptedBrands);
    if (field == 'holder_name') return validateHolderName(v);
    if (field == 'cvv2') {
      const r = validateCvv2(v);
      const want = cvv2Length(brand);
      return r.valid && want && v.length != want ? fail('cvv2', 'length', v.length < want) : r;
    }
    if (field == 'expiration_month') return /^(0?[1-9]|1[0-2])$/.test(v) ? pass(field) : fail(field, v ? 'format' : 'required', /^[01]?$/.test(v));
    if (field == 'expiration_year') return validateExpiry('12', v);
    const [m = '', y = ''] = v.split('/');
    return validateExpiry(m, y);
  };

  /** Recomputes and renders the state; tells the merchant page (event `e`) when anything it sees changed. */
  const update = (e: 'change' | 'focus' | 'blur' | 'show') => {
    const r = check();
    const pv = r.potentiallyValid || (field == 'expiration_year' && input.value == '20');
    const code = api ?? (!r.valid && (!pv || seen) ? `${r.field}.${r.reason}` : '');
    const s: HostedFieldState = { empty: !input.value, focused: doc.activeElement == input, valid: r.valid && !api, potentiallyValid: pv && !api };
    if (code) s.error = { code, message: msg(code) };
    if (err.textContent != (s.error?.message ?? '')) err.textContent = s.error?.message ?? '';
    code ? input.setAttribute('aria-invalid', 'true') : input.removeAttribute('aria-invalid');
    input.classList.toggle('valid', s.valid);
    if (e != 'show' || JSON.stringify(s) != JSON.stringify(state)) post({ t: 'state', e, state: s, brand: field == 'card_number' ? brand : null });
    state = s;
  };

  const handle: SiblingHandle = {
    ch,
    field,
    value: () => input.value,
    brand: () => brand,
    setBrand(b) {
      if (b != brand) {
        brand = b;
        if (input.value) update('show');
      }
    },
    show(code) {
      seen = true;
      api = code;
      update('show');
    },
  };
  Object.defineProperty(win, '__paytoken', { value: handle });

  const onInput = (e: Event) => {
    if (kind) {
      const [v, caret] = formatValue(kind, input.value, input.selectionStart ?? input.value.length, prev, (e as InputEvent).inputType, brand);
      if (v != input.value) input.value = v;
      if (doc.activeElement == input) input.setSelectionRange(caret, caret);
    }
    if (input.value == prev) return;
    prev = input.value;
    api = undefined;
    if (field == 'card_number') {
      const b = cardBrand(normalizePan(input.value));
      if (b != brand) {
        brand = b;
        siblings().get('cvv2')?.setBrand(b);
      }
    }
    update('change');
  };

  /** Applies a checked style with CSSOM on a constructed stylesheet: no inline `<style>`, the CSP stays strict. */
  const applyStyle = (style: unknown) => {
    const sheet = new CSSStyleSheet();
    // what the allowlist refuses is left out, and the first refusal reported (`problem`)
    for (const [st, props] of Object.entries(styleRules(style, (where, why) => (problem ??= configError(where, why))))) {
      try {
        const rule = sheet.cssRules[sheet.insertRule(`${STYLE_SELECTORS[st as StyleState]}{}`, sheet.cssRules.length)] as CSSStyleRule;
        for (const [p, v] of Object.entries(props)) rule.style.setProperty(p, v);
      } catch {
        /* a selector this engine does not know (`:autofill`) */
      }
    }
    doc.adoptedStyleSheets = [sheet];
  };

  /**
   * Device data, in the card-number frame, under this frame's `device_session_id`: started when the shopper first
   * focuses the card number (or at the latest when tokenizing), not at load, so it does not compete with the
   * frames' start-up and visitors who never pay are not fingerprinted. Once per frame load (see `deviceData`).
   */
  const startDeviceData = () =>
    field == 'card_number' && !problem && deviceData({ collect: config.deviceData !== false }, () => checked!); // checked: no problem

  const setLocale = (l: string) => {
    locale = l;
    doc.documentElement.lang = l;
    update('show');
  };

  /**
   * Tokenizes (card-number frame): reads the siblings' values, `POST /tokens` from this origin, answers with the
   * token once this frame's device-data POST has completed as well, or `DEVICE_DATA_WAIT_MS` (1,500 ms) after the
   * request at most, so the charge never races its device data; an error is answered at once.
   */
  const tokenizeCard = async (m: Extract<ToFrame, { t: 'tokenize' }>) => {
    startDeviceData();
    const sib = siblings();
    const get = (f: HostedField) => (f == field ? input.value : sib.get(f)?.value());
    const owner = (f: string) => (f == field ? handle : sib.get(f as HostedField) ?? (/^exp/.test(f) ? sib.get('expiry') : undefined));
    const exp = get('expiry');
    const [month, year = ''] = exp != null ? exp.split('/') : [get('expiration_month'), get('expiration_year')];
    const card: CardInput = { card_number: input.value, holder_name: get('holder_name') ?? m.holder_name, expiration_month: month, expiration_year: year, cvv2: get('cvv2') };
    if (m.address) card.address = m.address;
    try {
      // the token goes to the merchant page once the device data has reached the API too (bounded: deviceDataSent);
      // sent by fetch, not XHR as on merchant pages: the XHR transport would take this bundle over its 10,000 B
      const [{ data: token }] = await Promise.all([postToken(checked ?? resolveClientConfig({ ...config, baseUrl }), card, fetchIo(), config.acceptedBrands), deviceDataSent()]);
      post({ t: 'token', id: m.id, token, session: deviceSessionId() });
    } catch (x) {
      const e = x as PayTokenError;
      // the error's own properties (never a value the shopper typed: a ValidationError names fields and rules)
      const f: FailData = { type: e.type ?? 'network', message: String(e.message), code: '', text: '', props: { ...e } };
      if (e.type == 'validation') {
        const v = e as ValidationError;
        for (const r of v.errors) owner(r.field)?.show();
        f.code = `${v.field}.${v.rule}`;
        const o = owner(v.field);
        f.field = o?.field ?? (v.field as HostedField);
      } else {
        const a = e as ApiError;
        f.code = String(a.error_code ?? (e.type == 'configuration' ? 1002 : 1004));
        f.field = API_FIELD[f.code];
        const o = f.field && (owner(f.field) ?? (f.field == 'expiry' ? sib.get('expiration_year') : undefined));
        o?.show(f.code);
        if (o) f.field = o.field;
      }
      f.text = msg(f.code);
      post({ t: 'fail', id: m.id, fail: f });
    }
  };

  win.addEventListener('message', (e) => {
    if (!accept(e, origin, top)) return;
    const m = parseToFrame(e.data, ch);
    if (!m) return;
    if (m.t == 'focus') input.focus();
    else if (m.t == 'clear') {
      input.value = prev = '';
      seen = false;
      api = undefined;
      update('change');
    } else if (m.t == 'locale') setLocale(m.locale);
    else if (m.t == 'tokenize' && field == 'card_number' && !busy) {
      busy = true;
      tokenizeCard(m).finally(() => (busy = false));
    }
  });

  const height = () => Math.ceil(wrap.getBoundingClientRect().height);
  let lastHeight = 0;
  new ResizeObserver(() => {
    const h = height();
    if (h != lastHeight) post({ t: 'resize', height: (lastHeight = h) });
  }).observe(wrap);

  input.setAttribute('autocomplete', AUTOCOMPLETE[field]);
  if (kind) input.inputMode = 'numeric';
  input.name = AUTOCOMPLETE[field]; // helps autofill; the value is never posted anywhere (no form)
  input.addEventListener('input', onInput);
  input.addEventListener('change', onInput);
  if (field == 'card_number') watchEntry(input); // how the card number is entered, sent with the device data on tokenize
  input.addEventListener('focus', () => {
    startDeviceData();
    update('focus');
  });
  input.addEventListener('blur', () => {
    if (input.value) seen = true;
    update('blur');
  });
  input.addEventListener('keydown', (e) => e.key == 'Enter' && post({ t: 'enter' }));
  // the merchant page focused the iframe element (its label, `focus()`): give the focus to the input
  win.addEventListener('focus', () => doc.activeElement != input && input.focus());

  // configured from the URL (no message can configure a frame): usable at once
  input.disabled = false;
  input.setAttribute('aria-label', config.label);
  doc.title = config.label;
  if (config.placeholder) input.placeholder = config.placeholder;
  applyStyle(config.style);
  setLocale(config.locale);
  if (field == 'cvv2') brand = siblings().get('card_number')?.brand() ?? null;
  if (problem) post({ t: 'fail', id: 0, fail: { type: 'configuration', message: problem.message, code: problem.option, text: problem.message, props: { ...problem } } });
  post({ t: 'ready', height: (lastHeight = height()), session: deviceSessionId() });
}
