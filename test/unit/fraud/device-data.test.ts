// @vitest-environment happy-dom
/**
 * Device data per page load (src/fraud/device-data.ts, send.ts) and its two public faces: the classic
 * `PayToken.deviceData.setup()` / `collected()` and the ESM `client.deviceData.collect()`. Module state (one
 * collection per page load) is reset per test with a fresh module graph.
 */
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { DeviceData } from '../../../src/fraud/types';
import { ordinaryBrowser, stub } from './helpers';
import { jsonResponse } from '../helpers';

let fetchMock: Mock<typeof fetch>;
const TARGET = { baseUrl: 'https://api.example.com', merchantId: 'm1a2b3c4', publicKey: 'pk_test_123' };

beforeEach(() => {
  vi.resetModules();
  ordinaryBrowser();
  stub(globalThis, 'isSecureContext', true); // happy-dom has none; an https page has it
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(201, {}));
  vi.stubGlobal('fetch', fetchMock);
});

const fresh = async () => ({
  ...(await import('../../../src/fraud/device-data')),
  session: await import('../../../src/fraud/session'),
});

/** Lets pending promise callbacks (the send after collection) run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

/** Checks a thrown ConfigurationError by shape (the module graph is fresh per test). */
function expectBudgetError(fn: () => unknown) {
  let err: unknown;
  try {
    fn();
  } catch (e) {
    err = e;
  }
  expect(err).toMatchObject({ name: 'ConfigurationError', type: 'configuration', option: 'budgetMs' });
}

