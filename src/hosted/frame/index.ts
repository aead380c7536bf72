/**
 * The inside of one hosted-field frame (built to `dist/fields/frame.js`, loaded by `frame.html` from the API
 * origin at `{base_url}/fields/v1/`). It holds the card element (card number, expiry, CVV2, holder name) or one
 * split field; the shopper's values never leave this origin except in the body of the one `POST /tokens`.
 *
 * Start-up: the fragment of its URL names the protocol version, the channel id, the field, the merchant origin and
 * the mount's configuration (see `frameUrl`), so the frame sets its input up and says `ready` as soon as its script
 * runs, with no round trip to the merchant page; it refuses to work unless those settings pass
 * `readFrameSettings`. Messages go to the parent with that origin as target, and only messages from the parent
 * window with that origin, on the channel, of the protocol's version and shapes are read (see ../protocol.ts).
 * Values move between the frames of a mount only as same-origin reads (./siblings.ts), never in a message.
 *
 * One module per job: settings.ts (the start-up checks), field.ts (an input over the field engine),
 * card-element.ts (the element's inputs), siblings.ts (value exchange between split fields), tokenize.ts and
 * failure.ts (the token request and its failure), style.ts and fonts.ts (the merchant's look).
 */
import type { Brand } from '../../card/types';
import type { ConfigurationError } from '../../errors/configuration';
import { formMessage } from '../../fields/messages';
import { deviceData } from '../../fraud/device-data';
import { entrySummary, watchEntry } from '../../fraud/entry';
import { deviceSessionId } from '../../fraud/session';
import { resolveClientConfig } from '../../http/config';
import { configError } from '../../errors/configuration';
import { accept, envelope, parseToFrame, type FontSource, type FromFrame, type HostedField } from '../protocol';
import { buildCardElement, labelCardElement, type FrameInputs } from './card-element';
import type { FrameContext } from './context';
import { reportProblem } from './failure';
import { bindFieldInput, type FieldInput } from './field';
import { checkFonts, loadFonts } from './fonts';
import { readFrameSettings, refuseFrame, type FrameSettings } from './settings';
import { findSiblings, mountKeyOf, publishSibling } from './siblings';
import { applyFrameStyle } from './style';
import { tokenizeInFrame } from './tokenize';

/**
 * The frame's shared context, with its configuration checked: the settings the merchant page does not check
 * (the merchant id, the time-out, the accepted brands) are checked here, and a refusal kept as `configProblem`.
 */
function frameContext(win: Window, settings: FrameSettings): FrameContext {
  const config = settings.frameConfig;
  const apiBaseUrl = win.location.href.replace(/\/fields\/.*$/, '');
  const frame: FrameContext = {
    win,
    doc: win.document,
    frameSettings: settings,
    apiBaseUrl,
    frameLocale: config.locale,
    currentBrand: null,
    ownFields: [],
    postToPage: (message: FromFrame) => win.parent.postMessage(envelope(settings.mountChannel, message), settings.pageOrigin),
    messageFor: (code) => formMessage(code, frame.frameLocale, config.messages),
  };
  try {
    frame.frameTokenConfig = resolveClientConfig({ ...config, baseUrl: apiBaseUrl });
  } catch (error) {
    frame.configProblem = error as ConfigurationError;
    delete config.acceptedBrands; // not a list of brands: the number is not checked against it (nothing is paid anyway)
  }
  return frame;
}

/**
 * Device data, in the card-number frame, under this frame's `device_session_id`: started when the shopper first
 * focuses the card number (or at the latest when tokenizing), not at load, so it does not compete with the
 * frames' start-up and visitors who never pay are not fingerprinted. Once per frame load (see `deviceData`).
 */
const startDeviceData = (frame: FrameContext) =>
  !frame.configProblem && deviceData({ collect: frame.frameSettings.frameConfig.deviceData !== false }, () => frame.frameTokenConfig!);

/** Reads the merchant page's messages: focus, clear, locale, style, tokenize (one at a time, the card-number frame only). */
function listenToPage(frame: FrameContext, setLocale: (locale: string) => void, restyle: (style: unknown) => void): void {
  let tokenizing = false;
  const ownField = (field?: HostedField) => frame.ownFields.find((own) => own.fieldKey === field) ?? frame.ownFields[0]!;
  frame.win.addEventListener('message', (event) => {
    if (!accept(event, frame.frameSettings.pageOrigin, frame.win.parent)) return;
    const message = parseToFrame(event.data, frame.frameSettings.mountChannel);
    if (message?.t === 'focus') (ownField(message.f) as FieldInput).fieldInput.focus();
    else if (message?.t === 'clear') {
      for (const own of frame.ownFields as FieldInput[]) if (!message.f || own.fieldKey === message.f) own.clearField();
    } else if (message?.t === 'locale') setLocale(message.locale);
    else if (message?.t === 'style') restyle(message.style);
    else if (message?.t === 'tokenize' && ownField('card_number').fieldKey === 'card_number' && !tokenizing) {
      tokenizing = true;
      void startDeviceData(frame);
      void tokenizeInFrame(frame, message).finally(() => (tokenizing = false));
    }
  });
}

/** Tells the page the frame's content height whenever it changes (the page sizes the iframe by attribute). */
function reportHeight(frame: FrameContext, wrapper: HTMLElement): number {
  const height = () => Math.ceil(wrapper.getBoundingClientRect().height);
  let last = height();
  new ResizeObserver(() => {
    const now = height();
    if (now !== last) frame.postToPage({ t: 'resize', height: (last = now) });
  }).observe(wrapper);
  return last;
}

