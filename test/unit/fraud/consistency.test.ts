// @vitest-environment happy-dom
/**
 * The consistency flags (src/fraud/consistency.ts), each with the genuine and the patched case: a Worker that
 * agrees or disagrees, a native getter or one replaced by a Proxy (as stealth plugins do, `toString` lying
 * included), the two notification-permission APIs, the claimed operating system against fonts and WebGL.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  askWorker,
  consistencyChecks,
  osMismatch,
  pageProbe,
  patched,
  permissionMismatch,
  tamperedNative,
  WATCHED,
  workerMismatch,
  workerProbe,
  type Probe,
} from '../../../src/fraud/consistency';
import { stub } from './helpers';

/** A native getter (V8's own `Map.prototype.size`): it throws a TypeError on a wrong receiver. */
const NATIVE_GETTER = Object.getOwnPropertyDescriptor(Map.prototype, 'size')!.get!;

/**
 * A Proxy around `target` made by code from another script (eval'd, as a stealth plugin's code injected through
 * the DevTools protocol is), whose `apply` trap returns `value` or, with `value` undefined, calls the target.
 */
const foreignProxy = (target: Function, value?: unknown): (() => unknown) =>
  new Function('target', 'value', 'return new Proxy(target, { apply: (t, self, args) => value !== undefined ? value : Reflect.apply(t, self, args) })')(target, value);

/** Every interface of WATCHED with a prototype whose members are genuine native getters, and a `navigator` of it. */
function genuineInterfaces(): Record<string, object> {
  const protos: Record<string, object> = {};
  for (const [iface, member] of WATCHED) {
    protos[iface] ??= {};
    Object.defineProperty(protos[iface], member, { get: NATIVE_GETTER, configurable: true });
    vi.stubGlobal(iface, { prototype: protos[iface] });
  }
  vi.stubGlobal('navigator', Object.create(protos.Navigator!));
  return protos;
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

  it.each(WATCHED)('%s.%s replaced by a Proxy: tampered', (iface, member) => {
    const protos = genuineInterfaces();
    Object.defineProperty(protos[iface]!, member, { get: foreignProxy(NATIVE_GETTER, 4), configurable: true });
    expect(tamperedNative()).toBe(true);
  });

  it('a navigator getter shadowed by an own property: tampered', () => {
    genuineInterfaces();
    Object.defineProperty(navigator, 'hardwareConcurrency', { get: NATIVE_GETTER });
    expect(tamperedNative()).toBe(true);
  });

  it('an interface the browser lacks (no WebGL) is skipped', () => {
    genuineInterfaces();
    vi.stubGlobal('WebGLRenderingContext', undefined);
    expect(tamperedNative()).toBe(false);
  });
});

