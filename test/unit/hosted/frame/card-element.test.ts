// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
/**
 * The card element inside its frame (src/hosted/frame/card-element.ts and index.ts with `f=card`): four inputs in
 * one document, each labelled and with its autocomplete token, states named by field, one tokenization reading
 * all of them, the BIN on the card number's state, `holder: false` for a name kept on the merchant page.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { jsonResponse, TOKEN } from '../../helpers';
import { CH, startTestFrame, VALID_EXPIRY, type Sent } from '../frame-harness';

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  vi.resetModules();
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(201, TOKEN));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** A valid expiry frame of the same mount, as the frame harness builds its siblings. */
const EXPIRY_SIBLING = {
  __paytoken: {
    mountChannel: CH,
    mountKey: 'm1a2b3c4 pk_test_123 https://api.example.com',
    fieldKey: 'expiry',
    fieldValue: () => VALID_EXPIRY,
    fieldValid: () => true,
    siblingBrand: () => null,
    autofillSection: `section-${'b'.repeat(32)}`,
    setBrand() {},
    showError() {},
  },
};
const inputs = () => [...document.querySelectorAll<HTMLInputElement>('#w input')];
const type = (input: HTMLInputElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { inputType: 'insertText' }));
};
const lastOf = (sent: Sent[], t: string) => [...sent].reverse().find((m) => m.t === t) as Sent & Record<string, any>;

