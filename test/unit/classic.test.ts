// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { ClassicFailure, ClassicSuccess } from '../../src/browser';
import { cardForToday, countUrlParses, errorObject, hangingFetch, jsonResponse, luhnPan, TOKEN } from './helpers';

type PayTokenApi = (typeof import('../../src/browser'))['default'];

let PayToken: PayTokenApi;
let fetchMock: Mock<typeof fetch>;

const AUTH = `Basic ${btoa('pk_test_123:')}`;

beforeEach(async () => {
  // src/browser.ts keeps its settings in module state, and the fetch of its load: a fresh module per test,
  // loaded after fetch is stubbed
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, TOKEN));
  vi.stubGlobal('fetch', fetchMock);
  vi.resetModules();
  PayToken = (await import('../../src/browser')).default;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function configure() {
  PayToken.setId('m1a2b3c4d5e6f7g8h9i0');
  PayToken.setApiKey('pk_test_123');
  PayToken.setBaseUrl('https://api.example.com');
}

type Outcome = { ok?: ClassicSuccess; fail?: ClassicFailure; calls: number };

/** Runs a classic call and resolves with whichever callback it called (and how many callbacks ran in all). */
function outcome(start: (ok: (r: ClassicSuccess) => void, fail: (r: ClassicFailure) => void) => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const out: Outcome = { calls: 0 };
    const done = () => setTimeout(() => resolve(out), 0); // let a second (wrong) callback show up
    start(
      (r) => {
        out.calls++;
        out.ok = r;
        done();
      },
      (r) => {
        out.calls++;
        out.fail = r;
        done();
      },
    );
  });
}

