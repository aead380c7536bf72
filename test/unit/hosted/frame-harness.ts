/**
 * Runs the hosted-field frame (src/hosted/frame/index.ts) in the happy-dom document under a stand-in window: its
 * address (fragment with the channel, field, merchant origin and settings), its parent (whose `postMessage` is recorded, and
 * whose `frames` hold sibling handles for the expiry and CVV2), and its `message` listener, which `deliver` calls
 * as the merchant page's messages would arrive. Load the module graph fresh per test (`vi.resetModules`).
 */
import { expect } from 'vitest';

export const SHOP = 'https://shop.example';
export const CH = 'a'.repeat(32);
const YY = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');

/** A message the frame sent to the merchant page. */
export type Sent = { t: string; [k: string]: unknown };

/**
 * Starts the card-number frame, configured by its URL's fragment (`config` overrides the mount's settings there).
 * @param onSend called with each message the frame sends to the merchant page.
 */
export async function startTestFrame(config: Record<string, unknown> = {}, onSend: (m: Sent) => void = () => {}) {
  const { startFrame } = await import('../../../src/hosted/frame/index');
  const { envelope } = await import('../../../src/hosted/protocol');
  document.head.innerHTML = `<meta name="paytoken-allowed-origins" content="${SHOP}">`;
  document.body.innerHTML = '<div id="w"><input id="i" disabled><p id="e"></p></div>';
  const sibling = (field: string, value: string) => ({ __paytoken: { mountChannel: CH, fieldKey: field, fieldValue: () => value, siblingBrand: () => null, setBrand() {}, showError() {} } });
  const sent: Sent[] = [];
  const parent = {
    frames: [sibling('expiry', `12/${YY}`), sibling('cvv2', '123')],
    postMessage: (m: Sent) => (sent.push(m), onSend(m)),
  };
  const listeners: Record<string, (e: unknown) => void> = {};
  const settings = { label: 'Card number', locale: 'es-MX', merchantId: 'm1a2b3c4', publicKey: 'pk_test_123', timeoutMs: 20000, ...config };
  const hash = `#v=1&ch=${CH}&f=card_number&o=${encodeURIComponent(SHOP)}&c=${encodeURIComponent(JSON.stringify(settings))}`;
  const win = {
    document,
    location: { hash, href: `https://api.example.com/fields/v1/frame.html${hash}` },
    parent,
    addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] = fn),
  };
  startFrame(win as unknown as Window);
  const deliver = (m: object) => listeners.message!({ origin: SHOP, source: parent, data: envelope(CH, m) });
  expect(sent.map((m) => m.t)).toContain('ready');
  const input = document.getElementById('i') as HTMLInputElement;
  return { deliver, sent, input };
}