describe('the card element frame', () => {
  it('holds the card number, expiry, CVV2 and holder name, in that keyboard order, each labelled, with its autocomplete token', async () => {
    await startTestFrame({ deviceData: false }, undefined, { field: 'card' });
    // each token in the frame's own autofill section (one random section for the four: the page never sees it)
    const [section] = inputs()[0]!.getAttribute('autocomplete')!.split(' ');
    expect(section).toMatch(/^section-[0-9a-f]{32}$/);
    expect(inputs().map((i) => [i.getAttribute('autocomplete'), i.getAttribute('aria-label'), i.disabled])).toEqual([
      [`${section} cc-number`, 'Número de tarjeta', false],
      [`${section} cc-exp`, 'Vencimiento (MM/AA)', false],
      [`${section} cc-csc`, 'Código de seguridad', false],
      [`${section} cc-name`, 'Nombre del titular', false],
    ]);
    expect(document.getElementById('w')!.classList.contains('card')).toBe(true);
    expect(inputs().map((i) => i.getAttribute('aria-describedby'))).toEqual(
      ['e', 'e', 'e', 'e'].map(() => inputs()[0]!.getAttribute('aria-describedby')),
    );
  });

  it('leaves the holder name out when it stays on the merchant page (holder: false)', async () => {
    await startTestFrame({ deviceData: false, holder: false }, undefined, { field: 'card' });
    expect(inputs().map((i) => i.getAttribute('autocomplete')!.split(' ')[1])).toEqual(['cc-number', 'cc-exp', 'cc-csc']);
  });

  it('names the field in each state message, and the card number carries its BIN once potentially valid', async () => {
    const { sent } = await startTestFrame({ deviceData: false }, undefined, { field: 'card' });
    const [number, expiry] = inputs();
    type(number!, '4242 42');
    expect(lastOf(sent, 'state')).toMatchObject({
      f: 'card_number',
      bin: '424242',
      brand: 'visa',
      state: { valid: false, potentiallyValid: true },
    });
    type(number!, '4242');
    expect(lastOf(sent, 'state')).toMatchObject({ f: 'card_number', bin: null });
    type(expiry!, '13');
    expect(lastOf(sent, 'state')).toMatchObject({
      f: 'expiry',
      state: { potentiallyValid: false, error: { code: 'expiration_month.format' } },
    });
    expect(document.getElementById('e')!.textContent).toBe('Vencimiento no válido.');
  });

  it('checks the CVV2 against the brand typed in the same frame', async () => {
    const { sent } = await startTestFrame({ deviceData: false }, undefined, { field: 'card' });
    const [number, , cvv2] = inputs();
    type(cvv2!, '123');
    expect(lastOf(sent, 'state')).toMatchObject({ f: 'cvv2', state: { valid: true } });
    type(number!, '3782 822463 10005');
    const cvv2States = sent.filter((m) => m.t === 'state' && m.f === 'cvv2');
    expect(cvv2States.at(-1)).toMatchObject({ e: 'show', state: { valid: false, potentiallyValid: true } });
  });

  it('tokenizes the whole card from its own inputs (the holder name hosted too), with no sibling frame', async () => {
    const { sent, deliver } = await startTestFrame({ deviceData: false }, undefined, { field: 'card' });
    const [number, expiry, cvv2, holder] = inputs();
    type(number!, '4242 4242 4242 4242');
    type(expiry!, VALID_EXPIRY);
    type(cvv2!, '123');
    type(holder!, 'Ana López');
    deliver({ t: 'tokenize', id: 1 });
    await vi.waitFor(() => expect(lastOf(sent, 'token')).toMatchObject({ id: 1, token: { id: TOKEN.id } }));
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(body).toMatchObject({ card_number: '4242424242424242', holder_name: 'Ana López', cvv2: '123', expiration_month: '12' });
  });

  it('a failed rule is shown on the input it concerns and named in the fail message', async () => {
    const { sent, deliver } = await startTestFrame({ deviceData: false }, undefined, { field: 'card' });
    const [number, expiry] = inputs();
    type(number!, '4242 4242 4242 4242');
    type(expiry!, VALID_EXPIRY);
    deliver({ t: 'tokenize', id: 1 });
    await vi.waitFor(() => expect(lastOf(sent, 'fail')).toBeDefined());
    expect(lastOf(sent, 'fail').fail).toMatchObject({ type: 'validation', field: 'holder_name' });
    expect(inputs()[2]!.getAttribute('aria-invalid')).toBe('true');
    // the one error line describes the input in error only (Orca read the holder name with the CVV2's error)
    expect(inputs().map((i) => i.getAttribute('aria-describedby'))).toEqual([null, null, 'e', null]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('focus and clear name an input; setLocale relabels every input', async () => {
    const { deliver } = await startTestFrame({ deviceData: false }, undefined, { field: 'card' });
    const [number, , cvv2] = inputs();
    type(number!, '4242');
    type(cvv2!, '12');
    deliver({ t: 'clear', f: 'cvv2' });
    expect([number!.value, cvv2!.value]).toEqual(['4242', '']);
    deliver({ t: 'focus', f: 'cvv2' });
    expect(document.activeElement).toBe(cvv2);
    deliver({ t: 'clear' });
    expect(number!.value).toBe('');
    deliver({ t: 'locale', locale: 'en' });
    expect(inputs().map((i) => i.getAttribute('aria-label'))).toEqual(['Card number', 'Expiry (MM/YY)', 'Security code', 'Name on card']);
    expect(inputs()[1]!.placeholder).toBe('MM/YY');
  });
});

describe('the card element frame, for assistive technology', () => {
  const status = () => document.getElementById('s')!;
  // the status line says the card is complete after a pause in typing (COMPLETE_PAUSE_MS): timers run by the test
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());
  const pause = () => vi.advanceTimersByTime(1000);
  it('marks every input required, none described by the error line while it is empty; the error line and the status line are live regions from load', async () => {
    await startTestFrame({ deviceData: false }, undefined, { field: 'card' });
    expect(inputs().map((i) => [i.getAttribute('aria-required'), i.getAttribute('aria-describedby')])).toEqual(
      inputs().map(() => ['true', null]),
    );
    // present and empty before anything is said: a region added or shown with its first message may not be announced
    expect(document.getElementById('e')!.getAttribute('aria-live')).toBe('polite');
    expect(status().getAttribute('role')).toBe('status');
    expect([document.getElementById('e')!.textContent, status().textContent]).toEqual(['', '']);
  });

  it('says the card is complete once every input is valid, in the locale, and takes it back when one is not', async () => {
    const { deliver } = await startTestFrame({ deviceData: false }, undefined, { field: 'card' });
    const [number, expiry, cvv2, name] = inputs();
    type(number!, '4242 4242 4242 4242');
    type(expiry!, VALID_EXPIRY);
    type(cvv2!, '123');
    expect(status().textContent).toBe('');
    type(name!, 'Ana Perez');
    pause();
    expect(status().textContent).toBe('Tarjeta completa.');
    deliver({ t: 'locale', locale: 'en' });
    expect(status().textContent).toBe('Card complete.');
    type(cvv2!, '1');
    expect(status().textContent).toBe('');
  });

  it('a split field says the card is complete only when its sibling frames are valid too', async () => {
    const empty = { ...EXPIRY_SIBLING, __paytoken: { ...EXPIRY_SIBLING.__paytoken, fieldValue: () => '', fieldValid: () => false } };
    const { input } = await startTestFrame({ deviceData: false }, undefined, { frames: [empty] });
    type(input, '4242 4242 4242 4242');
    expect(status().textContent).toBe('');
    vi.resetModules();
    const complete = await startTestFrame({ deviceData: false }, undefined, { frames: [EXPIRY_SIBLING] });
    type(complete.input, '4242 4242 4242 4242');
    pause();
    expect(status().textContent).toBe('Tarjeta completa.');
  });

  it("a split field's 'card complete' is emptied when another frame's field stops being valid, and said once again on completion", async () => {
    // the CVV2 frame completed the card earlier: its status line says so
    const cvv2Status = document.createElement('div');
    cvv2Status.textContent = 'Tarjeta completa.';
    let cvv2Valid = true;
    const cvv2 = {
      __paytoken: { ...EXPIRY_SIBLING.__paytoken, fieldKey: 'cvv2', fieldValid: () => cvv2Valid, statusLine: cvv2Status },
    };
    const { input } = await startTestFrame({ deviceData: false }, undefined, { frames: [EXPIRY_SIBLING, cvv2] });
    type(input, '4242 4242 4242 4242');
    // the card is still complete: said once, by the CVV2 frame, not again here
    expect([status().textContent, cvv2Status.textContent]).toEqual(['', 'Tarjeta completa.']);
    type(input, '4242 4242 4242 424');
    expect([status().textContent, cvv2Status.textContent]).toEqual(['', '']);
    type(input, '4242 4242 4242 4242');
    pause();
    expect([status().textContent, cvv2Status.textContent]).toEqual(['Tarjeta completa.', '']);
    // the CVV2 frame's field no longer valid: the line that says it (this frame's) is emptied
    cvv2Valid = false;
    type(input, '4242 4242 4242 4241');
    type(input, '4242 4242 4242 4242');
    pause();
    expect([status().textContent, cvv2Status.textContent]).toEqual(['', '']);
  });

  it("a split field whose change left the card incomplete does not say it later when a sibling frame's field completes it (that frame does)", async () => {
    let cvv2Valid = false;
    const cvv2 = {
      __paytoken: {
        ...EXPIRY_SIBLING.__paytoken,
        fieldKey: 'cvv2',
        fieldValid: () => cvv2Valid,
        statusLine: document.createElement('div'),
      },
    };
    const { input } = await startTestFrame({ deviceData: false }, undefined, { frames: [EXPIRY_SIBLING, cvv2] });
    type(input, '4242 4242 4242 4242');
    cvv2Valid = true; // the shopper completes the CVV2 in its own frame, which waits to say it there
    pause();
    expect(status().textContent).toBe('');
  });

  it('says the card is complete only after a pause in typing (a screen reader drops a polite message at the next key), and takes it back at once', async () => {
    await startTestFrame({ deviceData: false }, undefined, { field: 'card' });
    const [number, expiry, cvv2, name] = inputs();
    type(number!, '4242 4242 4242 4242');
    type(expiry!, VALID_EXPIRY);
    type(cvv2!, '123');
    // the name is valid from its first letters: the card is complete while the shopper still types it
    for (const typed of ['A', 'An', 'Ana', 'Ana ', 'Ana P']) {
      type(name!, typed);
      vi.advanceTimersByTime(900);
      expect(status().textContent, typed).toBe('');
    }
    vi.advanceTimersByTime(100);
    expect(status().textContent).toBe('Tarjeta completa.');
    // said once: more typing that keeps the card complete neither empties it nor says it again
    type(name!, 'Ana Pe');
    expect(status().textContent).toBe('Tarjeta completa.');
    // a field no longer valid: taken back at once, not after a pause
    type(cvv2!, '12');
    expect(status().textContent).toBe('');
    type(cvv2!, '123');
    expect(status().textContent).toBe('');
    pause();
    expect(status().textContent).toBe('Tarjeta completa.');
  });
});

describe('the card element inputs', () => {
  it('each input carries its own field class only', async () => {
    vi.resetModules();
    await startTestFrame({ deviceData: false }, undefined, { field: 'card' });
    expect(inputs().map((i) => i.className)).toEqual(['card_number', 'expiry', 'cvv2', 'holder_name']);
  });
});
