/**
 * Types of the React binding (`paytoken/react`). The binding imports the package's public entry (`paytoken`), so an
 * app that uses both shares one copy of the hosted-fields code.
 */
import type { FieldsEvents, FieldsOptions, FieldsState, FrameKind, PayTokenError } from 'paytoken';

/** Where a component's container goes: a hosted field (`card_number`, `expiry`, `cvv2`, `holder_name`) or `card`, the card element (the whole card in one frame). */
export type ElementKey = FrameKind;

/**
 * Options of the one mount under a provider, from the provider's `options` and the card element's own: `locale`
 * (default `es-MX`; changed in place), `style` (the allowlist of `FieldsStyle`; changed in place), `messages`,
 * `placeholders`, `deviceData` (default true), `fonts`. A change to any but `locale` and `style` mounts the frames
 * afresh. No `flow`, `form` nor `holderName`: the app calls `tokenize()` and passes `holder_name` itself.
 */
export type PayTokenOptions = Omit<FieldsOptions, 'flow' | 'form' | 'holderName' | 'tokenField' | 'deviceSessionField'>;

/** The events of a mount (see `FieldsEvents`). */
export type PayTokenEvents = FieldsEvents;

/**
 * Event props of every component. They may change between renders: the latest ones are called, nothing is
 * mounted again. `onChange`, `onFocus` and `onBlur` of a split field fire for its own field only; the card element
 * and the other props get every event of the mount.
 */
export interface ElementEvents {
  onReady?: (event: PayTokenEvents['ready']) => void;
  onChange?: (event: PayTokenEvents['change']) => void;
  onFocus?: (event: PayTokenEvents['focus']) => void;
  onBlur?: (event: PayTokenEvents['blur']) => void;
  onBrand?: (event: PayTokenEvents['brand']) => void;
  onBin?: (event: PayTokenEvents['bin']) => void;
  onError?: (event: PayTokenEvents['error']) => void;
  onToken?: (event: PayTokenEvents['token']) => void;
}

/** What `useHostedFields()` re-renders on: the mount's state (null until mounted) and a mount that failed. */
export interface Snapshot {
  state: FieldsState | null;
  error?: PayTokenError;
}
