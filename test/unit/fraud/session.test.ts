// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, createClient } from '../../../src/index';
import {
  DEFAULT_FIELD_NAME,
  DEVICE_SESSION_ID_LENGTH,
  deviceSessionId,
  newDeviceSessionId,
  writeDeviceSessionInput,
} from '../../../src/fraud/index';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ID = /^[A-Za-z0-9]{32}$/;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** Stubs crypto.getRandomValues to hand out `rounds` one after the other (each padded with 255, a rejected byte). */
function stubRandom(rounds: number[][]) {
  const getRandomValues = vi.fn(<T extends ArrayBufferView | null>(arr: T): T => {
    const round = rounds[getRandomValues.mock.calls.length - 1] ?? [];
    const bytes = arr as unknown as Uint8Array;
    for (let i = 0; i < bytes.length; i++) bytes[i] = round[i] ?? 255;
    return arr;
  });
  vi.stubGlobal('crypto', { getRandomValues });
  return getRandomValues;
}

describe('newDeviceSessionId', () => {
  it('is 32 characters of [A-Za-z0-9]', () => {
    expect(DEVICE_SESSION_ID_LENGTH).toBe(32);
    for (let i = 0; i < 200; i++) expect(newDeviceSessionId()).toMatch(ID);
  });

  it('is new on every call', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newDeviceSessionId()));
    expect(ids.size).toBe(2000);
  });

  it('fits the spec limits of device_session_id (max 255; "one place states 32")', () => {
    expect(newDeviceSessionId().length).toBeLessThanOrEqual(32);
  });

  it('draws from crypto.getRandomValues, not Math.random', () => {
    const random = vi.spyOn(Math, 'random');
    const grv = vi.spyOn(globalThis.crypto, 'getRandomValues');
    newDeviceSessionId();
    expect(grv).toHaveBeenCalled();
    expect(random).not.toHaveBeenCalled();
  });

  it('rejection sampling: bytes >= 248 are skipped and byte b gives ALPHABET[b % 62]', () => {
    const getRandomValues = stubRandom([
      // round 1: the eight rejected values first, then a mapping sample, then 255s (rejected)
      [248, 249, 250, 251, 252, 253, 254, 255, 0, 1, 25, 26, 51, 52, 61, 62, 63, 123, 124, 185, 186, 247, 248, 255],
      // round 2: 0..63; only the first 18 are needed
      Array.from({ length: 64 }, (_, i) => i),
    ]);
    const id = newDeviceSessionId();
    //             0 1 25 26 51 52 61 62 63 123 124 185 186 247
    expect(id).toBe('ABZaz09AB9A9A9' + 'ABCDEFGHIJKLMNOPQR');
    expect(getRandomValues).toHaveBeenCalledTimes(2);
    expect(getRandomValues.mock.calls[0]![0]).toBeInstanceOf(Uint8Array);
  });

  it('keeps drawing while every byte is rejected', () => {
    const getRandomValues = stubRandom([[], [], [], Array.from({ length: 64 }, () => 247)]);
    expect(newDeviceSessionId()).toBe('9'.repeat(32));
    expect(getRandomValues).toHaveBeenCalledTimes(4);
  });

  it('byte 247 (the largest kept) and byte 0 are both used', () => {
    stubRandom([Array.from({ length: 64 }, (_, i) => (i % 2 ? 247 : 0))]);
    expect(newDeviceSessionId()).toBe('A9'.repeat(16));
  });

  it('is uniform over the 62 characters (chi-square over 200k characters)', () => {
    const counts = new Map<string, number>();
    const ids = 6250; // 6250 * 32 = 200,000 characters
    for (let i = 0; i < ids; i++) for (const c of newDeviceSessionId()) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe([...ALPHABET].sort().join(''));
    const n = ids * 32;
    const expected = n / 62;
    let chi2 = 0;
    for (const c of ALPHABET) chi2 += ((counts.get(c) ?? 0) - expected) ** 2 / expected;
    // 61 degrees of freedom: mean 61, sd ~11. A plain b % 62 (modulo bias) scores above 1000 here.
    expect(chi2).toBeLessThan(150);
  });
});

