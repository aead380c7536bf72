// @vitest-environment happy-dom
/**
 * The consistency flags (src/fraud/consistency.ts), each with the genuine and the patched case: a Worker that
 * agrees or disagrees, a native getter or one replaced by a Proxy (as stealth plugins do, `toString` lying
 * included), the two notification-permission APIs. (The claimed operating system against fonts and WebGL is the
 * server's rule `os_mismatch`: sandbox/test/contract/fraud-signals.test.ts.)
 */
import { describe, expect, it, vi } from 'vitest';
import {
  askWorker,
  consistencyChecks,
  patched,
  permissionMismatch,
  tamperedNative,
  WATCHED,
  workerMismatch,
  probe,
  type Probe,
} from '../../../src/fraud/consistency';
import { stub } from './helpers';

/** A native getter (V8's own `Map.prototype.size`): it throws a TypeError on a wrong receiver. */
const NATIVE_GETTER = Object.getOwnPropertyDescriptor(Map.prototype, 'size')!.get!;

/**
 * A Proxy around `target` made by code from another script (eval'd, as a stealth plugin's code injected through
 * the DevTools protocol is), whose `apply` trap returns `value` or, with `value` undefined, calls the target.
 */
const foreignProxy = (target: (...args: any[]) => unknown, value?: unknown): (() => unknown) =>
  new Function(
    'target',
    'value',
    'return new Proxy(target, { apply: (t, self, args) => value !== undefined ? value : Reflect.apply(t, self, args) })',
  )(target, value);

/** A `Navigator.prototype` whose WATCHED members are genuine native getters, and a `navigator` of it. */
function genuineInterfaces(): Record<string, object> {
  const proto = {};
  for (const member of WATCHED) Object.defineProperty(proto, member, { get: NATIVE_GETTER, configurable: true });
  vi.stubGlobal('Navigator', { prototype: proto });
  vi.stubGlobal('navigator', Object.create(proto));
  return { Navigator: proto };
}

describe('patched: a native function, or a replacement', () => {
  it('a genuine native getter is not patched', () => {
    expect(patched(NATIVE_GETTER, Map.prototype)).toBe(false);
  });

  it('a Proxy from another script that calls through is patched: its frame comes first in the error stack', () => {
    expect(patched(foreignProxy(NATIVE_GETTER), Map.prototype)).toBe(true);
  });

  it('the same Proxy with Function.prototype.toString patched to say [native code] is still patched', () => {
    const proxy = foreignProxy(NATIVE_GETTER);
    const toString = Function.prototype.toString;
    stub(Function.prototype, 'toString', function (this: unknown) {
      return this === proxy ? 'function get size() { [native code] }' : toString.call(this);
    });
    expect(Function.prototype.toString.call(proxy)).toBe('function get size() { [native code] }');
    expect(patched(proxy, Map.prototype)).toBe(true);
  });

  it('a Proxy that answers a value whatever the receiver is patched (a native getter throws)', () => {
    expect(patched(foreignProxy(NATIVE_GETTER, 4), Map.prototype)).toBe(true);
  });

  it('a plain replacement function is patched: its toString is not native code', () => {
    expect(patched(() => 4, Map.prototype)).toBe(true);
  });

  it('a missing member is not patched', () => {
    expect(patched(undefined, {})).toBe(false);
  });

  it('a page that empties stack traces (Error.stackTraceLimit = 0) does not make a native getter patched', () => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      expect(patched(NATIVE_GETTER, Map.prototype)).toBe(false);
    } finally {
      Error.stackTraceLimit = limit;
    }
  });
});

describe('tamperedNative (tampered_native)', () => {
  it('genuine native members: not tampered', () => {
    genuineInterfaces();
    expect(tamperedNative()).toBe(false);
  });

  it.each(WATCHED)('Navigator.%s replaced by a Proxy: tampered', (member) => {
    const { Navigator: proto } = genuineInterfaces();
    Object.defineProperty(proto!, member, { get: foreignProxy(NATIVE_GETTER), configurable: true });
    expect(tamperedNative()).toBe(true);
  });

  it('a getter replaced by a plain function (the classic webdriver override on the prototype): tampered', () => {
    const { Navigator: proto } = genuineInterfaces();
    Object.defineProperty(proto!, 'webdriver', { get: () => false, configurable: true });
    expect(tamperedNative()).toBe(true);
  });

  it('a navigator getter shadowed by an own property: tampered', () => {
    genuineInterfaces();
    Object.defineProperty(navigator, 'hardwareConcurrency', { get: NATIVE_GETTER });
    expect(tamperedNative()).toBe(true);
  });

  it('a getter the browser lacks (an old browser without webdriver) is not tampered', () => {
    const { Navigator: proto } = genuineInterfaces();
    delete (proto as Record<string, unknown>).webdriver;
    expect(tamperedNative()).toBe(false);
  });
});

