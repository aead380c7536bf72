// @vitest-environment happy-dom
/**
 * The form layer hands the token to the merchant (the `token` event, the hidden input and the form post, the
 * promise of `submit()`) only once this page's device-data POST has completed, or `DEVICE_DATA_WAIT_MS` after the
 * submit at most (src/form/mount.ts, `deviceDataSent` in src/fraud/device-data.ts): the merchant's charge never
 * races its device data; the card entry's summary (`entry sent`, src/fraud/entry.ts) follows the device-data
 * answer, before the token. A fake transport answers `POST /tokens` at once and holds the device-data POST on a
 * promise the test settles. Module state (one collection per page load) is fresh per test.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ordinaryBrowser, stub } from '../fraud/helpers';
import { holdDeviceData, jsonResponse, TOKEN, type HeldDeviceData } from '../helpers';

const YY = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
const CONFIG = { merchantId: 'm1a2b3c4d5e6f7g8h9i0', publicKey: 'pk_test_123', baseUrl: 'https://api.example.com' };
const FORM = `
  <form id="f" action="/charge" method="post">
    <input id="name" data-paytoken-card="holder_name" value="Ana Perez">
    <input id="pan" data-paytoken-card="card_number" value="4111 1111 1111 1111">
    <input id="mm" data-paytoken-card="expiration_month" value="12">
    <input id="yy" data-paytoken-card="expiration_year" value="${YY}">
    <input id="cvv" data-paytoken-card="cvv2" value="123">
    <button id="pay">Pay</button>
  </form>`;

/** What happened, in order: the requests sent, the device-data answer, the token handed over. */
let log: string[];
/** Settles the device-data POST: with a Response, or rejecting (a failed request). */
let answerDeviceData: HeldDeviceData;

beforeEach(() => {
  vi.resetModules();
  ordinaryBrowser();
  stub(globalThis, 'isSecureContext', true); // happy-dom has none; an https page has it
  log = [];
  answerDeviceData = holdDeviceData(log);
});

/** A client whose page collected device data (its POST now held), and the mounted checkout, its card typed. */
async function checkout(flow: 'spa' | 'post' = 'spa', collect = true) {
  const { createClient } = await import('../../../src/index');
  document.body.innerHTML = FORM;
  const client = createClient(CONFIG);
  if (collect) {
    client.deviceData.collect();
    await vi.waitFor(() => expect(log).toEqual(['device-data sent']), { timeout: 3000 });
  }
  const form = document.getElementById('f') as HTMLFormElement;
  const mounted = client.form.mount(form, { flow });
  mounted.on('token', () => log.push('token'));
  mounted.on('error', (e) => log.push(`error ${e.code}`));
  const tokenInput = () => (form.elements.namedItem('token_id') as HTMLInputElement).value;
  return { mounted, form, tokenInput };
}

const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));

describe('form layer: the token is handed over after the device-data POST', () => {
  it('spa flow: no token event and an unsettled submit() while the device-data POST is under way; both right after it answers', async () => {
    const { mounted, tokenInput } = await checkout();
    let settled = false;
    const result = mounted.submit().then((r) => ((settled = true), r));
    await vi.waitFor(() => expect(log).toContain('tokens sent'));
    await tick(50);
    expect(log).toEqual(['device-data sent', 'tokens sent']);
    expect(settled).toBe(false);
    expect(tokenInput()).toBe('');
    expect(mounted.state().submitting).toBe(true);
    log.push('device-data answered');
    answerDeviceData.resolve(jsonResponse(201, {}));
    const r = await result;
    expect(r.token_id).toBe(TOKEN.id);
    expect(log).toEqual(['device-data sent', 'tokens sent', 'device-data answered', 'entry sent', 'token']);
    expect(tokenInput()).toBe(TOKEN.id);
  });

  it('post flow: the form is not posted (nor the token written) before the device-data POST answers', async () => {
    const post = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => void log.push('form posted'));
    const { form, tokenInput } = await checkout('post');
    form.requestSubmit();
    await vi.waitFor(() => expect(log).toContain('tokens sent'));
    await tick(50);
    expect(post).not.toHaveBeenCalled();
    expect(tokenInput()).toBe('');
    log.push('device-data answered');
    answerDeviceData.resolve(jsonResponse(201, {}));
    await vi.waitFor(() => expect(post).toHaveBeenCalledOnce());
    expect(log).toEqual(['device-data sent', 'tokens sent', 'device-data answered', 'entry sent', 'token', 'form posted']);
    expect(tokenInput()).toBe(TOKEN.id);
  });

  it('a failed device-data POST does not block the payment: the token follows the failure at once', async () => {
    const { mounted } = await checkout();
    const result = mounted.submit();
    await vi.waitFor(() => expect(log).toContain('tokens sent'));
    log.push('device-data failed');
    answerDeviceData.reject(new TypeError('Failed to fetch'));
    await expect(result).resolves.toMatchObject({ token_id: TOKEN.id });
    expect(log).toEqual(['device-data sent', 'tokens sent', 'device-data failed', 'token']);
  });

  it('a device-data POST that never answers delays the token by DEVICE_DATA_WAIT_MS (1,500 ms) from the submit, no more', async () => {
    const { DEVICE_DATA_WAIT_MS } = await import('../../../src/fraud/device-data');
    expect(DEVICE_DATA_WAIT_MS).toBe(1500);
    const { mounted } = await checkout();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled = false;
    const result = mounted.submit().then((r) => ((settled = true), r));
    await vi.advanceTimersByTimeAsync(1499);
    expect(log).toEqual(['device-data sent', 'tokens sent']);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect(log).toEqual(['device-data sent', 'tokens sent', 'token']);
    await result;
  });

  it('a card refused locally is reported at once, whatever the device data; no request', async () => {
    const { mounted, form } = await checkout();
    (form.querySelector('#pan') as HTMLInputElement).value = '4111 1111 1111 1112';
    await expect(mounted.submit()).rejects.toMatchObject({ type: 'validation', field: 'card_number' });
    expect(log).toEqual(['device-data sent', 'error card_number.luhn']);
  });

  it('without device data on the page (no consent, never set up) the token is handed over without waiting', async () => {
    const { mounted } = await checkout('spa', false);
    await expect(mounted.submit()).resolves.toMatchObject({ token_id: TOKEN.id });
    expect(log).toEqual(['tokens sent', 'token']);
  });
});
