// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createClient, formMessage, type FormEvents, type FormOptions, type MountedForm } from '../../../src/index';
import { errorObject, jsonResponse, TOKEN } from '../helpers';

const YY = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');

/** The checkout markup of the README: separate month and year, and a billing postal code. */
const SEPARATE = `
  <form id="f" action="/charge" method="post">
    <label for="name">Name</label><input id="name" name="holder" data-paytoken-card="holder_name">
    <label for="pan">Card number</label><input id="pan" data-paytoken-card="card_number" aria-describedby="pan-hint"><p id="pan-hint">16 digits</p>
    <label for="mm">Month</label><input id="mm" data-paytoken-card="expiration_month">
    <label for="yy">Year</label><input id="yy" data-paytoken-card="expiration_year">
    <label for="cvv">CVV2</label><input id="cvv" name="cvv" data-paytoken-card="cvv2">
    <button id="pay">Pay</button>
  </form>`;

/** The same with one combined MM/YY input. */
const COMBINED = `
  <form id="f" action="/charge" method="post">
    <input id="name" data-paytoken-card="holder_name">
    <input id="pan" data-paytoken-card="card_number">
    <input id="exp" data-paytoken-card="expiry">
    <input id="cvv" data-paytoken-card="cvv2">
    <button id="pay" type="submit">Pay</button>
  </form>`;

let fetchMock: Mock<typeof fetch>;
let mounted: MountedForm | undefined;
const $ = <T extends HTMLElement = HTMLInputElement>(sel: string) => document.querySelector(sel) as T;
const form = () => $<HTMLFormElement>('#f');

function client() {
  return createClient({ merchantId: 'm1a2b3c4d5e6f7g8h9i0', publicKey: 'pk_test_123', baseUrl: 'https://api.example.com' });
}

function mount(html = SEPARATE, options: FormOptions = { flow: 'spa' }) {
  document.body.innerHTML = html;
  mounted = client().form.mount(form(), options);
  return mounted;
}

/** Every event the mounted form emits, in order. */
function record(m: MountedForm) {
  const log: { type: keyof FormEvents; e: unknown }[] = [];
  for (const eventType of ['change', 'focus', 'blur', 'validityChange', 'brand', 'submit', 'token', 'error'] as const) {
    m.on(eventType, (e) => log.push({ type: eventType, e }));
  }
  return log;
}

/** Types `text` at the caret, one character per input event, as a keyboard does. */
function type(el: HTMLInputElement, text: string) {
  el.focus();
  for (const ch of text) {
    const c = el.selectionStart ?? el.value.length;
    el.value = el.value.slice(0, c) + ch + el.value.slice(el.selectionEnd ?? c);
    el.setSelectionRange(c + 1, c + 1);
    el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: ch }));
  }
}

/** Pastes `text` over the selection. */
function paste(el: HTMLInputElement, text: string) {
  el.focus();
  const c = el.selectionStart ?? 0;
  el.value = el.value.slice(0, c) + text + el.value.slice(el.selectionEnd ?? c);
  el.setSelectionRange(c + text.length, c + text.length);
  el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
}

/** Presses Backspace with the caret at `caret`. */
function backspace(el: HTMLInputElement, caret: number) {
  el.focus();
  el.value = el.value.slice(0, caret - 1) + el.value.slice(caret);
  el.setSelectionRange(caret - 1, caret - 1);
  el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'deleteContentBackward' }));
}

