/**
 * The inside of one hosted-field frame (its first script, inline in `frame.html`, served from the API origin at
 * `{base_url}/fields/v1/`). It holds the card element (card number, expiry, CVV2, holder name) or one
 * split field; the shopper's values never leave this origin except in the body of the one `POST /tokens`.
 *
 * Start-up: the fragment of its URL names the protocol version, the channel id, the field, the merchant origin and
 * the mount's configuration (see `frameUrl`), so the frame sets its input up and says `ready` as soon as its script
 * runs, with no round trip to the merchant page; it refuses to work unless those settings pass
 * `readFrameSettings`. This first script holds only what the shopper needs before `ready`; the rest is the later
 * script (./later.ts, loaded by ./loader.ts). Messages go to the parent with that origin as target, and only
 * messages from the parent window with that origin, on the channel, of the protocol's version and shapes are read (see ../protocol.ts).
 * Values move between the frames of a mount only as same-origin reads (./siblings.ts), never in a message.
 *
 * One module per job: settings.ts (the start-up checks), field.ts (an input over the field engine),
 * card-element.ts (the element's inputs), siblings.ts (what split fields share), style.ts (the merchant's look),
 * loader.ts (the later script); in the later script: later.ts, tokenize.ts and failure.ts (the token request and
 * its failure), fonts.ts (brand fonts), and the device data.
 */
import type { Brand } from '../../card/types';
import type { ConfigurationError } from '../../errors/configuration';
import { formMessage } from '../../fields/messages';
import { deviceSessionId } from '../../fraud/session';
import { checkAcceptedBrands, checkMerchantId, checkPublicKey, checkTimeout } from '../../http/config';
import { accept, channelId, envelope, FRAME_START_HEIGHT, parseToFrame, type FromFrame, type HostedField } from '../protocol';
import { buildCardElement, labelCardElement, type FrameInputs } from './card-element';
import type { FrameContext, FrameLater } from './context';
import { reportProblem } from './problem';
import { bindFieldInput, type FieldInput } from './field';
import { laterOnce, loadLaterScript, notLoaded, recordEarlyEvents, whenIdle } from './loader';
import { readFrameSettings, refuseFrame, type FrameSettings } from './settings';
import { findSiblings, mountKeyOf, publishSibling } from './siblings';
import { applyFrameStyle } from './style';

/**
 * The frame's shared context, with its configuration checked: the settings the merchant page does not check
 * (the merchant id, the time-out, the accepted brands) are checked here, and a refusal kept as `configProblem`.
 * Its autofill section is its mount's (a sibling frame that started before made it), else a new one.
 */
function frameContext(win: Window, settings: FrameSettings, load: (frame: FrameContext) => Promise<FrameLater>): FrameContext {
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
    autofillSection: '',
    // `ready` before the frame's first layout, with the height the page gave it; the measured one follows
    sayReady: (failedFonts) => {
      const ready: FromFrame = { t: 'ready', height: FRAME_START_HEIGHT, session: deviceSessionId() };
      if (failedFonts.length) ready.failedFonts = failedFonts;
      frame.postToPage(ready);
      reportHeight(frame);
    },
    laterPart: () => later(),
  };
  const later = laterOnce(frame, load);
  frame.autofillSection = [...findSiblings(frame).values()][0]?.autofillSection ?? `section-${channelId()}`;
  try {
    // as `resolveClientConfig` checks them, in the same order; the base URL is this page's own origin
    frame.frameTokenConfig = {
      merchantId: checkMerchantId(config.merchantId),
      publicKey: checkPublicKey(config.publicKey),
      baseUrl: apiBaseUrl,
      timeoutMs: checkTimeout(config.timeoutMs),
    };
    if (config.acceptedBrands !== undefined) frame.frameTokenConfig.acceptedBrands = checkAcceptedBrands(config.acceptedBrands);
  } catch (error) {
    frame.configProblem = error as ConfigurationError;
    delete config.acceptedBrands; // not a list of brands: the number is not checked against it (nothing is paid anyway)
  }
  return frame;
}

/** What the status line says when the whole card is valid, `Spanish|English`. */
const COMPLETE = 'Tarjeta completa.|Card complete.';