describe('workerMismatch (worker_mismatch)', () => {
  const page: Probe = [8, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156', 'Linux x86_64', 'es-MX,es'];

  it('a Worker that agrees: no mismatch', () => {
    expect(workerMismatch(page, [...page])).toBe(false);
  });

  it.each([
    ['hardwareConcurrency', 0, 4],
    ['userAgent', 1, 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156'],
    ['platform', 2, 'Win32'],
    ['languages', 3, 'en-US,en'],
  ])('a Worker that disagrees on %s: mismatch', (_name, index, value) => {
    const worker = [...page];
    worker[index] = value;
    expect(workerMismatch(page, worker)).toBe(true);
  });

  it('a value missing on either side is not compared; no Worker answer is no mismatch', () => {
    expect(workerMismatch(page, [8, page[1]!, null, page[3]!])).toBe(false);
    expect(workerMismatch([8, undefined, page[2]!, page[3]!], page)).toBe(false);
    expect(workerMismatch(page, undefined)).toBe(false);
    expect(workerMismatch(page, 'timeout')).toBe(false);
  });

  it("the page's probe: navigator's four values", () => {
    expect(probe()).toEqual([navigator.hardwareConcurrency, navigator.userAgent, navigator.platform, navigator.languages + '']);
  });
});

describe('askWorker: the Worker from a blob: URL', () => {
  /** Stubs URL.createObjectURL/revokeObjectURL and Worker; `behave` decides what each Worker does. */
  function fakeWorker(behave: (w: { onmessage?: (e: { data: unknown }) => void; onerror?: () => void }, url: unknown) => void) {
    const blobs: Blob[] = [];
    const revoked: string[] = [];
    const terminated: unknown[] = [];
    stub(URL, 'createObjectURL', (b: Blob) => (blobs.push(b), 'blob:test/1'));
    stub(URL, 'revokeObjectURL', (u: string) => revoked.push(u));
    vi.stubGlobal(
      'Worker',
      class {
        onmessage?: (e: { data: unknown }) => void;
        onerror?: () => void;
        constructor(url: unknown) {
          behave(this, url);
        }
        terminate() {
          terminated.push(this);
        }
      },
    );
    return { blobs, revoked, terminated };
  }

  it("its source is the probe alone: run with a Worker's globals, it posts the Worker's values", async () => {
    const fake = fakeWorker((w) => setTimeout(() => w.onmessage?.({ data: [2, 'ua', 'Linux x86_64', 'en'] })));
    await askWorker(500);
    const source = await fake.blobs[0]!.text();
    const posted: unknown[] = [];
    const workerNavigator = { hardwareConcurrency: 2, userAgent: 'UA', platform: 'Linux x86_64', languages: ['es-MX', 'es'] };
    new Function('postMessage', 'navigator', source)((v: unknown) => posted.push(v), workerNavigator);
    expect(posted).toEqual([[2, 'UA', 'Linux x86_64', 'es-MX,es']]);
  });

  it('resolves with the answer', async () => {
    fakeWorker((w) => setTimeout(() => w.onmessage?.({ data: [2] })));
    expect(await askWorker(500)).toEqual([2]);
  });

  it('a Worker blocked by the page (CSP worker-src, Trusted Types) throws: blocked, nothing thrown', async () => {
    fakeWorker(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(await askWorker(500)).toBe('blocked');
  });

  it('a Worker that fails to load (error event): blocked', async () => {
    fakeWorker((w) => setTimeout(() => w.onerror?.()));
    expect(await askWorker(500)).toBe('blocked');
  });

  it('no Worker at all: unsupported', async () => {
    vi.stubGlobal('Worker', undefined);
    expect(await askWorker(500)).toBe('unsupported');
  });

  it('a Worker that has not answered within the bound: timeout then, and a late answer changes nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let answer: ((e: { data: unknown }) => void) | undefined;
    fakeWorker((w) => (answer = (e) => w.onmessage?.(e)));
    const result = askWorker(300);
    await vi.advanceTimersByTimeAsync(299);
    answer!({ data: [3] });
    expect(await result).toEqual([3]);
    const late = askWorker(300);
    await vi.advanceTimersByTimeAsync(300);
    answer!({ data: [4] });
    expect(await late).toBe('timeout');
  });

  it('under Trusted Types, the URL goes through a policy named paytoken (made once)', async () => {
    const urls: unknown[] = [];
    fakeWorker((w, url) => (urls.push(url), setTimeout(() => w.onmessage?.({ data: [1] }))));
    const createPolicy = vi.fn((_name: string, rules: { createScriptURL(u: string): string }) => ({
      createScriptURL: (u: string) => ({ trusted: rules.createScriptURL(u) }),
    }));
    // (the policy's rule is the identity: only this module holds the policy)
    vi.stubGlobal('trustedTypes', { createPolicy });
    await askWorker(500);
    await askWorker(500);
    expect(createPolicy).toHaveBeenCalledTimes(1);
    expect(createPolicy.mock.calls[0]![0]).toBe('paytoken');
    expect(urls).toEqual([{ trusted: 'blob:test/1' }, { trusted: 'blob:test/1' }]);
  });
});

describe('permissionMismatch (permission_mismatch)', () => {
  const setUp = (permission: string, state: string | Error) => {
    vi.stubGlobal('Notification', { permission });
    stub(navigator, 'permissions', { query: async () => (state instanceof Error ? Promise.reject(state) : { state }) });
  };

  it.each([
    ['default', 'prompt'],
    ['granted', 'granted'],
    ['denied', 'denied'],
  ])('Notification.permission %s with query %s: consistent', async (permission, state) => {
    setUp(permission, state);
    expect(await permissionMismatch()).toBe(false);
  });

  it.each([
    ['default', 'denied'],
    ['denied', 'prompt'],
  ])('Notification.permission %s with query %s (stealth, headless Chromium): mismatch', async (permission, state) => {
    setUp(permission, state);
    expect(await permissionMismatch()).toBe(true);
  });

  it('a browser without Notification or whose query refuses: no mismatch, nothing thrown', async () => {
    setUp('default', new TypeError('notifications is not a valid PermissionName'));
    expect(await permissionMismatch()).toBe(false);
    vi.stubGlobal('Notification', undefined);
    stub(navigator, 'permissions', { query: async () => ({ state: 'prompt' }) });
    expect(await permissionMismatch()).toBe(false);
  });
});

describe('consistencyChecks', () => {
  it('lists each flag that holds; a check that throws does not flag', async () => {
    genuineInterfaces();
    vi.stubGlobal('Notification', { permission: 'default' });
    stub(navigator, 'permissions', { query: async () => ({ state: 'denied' }) });
    stub(navigator, 'userAgent', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/156');
    vi.stubGlobal('Worker', undefined);
    // the stubs are own properties of navigator shadowing its getters: tampered_native as well
    expect(await consistencyChecks(await askWorker(300))).toEqual(['tampered_native', 'permission_mismatch']);
    vi.stubGlobal('Navigator', undefined); // tamperedNative now throws: not flagged, nothing thrown
    expect(await consistencyChecks('unsupported')).toEqual(['permission_mismatch']);
  });

  it('a genuine browser whose Worker agrees: no flag', async () => {
    genuineInterfaces();
    const pageProbe: Probe = [2, 'UA', 'Linux x86_64', 'es-MX'];
    let workerCores = 2;
    Object.defineProperties(Object.getPrototypeOf(navigator), {
      hardwareConcurrency: { get: () => pageProbe[0] },
      userAgent: { get: () => pageProbe[1] },
      platform: { get: () => pageProbe[2] },
      languages: { get: () => ['es-MX'] },
    });
    vi.stubGlobal('Notification', { permission: 'default' });
    vi.stubGlobal(
      'Worker',
      class {
        onmessage?: (e: { data: unknown }) => void;
        constructor() {
          setTimeout(() => this.onmessage?.({ data: [workerCores, ...pageProbe.slice(1)] }));
        }
        terminate() {}
      },
    );
    // the getters defined here are JavaScript, not native code: tampered_native is right; nothing else
    expect(await consistencyChecks(await askWorker(300))).toEqual(['tampered_native']);
    workerCores = 8; // the Worker now disagrees
    expect(await consistencyChecks(await askWorker(300))).toEqual(['worker_mismatch', 'tampered_native']);
  });
});