/** Sets a value as browser autofill does: no keystrokes, an input and a change event. */
function autofill(el: HTMLInputElement, value: string) {
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

function fillValid(combined = false) {
  type($('#name'), 'Ana Pérez');
  type($('#pan'), '4111111111111111');
  if (combined) type($('#exp'), `12${YY}`);
  else {
    type($('#mm'), '12');
    type($('#yy'), YY);
  }
  type($('#cvv'), '123');
}

/** Every element of the page with its attributes (sorted) and own text: what a re-mount must leave as it was. */
const snapshot = () =>
  [...document.body.querySelectorAll('*')].map((el) => [
    el.tagName,
    [...el.attributes].map((a) => `${a.name}=${a.value}`).sort(),
    [...el.childNodes]
      .filter((n) => n.nodeType === 3)
      .map((n) => n.textContent)
      .join(''),
  ]);

const errorOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0]!)!;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, TOKEN));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('mount', () => {
  it('prepares the inputs: no name on card inputs, numeric keyboards, an error element each, novalidate', () => {
    mount();
    for (const sel of ['#pan', '#mm', '#yy', '#cvv']) expect($(sel).getAttribute('inputmode')).toBe('numeric');
    expect($('#name').hasAttribute('inputmode')).toBe(false);
    expect($('#name').hasAttribute('name')).toBe(false);
    expect($('#cvv').hasAttribute('name')).toBe(false);
    expect($('#pan').getAttribute('aria-describedby')).toMatch(/^paytoken-error-\d+ pan-hint$/);
    const err = errorOf($('#pan'));
    expect(err.className).toBe('paytoken-error');
    expect(err.getAttribute('aria-live')).toBe('polite');
    expect(err.previousElementSibling).toBe($('#pan'));
    expect(form().noValidate).toBe(true);
    expect(form().querySelectorAll('input[type=hidden]')).toHaveLength(2);
    expect(form().querySelector<HTMLInputElement>('input[name=device_session_id]')!.value).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(form().querySelector<HTMLInputElement>('input[name=token_id]')!.value).toBe('');
  });

  it('mounting twice (React StrictMode, route changes) leaves one of everything and one listener', () => {
    const first = mount();
    const events: unknown[] = [];
    first.on('change', (e) => events.push(e));
    const second = client().form.mount(form(), { flow: 'spa' });
    mounted = second;
    expect(form().querySelectorAll('input[name=device_session_id]')).toHaveLength(1);
    expect(form().querySelectorAll('input[name=token_id]')).toHaveLength(1);
    expect(form().querySelectorAll('.paytoken-error')).toHaveLength(6); // 5 fields + the form
    expect($('#pan').getAttribute('aria-describedby')!.split(' ')).toHaveLength(2);
    // the first binding is gone, listeners included: one formatting pass, one change event
    const changes: unknown[] = [];
    second.on('change', (e) => changes.push(e));
    type($('#pan'), '41111');
    expect($('#pan').value).toBe('4111 1');
    expect(changes).toHaveLength(5);
    expect(events).toHaveLength(0);
  });

  it('unmount removes every element, listener and attribute it added, and restores the others', () => {
    document.body.innerHTML = SEPARATE;
    const before = snapshot();
    const m = client().form.mount('f', { flow: 'spa' });
    type($('#pan'), '4111');
    $('#pan').value = '';
    expect(snapshot()).not.toStrictEqual(before);
    m.unmount();
    expect(snapshot()).toStrictEqual(before);
    type($('#pan'), '41111');
    expect($('#pan').value).toBe('41111'); // no formatting any more
    m.unmount(); // twice is harmless
  });

  it('reuses hidden inputs the page already has, and keeps them on unmount', () => {
    document.body.innerHTML = SEPARATE.replace('<button', '<input type="hidden" name="device_session_id"><button');
    const m = client().form.mount(form(), { deviceSessionField: 'device_session_id', tokenField: 'tok' });
    expect(form().querySelectorAll('input[name=device_session_id]')).toHaveLength(1);
    expect(form().querySelectorAll('input[name=tok]')).toHaveLength(1);
    m.unmount();
    expect(form().querySelectorAll('input[name=device_session_id]')).toHaveLength(1);
    expect(form().querySelectorAll('input[name=tok]')).toHaveLength(0);
  });

  it('throws a ConfigurationError for a missing form', () => {
    expect(() => client().form.mount('nope')).toThrow(expect.objectContaining({ name: 'ConfigurationError', option: 'form' }));
  });
});

