// @vitest-environment happy-dom
/**
 * The form layer forgets the card data (src/form/forget.ts): the PAN, expiry and CVV2 inputs are emptied once the
 * token is handed over, when the page is hidden (`pagehide`) and when it comes back from the back-forward cache
 * (`pageshow` with `persisted`); the brand and the fields' states are reset; the holder name stays.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, type MountedForm } from '../../../src/index';
import { errorObject, jsonResponse, TOKEN } from '../helpers';

const YY = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
let mounted: MountedForm | undefined;
const $ = (id: string) => document.getElementById(id) as HTMLInputElement;

function mount(html: string) {
  document.body.innerHTML = html;
  const client = createClient({ merchantId: 'm1a2b3c4d5e6f7g8h9i0', publicKey: 'pk_test_123', baseUrl: 'https://api.example.com' });
  mounted = client.form.mount(document.getElementById('f') as HTMLFormElement, { flow: 'spa' });
  return mounted;
}

const COMBINED = `<form id="f"><input id="name" data-paytoken-card="holder_name"><input id="pan" data-paytoken-card="card_number">
  <input id="exp" data-paytoken-card="expiry"><input id="cvv" data-paytoken-card="cvv2"><button type="submit">Pay</button></form>`;
const SEPARATE = `<form id="f"><input id="name" data-paytoken-card="holder_name"><input id="pan" data-paytoken-card="card_number">
  <input id="mm" data-paytoken-card="expiration_month"><input id="yy" data-paytoken-card="expiration_year"><input id="cvv" data-paytoken-card="cvv2">
  <button type="submit">Pay</button></form>`;

/** Sets values as autofill does (input and change events). */
function fill(values: Record<string, string>) {
  for (const [id, value] of Object.entries(values)) {
    $(id).value = value;
    $(id).dispatchEvent(new Event('input', { bubbles: true }));
    $(id).dispatchEvent(new Event('change', { bubbles: true }));
  }
}
const CARD = { name: 'Ana Pérez', pan: '4111 1111 1111 1111', exp: `12/${YY}`, cvv: '123' };

/** A page transition event (`pagehide`, `pageshow`) with its `persisted` flag. */
const transition = (type: 'pagehide' | 'pageshow', persisted: boolean) => Object.assign(new Event(type), { persisted });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, TOKEN)),
  );
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.unstubAllGlobals();
});

describe('after the token is handed over', () => {
  it('the PAN, expiry and CVV2 are empty, the brand and states reset; the holder name stays', async () => {
    const form = mount(COMBINED);
    const brands: (string | null)[] = [];
    form.on('brand', (e) => brands.push(e.brand));
    let seenAtToken = '';
    form.on('token', () => (seenAtToken = $('pan').value));
    fill(CARD);
    expect(form.state().brand).toBe('visa');
    await form.submit();
    expect(seenAtToken).toBe('4111 1111 1111 1111'); // listeners of `token` still see the page as it was
    expect([$('pan').value, $('exp').value, $('cvv').value]).toEqual(['', '', '']);
    expect($('name').value).toBe('Ana Pérez');
    expect(brands).toEqual(['visa', null]);
    expect(form.state()).toMatchObject({ brand: null, canSubmit: false });
    expect(document.getElementById('f')!.hasAttribute('data-paytoken-brand')).toBe(false);
    // no error shown for the emptied fields: they are untouched again
    for (const key of ['card_number', 'expiry', 'cvv2']) expect(form.state().fields[key]!.error).toBeUndefined();
    expect($('pan').getAttribute('aria-invalid')).toBeNull();
  });

  it('separate month and year inputs are emptied too', async () => {
    const form = mount(SEPARATE);
    fill({ name: 'Ana', pan: '4111111111111111', mm: '12', yy: YY, cvv: '123' });
    await form.submit();
    expect(['pan', 'mm', 'yy', 'cvv'].map((id) => $(id).value)).toEqual(['', '', '', '']);
    expect($('name').value).toBe('Ana');
  });

  it('a refused card keeps what the shopper typed (no token was handed over)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(402, errorObject())),
    );
    const form = mount(COMBINED);
    fill(CARD);
    await expect(form.submit()).rejects.toThrow();
    expect($('pan').value).toBe('4111 1111 1111 1111');
  });
});

describe('when the page is hidden or comes back', () => {
  it('pagehide empties the card inputs (nothing for the browser to restore on Back)', () => {
    const form = mount(COMBINED);
    fill(CARD);
    window.dispatchEvent(transition('pagehide', true));
    expect([$('pan').value, $('exp').value, $('cvv').value, $('name').value]).toEqual(['', '', '', 'Ana Pérez']);
    expect(form.state().brand).toBeNull();
  });

  it('pageshow from the back-forward cache (persisted) empties them; a first pageshow does not', () => {
    const form = mount(COMBINED);
    fill(CARD);
    window.dispatchEvent(transition('pageshow', false));
    expect($('pan').value).toBe('4111 1111 1111 1111');
    window.dispatchEvent(transition('pageshow', true));
    expect([$('pan').value, $('exp').value, $('cvv').value]).toEqual(['', '', '']);
    expect(form.state().brand).toBeNull();
  });

  it('after unmount the page events touch nothing', () => {
    mount(COMBINED).unmount();
    mounted = undefined;
    fill(CARD);
    window.dispatchEvent(transition('pagehide', true));
    expect($('pan').value).toBe('4111 1111 1111 1111');
  });
});
