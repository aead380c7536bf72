/**
 * Runs the hosted-field frame (src/hosted/frame/index.ts) in the happy-dom document under a stand-in window: its
 * address (fragment with the channel, field, merchant origin and settings), its parent (whose `postMessage` is recorded, and
 * whose `frames` hold sibling handles for the expiry and CVV2), and its `message` listener, which `deliver` calls
 * as the merchant page's messages would arrive. Load the module graph fresh per test (`vi.resetModules`).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { FrameContext, FrameLater } from '../../../src/hosted/frame/context';
import { LABELS } from '../../../src/hosted/labels';

export const SHOP = 'https://shop.example';
export const CH = 'a'.repeat(32);
const YY = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');

/** The frame's layout in a test: what it holds (`card` for the card element), and its parent's other frames. */
export interface FrameLayout {
  field?: string;
  frames?: object[];
  /** Loads the frame's later part; default: imports src/hosted/frame/later.ts and installs it. */
  load?: (frame: FrameContext) => Promise<FrameLater>;
}

/** The autofill section of the sibling frames the harness puts beside a split field (see `startTestFrame`). */
export const SIBLING_SECTION = `section-${'b'.repeat(32)}`;

/** The expiry of a valid card in tests (`MM/YY`, three years ahead). */
export const VALID_EXPIRY = `12/${YY}`;

/** The frame page's own body (src/hosted/frame/frame.html), its script left out: the input, error and status lines. */
const FRAME_BODY = /<body>\s*(<div id="w">.*<\/div>)\s*<script/s.exec(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../src/hosted/frame/frame.html'), 'utf8'),
)![1]!;

/** A message the frame sent to the merchant page. */
export type Sent = { t: string; [k: string]: unknown };

/**
 * Starts the card-number frame, configured by its URL's fragment (`config` overrides the mount's settings there).
 * @param onSend called with each message the frame sends to the merchant page.
 */
export async function startTestFrame(config: Record<string, unknown> = {}, onSend: (m: Sent) => void = () => {}, layout: FrameLayout = {}) {
  const { startFrame } = await import('../../../src/hosted/frame/index');
  const { envelope } = await import('../../../src/hosted/protocol');
  document.head.innerHTML = `<meta name="paytoken-allowed-origins" content="${SHOP}">`;
  document.body.innerHTML = FRAME_BODY;
  // the card element's default labels come from the merchant page, as `mountFields` sends them
  const labels = layout.field === 'card' ? { labels: LABELS } : {};
  const settings = {
    label: 'Card number',
    locale: 'es-MX',
    merchantId: 'm1a2b3c4',
    publicKey: 'pk_test_123',
    timeoutMs: 20000,
    ...labels,
    ...config,
  };
  // a sibling frame of the same mount: same channel, merchant id, public key and API base URL
  const mountKey = `${settings.merchantId} ${settings.publicKey} https://api.example.com`;
  const sibling = (field: string, value: string) => ({
    __paytoken: {
      mountChannel: CH,
      mountKey,
      fieldKey: field,
      fieldValue: () => value,
      siblingBrand: () => null,
      autofillSection: SIBLING_SECTION,
      setBrand() {},
      showError() {},
      fieldValid: () => !!value,
    },
  });
  const sent: Sent[] = [];
  const parent = {
    frames: layout.frames ?? (layout.field === 'card' ? [] : [sibling('expiry', `12/${YY}`), sibling('cvv2', '123')]),
    postMessage: (m: Sent) => (sent.push(m), onSend(m)),
  };
  const listeners: Record<string, (e: unknown) => void> = {};
  const hash = `#v=1&ch=${CH}&f=${layout.field ?? 'card_number'}&o=${encodeURIComponent(SHOP)}&c=${encodeURIComponent(JSON.stringify(settings))}`;
  const win = {
    document,
    location: { hash, href: `https://api.example.com/fields/v1/frame.html${hash}` },
    parent,
    addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] = fn),
  };
  // the later part, which the frame page's first script loads as a script of its own, imported here
  startFrame(
    win as unknown as Window,
    layout.load ?? (async (frame) => (await import('../../../src/hosted/frame/later')).installLater(frame)),
  );
  const deliver = (m: object) => listeners.message!({ origin: SHOP, source: parent, data: envelope(CH, m) });
  const input = document.getElementById('i') as HTMLInputElement;
  expect(sent.filter((m) => m.t === 'ready')).toHaveLength('fonts' in settings ? 0 : 1);
  return { deliver, sent, input, parent, win, sibling };
}
