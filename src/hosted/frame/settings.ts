import {
  CHANNEL,
  HOSTED_FIELDS,
  PROTOCOL_VERSION,
  originAllowed,
  parseConfig,
  type FrameConfig,
  type FrameKind,
  type HostedField,
} from '../protocol';

/** What a frame reads from its own address and page before it does anything. */
export interface FrameSettings {
  /** The mount's channel id (see `channelId`). */
  mountChannel: string;
  /** What this frame holds: one field, or `card` (the card element). */
  frameField: FrameKind;
  /** The merchant page's origin: the only target of this frame's messages and the only sender it reads. */
  pageOrigin: string;
  /** The mount's settings (see `FrameConfig`). */
  frameConfig: FrameConfig;
}

/** Text shown when the frame refuses to work, in both languages (the locale is not known yet). */
const REFUSED = 'Este campo no se puede usar en esta página. | This field cannot be used on this page.';

/**
 * Reads the frame's settings from its URL's fragment (see `frameUrl`), or refuses them: the protocol version,
 * a well-formed channel, a known field and configuration, a page that really frames this one, from an origin
 * allowed to embed it (the page's `<meta name="paytoken-allowed-origins">`, written by the server that serves it,
 * the same list as its CSP `frame-ancestors`) and, where the browser tells (`location.ancestorOrigins`:
 * Chromium, WebKit), the parent's origin is that origin.
 *
 * @param win the frame's window.
 * @returns the settings, or null: the frame must then refuse to work (see {@link refuseFrame}).
 */
export function readFrameSettings(win: Window): FrameSettings | null {
  const params = new URLSearchParams(win.location.hash.slice(1));
  const channel = params.get('ch') ?? '';
  const field = params.get('f') as FrameKind;
  const pageOrigin = params.get('o') ?? '';
  const frameConfig = parseConfig(params.get('c'));
  const allowed = (win.document.querySelector<HTMLMetaElement>('meta[name=paytoken-allowed-origins]')?.content ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const ancestors = win.location.ancestorOrigins;
  const framedByPage = win.parent !== win && originAllowed(pageOrigin, allowed) && (!ancestors || ancestors[0] === pageOrigin);
  const wellFormed =
    params.get('v') === String(PROTOCOL_VERSION) &&
    CHANNEL.test(channel) &&
    (HOSTED_FIELDS.includes(field as HostedField) || field === 'card');
  return wellFormed && frameConfig && framedByPage ? { mountChannel: channel, frameField: field, pageOrigin, frameConfig } : null;
}

/** Leaves the frame unusable and says why: its input disabled and labelled with the refusal, nothing sent. */
export function refuseFrame(doc: Document): void {
  const input = doc.getElementById('i') as HTMLInputElement;
  doc.documentElement.dataset.refused = '';
  input.disabled = true;
  input.setAttribute('aria-label', REFUSED);
  (doc.getElementById('e') as HTMLElement).textContent = REFUSED;
}