describe('deviceSessionId', () => {
  it('is one id per page load: the same on every call', () => {
    const a = deviceSessionId();
    expect(a).toMatch(ID);
    expect(deviceSessionId()).toBe(a);
    expect(deviceSessionId()).toBe(a);
  });

  it('is not one of the ids newDeviceSessionId hands out', () => {
    const a = deviceSessionId();
    const fresh = newDeviceSessionId();
    expect(fresh).not.toBe(a);
    expect(deviceSessionId()).toBe(a);
  });

  it('a new page load (fresh module) gets a new id', async () => {
    const a = deviceSessionId();
    vi.resetModules();
    const fresh = await import('../../../src/fraud/session');
    const b = fresh.deviceSessionId();
    expect(b).toMatch(ID);
    expect(b).not.toBe(a);
    expect(fresh.deviceSessionId()).toBe(b);
  });

  it('stores nothing: no cookie, no storage', () => {
    deviceSessionId();
    expect(document.cookie).toBe('');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});

describe('writeDeviceSessionInput (hidden input)', () => {
  let form: HTMLFormElement;

  beforeEach(() => {
    document.body.innerHTML = '<form id="checkout"><input name="amount" value="100"></form>';
    form = document.getElementById('checkout') as HTMLFormElement;
  });

  const inputs = (name = DEFAULT_FIELD_NAME) => [...form.querySelectorAll('input')].filter((i) => i.name === name);

  it("writes one hidden input named deviceDataId (the classic script's name) with the page id", () => {
    expect(DEFAULT_FIELD_NAME).toBe('deviceDataId');
    const id = writeDeviceSessionInput(form);
    expect(id).toBe(deviceSessionId());
    const [input, ...more] = inputs();
    expect(more).toHaveLength(0);
    expect(input!.type).toBe('hidden');
    expect(input!.value).toBe(id);
    expect(input!.id).toBe('deviceDataId');
    expect(new FormData(form).get('deviceDataId')).toBe(id);
  });

  it('writes the input once however often it is called', () => {
    const ids = [writeDeviceSessionInput(form), writeDeviceSessionInput(form), writeDeviceSessionInput(form)];
    expect(new Set(ids).size).toBe(1);
    expect(inputs()).toHaveLength(1);
    expect(form.querySelectorAll('input')).toHaveLength(2);
  });

  it('reuses an existing input of that name and gives it the current id', () => {
    form.insertAdjacentHTML('beforeend', '<input type="hidden" name="deviceDataId" value="stale">');
    const existing = inputs()[0]!;
    const id = writeDeviceSessionInput(form);
    expect(inputs()).toStrictEqual([existing]);
    expect(existing.value).toBe(id);
  });

  it('reuses a nested input of that name', () => {
    form.insertAdjacentHTML('beforeend', '<fieldset><div><input name="deviceDataId"></div></fieldset>');
    writeDeviceSessionInput(form);
    expect(inputs()).toHaveLength(1);
    expect(inputs()[0]!.value).toBe(deviceSessionId());
  });

  it('takes a custom field name', () => {
    const id = writeDeviceSessionInput(form, 'device_session_id');
    expect(inputs('device_session_id')).toHaveLength(1);
    expect(inputs('device_session_id')[0]!.value).toBe(id);
    expect(inputs()).toHaveLength(0);
  });

  it('does not take an id already used in the document', () => {
    document.body.insertAdjacentHTML('beforeend', '<div id="deviceDataId"></div>');
    writeDeviceSessionInput(form);
    expect(inputs()[0]!.id).toBe('');
    expect(document.querySelectorAll('#deviceDataId')).toHaveLength(1);
  });

  it('two forms each get their own input with the same id', () => {
    document.body.insertAdjacentHTML('beforeend', '<form id="other"></form>');
    const other = document.getElementById('other') as HTMLFormElement;
    const a = writeDeviceSessionInput(form);
    const b = writeDeviceSessionInput(other);
    expect(a).toBe(b);
    expect(other.querySelectorAll('input[name="deviceDataId"]')).toHaveLength(1);
    // only the first one may carry the element id
    expect(document.querySelectorAll('#deviceDataId')).toHaveLength(1);
  });

  describe('through createClient().deviceData.setup', () => {
    const client = () => createClient({ merchantId: 'm1', publicKey: 'pk_test_1', baseUrl: 'https://api.example.com' });

    it('accepts the form id or the element, and writes once', () => {
      const a = client().deviceData.setup('checkout');
      const b = client().deviceData.setup(form);
      expect(a).toBe(b);
      expect(a).toBe(client().deviceData.sessionId());
      expect(inputs()).toHaveLength(1);
    });

    it('takes a custom field name', () => {
      client().deviceData.setup('checkout', 'dsid');
      expect(inputs('dsid')).toHaveLength(1);
    });

    it.each([
      { name: 'missing id', form: 'nope' },
      { name: 'id of a non-form element', form: 'box' },
    ])('$name -> ConfigurationError option form', ({ form: f }) => {
      document.body.insertAdjacentHTML('beforeend', '<div id="box"></div>');
      let err: unknown;
      try {
        client().deviceData.setup(f);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ConfigurationError);
      expect((err as ConfigurationError).option).toBe('form');
      expect(document.querySelectorAll('input[name="deviceDataId"]')).toHaveLength(0);
    });

    it('a non-form element -> ConfigurationError', () => {
      const div = document.createElement('div');
      expect(() => client().deviceData.setup(div as unknown as HTMLFormElement)).toThrow(ConfigurationError);
    });
  });
});
