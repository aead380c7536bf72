// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableIframePageLoading":true}}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ConfigurationError, NetworkError, PayTokenError, TimeoutError, ValidationError } from '../../../../src/errors/index';
import { fail as failed } from '../../../../src/card/result';
import { createClient } from '../../../../src/client';
import { mountFields, type HostedFields } from '../../../../src/hosted/controller/mount';
import { PROTOCOL_VERSION } from '../../../../src/hosted/protocol';

/** A frame's FailData for `error`, as src/hosted/frame/index.ts builds it: the error's own properties travel. */
const failData = (error: PayTokenError, code: string, text: string) => ({
  type: error.type,
  message: error.message,
  code,
  text,
  props: { ...error },
});

const CONFIG = { merchantId: 'm1', publicKey: 'pk_test_1', baseUrl: 'http://127.0.0.1:4010' };
const API = 'http://127.0.0.1:4010';
const FIELDS = { card_number: '#pan', expiry: '#exp', cvv2: '#cvv' } as const;
let mounted: HostedFields[] = [];

const mount = (...args: Partial<Parameters<typeof mountFields>>) => {
  const m = mountFields(args[0] ?? CONFIG, args[1] ?? FIELDS, args[2]);
  mounted.push(m);
  return m;
};
const iframe = (id: string) => document.querySelector<HTMLIFrameElement>(`#${id} iframe`)!;
const chOf = (f: HTMLIFrameElement) => new URLSearchParams(new URL(f.src).hash.slice(1)).get('ch')!;
/** Delivers a message to the page as if `from` (an iframe) had sent it. */
const deliver = (from: HTMLIFrameElement, body: object, opts: { origin?: string; ch?: string; v?: number; source?: unknown } = {}) =>
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { paytoken: opts.v ?? PROTOCOL_VERSION, ch: opts.ch ?? chOf(from), ...body },
      origin: opts.origin ?? API,
      source: (opts.source ?? from.contentWindow) as Window,
    }),
  );
const state = { empty: false, focused: false, valid: true, potentiallyValid: true };
const ready = () => ['pan', 'exp', 'cvv'].forEach((id) => deliver(iframe(id), { t: 'ready', height: 42, session: 'sess' + id }));

// happy-dom does not load frames: each iframe gets a stand-in window whose postMessage is recorded
const realContentWindow = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow');
// (happy-dom prints one "Failed to load iframe page" line per iframe: loading is off on purpose)
beforeEach(() => {
  Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
    configurable: true,
    get(this: HTMLIFrameElement & { fake?: object }) {
      return this.isConnected ? (this.fake ??= { postMessage: vi.fn() }) : null;
    },
  });
  document.body.innerHTML = `<form id="f" action="/charge"><label for="pan">Número</label><div id="pan"></div>
    <label for="exp">Vence</label><div id="exp"></div><div id="cvv" aria-label="CVV"></div><button type="submit">Pagar</button></form>`;
});
afterEach(() => {
  mounted.forEach((m) => m.unmount());
  mounted = [];
  if (realContentWindow) Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', realContentWindow);
});