/** Checks the shape of a thrown ConfigurationError without instanceof (the module graph is fresh per test). */
function expectConfigurationError(fn: () => unknown, option: string, message?: RegExp) {
  let err: unknown;
  try {
    fn();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(Error);
  expect(err).toMatchObject({ name: 'ConfigurationError', type: 'configuration', option });
  if (message) expect((err as Error).message).toMatch(message);
}

describe('settings', () => {
  it('setApiKey refuses a private key and never keeps it', () => {
    PayToken.setApiKey('pk_test_123');
    expectConfigurationError(() => PayToken.setApiKey('sk_test_123'), 'publicKey', /private key/i);
    expect(PayToken.getApiKey()).toBe('pk_test_123');
  });

  it.each([{ key: '' }, { key: 'test_123' }, { key: 'pk_' }, { key: 'pk test' }])('setApiKey refuses $key', ({ key }) => {
    expectConfigurationError(() => PayToken.setApiKey(key), 'publicKey');
    expect(PayToken.getApiKey()).toBe('');
  });

  it.each([{ id: '' }, { id: 'm1/../x' }, { id: 'a'.repeat(46) }])('setId refuses $id', ({ id }) => {
    expectConfigurationError(() => PayToken.setId(id), 'merchantId');
    expect(PayToken.getId()).toBe('');
  });

  it('keeps valid settings', () => {
    configure();
    expect(PayToken.getId()).toBe('m1a2b3c4d5e6f7g8h9i0');
    expect(PayToken.getApiKey()).toBe('pk_test_123');
    expect(PayToken.getBaseUrl()).toBe('https://api.example.com');
  });

  it('setBaseUrl strips the trailing slash and refuses http to a public host', () => {
    PayToken.setBaseUrl('https://api.example.com/base/');
    expect(PayToken.getBaseUrl()).toBe('https://api.example.com/base');
    expectConfigurationError(() => PayToken.setBaseUrl('http://api.example.com'), 'baseUrl');
    expect(PayToken.getBaseUrl()).toBe('https://api.example.com/base');
  });

  it('sandbox mode without a base URL uses the local sandbox; a base URL wins', () => {
    expect(PayToken.getSandboxMode()).toBe(false);
    expect(PayToken.getBaseUrl()).toBe('');
    PayToken.setSandboxMode(true);
    expect(PayToken.getSandboxMode()).toBe(true);
    expect(PayToken.getBaseUrl()).toBe('http://127.0.0.1:4010');
    PayToken.setBaseUrl('http://localhost:9999');
    expect(PayToken.getBaseUrl()).toBe('http://localhost:9999');
    PayToken.setSandboxMode(false);
    expect(PayToken.getBaseUrl()).toBe('http://localhost:9999');
  });

  it('each fresh module starts unconfigured (no leak between tests)', () => {
    expect([PayToken.getId(), PayToken.getApiKey(), PayToken.getBaseUrl(), PayToken.getSandboxMode()]).toStrictEqual(['', '', '', false]);
  });
});

describe('token.create', () => {
  it('calls success with {data, status} and sends the spec request', async () => {
    configure();
    const { input, body } = cardForToday();
    const out = await outcome((ok, fail) => PayToken.token.create(input, ok, fail));
    expect(out.calls).toBe(1);
    expect(out.fail).toBeUndefined();
    expect(out.ok).toStrictEqual({ data: TOKEN, status: 200 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('https://api.example.com/v1/m1a2b3c4d5e6f7g8h9i0/tokens');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe(AUTH);
    expect(init?.credentials).toBe('omit');
    expect(JSON.parse(String(init?.body))).toStrictEqual(body);
  });

  it('reports status 200 whatever 2xx the API answered (201 Created), as the classic script does', async () => {
    configure();
    fetchMock.mockResolvedValueOnce(jsonResponse(201, TOKEN));
    const out = await outcome((ok, fail) => PayToken.token.create(cardForToday().input, ok, fail));
    expect(out.ok).toStrictEqual({ data: TOKEN, status: 200 });
  });

  it('the settings are checked once per change, not per call: one URL parse for three calls', async () => {
    configure();
    const parsed = countUrlParses();
    for (let i = 0; i < 3; i++)
      expect((await outcome((ok, fail) => PayToken.token.create(cardForToday().input, ok, fail))).ok).toBeDefined();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(parsed()).toBe(1);
  });

  it('a setting changed before any card was sent is the one the next call uses; a missing one fails each call', async () => {
    const create = (card: Parameters<PayTokenApi['token']['create']>[0] = cardForToday().input) =>
      outcome((ok, fail) => PayToken.token.create(card, ok, fail));
    PayToken.setId('m1');
    PayToken.setApiKey('pk_test_123');
    expect((await create()).fail).toMatchObject({ status: 0, data: { error_code: 1002 } });
    expect((await create()).fail).toMatchObject({ status: 0, data: { error_code: 1002 } });
    PayToken.setBaseUrl('https://api.example.com');
    // checked with these settings, then refused locally: nothing sent, nothing pinned
    expect((await create({ ...cardForToday().input, cvv2: '1' })).fail?.data.field).toBe('cvv2');
    PayToken.setBaseUrl('https://api2.example.com');
    PayToken.setId('m2');
    expect((await create()).ok).toBeDefined();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['https://api2.example.com/v1/m2/tokens']);
  });

  it('sandbox mode sends to the local sandbox', async () => {
    PayToken.setId('m1');
    PayToken.setApiKey('pk_test_123');
    PayToken.setSandboxMode(true);
    await outcome((ok, fail) => PayToken.token.create(cardForToday().input, ok, fail));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('http://127.0.0.1:4010/v1/m1/tokens');
  });

  it('API error -> failure with {message, status, data: Error object}', async () => {
    configure();
    const err = errorObject();
    fetchMock.mockResolvedValueOnce(jsonResponse(402, err));
    const out = await outcome((ok, fail) => PayToken.token.create(cardForToday().input, ok, fail));
    expect(out.calls).toBe(1);
    expect(out.ok).toBeUndefined();
    expect(out.fail).toStrictEqual({ message: err.description, status: 402, data: err, toString: expect.any(Function) });
    // the classic failure object's toString
    expect(String(out.fail)).toBe(`${err.description} [status 402]`);
  });

  it('API error without an Error object -> data.error_code 1000', async () => {
    configure();
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const out = await outcome((ok, fail) => PayToken.token.create(cardForToday().input, ok, fail));
    expect(out.fail?.status).toBe(502);
    expect(out.fail?.data).toMatchObject({ category: 'internal', error_code: 1000, http_code: 502, request_id: '' });
  });

  it.each<{ name: string; patch: Record<string, unknown>; status: number; code: number; field: string; reason: string }>([
    { name: 'Luhn', patch: { card_number: '4111 1111 1111 1112' }, status: 422, code: 2004, field: 'card_number', reason: 'luhn' },
    {
      name: 'expired',
      patch: { expiration_month: '1', expiration_year: '2020' },
      status: 400,
      code: 2005,
      field: 'expiration_year',
      reason: 'expired',
    },
    { name: 'no cvv2', patch: { cvv2: '' }, status: 400, code: 2006, field: 'cvv2', reason: 'required' },
    { name: 'cvv2 length', patch: { cvv2: '1234' }, status: 412, code: 2009, field: 'cvv2', reason: 'length' },
    { name: 'no name', patch: { holder_name: '' }, status: 400, code: 1001, field: 'holder_name', reason: 'required' },
  ])('local validation ($name) -> failure with data.error_code $code, no request', async ({ patch, status, code, field, reason }) => {
    configure();
    const out = await outcome((ok, fail) => PayToken.token.create({ ...cardForToday().input, ...patch }, ok, fail));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(out.calls).toBe(1);
    expect(out.fail).toStrictEqual({
      message: `${field}: ${reason}`,
      status,
      data: { category: 'request', request_id: '', error_code: code, http_code: status, description: `${field}: ${reason}`, field, reason },
      toString: expect.any(Function),
    });
    expect(`${out.fail}`).toBe(`${field}: ${reason} [status ${status}]`);
  });

  it('network error -> failure with status 0 and error_code 1004, after one retry', async () => {
    configure();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const out = await outcome((ok, fail) => PayToken.token.create(cardForToday().input, ok, fail));
    expect(out.calls).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(out.fail?.status).toBe(0);
    expect(out.fail?.data).toStrictEqual({
      category: 'internal',
      request_id: '',
      error_code: 1004,
      http_code: 0,
      description: out.fail?.message,
    });
    expect(out.fail?.message).toContain('Failed to fetch');
  });

  it('timeout (20 s default) -> failure with status 0 and error_code 1004', async () => {
    configure();
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const failure = vi.fn();
    PayToken.token.create(cardForToday().input, undefined, failure);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(failure).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(failure).toHaveBeenCalledTimes(1);
    const f = failure.mock.calls[0]![0] as ClassicFailure;
    expect(f.status).toBe(0);
    expect(f.data).toMatchObject({ category: 'internal', error_code: 1004, http_code: 0 });
  });

  it.each<{ name: string; setup: (p: PayTokenApi) => void }>([
    { name: 'nothing set', setup: () => undefined },
    { name: 'no merchant id', setup: (p) => (p.setApiKey('pk_test_123'), p.setBaseUrl('https://api.example.com')) },
    { name: 'no key', setup: (p) => (p.setId('m1'), p.setBaseUrl('https://api.example.com')) },
    { name: 'no base URL and not sandbox', setup: (p) => (p.setId('m1'), p.setApiKey('pk_test_123')) },
    {
      name: 'private key refused earlier',
      setup: (p) => {
        p.setId('m1');
        p.setBaseUrl('https://api.example.com');
        try {
          p.setApiKey('sk_test_123');
        } catch {
          /* expected */
        }
      },
    },
  ])('missing configuration ($name) -> failure status 0, error_code 1002, no request', async ({ setup }) => {
    setup(PayToken);
    const out = await outcome((ok, fail) => PayToken.token.create(cardForToday().input, ok, fail));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(out.calls).toBe(1);
    expect(out.fail?.status).toBe(0);
    expect(out.fail?.data).toMatchObject({ category: 'request', error_code: 1002, http_code: 0, request_id: '' });
    expect(out.fail?.data.description).toBe(out.fail?.message);
  });

  it('never throws, even on bad data or without callbacks', async () => {
    configure();
    expect(() => PayToken.token.create(null as never)).not.toThrow();
    expect(() => PayToken.token.create({ card_number: 'x' })).not.toThrow();
    expect(() => PayToken.token.create(cardForToday().input)).not.toThrow();
    await new Promise((r) => setTimeout(r, 10));
    // (an unhandled rejection would fail the run)
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('token.extractFormAndCreate', () => {
  function form(extra = '') {
    const { input } = cardForToday();
    document.body.innerHTML = `
      <form id="pay">
        <input data-paytoken-card="holder_name" value="${input.holder_name}">
        <input data-paytoken-card="card_number" value="${input.card_number}">
        <select data-paytoken-card="expiration_month"><option value="01">01</option><option value="07" selected>07</option></select>
        <input data-paytoken-card="expiration_year" value="${input.expiration_year}">
        <input data-paytoken-card="cvv2" value="${input.cvv2}">
        <input name="amount" value="100">
        ${extra}
      </form>`;
    return document.getElementById('pay') as HTMLFormElement;
  }

  const ADDRESS_INPUTS = `
    <input data-paytoken-card-address="line1" value="Av. Reforma 222">
    <input data-paytoken-card-address="line2" value="">
    <input data-paytoken-card-address="postal_code" value="06600">
    <input data-paytoken-card-address="state" value="CDMX">
    <input data-paytoken-card-address="city" value="Ciudad de México">
    <input data-paytoken-card-address="country_code" value="mx">`;

  it('reads data-paytoken-card inputs (form id) and tokenizes them', async () => {
    configure();
    form();
    const out = await outcome((ok, fail) => PayToken.token.extractFormAndCreate('pay', ok, fail));
    expect(out.ok).toStrictEqual({ data: TOKEN, status: 200 });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toStrictEqual(cardForToday().body);
  });

  it('reads data-paytoken-card-address inputs; blank ones are left out; country_code upper-cased', async () => {
    configure();
    const el = form(ADDRESS_INPUTS);
    await outcome((ok, fail) => PayToken.token.extractFormAndCreate(el, ok, fail));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toStrictEqual({
      ...cardForToday().body,
      address: { line1: 'Av. Reforma 222', postal_code: '06600', state: 'CDMX', city: 'Ciudad de México', country_code: 'MX' },
    });
  });

  it('all address inputs blank -> no address sent', async () => {
    configure();
    form('<input data-paytoken-card-address="line1" value=""><input data-paytoken-card-address="city" value="">');
    await outcome((ok, fail) => PayToken.token.extractFormAndCreate('pay', ok, fail));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).not.toHaveProperty('address');
  });

  it('a partial address fails locally, with no request', async () => {
    configure();
    form('<input data-paytoken-card-address="city" value="CDMX">');
    const out = await outcome((ok, fail) => PayToken.token.extractFormAndCreate('pay', ok, fail));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(out.fail?.data).toMatchObject({ error_code: 1001, field: 'address.line1', reason: 'required' });
  });

  it('reads the current values, not the initial ones', async () => {
    configure();
    const el = form();
    (el.querySelector('[data-paytoken-card="cvv2"]') as HTMLInputElement).value = '999';
    await outcome((ok, fail) => PayToken.token.extractFormAndCreate(el, ok, fail));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)).cvv2).toBe('999');
  });

  it('a missing form -> failure (status 0), no request, no throw', async () => {
    configure();
    const out = await outcome((ok, fail) => PayToken.token.extractFormAndCreate('nope', ok, fail));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(out.fail?.status).toBe(0);
    expect(out.fail?.message).toContain('#nope');
  });
});

describe('card.*', () => {
  it.each([
    { pan: '4111111111111111', expected: true },
    { pan: '4111 1111 1111 1111', expected: true },
    { pan: '5555-5555-5555-4444', expected: true },
    { pan: luhnPan('506199', 16), expected: true },
    { pan: '4111111111111112', expected: false },
    { pan: '378282246310005', expected: false },
    { pan: luhnPan('9', 16), expected: true }, // a network the IIN table does not list: not refused for it
    { pan: luhnPan('9', 15), expected: false },
    { pan: '4111', expected: false },
    { pan: '', expected: false },
  ])('validateCardNumber($pan) -> $expected', ({ pan, expected }) => {
    expect(PayToken.card.validateCardNumber(pan)).toBe(expected);
  });

  it('validateCardNumber does not throw on non-strings', () => {
    expect(PayToken.card.validateCardNumber(null as never)).toBe(false);
    expect(PayToken.card.validateCardNumber(4111111111111111 as never)).toBe(false);
  });

  it.each([
    { cvc: '123', pan: undefined, expected: true },
    { cvc: '1234', pan: undefined, expected: true },
    { cvc: '12', pan: undefined, expected: false },
    { cvc: '1234', pan: '4111111111111111', expected: false },
    { cvc: '1234', pan: '378282246310005', expected: true },
    { cvc: '123', pan: '3782 822463 10005', expected: false },
    { cvc: 'abc', pan: undefined, expected: false },
  ])('validateCVC($cvc, $pan) -> $expected', ({ cvc, pan, expected }) => {
    expect(PayToken.card.validateCVC(cvc, pan)).toBe(expected);
  });

  it('validateExpiry uses the clock', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.UTC(2026, 5, 15, 10)));
    expect(PayToken.card.validateExpiry('06', '2026')).toBe(true);
    expect(PayToken.card.validateExpiry(6, 26)).toBe(true);
    expect(PayToken.card.validateExpiry('05', '26')).toBe(false);
    expect(PayToken.card.validateExpiry('12', '2046')).toBe(true);
    expect(PayToken.card.validateExpiry('01', '2047')).toBe(false);
    expect(PayToken.card.validateExpiry('13', '30')).toBe(false);
    vi.setSystemTime(new Date(Date.UTC(2026, 6, 1, 12)));
    expect(PayToken.card.validateExpiry('06', '2026')).toBe(false);
  });

  it.each([
    { pan: '4111111111111111', name: 'Visa' },
    { pan: '4', name: 'Visa' },
    { pan: '4917300800000000', name: 'Visa Electron' },
    { pan: '4026', name: 'Visa Electron' },
    { pan: '5555 5555 5555 4444', name: 'Mastercard' },
    { pan: '2221', name: 'Mastercard' },
    { pan: '3782 822463 10005', name: 'American Express' },
    { pan: '506199', name: 'Carnet' },
    { pan: '6011-1111-1111-1117', name: 'Discover' },
    { pan: '36', name: 'Diners Club International' },
    { pan: '38', name: 'Diners Club International' },
    { pan: '30569309025904', name: 'Diners Club Carte Blanche' },
    { pan: '2869000000000006', name: 'Carnet' },
    { pan: '6304000000000000', name: '' },
    { pan: '3530111333300000', name: 'JCB' },
    { pan: '6200000000000005', name: 'UnionPay' },
    { pan: '506198', name: '' },
    { pan: '9999', name: '' },
    { pan: '', name: '' },
  ])("cardType('$pan') -> '$name'", ({ pan, name }) => {
    expect(PayToken.card.cardType(pan)).toBe(name);
  });

  it('cardType does not throw on non-strings', () => {
    expect(PayToken.card.cardType(null as never)).toBe('');
    expect(PayToken.card.cardType(undefined as never)).toBe('');
  });
});

