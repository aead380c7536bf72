import type { Brand } from '../../card/types';
import type { PayTokenError } from '../../errors/base';
import type { HostedField, HostedFieldState, ToFrame } from '../protocol';
import type { Emitter } from './events';
import type { FieldFrame } from './frames';
import type { FieldsEvents, FieldsState, FieldsTokenResult, HostedFields } from './types';

/** The tokenization under way: its id, and how to settle its promise. */
export interface PendingTokenize {
  tokenizeId: number;
  resolveToken(result: FieldsTokenResult): void;
  rejectToken(error: PayTokenError): void;
}

/** What the modules of one mount share on the merchant page. */
export interface MountContext {
  doc: Document;
  mountChannel: string;
  fieldsOrigin: string;
  fieldFrames: FieldFrame[];
  /** The frame holding the card number (the card element's, or the card-number field's): it tokenizes. */
  cardFrame: FieldFrame;
  /** Each field's last state, by field (every field of the mount, from its start). */
  stateByField: Partial<Record<HostedField, HostedFieldState>>;
  currentBin: string | null;
  /** The brand fonts the frames could not load (`ready`'s `failedFonts`). */
  fontsFailed: string[];
  /** Emits a mount event (`on` is the public side, see `HostedFields`). */
  emitEvent: Emitter<FieldsEvents>['emit'];
  currentBrand: Brand | null;
  frameSessionId: string;
  allReady: boolean;
  /** The locale now, and the one in the frames' URLs (a frame that loads after a change is told the new one). */
  mountLocale: string;
  urlLocale: string;
  /** The style now (a frame that loads after `setStyle` is sent it; its URL has the mount's). */
  mountStyle: unknown;
  styleChanged: boolean;
  /** A setting a frame refused (`fail` with id 0): every tokenization fails with it. */
  mountRefusal?: FieldsEvents['error'];
  pendingTokenize?: PendingTokenize;
  postForm: HTMLFormElement | null;
  mountApi: HostedFields;
  postToFrame(frame: FieldFrame, message: ToFrame): void;
  takeSnapshot(): FieldsState;
}
