// @vitest-environment happy-dom
/**
 * The collection runner (src/fraud/collect.ts): reasons, the hard time budget, yielding to the main thread, late
 * answers; the whole device data; and the automation flags (src/fraud/automation.ts). Budget tests run on fake
 * timers (setTimeout and performance.now), so they assert behaviour, never the machine's speed.
 */
import { describe, expect, it, vi } from 'vitest';
import { automationFlags } from '../../../src/fraud/automation';
import { collectDeviceData, collectSignals } from '../../../src/fraud/collect';
import { visitorId } from '../../../src/fraud/hash';
import { deviceSessionId } from '../../../src/fraud/session';
import { domError, ordinaryBrowser, stub } from './helpers';

const fakeTime = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });

describe('collectSignals: every outcome is a value or a reason', () => {
  it.each([
    ['a value', () => [1, 'a'], { value: [1, 'a'] }],
    ['a promised value', () => Promise.resolve(0), { value: 0 }],
    ['null, a value', () => null, { value: null }],
    ['undefined', () => undefined, { reason: 'unsupported' }],
    ['a promise of undefined', async () => undefined, { reason: 'unsupported' }],
    [
      'a thrown Error',
      () => {
        throw new TypeError('x');
      },
      { reason: 'threw' },
    ],
    ['a rejection', () => Promise.reject(new Error('x')), { reason: 'threw' }],
    [
      'a thrown non-Error',
      () => {
        throw 42;
      },
      { reason: 'threw' },
    ],
    [
      'a thrown null',
      () => {
        throw null;
      },
      { reason: 'threw' },
    ],
    [
      'a SecurityError',
      () => {
        throw domError('SecurityError');
      },
      { reason: 'blocked' },
    ],
    [
      '"unstable"',
      () => {
        throw 'unstable';
      },
      { reason: 'unstable' },
    ],
    [
      'another string',
      () => {
        throw 'blocked by me';
      },
      { reason: 'threw' },
    ],
  ])('%s', async (_name, collector, expected) => {
    const r = await collectSignals(500, { math: collector as () => unknown });
    if ('value' in expected) {
      expect(r.signals).toEqual({ math: expected.value });
      expect(r.missing).toEqual({});
    } else {
      expect(r.signals).toEqual({});
      expect(r.missing).toEqual({ math: expected.reason });
    }
    expect(r.timings.math).toBeGreaterThanOrEqual(0);
  });

  it('one failure does not stop the others', async () => {
    const r = await collectSignals(500, {
      screen: () => [1, 2, 3],
      canvas: () => {
        throw new Error('x');
      },
      fonts: () => ['Arial'],
    });
    expect(r.signals).toEqual({ screen: [1, 2, 3], fonts: ['Arial'] });
    expect(r.missing).toEqual({ canvas: 'threw' });
    expect(Object.keys(r.timings).sort()).toEqual(['canvas', 'fonts', 'screen']);
  });
});

describe('collectSignals: the hard time budget', () => {
  it('a collector that never settles is "timeout" at the budget; it stalls nobody else', async () => {
    fakeTime();
    const fonts = vi.fn(() => ['Arial']);
    const done = vi.fn();
    collectSignals(300, { audio: () => new Promise(() => {}), fonts }).then(done);
    await vi.advanceTimersByTimeAsync(299);
    expect(fonts).toHaveBeenCalledOnce(); // started while audio was still pending
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledOnce();
    expect(done.mock.calls[0]![0]).toEqual({ signals: { fonts: ['Arial'] }, missing: { audio: 'timeout' }, timings: { fonts: 0 } });
  });

  it('resolves as soon as everything settled, without waiting for the budget', async () => {
    fakeTime();
    const done = vi.fn();
    collectSignals(500, { audio: () => new Promise((r) => setTimeout(() => r(1.5), 40)), screen: () => [1, 1, 24] }).then(done);
    await vi.advanceTimersByTimeAsync(40);
    expect(done).toHaveBeenCalledOnce();
    expect(done.mock.calls[0]![0]).toMatchObject({ signals: { audio: 1.5, screen: [1, 1, 24] }, missing: {}, timings: { audio: 40 } });
  });

  it('collectors not started when the budget is spent are "timeout" and never run', async () => {
    fakeTime();
    // A synchronous collector cannot be interrupted: this one takes 250 ms of the (fake) clock.
    const slow = () => {
      vi.advanceTimersByTime(250);
      return 'slow';
    };
    const late = vi.fn(() => 'late');
    const done = vi.fn();
    collectSignals(200, { canvas: slow, fonts: late }).then(done);
    await vi.advanceTimersByTimeAsync(0);
    await vi.runAllTimersAsync();
    expect(done).toHaveBeenCalledOnce();
    const r = done.mock.calls[0]![0];
    expect(late).not.toHaveBeenCalled();
    expect(r.missing).toEqual({ fonts: 'timeout' });
    expect(r.signals).toEqual({ canvas: 'slow' });
  });

  it('late answers change nothing once the result is out', async () => {
    fakeTime();
    let finish: (v: unknown) => void = () => {};
    const p = collectSignals(100, { audio: () => new Promise((r) => (finish = r)) });
    await vi.advanceTimersByTimeAsync(100);
    const r = await p;
    const before = structuredClone(r);
    finish(123.4);
    await vi.advanceTimersByTimeAsync(10);
    expect(r).toEqual(before);
    expect(r.missing).toEqual({ audio: 'timeout' });
  });
});

