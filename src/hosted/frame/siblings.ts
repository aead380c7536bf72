import type { Brand } from '../../card/types';
import type { HostedField } from '../protocol';
import type { FieldHandle, FrameContext } from './context';

/** What a split-field frame offers its same-origin siblings (and nobody else: the merchant page cannot reach it). */
export interface SiblingHandle extends FieldHandle {
  /** The mount's channel id. */
  mountChannel: string;
  /** The card number's brand (card-number frame), so the CVV2 frame checks its length. */
  siblingBrand(): Brand | null;
}

/**
 * Publishes a frame's handle for its siblings on `window.__paytoken` (not writable, not enumerable). Value
 * exchange between split fields is same-origin sibling access: every frame of a mount is a document of the API
 * origin, and a cross-origin parent still lets a frame list its siblings in `parent.frames`. Chosen over a
 * `MessageChannel`, whose ports would be made on, or carried through, the merchant page where a hostile script
 * can wrap the constructor or `postMessage` and sit in the middle, and over a `BroadcastChannel`, which is
 * asynchronous where sibling access is one synchronous read with nothing on any channel.
 */
export const publishSibling = (win: Window, handle: SiblingHandle): void => void Object.defineProperty(win, '__paytoken', { value: handle });

/**
 * The same-origin frames of this mount, by field (not this frame's own): the parent's frames whose
 * `__paytoken` handle has this channel id. A frame of another origin throws on access and is skipped.
 */
export function findSiblings(frame: FrameContext): Map<HostedField, SiblingHandle> {
  const found = new Map<HostedField, SiblingHandle>();
  const frames = frame.win.parent.frames;
  for (let i = 0; i < frames.length; i++) {
    try {
      const handle = (frames[i] as unknown as { __paytoken?: SiblingHandle }).__paytoken;
      if (handle && handle.mountChannel === frame.frameSettings.mountChannel && handle.fieldKey !== frame.frameSettings.frameField) found.set(handle.fieldKey, handle);
    } catch {
      /* a frame of another origin: not ours */
    }
  }
  return found;
}

/** Every field of the mount this frame can read: its own inputs first, then its siblings'. */
export function readableFields(frame: FrameContext): Map<HostedField, FieldHandle> {
  const fields = new Map<HostedField, FieldHandle>(findSiblings(frame));
  for (const own of frame.ownFields) fields.set(own.fieldKey, own);
  return fields;
}