describe('deviceData.setup', () => {
  const ID = /^[A-Za-z0-9]{32}$/;

  it('without a form returns the page id and writes nothing', () => {
    document.body.innerHTML = '<form id="pay"></form>';
    const id = PayToken.deviceData.setup();
    expect(id).toMatch(ID);
    expect(PayToken.deviceData.setup()).toBe(id);
    expect(document.querySelectorAll('input')).toHaveLength(0);
  });

  it('with a form id writes one hidden input, however often called', () => {
    document.body.innerHTML = '<form id="pay"></form>';
    const a = PayToken.deviceData.setup('pay');
    const b = PayToken.deviceData.setup('pay');
    expect(b).toBe(a);
    expect(PayToken.deviceData.setup()).toBe(a);
    // named and identified as the classic script's input
    const inputs = document.querySelectorAll<HTMLInputElement>('#pay input[name="deviceDataId"]#deviceDataId');
    expect(inputs).toHaveLength(1);
    expect(inputs[0]!.type).toBe('hidden');
    expect(inputs[0]!.value).toBe(a);
  });

  it('with a form element and a custom field name', () => {
    document.body.innerHTML = '<form id="pay"></form>';
    const f = document.getElementById('pay') as HTMLFormElement;
    const id = PayToken.deviceData.setup(f, 'device_session_id');
    expect((f.querySelector('input[name="device_session_id"]') as HTMLInputElement).value).toBe(id);
  });

  it('a form id that names no element writes nothing and returns the id, as the classic script does', () => {
    document.body.innerHTML = '<form id="pay"></form>';
    const id = PayToken.deviceData.setup();
    expect(PayToken.deviceData.setup('missingForm')).toBe(id);
    expect(document.querySelectorAll('input')).toHaveLength(0);
  });

  it('an id of an element that is not a form, or an array-like of no or several forms, throws a ConfigurationError', () => {
    document.body.innerHTML = '<div id="pay"></div><form></form><form></form>';
    expectConfigurationError(() => PayToken.deviceData.setup('pay'), 'form');
    expectConfigurationError(() => PayToken.deviceData.setup([] as never), 'form');
    expectConfigurationError(() => PayToken.deviceData.setup(document.querySelectorAll('form') as never), 'form');
  });

  it('an array-like of one form (a jQuery object) is that form', () => {
    document.body.innerHTML = '<form id="pay"></form>';
    const form = document.getElementById('pay') as HTMLFormElement;
    const id = PayToken.deviceData.setup({ 0: form, length: 1 } as never);
    expect(form.querySelector<HTMLInputElement>('input[name="deviceDataId"]')!.value).toBe(id);
  });

  it('the id written for the form is the one sent with cards (same page load)', async () => {
    document.body.innerHTML = '<form id="pay"></form>';
    const id = PayToken.deviceData.setup('pay');
    const { createClient } = await import('../../src/index');
    const client = createClient({ merchantId: 'm1', publicKey: 'pk_test_123', baseUrl: 'https://api.example.com' });
    await client.cards.create(cardForToday().input);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)).device_session_id).toBe(id);
  });
});

