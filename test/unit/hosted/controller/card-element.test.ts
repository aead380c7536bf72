// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
/**
 * The card element on the merchant page (`mountFields(config, { card })`, src/hosted/controller/): one frame from
 * the API origin for the whole card; its states arrive by field, its container shows them together, and the
 * `bin` event follows the card number.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../../../src/errors/index';
import { mountFields, type HostedFields } from '../../../../src/hosted/controller/mount';
import { PROTOCOL_VERSION } from '../../../../src/hosted/protocol';

const CONFIG = { merchantId: 'm1', publicKey: 'pk_test_1', baseUrl: 'http://127.0.0.1:4010' };
const API = 'http://127.0.0.1:4010';
let mounted: HostedFields[] = [];
const mount = (containers: object = { card: '#card' }, options: object = {}) => {
  const fields = mountFields(CONFIG, containers, options);
  mounted.push(fields);
  return fields;
};
const iframe = () => document.querySelector<HTMLIFrameElement>('#card iframe')!;
const hashOf = (f: HTMLIFrameElement) => new URLSearchParams(new URL(f.src).hash.slice(1));
const posted = () =>
  (iframe().contentWindow as unknown as { postMessage: { mock: { calls: unknown[][] } } }).postMessage.mock.calls.map(
    (c) => c[0] as Record<string, unknown>,
  );
const deliver = (body: object) =>
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { paytoken: PROTOCOL_VERSION, ch: hashOf(iframe()).get('ch'), ...body },
      origin: API,
      source: iframe().contentWindow as Window,
    }),
  );
const VALID = { empty: false, focused: false, valid: true, potentiallyValid: true };
const state = (f: string, s: object = VALID, extra: object = {}) =>
  deliver({ t: 'state', e: 'change', f, state: s, brand: f === 'card_number' ? 'visa' : null, ...extra });

const realContentWindow = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow');
beforeEach(() => {
  Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
    configurable: true,
    get(this: HTMLIFrameElement & { fake?: object }) {
      return this.isConnected ? (this.fake ??= { postMessage: vi.fn() }) : null;
    },
  });
  document.body.innerHTML = '<form id="f"><div id="card"></div><input id="name"><button type="submit">Pay</button></form>';
});
afterEach(() => {
  mounted.forEach((m) => m.unmount());
  mounted = [];
  if (realContentWindow) Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', realContentWindow);
});

describe('the card element on the merchant page', () => {
  it('puts one titled frame for the whole card, the holder name hosted', () => {
    mount();
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(iframe().title).toBe('Datos de la tarjeta');
    expect(hashOf(iframe()).get('f')).toBe('card');
    expect(JSON.parse(hashOf(iframe()).get('c')!)).toMatchObject({ holder: true });
  });

  it('mounts alone: with another field it is a ConfigurationError naming it', () => {
    expect(() => mount({ card: '#card', cvv2: '#name' })).toThrow(ConfigurationError);
    expect(() => mount({ card: '#card', cvv2: '#name' })).toThrow(/fields\.card/);
  });

  it('a holder name kept on the page: the frame is told, and tokenize reads the page input', () => {
    const fields = mount({ card: '#card' }, { holderName: '#name', flow: 'spa' });
    expect(JSON.parse(hashOf(iframe()).get('c')!)).toMatchObject({ holder: false });
    expect(Object.keys(fields.state().fields)).toEqual(['card_number', 'expiry', 'cvv2']);
    deliver({ t: 'ready', height: 40, session: 's'.repeat(32) });
    (document.getElementById('name') as HTMLInputElement).value = 'Ana';
    void fields.tokenize().catch(() => {});
    expect(posted().at(-1)).toMatchObject({ t: 'tokenize', holder_name: 'Ana' });
  });

  it('keeps each input state by field, shows them together on the container, and fires the field events', () => {
    const fields = mount();
    const changes: string[] = [];
    fields.on('change', (e) => changes.push(e.field));
    deliver({ t: 'ready', height: 40, session: 's'.repeat(32) });
    expect(fields.state()).toMatchObject({ ready: true, canSubmit: false });
    state('card_number');
    state('expiry', {
      empty: false,
      focused: true,
      valid: false,
      potentiallyValid: false,
      error: { code: 'expiration_month.format', message: 'x' },
    });
    const card = document.getElementById('card')!;
    expect([
      card.hasAttribute('data-paytoken-invalid'),
      card.hasAttribute('data-paytoken-focused'),
      card.hasAttribute('data-paytoken-valid'),
    ]).toEqual([true, true, false]);
    expect(card.getAttribute('data-paytoken-brand')).toBe('visa');
    state('expiry');
    state('cvv2');
    state('holder_name');
    expect(changes).toEqual(['card_number', 'expiry', 'expiry', 'cvv2', 'holder_name']);
    expect(fields.state()).toMatchObject({
      canSubmit: true,
      brand: 'visa',
      fields: { card_number: VALID, expiry: VALID, cvv2: VALID, holder_name: VALID },
    });
    expect(card.hasAttribute('data-paytoken-valid')).toBe(true);
  });

  it('the bin event follows the card number: the BIN once potentially valid, null when it goes', () => {
    const fields = mount();
    const bins: (string | null)[] = [];
    fields.on('bin', (e) => bins.push(e.bin));
    state('card_number', VALID, { bin: '424242' });
    state('card_number', VALID, { bin: '424242' });
    state('card_number', VALID, { bin: null });
    expect(bins).toEqual(['424242', null]);
  });

  it('a state naming a field the element does not hold counts for the card number, never a new field', () => {
    const fields = mount({ card: '#card' }, { holderName: '#name' });
    state('holder_name', { empty: false, focused: false, valid: false, potentiallyValid: false });
    expect(Object.keys(fields.state().fields)).toEqual(['card_number', 'expiry', 'cvv2']);
  });

  it('focus and clear name the input inside the frame', () => {
    const fields = mount();
    fields.focus('cvv2');
    fields.clear('expiry');
    fields.clear();
    expect(posted()).toEqual([
      expect.objectContaining({ t: 'focus', f: 'cvv2' }),
      expect.objectContaining({ t: 'clear', f: 'expiry' }),
      expect.objectContaining({ t: 'clear' }),
    ]);
  });

  it('brand fonts: the frame page is asked with their origins (its CSP font-src), the fonts in the settings', () => {
    mount(
      { card: '#card' },
      {
        fonts: [
          { family: 'Brand', src: 'https://fonts.example/b.woff2' },
          { family: 'Bad', src: 'not a url' },
        ],
      },
    );
    const url = new URL(iframe().src);
    expect(url.search).toBe(`?fonts=${encodeURIComponent('https://fonts.example')}`);
    expect(JSON.parse(hashOf(iframe()).get('c')!).fonts).toHaveLength(2);
  });

  it('ready says which fonts failed', () => {
    const fields = mount();
    const ready: unknown[] = [];
    fields.on('ready', (s) => ready.push(s.failedFonts));
    deliver({ t: 'ready', height: 40, session: 's'.repeat(32), failedFonts: ['Brand'] });
    expect(ready).toEqual([['Brand']]);
  });
});