describe('workerMismatch (worker_mismatch)', () => {
  const page: Probe = [8, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156', 'Linux x86_64', 'es-MX,es', 'Google Inc. (Intel)', 'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620)'];

  it('a Worker that agrees: no mismatch', () => {
    expect(workerMismatch(page, [...page])).toBe(false);
  });

  it.each([
    ['hardwareConcurrency', 0, 4],
    ['userAgent', 1, 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156'],
    ['platform', 2, 'Win32'],
    ['languages', 3, 'en-US,en'],
    ['WebGL vendor', 4, 'Intel Inc.'],
    ['WebGL renderer', 5, 'Intel Iris OpenGL Engine'],
  ])('a Worker that disagrees on %s: mismatch', (_name, index, value) => {
    const worker = [...page];
    worker[index] = value;
    expect(workerMismatch(page, worker)).toBe(true);
  });

  it('a value missing on either side (no WebGL in the Worker) is not compared; no Worker answer is no mismatch', () => {
    expect(workerMismatch(page, [8, page[1]!, page[2]!, page[3]!, null, null])).toBe(false);
    expect(workerMismatch([...page.slice(0, 4), null, null], page)).toBe(false);
    expect(workerMismatch(page, undefined)).toBe(false);
  });

  it("the page's probe takes WebGL from the webgl signal", () => {
    const probe = pageProbe({ webgl: ['V', 'R', 1, 2, 3] });
    expect(probe.slice(4)).toEqual(['V', 'R']);
    expect(probe[0]).toBe(navigator.hardwareConcurrency);
    expect(pageProbe({}).slice(4)).toEqual([null, null]);
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

  it("its source is workerProbe alone: run with a Worker's globals, it posts the Worker's values", async () => {
    const fake = fakeWorker((w) => setTimeout(() => w.onmessage?.({ data: [2, 'ua', 'Linux x86_64', 'en', null, null] })));
    await askWorker(500);
    const source = await fake.blobs[0]!.text();
    const posted: unknown[] = [];
    const workerNavigator = { hardwareConcurrency: 2, userAgent: 'UA', platform: 'Linux x86_64', languages: ['es-MX', 'es'] };
    new Function('postMessage', 'navigator', 'OffscreenCanvas', source)((v: unknown) => posted.push(v), workerNavigator, undefined);
    expect(posted).toEqual([[2, 'UA', 'Linux x86_64', 'es-MX,es', null, null]]);
    expect(workerProbe.toString()).not.toMatch(/import|require/);
  });

  it('resolves with the answer, then terminates the Worker and revokes the URL', async () => {
    const fake = fakeWorker((w) => setTimeout(() => w.onmessage?.({ data: [2] })));
    expect(await askWorker(500)).toEqual([2]);
    expect(fake.terminated).toHaveLength(1);
    expect(fake.revoked).toEqual(['blob:test/1']);
  });

  it('a Worker blocked by the page (CSP worker-src, Trusted Types) throws: undefined, nothing thrown', async () => {
    fakeWorker(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(await askWorker(500)).toBeUndefined();
  });

  it('a Worker that fails to load (error event): undefined', async () => {
    fakeWorker((w) => setTimeout(() => w.onerror?.()));
    expect(await askWorker(500)).toBeUndefined();
  });

  it('a Worker that never answers: undefined at the time limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const fake = fakeWorker(() => {});
    const answer = askWorker(300);
    await vi.advanceTimersByTimeAsync(300);
    expect(await answer).toBeUndefined();
    expect(fake.terminated).toHaveLength(1);
  });

  it('under Trusted Types, the URL goes through a policy named paytoken (made once)', async () => {
    const urls: unknown[] = [];
    fakeWorker((w, url) => (urls.push(url), setTimeout(() => w.onmessage?.({ data: [1] }))));
    const createPolicy = vi.fn((_name: string, rules: { createScriptURL(u: string): string }) => ({ createScriptURL: (u: string) => ({ trusted: rules.createScriptURL(u) }) }));
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

describe('osMismatch (os_mismatch)', () => {
  const WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
  const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
  const LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
  const ANDROID = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';
  const gl = (renderer: string) => ['vendor', renderer, 8192, 8192, 1024];

  it.each([
    ['Windows with Segoe UI and a Direct3D renderer', WIN, { fonts: ['Segoe UI'], webgl: gl('ANGLE (NVIDIA, NVIDIA GeForce GTX 1650 Direct3D11 vs_5_0 ps_5_0, D3D11)') }],
    ['macOS with Helvetica Neue and a Metal renderer', MAC, { fonts: ['Helvetica Neue'], webgl: gl('ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)') }],
    ['Linux on llvmpipe (a software renderer never flags here)', LINUX, { fonts: ['DejaVu Sans'], webgl: gl('llvmpipe, or similar') }],
    ['Linux on SwiftShader', LINUX, { fonts: [], webgl: gl('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)') }],
    ['Android on a Mali GPU', ANDROID, { fonts: ['Roboto'], webgl: gl('Mali-G78') }],
    ['Windows whose fonts and WebGL are missing (blocked)', WIN, {}],
  ])('%s: consistent', (_name, ua, signals) => {
    expect(osMismatch(signals, ua)).toBe(false);
  });

  it.each([
    ['Windows without Segoe UI (a Linux machine claiming Windows)', WIN, { fonts: ['DejaVu Sans'], webgl: gl('ANGLE (Intel, Direct3D11)') }],
    ["Windows with Apple's OpenGL Engine renderer (stealth's default)", WIN, { fonts: ['Segoe UI'], webgl: gl('Intel Iris OpenGL Engine') }],
    ['Windows on Mesa', WIN, { fonts: ['Segoe UI'], webgl: gl('Mesa Intel(R) UHD Graphics 620 (KBL GT2)') }],
    ['macOS without Helvetica Neue', MAC, { fonts: ['DejaVu Sans'] }],
    ['macOS with a Direct3D renderer', MAC, { fonts: ['Helvetica Neue'], webgl: gl('ANGLE (NVIDIA, Direct3D11)') }],
    ["Linux with Apple's OpenGL Engine renderer", LINUX, { fonts: ['DejaVu Sans'], webgl: gl('Intel Iris OpenGL Engine') }],
  ])('%s: mismatch', (_name, ua, signals) => {
    expect(osMismatch(signals as never, ua)).toBe(true);
  });
});

describe('consistencyChecks', () => {
  it('lists each flag that holds once the signals are in; a check that throws does not flag', async () => {
    genuineInterfaces();
    vi.stubGlobal('Notification', { permission: 'default' });
    stub(navigator, 'permissions', { query: async () => ({ state: 'denied' }) });
    stub(navigator, 'userAgent', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/156');
    vi.stubGlobal('Worker', undefined);
    const flags = await consistencyChecks(300);
    // the stubs are own properties of navigator shadowing its getters: tampered_native as well
    expect(flags({ fonts: ['DejaVu Sans'] })).toEqual(['tampered_native', 'permission_mismatch', 'os_mismatch']);
    expect(flags({ fonts: ['Segoe UI'] })).toEqual(['tampered_native', 'permission_mismatch']);
    stub(navigator, 'userAgent', undefined, () => {
      throw new Error('trap');
    });
    expect(flags({ fonts: ['DejaVu Sans'] })).toEqual(['tampered_native', 'permission_mismatch']);
  });

  it('a genuine browser whose Worker agrees: no flag', async () => {
    genuineInterfaces();
    const probe: Probe = [2, 'UA', 'Linux x86_64', 'es-MX', null, null];
    let workerCores = 2;
    Object.defineProperties(Object.getPrototypeOf(navigator), {
      hardwareConcurrency: { get: () => probe[0] },
      userAgent: { get: () => probe[1] },
      platform: { get: () => probe[2] },
      languages: { get: () => ['es-MX'] },
    });
    vi.stubGlobal('Notification', { permission: 'default' });
    vi.stubGlobal('Worker', class {
      onmessage?: (e: { data: unknown }) => void;
      constructor() {
        setTimeout(() => this.onmessage?.({ data: [workerCores, ...probe.slice(1)] }));
      }
      terminate() {}
    });
    const flags = await consistencyChecks(300);
    // the getters defined here are JavaScript, not native code: tampered_native is right; nothing else
    expect(flags({ fonts: ['DejaVu Sans'] })).toEqual(['tampered_native']);
    workerCores = 8; // the Worker now disagrees
    expect((await consistencyChecks(300))({})).toEqual(['worker_mismatch', 'tampered_native']);
  });
});
