import type { Brand } from '../../card/types';
import type { EntrySummary } from '../../fraud/entry';
import type { HostedField } from '../protocol';
import type { FieldHandle, FrameContext } from './context';

/** What a split-field frame offers its same-origin siblings (and nobody else: the merchant page cannot reach it). */
export interface SiblingHandle extends FieldHandle {
  /** The mount's channel id. */
  mountChannel: string;
  /** The merchant id, public key and API base URL the frame was started with: siblings must share them. */
  mountKey: string;
  /** The card number's brand (card-number frame), so the CVV2 frame checks its length. */
  siblingBrand(): Brand | null;
  /** The mount's autofill section (see `FrameContext.autofillSection`): the frame that starts first makes it. */
  autofillSection: string;
  /**
   * The frame's status line (`#s`, `role="status"`): at most one line of the mount says the card is complete, and
   * a frame whose field stops being valid empties it wherever it is.
   */
  statusLine: HTMLElement;
  /**
   * How this frame's field was entered (src/fraud/entry.ts), for the card-number frame to send with its token
   * request: set by the frame's later part; undefined until it has loaded or while nothing was entered.
   */
  fieldEntry?(): EntrySummary | undefined;
}

/**
 * Publishes a frame's handle for its siblings on `window.__paytoken` (not writable, not enumerable). Value
 * exchange between split fields is same-origin sibling access: every frame of a mount is a document of the API
 * origin, and a cross-origin parent still lets a frame list its siblings in `parent.frames`. Chosen over a
 * `MessageChannel`, whose ports would be made on, or carried through, the merchant page where a hostile script
 * can wrap the constructor or `postMessage` and sit in the middle, and over a `BroadcastChannel`, which is
 * asynchronous where sibling access is one synchronous read with nothing on any channel.
 */
export const publishSibling = (win: Window, handle: SiblingHandle): void =>
  void Object.defineProperty(win, '__paytoken', { value: handle });

/** The key siblings must share: the merchant id, public key and API base URL of a frame. */
export const mountKeyOf = (frame: FrameContext): string => {
  const config = frame.frameSettings.frameConfig;
  return `${config.merchantId} ${config.publicKey} ${frame.apiBaseUrl}`;
};

/** Every handle on the parent page with this frame's channel id (other frames only; any settings). */
export function handlesOnChannel(frame: FrameContext): SiblingHandle[] {
  const handles: SiblingHandle[] = [];
  const frames = frame.win.parent.frames;
  for (let i = 0; i < frames.length; i++) {
    try {
      const handle = (frames[i] as unknown as { __paytoken?: SiblingHandle }).__paytoken;
      if (
        handle &&
        handle !== (frame.win as unknown as { __paytoken?: SiblingHandle }).__paytoken &&
        handle.mountChannel === frame.frameSettings.mountChannel
      )
        handles.push(handle);
    } catch {
      /* a frame of another origin: not ours */
    }
  }
  return handles;
}

/**
 * The sibling frames of this mount, by field: the parent's frames whose `__paytoken` handle has this channel id
 * and this frame's merchant id, public key and API base URL ({@link mountKeyOf}). A frame a page script added on
 * the channel with other settings is no sibling: it reads nothing and is read by nobody.
 */
export function findSiblings(frame: FrameContext): Map<HostedField, SiblingHandle> {
  const key = mountKeyOf(frame);
  return new Map(
    handlesOnChannel(frame)
      .filter((handle) => handle.mountKey === key)
      .map((handle) => [handle.fieldKey, handle]),
  );
}