describe('as you type', () => {
  it('groups the card number, keeps the caret, and survives paste, autofill and backspace over a space', () => {
    const m = mount();
    const pan = $('#pan');
    type(pan, '41111111');
    expect(pan.value).toBe('4111 1111');
    expect(pan.selectionStart).toBe(9);
    backspace(pan, 5); // the caret after the space
    expect(pan.value).toBe('4111 111');
    expect(pan.selectionStart).toBe(3);
    pan.setSelectionRange(0, pan.value.length);
    paste(pan, '5555-5555-5555-4444');
    expect(pan.value).toBe('5555 5555 5555 4444');
    autofill(pan, '378282246310005');
    expect(pan.value).toBe('3782 822463 10005');
    expect(m.state().brand).toBe('amex');
  });

  it('exposes the brand as an event and as data-paytoken-brand on the form', () => {
    const log = record(mount());
    type($('#pan'), '4');
    expect(form().dataset.paytokenBrand).toBe('visa');
    backspace($('#pan'), 1);
    expect(form().hasAttribute('data-paytoken-brand')).toBe(false);
    type($('#pan'), '37');
    expect(form().dataset.paytokenBrand).toBe('amex');
    expect(log.filter((l) => l.type === 'brand').map((l) => l.e)).toStrictEqual([{ brand: 'visa' }, { brand: null }, { brand: 'amex' }]);
  });

  it('limits the CVV2 to the brand: 3 digits for visa, 4 for amex', () => {
    mount();
    type($('#pan'), '4111');
    type($('#cvv'), '12a34');
    expect($('#cvv').value).toBe('123');
    $('#pan').value = '';
    type($('#pan'), '3782');
    $('#cvv').value = '';
    type($('#cvv'), '12345');
    expect($('#cvv').value).toBe('1234');
  });

  it('formats a combined expiry as MM/YY, autofilled MM/YYYY included', () => {
    mount(COMBINED);
    type($('#exp'), '4');
    expect($('#exp').value).toBe('04/');
    autofill($('#exp'), `12/20${YY}`);
    expect($('#exp').value).toBe(`12/${YY}`);
  });
});

describe('field states and events', () => {
  it('a field is potentially valid while typing and shows no error until it cannot become valid', () => {
    const m = mount();
    type($('#pan'), '4111 1111');
    expect(m.state().fields.card_number).toStrictEqual({ empty: false, focused: true, valid: false, potentiallyValid: true });
    expect($('#pan').hasAttribute('aria-invalid')).toBe(false);
    type($('#pan'), '11111112'); // 16 digits, wrong check digit
    expect(m.state().fields.card_number).toMatchObject({ valid: false, potentiallyValid: true });
    type($('#pan'), '999'); // 19 digits, still wrong: can no longer become valid
    expect(m.state().fields.card_number).toMatchObject({
      valid: false,
      potentiallyValid: false,
      error: { code: 'card_number.luhn', message: 'Número de tarjeta no válido.' },
    });
    expect($('#pan').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf($('#pan')).textContent).toBe('Número de tarjeta no válido.');
  });

  it('an incomplete field shows its error when the shopper leaves it, not while typing', () => {
    const log = record(mount());
    type($('#pan'), '4111');
    expect(errorOf($('#pan')).textContent).toBe('');
    $('#pan').blur();
    expect(errorOf($('#pan')).textContent).toBe('El número lleva 16 o 19 dígitos.');
    const blur = log.find((l) => l.type === 'blur')!.e as FormEvents['blur'];
    expect(blur.field).toBe('card_number');
    expect(blur.state).toMatchObject({ focused: false, valid: false, error: { code: 'card_number.length' } });
    // leaving an untouched field empty says nothing
    $('#cvv').focus();
    $('#cvv').blur();
    expect(errorOf($('#cvv')).textContent).toBe('');
  });

  it('emits focus, change and validityChange with the field state; canSubmit turns true when all are valid', () => {
    const m = mount();
    const log = record(m);
    expect(m.state().canSubmit).toBe(false);
    fillValid();
    expect(m.state()).toMatchObject({ canSubmit: true, submitting: false, brand: 'visa' });
    expect(log.find((l) => l.type === 'focus')!.e).toMatchObject({ field: 'holder_name', state: { focused: true } });
    const panChanges = log.filter((l) => l.type === 'change' && (l.e as FormEvents['change']).field === 'card_number');
    expect(panChanges).toHaveLength(16);
    const validity = log.filter((l) => l.type === 'validityChange').map((l) => l.e as FormEvents['validityChange']);
    expect(validity.find((v) => v.field === 'card_number' && v.state.valid)).toBeDefined();
    expect(validity.find((v) => v.field === 'cvv2' && v.state.valid)).toBeDefined();
  });

  it('a month already over this year is shown on the month; a past year on the year', () => {
    const m = mount();
    type($('#mm'), '13');
    expect(m.state().fields.expiration_month).toMatchObject({
      valid: false,
      potentiallyValid: false,
      error: { code: 'expiration_month.format' },
    });
    $('#mm').value = '';
    type($('#mm'), '01');
    type($('#yy'), '19');
    expect(m.state().fields.expiration_year).toMatchObject({
      valid: false,
      error: { code: 'expiration_year.expired', message: 'Tarjeta vencida.' },
    });
    expect(m.state().fields.expiration_month!.valid).toBe(true);
  });

  it("a year of '20' may still become 2030: no error while typing it", () => {
    const m = mount();
    type($('#mm'), '12');
    type($('#yy'), '20');
    expect(m.state().fields.expiration_year).toMatchObject({ valid: false, potentiallyValid: true });
    expect(m.state().fields.expiration_year!.error).toBeUndefined();
    type($('#yy'), '40');
    expect(m.state().fields.expiration_year!.valid).toBe(true);
  });
});