describe('collectSignals: yields to the main thread', () => {
  it('each collector starts in its own task: a task queued by one runs before the next collector', async () => {
    const log: string[] = [];
    setTimeout(() => log.push('task queued before'));
    await collectSignals(500, {
      screen: () => {
        log.push('screen');
        setTimeout(() => log.push('task queued by screen'));
        return 1;
      },
      fonts: () => {
        log.push('fonts');
        return 2;
      },
    });
    expect(log).toEqual(['task queued before', 'screen', 'task queued by screen', 'fonts']);
  });

  it('uses scheduler.yield() where the browser has it, once before each collector', async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldFn });
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    await collectSignals(500, { screen: () => 1, fonts: () => 2, math: () => 3 });
    expect(yieldFn).toHaveBeenCalledTimes(3);
    // the one setTimeout left is the budget's deadline
    expect(timeout).toHaveBeenCalledTimes(1);
    expect(timeout.mock.calls[0]![1]).toBeGreaterThan(400);
  });
});

describe('collectDeviceData', () => {
  it("gives this page load's session id, the visitor id of exactly the signals that have values, flags and timings", async () => {
    ordinaryBrowser();
    const d = await collectDeviceData(500);
    expect(d.device_session_id).toBe(deviceSessionId());
    expect(d.visitor_id).toBe(await visitorId(d.signals));
    expect(d.visitor_id).toMatch(/^[0-9a-f]{32}$/);
    // the automation flags first, then the consistency flags: happy-dom's navigator is JavaScript, not native code,
    // and ordinaryBrowser() shadows its getters with own properties, as a patched browser would
    expect(d.automation).toEqual(['tampered_native']);
    // happy-dom: no canvas, WebGL or audio
    expect(d.missing).toMatchObject({ canvas: 'unsupported', webgl: 'unsupported', audio: 'unsupported', fonts: 'unsupported' });
    for (const name of Object.keys(d.missing)) expect(d.signals).not.toHaveProperty(name);
    // happy-dom runs no Worker: the consistency checks' Worker is named missing, with its reason
    expect(d.missing.worker).toMatch(/^(unsupported|blocked)$/);
    expect(Object.keys(d.signals).length + Object.keys(d.missing).length).toBe(16);
    expect(d.timings.total).toBeGreaterThanOrEqual(0);
    const missingSignals = Object.keys(d.missing).filter((name) => name !== 'worker');
    expect(Object.keys(d.timings).sort()).toEqual([...Object.keys(d.signals), ...missingSignals, 'total'].sort());
  });

  it('waits for the Worker within the budget: one that answers after the signals is compared (worker_mismatch)', async () => {
    ordinaryBrowser();
    vi.stubGlobal(
      'Worker',
      class {
        onmessage?: (e: { data: unknown }) => void;
        constructor() {
          // later than the signals (happy-dom's take a few ms), a page that claims other cores than its Worker
          setTimeout(() => this.onmessage?.({ data: [navigator.hardwareConcurrency + 2, navigator.userAgent] }), 80);
        }
      },
    );
    stub(URL, 'createObjectURL', () => 'blob:test/1');
    const d = await collectDeviceData(500);
    expect(d.automation).toContain('worker_mismatch');
    expect(d.timings.worker).toBeGreaterThanOrEqual(75);
    expect(d.missing).not.toHaveProperty('worker');
  });

  it('a Worker that does not answer within the budget is named missing: timeout, and compared with nothing', async () => {
    ordinaryBrowser();
    vi.stubGlobal('Worker', class {});
    stub(URL, 'createObjectURL', () => 'blob:test/1');
    const d = await collectDeviceData(120);
    expect(d.missing.worker).toBe('timeout');
    expect(d.automation).not.toContain('worker_mismatch');
    expect(d.timings.total).toBeGreaterThanOrEqual(115);
  });

  it('is the same visitor id on the same device, and another one when a signal changes', async () => {
    ordinaryBrowser();
    const a = await collectDeviceData(500);
    const b = await collectDeviceData(500);
    expect(b.visitor_id).toBe(a.visitor_id);
    stub(screen, 'width', 2560);
    expect((await collectDeviceData(500)).visitor_id).not.toBe(a.visitor_id);
  });

  it('never reads form values: a filled card form is nowhere in the data', async () => {
    document.body.innerHTML = '<form><input id="n" value="4111111111111111"><input id="e" value="ana@example.com"></form>';
    const text = JSON.stringify(await collectDeviceData(500));
    expect(text).not.toContain('4111111111111111');
    expect(text).not.toContain('ana@example.com');
    document.body.innerHTML = '';
  });
});

