// @vitest-environment happy-dom
/**
 * The hosted-field frame checks the settings the merchant page does not (the merchant page carries no allowlist
 * and no id rules): the style allowlist, the merchant id, the time-out and the accepted brands. A refused setting
 * is reported to the merchant page once, at start, as a `fail` message with id 0 naming the option (the page turns
 * it into the `error` event and rejects every `tokenize()` with a ConfigurationError); the allowed part of the style
 * still applies, and no device data is collected under a refused setting. The frame runs in this happy-dom
 * document under a stand-in window (../frame-harness.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ordinaryBrowser, stub } from '../../fraud/helpers';
import { holdDeviceData } from '../../helpers';
import { startTestFrame } from '../frame-harness';

let log: string[];

beforeEach(() => {
  vi.resetModules();
  ordinaryBrowser();
  stub(globalThis, 'isSecureContext', true);
  log = [];
  holdDeviceData(log);
});

/** The `fail` messages the frame sent at start (id 0). */
const refusals = (sent: { t: string; [k: string]: unknown }[]) =>
  sent.filter((m) => m.t === 'fail' && m.id === 0).map((m) => m.fail as Record<string, unknown>);

describe('hosted frame: the settings it checks itself', () => {
  it.each([
    [{ style: { base: { color: '#222', backgroundImage: 'url(https://evil.example/x)' } } }, 'style.base.backgroundImage'],
    [{ style: { focus: { position: 'fixed' } } }, 'style.focus.position'],
    [{ style: { base: { fontFamily: 'Comic Neue, sans-serif' } } }, 'style.base.fontFamily'],
    [{ style: { hover: { color: 'red' } } }, 'style.hover'],
    [{ merchantId: 'not an id!' }, 'merchantId'],
    [{ merchantId: undefined }, 'merchantId'],
    [{ timeoutMs: -1 }, 'timeoutMs'],
    [{ timeoutMs: 200_000 }, 'timeoutMs'],
    [{ acceptedBrands: ['Visa'] }, 'acceptedBrands'],
    [{ acceptedBrands: [] }, 'acceptedBrands'],
    [{ acceptedBrands: 'visa' }, 'acceptedBrands'],
    [{ acceptedBrands: null }, 'acceptedBrands'],
    [{ acceptedBrands: { 0: 'visa', length: 1 } }, 'acceptedBrands'],
    [{ style: 'color: red' }, 'style'],
    [{ style: { base: 'color: red' } }, 'style.base'],
    [{ style: { base: { fontSize: 16 } } }, 'style.base.fontSize'],
  ])('reports %j to the merchant page as a configuration failure naming %s, once, and collects no device data', async (config, option) => {
    const { sent, input } = await startTestFrame(config);
    const [fail, ...more] = refusals(sent);
    expect(more).toEqual([]);
    expect(fail).toMatchObject({ type: 'configuration', code: option });
    expect(String(fail!.message).startsWith(`${option}: `)).toBe(true);
    // reported before the frame says it is ready, so the page knows it before the shopper can pay
    expect(sent.findIndex((m) => m.t === 'fail')).toBeLessThan(sent.findIndex((m) => m.t === 'ready'));
    input.dispatchEvent(new Event('focus')); // would start the device data
    await new Promise((r) => setTimeout(r, 50));
    expect(log).toEqual([]);
  });

  it('under a refused brands list the frame still checks the number by Luhn and length, without crashing', async () => {
    const { sent, input } = await startTestFrame({ acceptedBrands: { 0: 'visa', length: 1 } });
    input.value = '4111 1111 1111 1111';
    input.dispatchEvent(new Event('input'));
    const states = sent.filter((m) => m.t === 'state');
    expect(states.at(-1)).toMatchObject({ state: { valid: true }, brand: 'visa' });
  });

  it('applies the allowed part of a refused style, and nothing it refuses', async () => {
    await startTestFrame({ style: { base: { color: 'rgb(1, 2, 3)', backgroundImage: 'url(x)' } } });
    const rules = document.adoptedStyleSheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('\n');
    expect(rules).toMatch(/color: rgb\(1, 2, 3\)/);
    expect(rules).not.toMatch(/background/);
  });

  it('restyles in place on a style message (the allowlist checked as at start): a refused property is reported then', async () => {
    const { sent, deliver, input } = await startTestFrame({ style: { base: { color: 'rgb(1, 2, 3)' } } });
    input.value = '4111';
    const rules = () => document.adoptedStyleSheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('\n');
    deliver({ t: 'style', style: { base: { color: 'rgb(4, 5, 6)' }, invalid: { color: 'rgb(7, 8, 9)' } } });
    expect(rules()).toMatch(/^input \{ color: rgb\(4, 5, 6\); \}\ninput\[aria-invalid=true\] \{ color: rgb\(7, 8, 9\); \}$/);
    expect(input.value).toBe('4111'); // the same input: nothing typed is lost
    expect(refusals(sent)).toEqual([]);
    deliver({ t: 'style', style: { base: { color: 'rgb(1, 1, 1)', position: 'fixed' } } });
    expect(rules()).toMatch(/color: rgb\(1, 1, 1\)/);
    expect(rules()).not.toMatch(/position/);
    expect(refusals(sent).map((f) => f.code)).toEqual(['style.base.position']);
  });

  it('reports nothing for good settings, and collects device data on the first focus', async () => {
    const { sent, input } = await startTestFrame({
      style: { base: { color: '#222', fontFamily: 'system-ui, Arial' } },
      acceptedBrands: ['visa', 'carnet'],
    });
    expect(refusals(sent)).toEqual([]);
    input.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(log).toEqual(['device-data sent']), { timeout: 3000 });
  });
});
