import { PayTokenError, type ErrorType } from '../../errors/base';
import type { FailData, FromFrame } from '../protocol';
import type { MountContext } from './context';
import { renderContainer, type FieldFrame } from './frames';

/**
 * The typed error of a frame's answer: the base class with the error's own properties, an `instanceof` its
 * subclass all the same (`PayTokenError` goes by type), so this page carries none of the subclasses.
 */
export const rebuildError = (fail: Pick<FailData, 'type' | 'message' | 'props'>): PayTokenError =>
  Object.assign(new PayTokenError(fail.type as ErrorType, fail.message), fail.props);

/** A frame loaded: sized, told the locale if it changed since, and `ready` once every frame is. */
function frameReady(mount: MountContext, frame: FieldFrame, message: Extract<FromFrame, { t: 'ready' }>): void {
  if (frame.frameLoaded) return;
  frame.frameLoaded = true;
  if (mount.mountLocale !== mount.urlLocale) mount.postToFrame(frame, { t: 'locale', locale: mount.mountLocale });
  if (mount.styleChanged) mount.postToFrame(frame, { t: 'style', style: mount.mountStyle });
  if (frame === mount.cardFrame) mount.frameSessionId = message.session;
  mount.fontsFailed.push(...(message.failedFonts ?? []));
  if ((mount.allReady = mount.fieldFrames.every((other) => other.frameLoaded))) mount.emitEvent('ready', mount.takeSnapshot());
}

/** A field's new state: rendered on its container, and the field events it means (`brand`, `bin` too). */
function fieldStateChanged(mount: MountContext, frame: FieldFrame, message: Extract<FromFrame, { t: 'state' }>): void {
  const fields = frame.frameFields;
  const field = message.f && fields.includes(message.f) ? message.f : fields[0]!;
  const old = mount.stateByField[field]!;
  mount.stateByField[field] = message.state;
  if (field === 'card_number') {
    if (message.brand !== mount.currentBrand) mount.emitEvent('brand', { brand: (mount.currentBrand = message.brand) });
    if ((message.bin ?? null) !== mount.currentBin) mount.emitEvent('bin', { bin: (mount.currentBin = message.bin ?? null) });
  }
  renderContainer(
    frame,
    fields.map((key) => mount.stateByField[key]!),
    frame === mount.cardFrame && mount.currentBrand,
  );
  const event = { field, state: { ...message.state } };
  if (message.e !== 'show') mount.emitEvent(message.e, event);
  if (old.valid !== message.state.valid || old.potentiallyValid !== message.state.potentiallyValid)
    mount.emitEvent('validityChange', event);
}

/** The answer to the tokenization under way: the token, or its failure (shown, focused, rejected). */
function tokenizeAnswered(mount: MountContext, message: Extract<FromFrame, { t: 'token' | 'fail' }>): void {
  const pending = mount.pendingTokenize;
  if (!pending || pending.tokenizeId !== message.id) return;
  if (message.t === 'token') {
    const result = { token_id: message.token.id, device_session_id: message.session, token: message.token };
    mount.emitEvent('token', result);
    pending.resolveToken(result);
  } else {
    const error = rebuildError(message.fail);
    mount.emitEvent('error', { code: message.fail.code, message: message.fail.text, field: message.fail.field, error });
    mount.mountApi.focus(message.fail.field!);
    pending.rejectToken(error);
  }
}

/**
 * Relays one checked message of a frame to the mount's events (see `FieldsEvents`): sizes, readiness, field
 * states, Enter (submits the form), a refused setting (`fail` id 0), and the answer to a tokenization.
 */
export function relayFrameMessage(mount: MountContext, frame: FieldFrame, message: FromFrame): void {
  if (message.t === 'ready' || message.t === 'resize') {
    frame.fieldIframe.height = String(message.height);
    if (message.t === 'ready') frameReady(mount, frame, message);
  } else if (message.t === 'state') fieldStateChanged(mount, frame, message);
  else if (message.t === 'enter') mount.postForm?.requestSubmit();
  else if (message.t === 'fail' && !message.id) {
    if (!mount.mountRefusal)
      mount.emitEvent(
        'error',
        (mount.mountRefusal = { code: message.fail.code, message: message.fail.text, error: rebuildError(message.fail) }),
      );
  } else if (frame === mount.cardFrame) tokenizeAnswered(mount, message);
}