describe('submit', () => {
  it('an invalid form shows every error at once, focuses the first invalid field and sends nothing', async () => {
    const m = mount();
    const log = record(m);
    type($('#pan'), '4111111111111112');
    const err = await m.submit().catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ValidationError', type: 'validation' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.activeElement).toBe($('#name'));
    const shown = [...form().querySelectorAll('.paytoken-error')].map((e) => e.textContent);
    expect(shown).toStrictEqual([
      'Escribe el nombre del titular.',
      'Número de tarjeta no válido.',
      'Escribe el vencimiento.',
      '',
      'Escribe el código de seguridad.',
      '',
    ]);
    expect(log.find((l) => l.type === 'error')!.e).toMatchObject({
      code: 'holder_name.required',
      field: 'holder_name',
      message: 'Escribe el nombre del titular.',
    });
    expect(($('#pay') as HTMLButtonElement).disabled).toBe(false);
    expect(m.state().submitting).toBe(false);
  });

  it('SPA flow: one request however often it is submitted, buttons disabled meanwhile, resolves with token and session', async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockImplementation(() => new Promise((r) => (answer = r)));
    const m = mount();
    const log = record(m);
    fillValid();
    const p1 = m.submit();
    form().requestSubmit();
    $('#pay').click();
    const p2 = m.submit();
    expect(p2).toBe(p1);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(($('#pay') as HTMLButtonElement).disabled).toBe(true);
    expect(form().getAttribute('aria-busy')).toBe('true');
    expect(m.state()).toMatchObject({ submitting: true, canSubmit: false });
    answer(jsonResponse(201, TOKEN));
    const result = await p1;
    const session = form().querySelector<HTMLInputElement>('input[name=device_session_id]')!.value;
    expect(result).toStrictEqual({ token_id: TOKEN.id, device_session_id: session, points_card: false, token: TOKEN }); // no points_card on the Token: false
    expect(form().querySelector<HTMLInputElement>('input[name=token_id]')!.value).toBe(TOKEN.id);
    expect(($('#pay') as HTMLButtonElement).disabled).toBe(false);
    expect(form().hasAttribute('aria-busy')).toBe(false);
    expect(log.filter((l) => l.type === 'submit')).toHaveLength(1);
    expect(log.filter((l) => l.type === 'token').map((l) => l.e)).toStrictEqual([result]);
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(body).toStrictEqual({
      card_number: '4111111111111111',
      holder_name: 'Ana Pérez',
      expiration_month: '12',
      expiration_year: YY,
      cvv2: '123',
    });
  });

  it('the token event says points_card true when the Token\'s card has points (offer "pay with points")', async () => {
    const withPoints = { ...TOKEN, card: { ...TOKEN.card, points_card: true } };
    fetchMock.mockImplementation(async () => jsonResponse(201, withPoints));
    const m = mount();
    const log = record(m);
    fillValid();
    const result = await m.submit();
    expect(result).toMatchObject({ token_id: TOKEN.id, points_card: true, token: withPoints });
    expect(log.filter((l) => l.type === 'token').map((l) => (l.e as { points_card: boolean }).points_card)).toEqual([true]);
  });

  it('installments: a labelled payment_plan select before the button (spec plans only), relabelled by setLocale, its choice in the result, removed by unmount', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(201, TOKEN));
    const m = mount(SEPARATE, { flow: 'spa', installments: [6, 3, 7, 18] });
    const select = form().querySelector<HTMLSelectElement>('select[name=payment_plan]')!;
    expect(document.querySelector(`label[for="${select.id}"]`)!.textContent).toBe('Meses sin intereses');
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Pago en una sola exhibición'],
      ['3', '3 meses sin intereses'],
      ['6', '6 meses sin intereses'],
      ['18', '18 meses sin intereses'],
    ]);
    expect(select.compareDocumentPosition($('#pay')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    m.setLocale('en');
    expect(document.querySelector(`label[for="${select.id}"]`)!.textContent).toBe('Months without interest');
    expect(select.options[1]!.textContent).toBe('3 months without interest');
    fillValid();
    expect(select.value).toBe('');
    expect(await m.submit()).not.toHaveProperty('payment_plan'); // pay in full
    select.value = '6';
    // the card data went with the first token (src/form/forget.ts): the shopper types it again
    for (const [sel, text] of [
      ['#pan', '4111111111111111'],
      ['#mm', '12'],
      ['#yy', YY],
      ['#cvv', '123'],
    ])
      type($(sel!), text!);
    expect((await m.submit()).payment_plan).toEqual({ payments: 6 });
    m.unmount();
    expect(document.querySelector('select')).toBeNull();
    mount(SEPARATE, { flow: 'spa', installments: [4, 24] });
    expect(document.querySelector('select')).toBeNull(); // no valid plan: no select
  });

  it('post flow: writes the token and posts the form once, staying disabled while the page leaves', async () => {
    const post = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const m = mount(SEPARATE, {});
    const tokens: unknown[] = [];
    m.on('token', (e) => tokens.push(e));
    fillValid();
    form().requestSubmit();
    form().requestSubmit();
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.contexts[0]).toBe(form());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(form().querySelector<HTMLInputElement>('input[name=token_id]')!.value).toBe(TOKEN.id);
    expect(tokens).toHaveLength(1);
    expect(($('#pay') as HTMLButtonElement).disabled).toBe(true);
    form().requestSubmit();
    await new Promise((r) => setTimeout(r, 10));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it.each([
    [2004, 'card_number', '#pan', 'Número de tarjeta no válido.'],
    [2005, 'expiration_year', '#yy', 'Tarjeta vencida.'],
    [2006, 'cvv2', '#cvv', 'Escribe el código de seguridad.'],
    [2009, 'cvv2', '#cvv', 'Código de 3 dígitos (4 en Amex).'],
  ])('API error %i is shown on %s, focused, until the field is edited', async (code, field, sel, message) => {
    fetchMock.mockResolvedValue(jsonResponse(422, errorObject({ error_code: code, category: 'request' })));
    const m = mount();
    const log = record(m);
    fillValid();
    await expect(m.submit()).rejects.toMatchObject({ name: 'ApiError', error_code: code });
    expect(m.state().fields[field]).toMatchObject({ valid: false, error: { code: String(code), message } });
    expect(errorOf($(sel)).textContent).toBe(message);
    expect(document.activeElement).toBe($(sel));
    expect(log.find((l) => l.type === 'error')!.e).toMatchObject({ code: String(code), field, message });
    type($(sel), '');
    $(sel).dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
    backspace($(sel), $(sel).value.length);
    expect(m.state().fields[field]!.error?.code).not.toBe(String(code));
  });

  it('a 2005 from the API lands on a combined expiry input', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, errorObject({ error_code: 2005 })));
    const m = mount(COMBINED);
    fillValid(true);
    await m.submit().catch(() => {});
    expect(m.state().fields.expiry!.error).toStrictEqual({ code: '2005', message: 'Tarjeta vencida.' });
  });

  it.each([
    ['a decline', () => jsonResponse(402, errorObject()), '3001', 'Tarjeta rechazada. Usa otra o llama a tu banco.'],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), '1004', 'Servicio no disponible. Intenta de nuevo.'],
  ])('%s is shown on the form, focus back on the button', async (_name, answer, code, message) => {
    fetchMock.mockImplementation(answer as () => Promise<Response>);
    const m = mount();
    fillValid();
    $('#pay').focus();
    const log = record(m);
    await m.submit().catch(() => {});
    const formError = $('#pay').previousElementSibling as HTMLElement;
    expect(formError.className).toBe('paytoken-error');
    expect(formError.textContent).toBe(message);
    expect(formError.getAttribute('aria-live')).toBe('polite');
    expect(document.activeElement).toBe($('#pay'));
    expect(log.find((l) => l.type === 'error')!.e).toMatchObject({ code, message, field: undefined });
    // the next submit clears it
    fetchMock.mockResolvedValue(jsonResponse(200, TOKEN));
    await m.submit();
    expect(formError.textContent).toBe('');
  });

  it('the unsubscribe function returned by on() stops the events', () => {
    const m = mount();
    const seen: unknown[] = [];
    const off = m.on('change', (e) => seen.push(e));
    type($('#pan'), '4');
    off();
    type($('#pan'), '1');
    expect(seen).toHaveLength(1);
  });
});

