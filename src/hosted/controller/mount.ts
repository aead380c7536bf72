import { configError } from '../../errors/configuration';
import type { PayTokenError } from '../../errors/base';
import { checkBaseUrl, checkFieldsUrl, checkPublicKey, DEFAULT_TIMEOUT_MS } from '../../http/config';
import { accept, channelId, envelope, FRAME_START_HEIGHT, frameUrl, parseFromFrame, type FrameConfig } from '../protocol';
import { LABELS } from '../labels';
import type { MountContext } from './context';
import { createEmitter } from './events';
import {
  CONTAINER_ATTRIBUTES,
  fieldFrames,
  findElement,
  frameLabel,
  initialState,
  labelsOf,
  MOUNT_SLOT,
  renderContainer,
  type FieldFrame,
} from './frames';
import { bindPostFlow, postFlowForm, setFormBusy } from './post-flow';
import { rebuildError, relayFrameMessage } from './relay';
import type { FieldContainers, FieldsConfig, FieldsEvents, FieldsOptions, FieldsState, FieldsTokenResult, HostedFields } from './types';

export type * from './types';

/** The mount's `tokenize`: one request at a time, bounded by the frame's own time-out plus 5 s. */
function tokenizer(mount: MountContext, options: FieldsOptions, timeoutMs: number, signal: AbortSignal): HostedFields['tokenize'] {
  let pending: Promise<FieldsTokenResult> | undefined;
  let requestId = 0;
  return (data = {}) => {
    if (pending) return pending;
    if (mount.mountRefusal) {
      mount.emitEvent('error', mount.mountRefusal);
      return Promise.reject(mount.mountRefusal.error);
    }
    if (!mount.allReady || signal.aborted) return Promise.reject(configError('fields', signal.aborted ? 'unmounted' : 'not ready yet'));
    const id = ++requestId;
    setFormBusy(mount.postForm, true);
    const holderInput = options.holderName ? (findElement(mount.doc, options.holderName) as HTMLInputElement | null) : null;
    return (pending = new Promise<FieldsTokenResult>((resolveToken, rejectToken: (error: PayTokenError) => void) => {
      mount.pendingTokenize = { tokenizeId: id, resolveToken, rejectToken };
      // the frame answers within its own time-out (timeoutMs); this bounds a frame that went away
      const ms = timeoutMs + 5000;
      setTimeout(
        () => rejectToken(rebuildError({ type: 'timeout', message: `No response within ${ms} ms`, props: { timeoutMs: ms } })),
        ms,
      );
      mount.postToFrame(mount.cardFrame, { t: 'tokenize', id, holder_name: data.holder_name ?? holderInput?.value, address: data.address });
    }).finally(() => {
      mount.pendingTokenize = pending = undefined;
      if (!signal.aborted) setFormBusy(mount.postForm, false);
    }));
  };
}

/** The public object of a mount (see {@link HostedFields}); `on` subscribes to the mount's events. */
function hostedFieldsApi(
  mount: MountContext,
  on: HostedFields['on'],
  options: FieldsOptions,
  timeoutMs: number,
  controller: AbortController,
  added: Element[],
): HostedFields {
  const api: HostedFields = {
    on,
    state: mount.takeSnapshot,
    focus(field) {
      const frame = mount.fieldFrames.find((candidate) => candidate.frameFields.includes(field));
      if (!frame) return;
      frame.fieldIframe.focus();
      mount.postToFrame(frame, { t: 'focus', f: field });
    },
    clear(field) {
      for (const frame of mount.fieldFrames)
        if (!field || frame.frameFields.includes(field)) mount.postToFrame(frame, { t: 'clear', f: field });
    },
    setLocale(locale) {
      mount.mountLocale = locale;
      for (const frame of mount.fieldFrames) {
        frame.fieldIframe.title = frameLabel(mount.doc, frame, locale);
        // a frame still loading has no listener yet: it gets the locale when it says it is ready
        if (frame.frameLoaded) mount.postToFrame(frame, { t: 'locale', locale });
      }
    },
    setStyle(style) {
      mount.mountStyle = style;
      mount.styleChanged = true;
      for (const frame of mount.fieldFrames) if (frame.frameLoaded) mount.postToFrame(frame, { t: 'style', style });
    },
    tokenize: tokenizer(mount, options, timeoutMs, controller.signal),
    unmount() {
      if (controller.signal.aborted) return;
      controller.abort();
      mount.pendingTokenize?.rejectToken(configError('fields', 'unmounted'));
      for (const frame of mount.fieldFrames) {
        frame.fieldIframe.remove();
        for (const name of CONTAINER_ATTRIBUTES) frame.fieldContainer.removeAttribute(name);
        if (frame.fieldContainer[MOUNT_SLOT] === api) delete frame.fieldContainer[MOUNT_SLOT];
      }
      added.forEach((element) => element.remove());
      setFormBusy(mount.postForm, false);
    },
  };
  return api;
}

/**
 * Puts each frame in its container: its address (the mount's settings, `shared`, in the fragment), title, size,
 * label click.
 */
