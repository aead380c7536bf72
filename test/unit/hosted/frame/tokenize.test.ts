// @vitest-environment happy-dom
/**
 * The hosted card-number frame (src/hosted/frame/index.ts) answers the merchant page's `tokenize` with the token
 * only once its device-data POST has completed, or `DEVICE_DATA_WAIT_MS` after the request (or after a collection
 * still under way then) at most: the merchant gets the token (the `token` event, `tokenize()`, the post flow) after
 * the device data, never before, even when the collection is slower than that bound. The frame
 * runs in this happy-dom document under a stand-in window (../frame-harness.ts); a fake transport answers `POST /tokens` at once and holds the device-data POST on a promise
 * the test settles.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ordinaryBrowser, stub } from '../../fraud/helpers';
import { holdDeviceData, jsonResponse, TOKEN, type HeldDeviceData } from '../../helpers';
import { startTestFrame } from '../frame-harness';

let log: string[];
let answerDeviceData: HeldDeviceData;

beforeEach(() => {
  vi.resetModules();
  ordinaryBrowser();
  stub(globalThis, 'isSecureContext', true);
  log = [];
  answerDeviceData = holdDeviceData(log);
});

/** The card-number frame, configured, its number typed and first focused (which starts the device data). */
async function frame() {
  const { deliver, sent, input } = await startTestFrame(
    {},
    (m) => (m.t === 'token' || m.t === 'fail') && log.push(`${m.t} to the merchant page`),
  );
  input.value = '4111 1111 1111 1111';
  input.dispatchEvent(new Event('focus')); // the shopper's first focus starts the device data
  await vi.waitFor(() => expect(log).toEqual(['device-data sent']), { timeout: 3000 });
  return { deliver, sent };
}

describe('hosted card-number frame: the token after the device-data POST', () => {
  it('no token message while the device-data POST is under way; the token right after it answers', async () => {
    const { deliver, sent } = await frame();
    deliver({ t: 'tokenize', id: 1, holder_name: 'Ana Perez' });
    await vi.waitFor(() => expect(log).toContain('tokens sent'));
    await new Promise((r) => setTimeout(r, 50));
    expect(log).toEqual(['device-data sent', 'tokens sent']);
    log.push('device-data answered');
    answerDeviceData.resolve(jsonResponse(201, {}));
    await vi.waitFor(() => expect(log).toContain('token to the merchant page'));
    expect(log).toEqual(['device-data sent', 'tokens sent', 'device-data answered', 'entry sent', 'token to the merchant page']);
    expect(sent.at(-1)).toMatchObject({ t: 'token', id: 1, token: { id: TOKEN.id }, session: expect.stringMatching(/^[A-Za-z0-9]{32}$/) });
  });

  it('a device-data POST that never answers delays the token by 1,500 ms at most; a failed one not at all', async () => {
    const { deliver } = await frame();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    deliver({ t: 'tokenize', id: 1, holder_name: 'Ana Perez' });
    await vi.advanceTimersByTimeAsync(1499);
    expect(log).toEqual(['device-data sent', 'tokens sent']);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['device-data sent', 'tokens sent', 'token to the merchant page']);
    vi.useRealTimers();
    answerDeviceData.reject(new TypeError('Failed to fetch'));
    deliver({ t: 'tokenize', id: 2, holder_name: 'Ana Perez' }); // the send has failed by now: no wait
    await vi.waitFor(() => expect(log.filter((l) => l === 'token to the merchant page')).toHaveLength(2), { timeout: 500 });
  });

  it('a card refused by the API is answered at once, whatever the device data', async () => {
    const { deliver } = await frame();
    vi.mocked(fetch).mockImplementation(async (url) => {
      if (String(url).endsWith('/device-data')) return new Promise<Response>(() => {});
      log.push('tokens sent');
      return jsonResponse(402, { category: 'gateway', error_code: 3001, description: 'declined', http_code: 402, request_id: 'r1' });
    });
    deliver({ t: 'tokenize', id: 1, holder_name: 'Ana Perez' });
    await vi.waitFor(() => expect(log).toContain('fail to the merchant page'), { timeout: 500 });
    expect(log).toEqual(['device-data sent', 'tokens sent', 'fail to the merchant page']);
  });

  it('a collection slower than the 1,500 ms bound (its hashing held 1.7 s) still reaches the API before the token', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const digest = crypto.subtle.digest.bind(crypto.subtle);
    vi.spyOn(crypto.subtle, 'digest').mockImplementation(async (...args) => (await held, digest(...args)));
    const { deliver, sent, input } = await startTestFrame({}, (m) => m.t === 'token' && log.push('token to the merchant page'));
    input.value = '4111 1111 1111 1111';
    input.dispatchEvent(new Event('focus')); // the collection starts, and waits on its hash
    deliver({ t: 'tokenize', id: 1, holder_name: 'Ana Perez' });
    await vi.waitFor(() => expect(log).toEqual(['tokens sent']));
    await new Promise((r) => setTimeout(r, 1700)); // past the bound counted from the submit
    expect(log).toEqual(['tokens sent']);
    release();
    await vi.waitFor(() => expect(log).toEqual(['tokens sent', 'device-data sent']));
    log.push('device-data answered');
    answerDeviceData.resolve(jsonResponse(201, {}));
    await vi.waitFor(() => expect(log).toContain('token to the merchant page'));
    expect(log).toEqual(['tokens sent', 'device-data sent', 'device-data answered', 'entry sent', 'token to the merchant page']);
    expect(sent.at(-1)).toMatchObject({ t: 'token', id: 1 });
  });
});
