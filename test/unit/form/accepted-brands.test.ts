// @vitest-environment happy-dom
/**
 * `acceptedBrands`, a client setting (src/http/config.ts, `createClient`): checked with the configuration; a card
 * of another network is refused before any request by `tokens.create` and `cards.create`, and by the form layer as
 * the shopper types, with the message the form layer gives a refused brand (`card_number.brand`).
 */
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createClient, formMessage } from '../../../src/index';
import { resolveClientConfig, resolveConfig } from '../../../src/http/config';
import { jsonResponse, TOKEN } from '../helpers';

const YY = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
const BASE = { merchantId: 'm1a2b3c4d5e6f7g8h9i0', publicKey: 'pk_test_123', baseUrl: 'https://api.example.com' };
const CARD = (card_number: string) => ({ card_number, holder_name: 'Ana Perez', expiration_month: '12', expiration_year: YY, cvv2: '123' });
const DISCOVER = '6011111111111117';

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(201, TOKEN));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('acceptedBrands in the client configuration', () => {
  it('is kept (a copy) when given, absent when not', () => {
    const list = ['visa', 'mastercard', 'carnet'] as const;
    const cfg = resolveClientConfig({ ...BASE, acceptedBrands: list });
    expect(cfg.acceptedBrands).toEqual(['visa', 'mastercard', 'carnet']);
    expect(cfg.acceptedBrands).not.toBe(list);
    expect('acceptedBrands' in resolveClientConfig(BASE)).toBe(false);
    // the plain check (the standalone tokenize's) leaves it out, so a tokenize-only app does not carry its check
    expect('acceptedBrands' in resolveConfig({ ...BASE, acceptedBrands: list })).toBe(false);
    expect(createClient({ ...BASE, acceptedBrands: ['visa'] }).config.acceptedBrands).toEqual(['visa']);
  });

  it.each([[[]], [['visa', 'maestro']], [['Visa']], ['visa'], [[['visa']]], [null], [{ 0: 'visa', length: 1 }]])(
    '%j is a ConfigurationError naming acceptedBrands',
    (acceptedBrands) => {
      expect(() => createClient({ ...BASE, acceptedBrands } as never)).toThrow(
        expect.objectContaining({ type: 'configuration', option: 'acceptedBrands' }),
      );
      // mountFields leaves the list to the frames, which report it (test/unit/hosted/frame/index.test.ts)
    },
  );

  it('tokens.create refuses a card of another network, with no request; an accepted one is sent', async () => {
    const client = createClient({ ...BASE, acceptedBrands: ['visa', 'mastercard'] });
    await expect(client.tokens.create(CARD(DISCOVER))).rejects.toMatchObject({
      type: 'validation',
      field: 'card_number',
      rule: 'brand',
      error_code: 1001,
    });
    await expect(client.tokens.create(CARD('5555 5555 5555 4444'))).resolves.toMatchObject({ id: TOKEN.id });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('cards.create refuses it too; without the setting any network goes', async () => {
    await expect(createClient({ ...BASE, acceptedBrands: ['carnet'] }).cards.create(CARD('4111111111111111'))).rejects.toMatchObject({
      field: 'card_number',
      rule: 'brand',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await createClient(BASE).tokens.create(CARD(DISCOVER));
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('the form layer refuses a brand the merchant does not accept', () => {
  const FORM = `<form id="f"><input id="name" data-paytoken-card="holder_name" value="Ana Perez">
    <input id="pan" data-paytoken-card="card_number"><input id="exp" data-paytoken-card="expiry" value="12/${YY}">
    <input id="cvv" data-paytoken-card="cvv2" value="123"><button>Pay</button></form>`;
  const type = (el: HTMLInputElement, text: string) => {
    el.focus();
    el.value = text;
    el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
  };

  it('as the shopper types: the card number shows "No aceptamos esta tarjeta." (en: "We do not accept this card."); submit sends nothing', async () => {
    document.body.innerHTML = FORM;
    const form = document.getElementById('f') as HTMLFormElement;
    const mounted = createClient({ ...BASE, acceptedBrands: ['visa', 'mastercard'] }).form.mount(form, { flow: 'spa' });
    const pan = document.getElementById('pan') as HTMLInputElement;
    type(pan, DISCOVER.replace(/(\d{4})(?=\d)/g, '$1 '));
    const state = mounted.state().fields.card_number!;
    expect(state).toMatchObject({
      valid: false,
      potentiallyValid: false,
      error: { code: 'card_number.brand', message: 'No aceptamos esta tarjeta.' },
    });
    expect(state.error!.message).toBe(formMessage('card_number.brand', 'es-MX'));
    expect(pan.getAttribute('aria-invalid')).toBe('true');
    mounted.setLocale('en');
    expect(mounted.state().fields.card_number!.error!.message).toBe('We do not accept this card.');
    await expect(mounted.submit()).rejects.toMatchObject({ type: 'validation', field: 'card_number', rule: 'brand' });
    expect(fetchMock).not.toHaveBeenCalled();
    // an accepted network pays
    type(pan, '4111 1111 1111 1111');
    expect(mounted.state().fields.card_number).toMatchObject({ valid: true });
    await expect(mounted.submit()).resolves.toMatchObject({ token_id: TOKEN.id });
  });

  it('without acceptedBrands the same number is valid (no number is refused for its IIN)', () => {
    document.body.innerHTML = FORM;
    const mounted = createClient(BASE).form.mount(document.getElementById('f') as HTMLFormElement, { flow: 'spa' });
    type(document.getElementById('pan') as HTMLInputElement, DISCOVER);
    expect(mounted.state().fields.card_number).toMatchObject({ valid: true });
  });
});
