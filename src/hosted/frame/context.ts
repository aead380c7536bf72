import type { Brand } from '../../card/types';
import type { ConfigurationError } from '../../errors/configuration';
import type { ResolvedConfig } from '../../http/config';
import type { FromFrame, HostedField, ToFrame } from '../protocol';
import type { FrameSettings } from './settings';

/**
 * One field as the frame's modules see it, whether its input is in this document or in a sibling frame of the
 * same mount: the value stays on the API origin (read synchronously, same-origin), nothing else crosses.
 */
export interface FieldHandle {
  fieldKey: HostedField;
  /** The value as typed (formatted). */
  fieldValue(): string;
  /** Shows this field's error after a submit (`code` of an API error about the field, else its own rule). */
  showError(code?: string): void;
  /** Tells a CVV2 field the card number's brand changed (checks its length against it). */
  setBrand(brand: Brand | null): void;
  /** Whether the field is valid as last shown (the card is complete when every field of the mount is). */
  fieldValid(): boolean;
}

/** What the frame's later script does for its first script (./later.ts). */
export interface FrameLater {
  /** Tokenizes on the page's request (the frame holding the card number), starting the device data if not yet. */
  tokenize(request: Extract<ToFrame, { t: 'tokenize' }>): Promise<void>;
}

/** What every module of one frame shares: its settings, the checked configuration, the page channel. */
export interface FrameContext {
  win: Window;
  doc: Document;
  frameSettings: FrameSettings;
  /** The API's `{base_url}`: this page's origin and path up to `/fields/` (the API serves the frames). */
  apiBaseUrl: string;
  /** The configuration as checked, what the token request is sent with; undefined under a `configProblem`. */
  frameTokenConfig?: ResolvedConfig;
  /** A setting the frame refused (merchant id, time-out, accepted brands, style): reported to the page once. */
  configProblem?: ConfigurationError;
  frameLocale: string;
  /** The card number's brand, as this frame knows it. */
  currentBrand: Brand | null;
  /** The fields whose inputs are in this document. */
  ownFields: FieldHandle[];
  /** Posts a message to the merchant page (its origin only). */
  postToPage(message: FromFrame): void;
  /** The shopper's message for an error code, in the current locale (see `formMessage`). */
  messageFor(code: string): string;
  /**
   * The autofill section of this frame's inputs (`section-` and 32 hex digits, in their autocomplete attribute):
   * the same in every frame of the mount (./siblings.ts), never known to the merchant page.
   */
  autofillSection: string;
  /** Says `ready` to the merchant page, naming the brand fonts that failed to load. */
  sayReady(failedFonts: string[]): void;
  /** The later script's part, loaded once (see ./loader.ts); asking again after a failure loads it again. */
  laterPart(): Promise<FrameLater>;
  /**
   * The events of this frame's inputs from its start until the later part takes them (see `recordEarlyEvents`),
   * each with whether the document had the focus then (`document.hasFocus()`: a replay would read its own time's).
   */
  earlyEvents?: [event: Event, focused: boolean][];
}
