// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
/**
 * `acceptedBrands` reaches the hosted card-number frame through the mount's config message (the frame validates):
 * the controller sends the client's list, the protocol checks its shape, and the frame refuses a number of another
 * network as the shopper types (`card_number.brand`, "No aceptamos esta tarjeta.") and on tokenize, with no request.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { jsonResponse, TOKEN } from '../helpers';
import { startTestFrame, type Sent } from './frame-harness';

const API = 'http://127.0.0.1:4010';
const DISCOVER = '6011 1111 1111 1117';
let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  vi.resetModules();
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(201, TOKEN));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('hosted fields: acceptedBrands', () => {
  it("the controller sends the client's list in the config message (and nothing when there is none)", async () => {
    const { createClient } = await import('../../../src/client');
    const posted: unknown[] = [];
    const real = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      configurable: true,
      get(this: HTMLIFrameElement & { fake?: object }) {
        return this.isConnected ? (this.fake ??= { postMessage: (m: unknown) => posted.push(m) }) : null;
      },
    });
    try {
      for (const acceptedBrands of [['visa', 'carnet'] as const, undefined]) {
        document.body.innerHTML = '<div id="pan"></div><div id="exp"></div><div id="cvv"></div>';
        posted.length = 0;
        const fields = createClient({
          merchantId: 'm1',
          publicKey: 'pk_test_1',
          baseUrl: API,
          ...(acceptedBrands && { acceptedBrands }),
        }).fields.mount({ card_number: '#pan', expiry: '#exp', cvv2: '#cvv' });
        const iframe = document.querySelector<HTMLIFrameElement>('#pan iframe')!;
        const settings = JSON.parse(new URLSearchParams(new URL(iframe.src).hash.slice(1)).get('c')!);
        expect(posted).toHaveLength(0);
        expect((settings as { acceptedBrands?: string[] }).acceptedBrands).toEqual(acceptedBrands && [...acceptedBrands]);
        fields.unmount();
      }
    } finally {
      Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', real);
    }
  });

  it('the protocol leaves acceptedBrands to the frame, which reports anything but a list of brand names (see frame/index.test.ts)', async () => {
    const { parseConfig } = await import('../../../src/hosted/protocol');
    const config = (acceptedBrands: unknown) =>
      JSON.stringify({ label: 'x', locale: 'es-MX', merchantId: 'm1', publicKey: 'pk_1', timeoutMs: 1000, acceptedBrands });
    for (const list of [['visa'], undefined, 'visa', [1], { 0: 'visa' }])
      expect(parseConfig(config(list)), JSON.stringify(list)).not.toBeNull();
  });

  it('the frame refuses a number of another network as it is typed and on tokenize, sending nothing; an accepted one is tokenized', async () => {
    const { deliver, sent, input } = await startTestFrame({ acceptedBrands: ['visa', 'mastercard'], deviceData: false });
    const last = (t: string) => [...sent].reverse().find((m: Sent) => m.t === t) as Sent & Record<string, any>;
    input.value = DISCOVER;
    input.dispatchEvent(new InputEvent('input', { inputType: 'insertText' }));
    expect(last('state').state).toMatchObject({
      valid: false,
      potentiallyValid: false,
      error: { code: 'card_number.brand', message: 'No aceptamos esta tarjeta.' },
    });
    expect(document.getElementById('e')!.textContent).toBe('No aceptamos esta tarjeta.');
    deliver({ t: 'tokenize', id: 1, holder_name: 'Ana Perez' });
    await vi.waitFor(() => expect(last('fail')).toBeDefined());
    expect(last('fail').fail).toMatchObject({
      type: 'validation',
      code: 'card_number.brand',
      field: 'card_number',
      text: 'No aceptamos esta tarjeta.',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    input.value = '4111 1111 1111 1111';
    input.dispatchEvent(new InputEvent('input', { inputType: 'insertText' }));
    expect(last('state').state).toMatchObject({ valid: true });
    deliver({ t: 'tokenize', id: 2, holder_name: 'Ana Perez' });
    await vi.waitFor(() => expect(last('token')).toMatchObject({ id: 2, token: { id: TOKEN.id } }));
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