describe('deviceData: one collection and one send per page load', () => {
  it('collects, then sends the data once to {base_url}/v1/{merchant_id}/device-data with the public key', async () => {
    const { deviceData, session } = await fresh();
    const target = vi.fn(() => TARGET);
    const first = deviceData({}, target);
    const again = deviceData({ budgetMs: 100 }, target);
    expect(again).toBe(first);
    const data = (await first)!;
    await settle();
    expect(data.device_session_id).toBe(session.deviceSessionId());
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.example.com/v1/m1a2b3c4/device-data');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit', referrerPolicy: 'no-referrer' });
    expect(init!.headers).toEqual({ Authorization: `Basic ${btoa('pk_test_123:')}`, 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init!.body))).toEqual(JSON.parse(JSON.stringify(data)));
    expect(target).toHaveBeenCalledOnce();
    // a third call, later, still sends nothing more
    await deviceData({}, target);
    await settle();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('the body carries device data only: no form values, nothing in the URL but the merchant id', async () => {
    document.body.innerHTML =
      '<form><input data-paytoken-card="card_number" value="4111 1111 1111 1111"><input data-paytoken-card="cvv2" value="123"><input name="email" value="ana@example.com"></form>';
    const { deviceData } = await fresh();
    await deviceData({}, () => TARGET);
    await settle();
    const [url, init] = fetchMock.mock.calls[0]!;
    const body = String(init!.body);
    for (const v of ['4111', 'ana@example.com', '"123"']) expect(body).not.toContain(v);
    expect(Object.keys(JSON.parse(body)).sort()).toEqual([
      'automation',
      'device_session_id',
      'missing',
      'signals',
      'timings',
      'visitor_id',
    ]);
    expect(String(url)).not.toContain('?');
    document.body.innerHTML = '';
  });

  it('without a configuration (the target throws) nothing is sent, and the data still comes', async () => {
    const { deviceData } = await fresh();
    const data = await deviceData({}, () => {
      throw new Error('no merchant id yet');
    });
    await settle();
    expect(data?.visitor_id).toMatch(/^[0-9a-f]{32}$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failed send never rejects the data', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { deviceData } = await fresh();
    await expect(deviceData({}, () => TARGET)).resolves.toMatchObject({ visitor_id: expect.any(String) });
    await settle();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('collect: false collects and sends nothing, and resolves null; the session id is unaffected', async () => {
    const { deviceData, session } = await fresh();
    const createElement = vi.spyOn(document, 'createElement');
    const matchMedia = vi.spyOn(window, 'matchMedia');
    const id = session.deviceSessionId();
    await expect(deviceData({ collect: false }, () => TARGET)).resolves.toBeNull();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(createElement).not.toHaveBeenCalled();
    expect(matchMedia).not.toHaveBeenCalled();
    expect(session.deviceSessionId()).toBe(id);
  });

  it('not a secure context (plain http to another host): nothing collected or sent, null', async () => {
    stub(globalThis, 'isSecureContext', false);
    const { deviceData } = await fresh();
    const createElement = vi.spyOn(document, 'createElement');
    await expect(deviceData({}, () => TARGET)).resolves.toBeNull();
    await settle();
    expect(createElement).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('consent given later (collect: true after collect: false) starts the collection then', async () => {
    const { deviceData } = await fresh();
    await expect(deviceData({ collect: false }, () => TARGET)).resolves.toBeNull();
    await expect(deviceData({}, () => TARGET)).resolves.toMatchObject({ visitor_id: expect.any(String) });
    await settle();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it.each([0, -1, 10_001, Number.NaN, null as unknown as number, 'fast' as unknown as number])(
    'budgetMs %j is a ConfigurationError',
    async (budgetMs) => {
      const { deviceData } = await fresh();
      expectBudgetError(() => deviceData({ budgetMs }, () => TARGET));
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});

describe('deviceDataSent: the card entry summary follows the device data', () => {
  it("sends the watched card number's summary to /device-data/entry under the same device_session_id, on each submit", async () => {
    const { deviceData, deviceDataSent, session } = await fresh();
    const { watchEntry } = await import('../../../src/fraud/entry');
    document.body.innerHTML = '<input>';
    const input = document.querySelector('input')!;
    const ctrl = new AbortController();
    watchEntry(input, 'card_number', ctrl.signal);
    input.value = '4111111111111111'; // set by script: no trusted input event
    await deviceData({}, () => TARGET);
    await deviceDataSent();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('https://api.example.com/v1/m1a2b3c4/device-data/entry');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
    const body = JSON.parse(String(init!.body));
    expect(body).toEqual({
      device_session_id: session.deviceSessionId(),
      entry: { card_number: expect.objectContaining({ methods: ['scripted'], keys: 0 }) },
    });
    expect(String(init!.body)).not.toContain('4111');
    await deviceDataSent(); // a second submit sends the summary again (the shopper may have corrected the card)
    expect(fetchMock).toHaveBeenCalledTimes(3);
    ctrl.abort();
  });

  it('no watched input, or no collection (no consent): no entry request', async () => {
    const { deviceData, deviceDataSent } = await fresh();
    await deviceDataSent(50);
    expect(fetchMock).not.toHaveBeenCalled();
    await deviceData({}, () => TARGET);
    await deviceDataSent();
    expect(fetchMock).toHaveBeenCalledOnce(); // the device data only
  });
});

describe('classic PayToken.deviceData', () => {
  const load = async () => (await import('../../../src/browser')).default;

  it('setup() returns the session id at once; collected() resolves with the data; it is sent with the classic settings', async () => {
    const PayToken = await load();
    PayToken.setId('m1a2b3c4');
    PayToken.setApiKey('pk_test_123');
    PayToken.setBaseUrl('https://api.example.com');
    document.body.innerHTML = '<form id="pay"></form>';
    const id = PayToken.deviceData.setup('pay', 'device_session_id');
    expect(typeof id).toBe('string');
    expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    const data = (await PayToken.deviceData.collected()) as DeviceData;
    expect(data.device_session_id).toBe(id);
    expect((document.querySelector('input[name="device_session_id"]') as HTMLInputElement).value).toBe(id);
    await settle();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('https://api.example.com/v1/m1a2b3c4/device-data');
    document.body.innerHTML = '';
  });

  it('collected() is null before setup() and with collect: false; nothing is sent', async () => {
    const PayToken = await load();
    PayToken.setSandboxMode(true);
    PayToken.setId('m1a2b3c4');
    PayToken.setApiKey('pk_test_123');
    await expect(PayToken.deviceData.collected()).resolves.toBeNull();
    expect(PayToken.deviceData.setup(undefined, undefined, { collect: false })).toMatch(/^[A-Za-z0-9]{32}$/);
    await expect(PayToken.deviceData.collected()).resolves.toBeNull();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('settings made after setup() but before the collection ends are used for the send', async () => {
    const PayToken = await load();
    PayToken.deviceData.setup();
    PayToken.setSandboxMode(true);
    PayToken.setId('m1a2b3c4');
    PayToken.setApiKey('pk_test_123');
    await PayToken.deviceData.collected();
    await settle();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('http://127.0.0.1:4010/v1/m1a2b3c4/device-data');
  });

  it('a bad budget throws a ConfigurationError from setup()', async () => {
    const PayToken = await load();
    expectBudgetError(() => PayToken.deviceData.setup(undefined, undefined, { budgetMs: 0 }));
  });
});

describe('ESM client.deviceData.collect()', () => {
  it("gives the session id at once and the data as a promise, sent to the client's API", async () => {
    const { createClient } = await import('../../../src/index');
    const client = createClient({ merchantId: 'm9', publicKey: 'pk_live_9', baseUrl: 'https://pay.example.com/' });
    const { deviceSessionId, data } = client.deviceData.collect({ budgetMs: 300 });
    expect(deviceSessionId).toBe(client.deviceData.sessionId());
    const d = (await data)!;
    expect(d.device_session_id).toBe(deviceSessionId);
    await settle();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('https://pay.example.com/v1/m9/device-data');
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe(`Basic ${btoa('pk_live_9:')}`);
  });

  it('collect: false gives the session id and a null result, and sends nothing', async () => {
    const { createClient } = await import('../../../src/index');
    const { deviceSessionId, data } = createClient(TARGET).deviceData.collect({ collect: false });
    expect(deviceSessionId).toMatch(/^[A-Za-z0-9]{32}$/);
    await expect(data).resolves.toBeNull();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