describe('messages and locales', () => {
  it('English with locale en; setLocale switches the shown messages at once; merchant overrides win', async () => {
    const m = mount(SEPARATE, { flow: 'spa', locale: 'en', messages: { 'cvv2.required': 'CVV please' } });
    await m.submit().catch(() => {});
    expect(errorOf($('#name')).textContent).toBe('Enter the name on the card.');
    expect(errorOf($('#cvv')).textContent).toBe('CVV please');
    m.setLocale('es-MX');
    expect(errorOf($('#name')).textContent).toBe('Escribe el nombre del titular.');
    expect(m.state().fields.holder_name!.error!.message).toBe('Escribe el nombre del titular.');
    expect(errorOf($('#cvv')).textContent).toBe('CVV please');
  });

  it('the default locale is Spanish', () => {
    expect(formMessage('card_number.required')).toBe('Escribe el número de tarjeta.');
    expect(formMessage(3001, 'en-US')).toBe('Card declined. Use another card or call your bank.');
  });
});

describe('classic extractFormAndCreate', () => {
  /**
   * A fresh script-tag object (src/classic.ts keeps its settings in module state) set up as merchant m1: the
   * checkout tag's (src/checkout.ts), the classic API with `form`.
   */
  const classicConfigured = async () => {
    vi.resetModules();
    const PayToken = (await import('../../../src/checkout')).default;
    PayToken.setId('m1');
    PayToken.setApiKey('pk_test_1');
    PayToken.setBaseUrl('https://api.example.com');
    return PayToken;
  };

  it('reads a combined expiry input as month and year', async () => {
    const PayToken = await classicConfigured();
    document.body.innerHTML = COMBINED;
    $('#name').value = 'Ana';
    $('#pan').value = '4111 1111 1111 1111';
    $('#exp').value = `07/${YY}`;
    $('#cvv').value = '123';
    const ok = await new Promise((resolve, reject) => PayToken.token.extractFormAndCreate('f', resolve, reject));
    expect(ok).toMatchObject({ data: TOKEN });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toMatchObject({ expiration_month: '07', expiration_year: YY });
  });

  it('PayToken.form.mount binds the form with the classic settings', async () => {
    const PayToken = await classicConfigured();
    document.body.innerHTML = COMBINED;
    mounted = PayToken.form.mount('f', { flow: 'spa', locale: 'en' });
    fillValid(true);
    await expect(mounted.submit()).resolves.toMatchObject({ token_id: TOKEN.id });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('https://api.example.com/v1/m1/tokens');
  });
});