describe('mountFields', () => {
  it('puts one titled iframe per field from the fields origin, everything in the fragment', () => {
    mount();
    const f = iframe('pan');
    const u = new URL(f.src);
    expect(u.origin + u.pathname).toBe(`${API}/fields/v1/frame.html`);
    expect(Object.fromEntries(new URLSearchParams(u.hash.slice(1)))).toMatchObject({ v: '1', f: 'card_number', o: location.origin });
    expect(chOf(f)).toMatch(/^[0-9a-f]{32}$/);
    expect(chOf(iframe('cvv'))).toBe(chOf(f));
    expect(f.title).toBe('Número');
    expect(document.querySelectorAll('iframe')).toHaveLength(3);
    expect(document.getElementById('pan')!.hasAttribute('data-paytoken-empty')).toBe(true);
  });

  it('uses fieldsUrl when given, and gives each mount its own channel', () => {
    const a = mount({ ...CONFIG, fieldsUrl: 'https://fields.example/v9/' });
    expect(iframe('pan').src.startsWith('https://fields.example/v9/frame.html#')).toBe(true);
    const ch1 = chOf(iframe('pan'));
    a.unmount();
    mount();
    expect(chOf(iframe('pan'))).not.toBe(ch1);
  });

  it('client.fields.mount mounts with the client settings and its fieldsUrl', () => {
    const m = createClient({ ...CONFIG, fieldsUrl: 'https://pay.example/fields/v1' }).fields.mount(FIELDS);
    mounted.push(m);
    expect(iframe('pan').src.startsWith('https://pay.example/fields/v1/frame.html#')).toBe(true);
    expect(() => createClient({ ...CONFIG, fieldsUrl: 'ftp://x' }).fields.mount(FIELDS)).toThrow(/fieldsUrl/);
  });

  it.each([
    [{ ...CONFIG, publicKey: 'sk_live_1' }, FIELDS, {}, 'publicKey'],
    [{ ...CONFIG, fieldsUrl: 'http://evil.example/fields' }, FIELDS, {}, 'fieldsUrl'],
    [CONFIG, { expiry: '#exp' }, {}, 'fields.card_number'],
    [CONFIG, { ...FIELDS, pin: '#pan' }, {}, 'fields.pin'],
    [CONFIG, { ...FIELDS, cvv2: '#nowhere' }, {}, 'fields.cvv2'],
  ])('refuses a bad setting with a ConfigurationError naming it (%#)', (config, fields, options, option) => {
    let error: unknown;
    try {
      mountFields(config as never, fields as never, options as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe(option);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('a setting a frame refuses (style allowlist, merchant id, time-out, brands) is an error event once, and every tokenize rejects with it', async () => {
    const m = mount(CONFIG, FIELDS, { flow: 'spa', style: { base: { backgroundImage: 'url(x)' } } });
    const onError = vi.fn();
    m.on('error', onError);
    // the style goes to the frames as given: they hold the allowlist, and refuse it there
    expect(JSON.parse(new URLSearchParams(new URL(iframe('pan').src).hash.slice(1)).get('c')!).style).toEqual({
      base: { backgroundImage: 'url(x)' },
    });
    const refused = new ConfigurationError('style.base.backgroundImage', 'style.base.backgroundImage: not in the allowlist');
    const fail = failData(refused, 'style.base.backgroundImage', refused.message);
    deliver(iframe('pan'), { t: 'fail', id: 0, fail }, { origin: 'http://evil.example' }); // not from the frames: ignored
    expect(onError).not.toHaveBeenCalled();
    for (const id of ['pan', 'exp', 'cvv']) deliver(iframe(id), { t: 'fail', id: 0, fail }); // each frame reports it
    ready();
    for (const id of ['pan', 'exp', 'cvv']) deliver(iframe(id), { t: 'state', e: 'change', state, brand: null }); // every field valid
    expect(onError).toHaveBeenCalledOnce();
    const event = onError.mock.calls[0]![0];
    expect(event).toMatchObject({ code: 'style.base.backgroundImage', message: fail.message });
    expect(event.error).toBeInstanceOf(ConfigurationError);
    expect(event.error.option).toBe('style.base.backgroundImage');
    expect(m.state()).toMatchObject({ ready: true, canSubmit: false });
    const posted = iframe('pan').contentWindow!.postMessage as unknown as ReturnType<typeof vi.fn>;
    await expect(m.tokenize()).rejects.toBe(event.error);
    expect(posted).not.toHaveBeenCalled(); // nothing asked of the frame
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('mounting again on the same containers replaces the mount (StrictMode): one iframe per field; unmount removes everything', () => {
    const a = mount();
    const b = mount();
    expect(document.querySelectorAll('iframe')).toHaveLength(3);
    const events: string[] = [];
    a.on('change', () => events.push('a'));
    b.on('change', () => events.push('b'));
    deliver(iframe('pan'), { t: 'state', e: 'change', state, brand: 'visa' });
    expect(events).toEqual(['b']);
    b.unmount();
    b.unmount();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(
      document
        .getElementById('pan')!
        .getAttributeNames()
        .filter((n) => n.startsWith('data-paytoken')),
    ).toEqual([]);
    expect(document.querySelectorAll('input[type=hidden]')).toHaveLength(0);
  });

  it('relays states as events and container attributes, and ignores messages from the wrong origin, window, channel or version', () => {
    const m = mount();
    const seen: string[] = [];
    for (const t of ['change', 'focus', 'blur', 'validityChange', 'brand'] as const) m.on(t, (e) => seen.push(`${t}:${JSON.stringify(e)}`));
    const pan = iframe('pan');
    deliver(pan, { t: 'state', e: 'change', state, brand: 'visa' }, { origin: 'http://evil.example' });
    deliver(pan, { t: 'state', e: 'change', state, brand: 'visa' }, { source: { postMessage() {} } }); // a window not of this mount
    deliver(pan, { t: 'state', e: 'change', state, brand: 'visa' }, { source: window });
    deliver(pan, { t: 'state', e: 'change', state, brand: 'visa' }, { ch: 'f'.repeat(32) });
    deliver(pan, { t: 'state', e: 'change', state, brand: 'visa' }, { v: 0 });
    deliver(pan, { t: 'state', e: 'change', state: { valid: true }, brand: 'visa' });
    expect(seen).toEqual([]);
    expect(m.state().fields.card_number!.valid).toBe(false);
    expect(document.getElementById('pan')!.hasAttribute('data-paytoken-brand')).toBe(false);

    deliver(pan, { t: 'state', e: 'change', state, brand: 'visa' });
    expect(seen.map((s) => s.split(':')[0])).toEqual(['brand', 'change', 'validityChange']);
    expect(m.state()).toMatchObject({ brand: 'visa', ready: false, canSubmit: false, fields: { card_number: state } });
    const el = document.getElementById('pan')!;
    expect(el.getAttribute('data-paytoken-brand')).toBe('visa');
    expect(el.hasAttribute('data-paytoken-valid')).toBe(true);
    expect(el.hasAttribute('data-paytoken-empty')).toBe(false);
    deliver(pan, {
      t: 'state',
      e: 'blur',
      state: { ...state, valid: false, error: { code: 'card_number.luhn', message: 'x' } },
      brand: 'visa',
    });
    expect(el.hasAttribute('data-paytoken-invalid')).toBe(true);
  });

  it('setLocale before a frame is ready posts nothing to it (it has no listener yet) and sends the locale once it is ready', () => {
    const m = mount(CONFIG, FIELDS, { locale: 'es-MX' });
    const posted = (id: string) => iframe(id).contentWindow!.postMessage as unknown as ReturnType<typeof vi.fn>;
    deliver(iframe('pan'), { t: 'ready', height: 42, session: 'sesspan' });
    m.setLocale('en');
    expect(posted('pan')).toHaveBeenCalledOnce();
    expect(posted('pan').mock.calls[0]![0]).toMatchObject({ t: 'locale', locale: 'en' });
    expect(posted('cvv')).not.toHaveBeenCalled();
    deliver(iframe('cvv'), { t: 'ready', height: 42, session: 'sesscvv' });
    expect(posted('cvv')).toHaveBeenCalledOnce();
    expect(posted('cvv').mock.calls[0]![0]).toMatchObject({ t: 'locale', locale: 'en' });
    // a frame ready under the locale of its URL gets no message
    m.unmount();
    mount(CONFIG, FIELDS, { locale: 'en' });
    deliver(iframe('pan'), { t: 'ready', height: 42, session: 's' });
    expect(posted('pan')).not.toHaveBeenCalled();
  });

  it('setStyle restyles the ready frames in place (same iframes) and a frame still loading once it is ready', () => {
    const m = mount(CONFIG, FIELDS, { style: { base: { color: 'red' } } });
    const posted = (id: string) => iframe(id).contentWindow!.postMessage as unknown as ReturnType<typeof vi.fn>;
    const before = [...document.querySelectorAll('iframe')];
    deliver(iframe('pan'), { t: 'ready', height: 42, session: 'sesspan' });
    const style = { base: { color: 'blue' }, invalid: { color: 'purple' } };
    m.setStyle(style);
    expect(posted('pan').mock.calls.map((c) => c[0])).toEqual([expect.objectContaining({ t: 'style', style })]);
    expect(posted('cvv')).not.toHaveBeenCalled();
    deliver(iframe('cvv'), { t: 'ready', height: 42, session: 'sesscvv' });
    expect(posted('cvv').mock.calls.map((c) => c[0])).toEqual([expect.objectContaining({ t: 'style', style })]);
    expect([...document.querySelectorAll('iframe')]).toEqual(before);
    // a frame ready under the style of its URL gets no message
    m.unmount();
    mount(CONFIG, FIELDS, { style: { base: { color: 'red' } } });
    deliver(iframe('pan'), { t: 'ready', height: 42, session: 's' });
    expect(posted('pan')).not.toHaveBeenCalled();
  });

  it("gives each frame its settings in its URL's fragment (metadata and settings, no value), sizes it to its content, then is ready", () => {
    const m = mount(CONFIG, FIELDS, { locale: 'en', placeholders: { cvv2: '123' }, style: { base: { color: 'red' } } });
    const posted = iframe('cvv').contentWindow!.postMessage as unknown as ReturnType<typeof vi.fn>;
    const config = JSON.parse(new URLSearchParams(new URL(iframe('cvv').src).hash.slice(1)).get('c')!);
    expect(config).toEqual({
      label: 'CVV',
      locale: 'en',
      placeholder: '123',
      style: { base: { color: 'red' } },
      merchantId: 'm1',
      publicKey: 'pk_test_1',
      timeoutMs: expect.any(Number),
    });
    expect(JSON.parse(new URLSearchParams(new URL(iframe('pan').src).hash.slice(1)).get('c')!)).toMatchObject({ label: 'Número' });
    // nothing is asked of the frame on the way to ready: no round trip
    deliver(iframe('cvv'), { t: 'hello' });
    expect(posted).not.toHaveBeenCalled();
    const onReady = vi.fn();
    m.on('ready', onReady);
    ready();
    expect(iframe('cvv').getAttribute('height')).toBe('42');
    expect(onReady).toHaveBeenCalledOnce();
    expect(m.state()).toMatchObject({ ready: true, deviceSessionId: 'sesspan' });
    deliver(iframe('cvv'), { t: 'resize', height: 77 });
    expect(iframe('cvv').getAttribute('height')).toBe('77');
  });

  it("tokenize: one request however often called; resolves with the token and the frame's device_session_id", async () => {
    const m = mount(CONFIG, FIELDS, { flow: 'spa' });
    await expect(m.tokenize()).rejects.toBeInstanceOf(ConfigurationError); // not ready
    ready();
    const posted = iframe('pan').contentWindow!.postMessage as unknown as ReturnType<typeof vi.fn>;
    const p1 = m.tokenize({ holder_name: 'Ana' });
    const p2 = m.tokenize();
    expect(p2).toBe(p1);
    expect(posted).toHaveBeenCalledOnce();
    const msg = posted.mock.calls[0]![0] as unknown as { id: number; holder_name: string };
    expect(msg).toMatchObject({ t: 'tokenize', holder_name: 'Ana' });
    const onToken = vi.fn();
    m.on('token', onToken);
    const token = { id: 'tok123', card: { card_number: 'XXXXXXXXXXXX1111' } };
    deliver(iframe('cvv'), { t: 'token', id: msg.id, token, session: 'evil' }); // only the card frame answers
    deliver(iframe('pan'), { t: 'token', id: msg.id, token, session: 'sesspan' });
    await expect(p1).resolves.toEqual({ token_id: 'tok123', device_session_id: 'sesspan', token });
    expect(onToken).toHaveBeenCalledOnce();
    const p3 = m.tokenize();
    expect(p3).not.toBe(p1);
    m.unmount();
    await expect(p3).rejects.toThrow(/unmounted/);
  });

  it('a failed tokenization rejects with the typed error and emits error with the code and message', async () => {
    const m = mount(CONFIG, FIELDS, { flow: 'spa' });
    ready();
    const posted = iframe('pan').contentWindow!.postMessage as unknown as ReturnType<typeof vi.fn>;
    const onError = vi.fn();
    m.on('error', onError);
    const p = m.tokenize();
    const id = (posted.mock.calls[0]![0] as unknown as { id: number }).id;
    const error = { category: 'gateway', error_code: 3001, description: 'declined', http_code: 402, request_id: 'r1' };
    deliver(iframe('pan'), { t: 'fail', id, fail: failData(new ApiError(402, error), '3001', 'Card declined.') });
    const e = await p.catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toBeInstanceOf(PayTokenError);
    expect(e).not.toBeInstanceOf(ValidationError);
    expect([e.name, e.message, e.status, e.error_code, e.category, e.request_id, e.fraud_rules, e.error]).toEqual([
      'ApiError',
      '3001 declined',
      402,
      3001,
      'gateway',
      'r1',
      [],
      error,
    ]);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: '3001', message: 'Card declined.' }));

    const p2 = m.tokenize();
    const id2 = (posted.mock.calls[1]![0] as unknown as { id: number }).id;
    deliver(iframe('pan'), {
      t: 'fail',
      id: id2,
      fail: { ...failData(new ValidationError([failed('cvv2', 'length')]), 'cvv2.length', 'x'), field: 'cvv2' },
    });
    const v = await p2.catch((x) => x);
    expect(v).toBeInstanceOf(ValidationError);
    expect(v).not.toBeInstanceOf(ApiError);
    expect([v.name, v.field, v.rule, v.error_code, v.http_code, v.errors]).toEqual([
      'ValidationError',
      'cvv2',
      'length',
      2009,
      412,
      [failed('cvv2', 'length')],
    ]);

    for (const [sent, cls] of [
      [new TimeoutError(20000), TimeoutError],
      [new NetworkError('Failed to fetch'), NetworkError],
    ] as const) {
      const p3 = m.tokenize();
      const id3 = (posted.mock.calls.at(-1)![0] as unknown as { id: number }).id;
      deliver(iframe('pan'), { t: 'fail', id: id3, fail: failData(sent, '1004', 'x') });
      const x = await p3.catch((y) => y);
      expect(x).toBeInstanceOf(cls);
      expect(x).not.toBeInstanceOf(ApiError);
      expect({ ...x, message: x.message }).toEqual({ ...sent, message: sent.message });
    }
  });

  it('post flow: the form submit tokenizes, writes token_id and device_session_id into hidden inputs and posts the form', async () => {
    mount();
    ready();
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const posted = iframe('pan').contentWindow!.postMessage as unknown as ReturnType<typeof vi.fn>;
    const form = document.getElementById('f') as HTMLFormElement;
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(form.querySelector('button')!.disabled).toBe(true);
    const id = (posted.mock.calls[0]![0] as unknown as { id: number }).id;
    deliver(iframe('pan'), { t: 'token', id, token: { id: 'tok9', card: {} }, session: 'sesspan' });
    await vi.waitFor(() => expect(submit).toHaveBeenCalledOnce());
    expect((form.elements.namedItem('token_id') as HTMLInputElement).value).toBe('tok9');
    expect((form.elements.namedItem('device_session_id') as HTMLInputElement).value).toBe('sesspan');
    submit.mockRestore();
  });
});