/**
 * Binds the frame's inputs to the engine: the card element's four (built here), or a split field's one, which
 * it also offers its siblings (see ./siblings.ts). The error line shows the first error among them.
 */
function bindInputs(frame: FrameContext, setBrand: (brand: Brand | null) => void): FrameInputs {
  const { doc, frameSettings: settings } = frame;
  const element = settings.frameField === 'card';
  const inputs: FrameInputs = element
    ? buildCardElement(doc, settings.frameConfig)
    : [[settings.frameField as HostedField, doc.getElementById('i') as HTMLInputElement]];
  const errorLine = doc.getElementById('e') as HTMLElement;
  const showMessage = () => {
    const text = frame.ownFields.map((own) => (own as FieldInput).shownState()?.error?.message).find(Boolean) ?? '';
    if (errorLine.textContent !== text) errorLine.textContent = text;
  };
  for (const [field, input] of inputs) {
    frame.ownFields.push(bindFieldInput(frame, field, input, showMessage, setBrand));
    watchEntry(input, field); // how each card field is entered (never its value), sent before the token
  }
  const own = frame.ownFields[0] as FieldInput;
  if (!element)
    publishSibling(frame.win, {
      ...own,
      mountChannel: settings.mountChannel,
      mountKey: mountKeyOf(frame),
      siblingBrand: () => frame.currentBrand,
      setBrand,
      fieldEntry: () => entrySummary()![own.fieldKey]!,
    });
  const numberInput = frame.ownFields.find((field) => field.fieldKey === 'card_number') as FieldInput | undefined;
  if (numberInput) {
    numberInput.fieldInput.addEventListener('focus', () => startDeviceData(frame));
  }
  return inputs;
}

/**
 * Labels, placeholder, style and brand fonts, from the URL's configuration (no message can configure a frame). A
 * refused setting becomes the frame's `configProblem`. @returns the checked brand fonts, still to load.
 */
function configureInputs(frame: FrameContext, inputs: FrameInputs): FontSource[] {
  const { doc, frameSettings: settings } = frame;
  const config = settings.frameConfig;
  const refuse = (where: string, why: string) => (frame.configProblem ??= configError(where, why));
  doc.title = config.label;
  if (settings.frameField !== 'card') {
    inputs[0]![1].setAttribute('aria-label', config.label);
    if (config.placeholder) inputs[0]![1].placeholder = config.placeholder;
  }
  for (const [, input] of inputs) input.disabled = false;
  const fonts = checkFonts(config.fonts, refuse);
  frame.configProblem ??= applyFrameStyle(
    doc,
    config.style,
    fonts.map((font) => font.family),
  );
  return fonts;
}

/**
 * Runs the frame: called once by the frame bundle's entry when the page has loaded. Touches only this document.
 * The frame says `ready` once its brand fonts (if any) have loaded or failed, so nothing loads while the shopper
 * types.
 * @param win the frame's window (for tests); default `window`.
 */
export function startFrame(win: Window = window): void {
  const doc = win.document;
  const settings = readFrameSettings(win);
  if (!settings) return refuseFrame(doc);
  const config = settings.frameConfig;
  const frame = frameContext(win, settings);
  const setBrand = (brand: Brand | null) => {
    if (brand === frame.currentBrand) return;
    frame.currentBrand = brand;
    for (const handle of [...frame.ownFields, ...findSiblings(frame).values()]) if (handle.fieldKey === 'cvv2') handle.setBrand(brand);
  };
  const inputs = bindInputs(frame, setBrand);
  const setLocale = (locale: string) => {
    frame.frameLocale = doc.documentElement.lang = locale;
    if (settings.frameField === 'card') labelCardElement(inputs, config, locale);
    for (const own of frame.ownFields as FieldInput[]) own.refreshState('show');
  };
  const fonts = configureInputs(frame, inputs);
  const brandFamilies = fonts.map((font) => font.family);
  // a new style (`setStyle`), checked as at start: a refusal is reported as at start
  const restyle = (style: unknown) => {
    frame.configProblem ??= applyFrameStyle(doc, style, brandFamilies);
    reportProblem(frame);
  };
  listenToPage(frame, setLocale, restyle);
  // the merchant page focused the iframe element (its label, `focus()`): give the focus to the first input; in the
  // card element only once the browser has placed it (Shift+Tab into it focuses its last input after this event)
  const focusFirst = () => inputs.some(([, input]) => input === doc.activeElement) || inputs[0]![1].focus();
  win.addEventListener('focus', () => (inputs.length > 1 ? setTimeout(focusFirst) : focusFirst()));
  setLocale(config.locale);
  if (settings.frameField === 'cvv2') frame.currentBrand = findSiblings(frame).get('card_number')?.siblingBrand() ?? null;
  reportProblem(frame);
  const sayReady = (failedFonts: string[]) => {
    const ready: FromFrame = {
      t: 'ready',
      height: reportHeight(frame, doc.getElementById('w') as HTMLElement),
      session: deviceSessionId(),
    };
    if (failedFonts.length) ready.failedFonts = failedFonts;
    frame.postToPage(ready);
  };
  // without brand fonts the frame is ready at once; with them, once every file has loaded (or failed)
  if (fonts.length) void loadFonts(doc, fonts).then(sayReady);
  else sayReady([]);
}