function injectFrames(
  mount: MountContext,
  options: FieldsOptions,
  fieldsUrl: string,
  shared: Omit<FrameConfig, 'label' | 'locale'>,
  signal: AbortSignal,
): void {
  for (const frame of mount.fieldFrames) {
    frame.fieldContainer[MOUNT_SLOT]?.unmount();
    frame.fieldContainer[MOUNT_SLOT] = mount.mountApi;
    const title = frameLabel(mount.doc, frame, mount.mountLocale);
    const src = frameUrl(fieldsUrl, mount.mountChannel, frame.fieldKey, location.origin, {
      label: title,
      locale: mount.mountLocale,
      ...(frame.fieldKey === 'card'
        ? { placeholders: options.placeholders, holder: !options.holderName, labels: LABELS }
        : { placeholder: options.placeholders?.[frame.fieldKey] }),
      ...shared,
    });
    // sized by attributes, not inline styles (no style attribute, whatever the page's CSP); no scroll bar: the
    // frame page hides its overflow
    Object.assign(frame.fieldIframe, { title, src, width: '100%', height: `${FRAME_START_HEIGHT}`, frameBorder: '0' });
    labelsOf(mount.doc, frame).forEach((label) => {
      label.addEventListener(
        'click',
        (event) => {
          event.preventDefault();
          mount.mountApi.focus(frame.frameFields[0]!);
        },
        { signal },
      );
    });
    renderContainer(
      frame,
      frame.frameFields.map((field) => mount.stateByField[field]!),
      false,
    );
    frame.fieldContainer.append(frame.fieldIframe);
  }
}

/**
 * Mounts hosted fields: the card element (one iframe holding the whole card) or one iframe per field, served
 * from the API origin, into the merchant's containers. The
 * card data is typed, checked and tokenized inside the frames; this page gets metadata only (see
 * {@link HostedFields}, {@link FieldsEvents}). The tree-shakable entry (`mountFields`), as `tokenize` is for
 * tokenization; `client.fields.mount` and the script tag's `PayToken.fields.mount` do the same.
 *
 * Mounting on a container that holds a mount first unmounts that one (React StrictMode, route changes: never
 * two sets of frames). Touches the DOM only when called (SSR safe).
 *
 * Each container gets `data-paytoken-focused`, `-invalid`, `-valid`, `-empty` (present or absent) and the
 * card number's `data-paytoken-brand`, for the merchant's CSS; each iframe a `title` (the field's label) and the
 * height of its content (its `height` attribute: no inline style). Clicking a `<label for="container id">`
 * focuses the field; the label's text is the input's accessible name.
 *
 * @param config merchant id, public key, base URL, timeout, `fieldsUrl` (see {@link FieldsConfig}).
 * @param containers where the frames go: `{ card }` alone for the card element (the whole card in one frame), or
 *   split fields: `card_number` is required, with `expiry` (or `expiration_month` and `expiration_year`) and
 *   `cvv2`; `holder_name` optional.
 * @param options see {@link FieldsOptions}.
 * @throws ConfigurationError for a bad setting, an unknown field, a missing container, a style property outside
 *   the allowlist (naming it, e.g. `style.base.background`).
 */
export function mountFields(config: FieldsConfig, containers: FieldContainers, options: FieldsOptions = {}): HostedFields {
  // checked here: where the frames come from, and that no private key goes into them; the frames check the rest
  // (the merchant id, the time-out, the accepted brands, the style allowlist) and report a refusal
  const publicKey = checkPublicKey(config?.publicKey);
  const fieldsUrl = checkFieldsUrl(config.fieldsUrl, checkBaseUrl(config.baseUrl));
  const fieldsOrigin = new URL(fieldsUrl).origin;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doc = document;
  const controller = new AbortController();
  const added: Element[] = [];
  const frames = fieldFrames(doc, containers, options.holderName);
  const cardFrame = frames.find((frame) => frame.frameFields.includes('card_number'))!;
  const stateByField: MountContext['stateByField'] = {};
  for (const field of frames.flatMap((frame) => frame.frameFields)) stateByField[field] = initialState();
  const events = createEmitter<FieldsEvents>();
  const locale = options.locale ?? 'es-MX';
  const mount: MountContext = {
    doc,
    mountChannel: channelId(),
    fieldsOrigin,
    fieldFrames: frames,
    cardFrame,
    stateByField,
    currentBin: null,
    fontsFailed: [],
    emitEvent: events.emit,
    currentBrand: null,
    frameSessionId: '',
    allReady: false,
    mountLocale: locale,
    urlLocale: locale,
    mountStyle: options.style,
    styleChanged: false,
    postForm: postFlowForm(doc, options, cardFrame.fieldContainer),
    mountApi: undefined as unknown as HostedFields,
    postToFrame: (frame: FieldFrame, message) =>
      frame.fieldIframe.contentWindow?.postMessage(envelope(mount.mountChannel, message), fieldsOrigin),
    takeSnapshot: (): FieldsState => ({
      fields: structuredClone(stateByField),
      brand: mount.currentBrand,
      ready: mount.allReady,
      submitting: !!mount.pendingTokenize,
      canSubmit:
        mount.allReady && !mount.pendingTokenize && !mount.mountRefusal && Object.values(stateByField).every((state) => state.valid),
      deviceSessionId: mount.frameSessionId,
      failedFonts: [...mount.fontsFailed],
    }),
  };
  mount.mountApi = hostedFieldsApi(mount, events.on, options, timeoutMs, controller, added);
  addEventListener(
    'message',
    (event) => {
      const frame = frames.find((candidate) => accept(event, fieldsOrigin, candidate.fieldIframe.contentWindow));
      const message = frame && parseFromFrame(event.data, mount.mountChannel);
      if (frame && message) relayFrameMessage(mount, frame, message);
    },
    { signal: controller.signal },
  );
  if (mount.postForm && (options.flow ?? 'post') === 'post')
    bindPostFlow(mount.postForm, options, mount.mountApi.tokenize, controller.signal, added);
  const { style, messages, deviceData, fonts } = options;
  injectFrames(
    mount,
    options,
    fieldsUrl,
    { style, messages, merchantId: config.merchantId, publicKey, timeoutMs, deviceData, acceptedBrands: config.acceptedBrands, fonts },
    controller.signal,
  );
  return mount.mountApi;
}
