/**
 * The inside of one hosted-field frame (built to `dist/fields/frame.js`, loaded by `frame.html` from the API
 * origin at `{base_url}/fields/v1/`). It holds one card input; the shopper's value never leaves this origin
 * except in the body of the one `POST /tokens`.
 *
 * Start-up: the fragment of its URL names the protocol version, the channel id, the field, the merchant origin and
 * the mount's configuration (see `frameUrl`), so the frame sets its input up and says `ready` as soon as its script
 * runs, with no round trip to the merchant page; it refuses to work unless those settings pass
 * `readFrameSettings`. Messages go to the parent with that origin as target, and only messages from the parent
 * window with that origin, on the channel, of the protocol's version and shapes are read (see ../protocol.ts).
 * Values move between the frames of a mount only as same-origin reads (./siblings.ts), never in a message.
 *
 * One module per job: settings.ts (the start-up checks), field.ts (an input over the field engine),
 * siblings.ts (value exchange), tokenize.ts and failure.ts (the token request and its failure), style.ts.
 */
import type { Brand } from '../../card/types';
import type { ConfigurationError } from '../../errors/configuration';
import { formMessage } from '../../fields/messages';
import { deviceData } from '../../fraud/device-data';
import { deviceSessionId } from '../../fraud/session';
import { resolveClientConfig } from '../../http/config';
import { accept, envelope, parseToFrame, type FromFrame } from '../protocol';
import type { FrameContext } from './context';
import { bindFieldInput, type FieldInput } from './field';
import { readFrameSettings, refuseFrame, type FrameSettings } from './settings';
import { findSiblings, publishSibling } from './siblings';
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
    frame.checkedConfig = resolveClientConfig({ ...config, baseUrl: apiBaseUrl });
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
  !frame.configProblem && deviceData({ collect: frame.frameSettings.frameConfig.deviceData !== false }, () => frame.checkedConfig!);

/** Reads the merchant page's messages: focus, clear, locale, tokenize (one at a time, card-number frame only). */
function listenToPage(frame: FrameContext, own: FieldInput, setLocale: (locale: string) => void): void {
  let tokenizing = false;
  frame.win.addEventListener('message', (event) => {
    if (!accept(event, frame.frameSettings.pageOrigin, frame.win.parent)) return;
    const message = parseToFrame(event.data, frame.frameSettings.mountChannel);
    if (message?.t === 'focus') own.fieldInput.focus();
    else if (message?.t === 'clear') own.clearField();
    else if (message?.t === 'locale') setLocale(message.locale);
    else if (message?.t === 'tokenize' && own.fieldKey === 'card_number' && !tokenizing) {
      tokenizing = true;
      startDeviceData(frame);
      tokenizeInFrame(frame, message).finally(() => (tokenizing = false));
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
 * Runs the frame: called once by the frame bundle's entry when the page has loaded. Touches only this document.
 * @param win the frame's window (for tests); default `window`.
 */
export function startFrame(win: Window = window): void {
  const doc = win.document;
  const settings = readFrameSettings(win);
  if (!settings) return refuseFrame(doc);
  const { frameField: field, frameConfig: config } = settings;
  const frame = frameContext(win, settings);
  const setBrand = (brand: Brand | null) => {
    if (brand === frame.currentBrand) return;
    frame.currentBrand = brand;
    for (const handle of [...frame.ownFields, ...findSiblings(frame).values()]) if (handle.fieldKey === 'cvv2') handle.setBrand(brand);
  };
  const input = doc.getElementById('i') as HTMLInputElement;
  const own = bindFieldInput(frame, field, input, doc.getElementById('e') as HTMLElement, setBrand);
  frame.ownFields.push(own);
  publishSibling(win, { ...own, mountChannel: settings.mountChannel, siblingBrand: () => frame.currentBrand, setBrand });
  const setLocale = (locale: string) => {
    frame.frameLocale = doc.documentElement.lang = locale;
    own.refreshState('show');
  };
  listenToPage(frame, own, setLocale);
  if (field === 'card_number') input.addEventListener('focus', () => startDeviceData(frame));
  // the merchant page focused the iframe element (its label, `focus()`): give the focus to the input
  win.addEventListener('focus', () => doc.activeElement !== input && input.focus());

  // configured from the URL (no message can configure a frame): usable at once
  input.disabled = false;
  input.setAttribute('aria-label', config.label);
  doc.title = config.label;
  if (config.placeholder) input.placeholder = config.placeholder;
  frame.configProblem ??= applyFrameStyle(doc, config.style);
  setLocale(config.locale);
  if (field === 'cvv2') frame.currentBrand = findSiblings(frame).get('card_number')?.siblingBrand() ?? null;
  const problem = frame.configProblem;
  if (problem) reportProblem(frame, problem);
  frame.postToPage({ t: 'ready', height: reportHeight(frame, doc.getElementById('w') as HTMLElement), session: deviceSessionId() });
}

/** Reports a setting the frame refused, once, before `ready` (`fail` with id 0). */
const reportProblem = (frame: FrameContext, problem: ConfigurationError) =>
  frame.postToPage({ t: 'fail', id: 0, fail: { type: 'configuration', message: problem.message, code: problem.option, text: problem.message, props: { ...problem } } });