describe('automationFlags', () => {
  it('an ordinary browser has none', () => {
    ordinaryBrowser();
    expect(automationFlags()).toEqual([]);
  });

  it.each([
    ['webdriver', () => stub(navigator, 'webdriver', true)],
    [
      'headless_ua',
      () =>
        stub(
          navigator,
          'userAgent',
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
        ),
    ],
    ['zero_outer_size', () => (stub(window, 'outerWidth', 0), stub(window, 'outerHeight', 0))],
    ['languages', () => stub(navigator, 'languages', ['en-US'])],
    ['languages', () => stub(navigator, 'languages', [])],
    ['automation_globals', () => stub(window, 'cdc_adoQpoasnfa76pfcZLmcfl_Array', [])],
    ['automation_globals', () => stub(document, '$cdc_asdjflasutopfhvcZLmcfl_', {})],
    ['automation_globals', () => stub(window, '__webdriver_evaluate', () => {})],
    ['automation_globals', () => stub(window, '__playwright__binding__', {})],
    ['automation_globals', () => stub(window, '__selenium_unwrapped', {})],
    ['automation_globals', () => stub(window, 'domAutomationController', {})],
    ['automation_globals', () => stub(window, '__pwInitScripts', {})],
    // a DevTools protocol binding under a random name (Runtime.addBinding, patched drivers): native, nameless
    ['automation_globals', () => stub(window, 'hhqmnapf4pza', new Proxy(() => {}, {}))],
  ])('%s', (flag, setUp) => {
    ordinaryBrowser();
    setUp();
    expect(automationFlags()).toEqual([flag]);
  });

  it("a page's own globals are none: an anonymous function of its own, a named native one, a getter that must not run", () => {
    ordinaryBrowser();
    stub(window, 'onPay', function () {});
    stub(window, 'largest', Math.max);
    stub(window, 'pwa', {});
    stub(window, 'trap', undefined, () => {
      throw new Error('a getter ran');
    });
    expect((window as unknown as { onPay: () => void }).onPay.name).toBe('');
    expect(automationFlags()).toEqual([]);
  });

  it('no plugins is no flag, on desktop or mobile (Chrome set to download PDFs lists none)', () => {
    ordinaryBrowser();
    stub(navigator, 'plugins', { length: 0 });
    expect(automationFlags()).toEqual([]);
    stub(
      navigator,
      'userAgent',
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36',
    );
    expect(automationFlags()).toEqual([]);
  });

  it('a check that throws is not a flag, and nothing is thrown', () => {
    ordinaryBrowser();
    stub(navigator, 'webdriver', undefined, () => {
      throw new Error('trap');
    });
    stub(navigator, 'plugins', undefined, () => {
      throw new Error('trap');
    });
    stub(navigator, 'userAgent', 'HeadlessChrome');
    expect(automationFlags()).toEqual(['headless_ua']);
  });

  it('happy-dom itself is flagged: webdriver true', () => {
    expect(automationFlags()).toEqual(expect.arrayContaining(['webdriver']));
  });
});