describe('classic members kept for migration', () => {
  it.each([
    { pan: '4111111111111111', luhn: true, length: true },
    { pan: '4111 1111 1111 1111', luhn: true, length: true },
    { pan: '378282246310005', luhn: true, length: false }, // 15 digits: the API takes 16 or 19 (spec, Limits)
    { pan: '4000000000000000006', luhn: true, length: true },
    { pan: '4111111111111112', luhn: false, length: true },
    { pan: '', luhn: false, length: false },
  ])('card.luhnCheck($pan) -> $luhn, card.validateCardNumberLength -> $length', ({ pan, luhn, length }) => {
    expect(PayToken.card.luhnCheck(pan)).toBe(luhn);
    expect(PayToken.card.validateCardNumberLength(pan)).toBe(length);
  });

  it('card.cardTypes() lists every network with its name, the API lengths and accept: true', () => {
    const types = PayToken.card.cardTypes();
    expect(Object.keys(types).sort()).toEqual(['amex', 'carnet', 'diners', 'discover', 'jcb', 'mastercard', 'unionpay', 'visa']);
    expect(types.mastercard).toStrictEqual({ name: 'Mastercard', length: [16, 19], accept: true });
    types.visa.length.push(15); // a copy: the rules cannot be changed through it
    expect(PayToken.card.cardTypes().visa.length).toEqual([16, 19]);
  });

  it('extractFormInfo reads the form (element, id or array-like of one) under the spec names', () => {
    document.body.innerHTML = `<form id="pay"><input data-paytoken-card="card_number" value="4111 1111 1111 1111">
      <input data-paytoken-card="holder_name" value="Ana"><input data-paytoken-card-address="city" value="Querétaro"></form>`;
    const form = document.getElementById('pay') as HTMLFormElement;
    const expected = { card_number: '4111 1111 1111 1111', holder_name: 'Ana', address: { city: 'Querétaro' } };
    for (const ref of ['pay', form, { 0: form, length: 1 }]) expect(PayToken.extractFormInfo(ref as never)).toEqual(expected);
    expectConfigurationError(() => PayToken.extractFormInfo('nope'), 'form');
  });

  it('token.extractFormAndCreate accepts an array-like of one form (a jQuery object)', async () => {
    configure();
    const { input } = cardForToday();
    document.body.innerHTML = `<form id="processCard">${Object.entries(input)
      .map(([k, v]) => `<input data-paytoken-card="${k}" value="${v}">`)
      .join('')}</form>`;
    const $form = { 0: document.getElementById('processCard'), length: 1, jquery: '4.0.0' };
    const out = await outcome((ok, fail) => PayToken.token.extractFormAndCreate($form as never, ok, fail));
    expect(out.fail).toBeUndefined();
    expect(out.ok).toStrictEqual({ data: TOKEN, status: 200 });
  });

  it('setDevelopMode / getDevelopMode: a flag, exclusive with sandbox mode as in the classic script; no URL changes', () => {
    expect(PayToken.getDevelopMode()).toBe(false);
    PayToken.setSandboxMode(true);
    PayToken.setDevelopMode(true);
    expect([PayToken.getDevelopMode(), PayToken.getSandboxMode(), PayToken.getBaseUrl()]).toStrictEqual([true, false, '']);
    PayToken.setSandboxMode(true);
    expect([PayToken.getDevelopMode(), PayToken.getSandboxMode()]).toStrictEqual([false, true]);
  });

  it.each([
    ['card.update', () => PayToken.card.update(), /private key/],
    ['Group.setId', () => PayToken.Group.setId(), /merchant-group/],
    ['Group.setApiKey', () => PayToken.Group.setApiKey(), /merchant-group/],
    ['Group.getId', () => PayToken.Group.getId(), /merchant-group/],
    ['Group.getApiKey', () => PayToken.Group.getApiKey(), /merchant-group/],
    ['Group.token.create', () => PayToken.Group.token.create(), /merchant-group/],
    ['Group.token.extractFormAndCreate', () => PayToken.Group.token.extractFormAndCreate(), /merchant-group/],
  ])('%s is refused with a ConfigurationError saying why, before any request', (member, call, why) => {
    configure();
    expectConfigurationError(call, member, why);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