/**
 * How long the card must stay complete with no key typed (ms) before the status line says so: a screen reader
 * drops pending polite messages at each key press (Orca flushes them), and the card is complete from the last
 * field's first valid character, mid-word. As the GOV.UK character count says its count once typing stops.
 */
export const COMPLETE_PAUSE_MS = 1000;

/** Whether this frame holds the card number (the card element's frame, or the card-number field's): it tokenizes. */
const holdsNumber = (frame: FrameContext) => frame.ownFields.some((own) => own.fieldKey === 'card_number');

/**
 * Reads the merchant page's messages: focus, clear, locale, style, tokenize (one at a time, the card-number frame
 * only, by the later part, loaded then if it was not yet).
 */
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
    else if (message?.t === 'tokenize' && holdsNumber(frame) && !tokenizing) {
      tokenizing = true;
      void frame
        .laterPart()
        .then(
          (later) => later.tokenize(message),
          () => frame.postToPage({ t: 'fail', id: message.id, fail: notLoaded(frame) }),
        )
        .finally(() => (tokenizing = false));
    }
  });
}

/**
 * Tells the page the frame's content height whenever the browser's layout changes it (the page sizes the iframe by
 * attribute), from the height the page gave the frame (`FRAME_START_HEIGHT`): a `ResizeObserver` answers after
 * the frame's first layout, so nothing forces one before `ready`.
 */
function reportHeight(frame: FrameContext): void {
  const wrapper = frame.doc.getElementById('w') as HTMLElement;
  let last = FRAME_START_HEIGHT;
  new ResizeObserver(() => {
    const now = Math.ceil(wrapper.getBoundingClientRect().height);
    if (now !== last) frame.postToPage({ t: 'resize', height: (last = now) });
  }).observe(wrapper);
}

/**
 * Binds the frame's inputs to the engine: the card element's four (built here), or a split field's one, which
 * it also offers its siblings (see ./siblings.ts). The error line shows the first error among them. The inputs'
 * events are kept for the later part (the card entry's signals of every field), and the first focus asks for it.
 */
function bindInputs(frame: FrameContext, setBrand: (brand: Brand | null) => void): FrameInputs {
  const { doc, frameSettings: settings } = frame;
  const element = settings.frameField === 'card';
  const inputs: FrameInputs = element
    ? buildCardElement(doc, settings.frameConfig)
    : [[settings.frameField as HostedField, doc.getElementById('i') as HTMLInputElement]];
  const errorLine = doc.getElementById('e') as HTMLElement;
  const statusLine = doc.getElementById('s') as HTMLElement;
  /** Sets a line's text only when it changes: a live region announces every change, the same text again too. */
  const say = (line: HTMLElement, text: string) => line.textContent !== text && (line.textContent = text);
  const showMessage = () => {
    const erring = (frame.ownFields as FieldInput[]).find((own) => own.shownState()?.error);
    const text = erring?.shownState()!.error!.message ?? '';
    say(errorLine, text);
    // the error line describes the input whose error it shows, and no other (each is read with its description)
    for (const own of frame.ownFields as FieldInput[])
      if (own === erring) own.fieldInput.setAttribute('aria-describedby', 'e');
      else own.fieldInput.removeAttribute('aria-describedby');
    clearTimeout(pause);
    // only the frame whose change completed the card waits to say it (a sibling's older timer would take it over)
    if (sayComplete()) pause = setTimeout(sayComplete, COMPLETE_PAUSE_MS, true);
  };
  let pause: ReturnType<typeof setTimeout> | undefined;
  /**
   * The whole card valid (this frame's fields and, split, its siblings'): said once, by one status line of the mount
   * (the frame that completed it), first only when `now` (after a pause in typing), then in the current locale; any
   * field no longer valid empties whichever line said it at once. @returns whether it is complete and not said yet.
   */
  const sayComplete = (now?: boolean) => {
    const siblings = [...findSiblings(frame).values()];
    const complete = !errorLine.textContent && [...frame.ownFields, ...siblings].every((handle) => handle.fieldValid());
    const line = [statusLine, ...siblings.map((handle) => handle.statusLine)].find((it) => it?.textContent) ?? statusLine;
    const unsaid = complete && !line.textContent;
    if (now || !unsaid) say(line, complete ? COMPLETE.split('|')[+/^en/i.test(frame.frameLocale)]! : '');
    return unsaid;
  };
  for (const [field, input] of inputs) frame.ownFields.push(bindFieldInput(frame, field, input, showMessage, setBrand));
  if (!element)
    publishSibling(frame.win, {
      ...(frame.ownFields[0] as FieldInput),
      mountChannel: settings.mountChannel,
      mountKey: mountKeyOf(frame),
      autofillSection: frame.autofillSection,
      statusLine,
      siblingBrand: () => frame.currentBrand,
      setBrand,
    });
  const own = inputs.map(([, input]) => input);
  recordEarlyEvents(frame, own);
  for (const input of own) input.addEventListener('focus', () => void frame.laterPart().catch(() => {}), { once: true });
  return inputs;
}

/**
 * Labels, placeholder and style, from the URL's configuration (no message can configure a frame). A refused
 * setting becomes the frame's `configProblem`. The style may name the families of the declared brand fonts (the
 * later part checks and loads them). @returns those families.
 */
function configureInputs(frame: FrameContext, inputs: FrameInputs): string[] {
  const { doc, frameSettings: settings } = frame;
  const config = settings.frameConfig;
  doc.title = config.label;
  if (settings.frameField !== 'card') {
    inputs[0]![1].setAttribute('aria-label', config.label);
    if (config.placeholder) inputs[0]![1].placeholder = config.placeholder;
  }
  for (const [, input] of inputs) input.disabled = false;
  const declared: unknown = config.fonts;
  const families = Array.isArray(declared) ? declared.map((font: { family?: unknown } | null) => String(font?.family)) : [];
  frame.configProblem ??= applyFrameStyle(doc, config.style, families);
  return families;
}

/**
 * Runs the frame: called once by the frame page's first script. Touches only this document. Says `ready` at once,
 * or, when the mount declares brand fonts, once they have loaded or failed (the later part loads them); then, in
 * idle time, every frame of the mount loads its later part (the same file, cached for good under its version).
 *
 * @param win the frame's window (for tests); default `window`.
 * @param load loads the later part (for tests); default the later script (see `loadLaterScript`).
 */
export function startFrame(win: Window = window, load: (frame: FrameContext) => Promise<FrameLater> = loadLaterScript): void {
  const doc = win.document;
  const settings = readFrameSettings(win);
  if (!settings) return refuseFrame(doc);
  const config = settings.frameConfig;
  const frame = frameContext(win, settings, load);
  const setBrand = (brand: Brand | null) => {
    if (brand === frame.currentBrand) return;
    frame.currentBrand = brand;
    for (const handle of [...frame.ownFields, ...findSiblings(frame).values()]) if (handle.fieldKey === 'cvv2') handle.setBrand(brand);
  };
  const inputs = bindInputs(frame, setBrand);
  const setLocale = (locale: string, start?: boolean) => {
    frame.frameLocale = doc.documentElement.lang = locale;
    if (settings.frameField === 'card') labelCardElement(inputs, config, locale);
    // at start the inputs are empty, in the state the page gives them until told otherwise: nothing to tell
    if (!start) for (const own of frame.ownFields as FieldInput[]) own.refreshState('show');
  };
  const families = configureInputs(frame, inputs);
  // a new style (`setStyle`), checked as at start: a refusal is reported as at start
  const restyle = (style: unknown) => {
    frame.configProblem ??= applyFrameStyle(doc, style, families);
    reportProblem(frame);
  };
  listenToPage(frame, setLocale, restyle);
  // the merchant page focused the iframe element (its label, `focus()`): give the focus to the first input; in the
  // card element only once the browser has placed it (Shift+Tab into it focuses its last input after this event)
  const focusFirst = () => inputs.some(([, input]) => input === doc.activeElement) || inputs[0]![1].focus();
  win.addEventListener('focus', () => (inputs.length > 1 ? setTimeout(focusFirst) : focusFirst()));
  setLocale(config.locale, true);
  if (settings.frameField === 'cvv2') frame.currentBrand = findSiblings(frame).get('card_number')?.siblingBrand() ?? null;
  reportProblem(frame);
  // with brand fonts, `ready` once they have loaded or failed (all of them, if the later script does not load)
  if (config.fonts !== undefined) void frame.laterPart().catch(() => frame.sayReady(families));
  else {
    frame.sayReady([]);
    whenIdle(() => void frame.laterPart().catch(() => {}));
  }
}
