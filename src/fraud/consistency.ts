import type { ConsistencyFlag, Signals } from './types';

/**
 * Consistency checks of the device data: things a real browser always keeps consistent and that automation
 * patched from the page (puppeteer-extra-plugin-stealth and the like) does not. Each check is a named
 * {@link ConsistencyFlag}; its docstring says what it detects and its known false-positive risk. Every check
 * swallows its own errors: a check that cannot run does not flag.
 */

/** What the page and a dedicated Worker report: hardwareConcurrency, userAgent, platform, languages, WebGL vendor, renderer. */
export type Probe = (string | number | null)[];

/**
 * The Worker's side of {@link workerMismatch}. It runs inside the Worker from its source text
 * (`Function.prototype.toString`), so it refers to nothing outside itself. WebGL comes from an `OffscreenCanvas`
 * where the Worker has one (Chromium 69+, Firefox 105+, Safari 17+), unmasked when `WEBGL_debug_renderer_info` is
 * there, else null.
 */
export function workerProbe(): Probe {
  let gl: WebGLRenderingContext | null = null;
  try {
    gl = new OffscreenCanvas(1, 1).getContext('webgl');
  } catch {
    /* no OffscreenCanvas or no WebGL in workers */
  }
  const info = gl && gl.getExtension('WEBGL_debug_renderer_info') ? 0x9245 - 0x1f00 : 0;
  const n = navigator;
  return [n.hardwareConcurrency, n.userAgent, n.platform, n.languages + '', gl && gl.getParameter(0x1f00 + info), gl && gl.getParameter(0x1f01 + info)];
}

/** The Trusted Types policy that lets the Worker's `blob:` URL through `require-trusted-types-for 'script'` (made once). */
let policy: { createScriptURL(url: string): unknown } | undefined;

/**
 * Starts a dedicated Worker from a `blob:` URL that runs {@link workerProbe} and resolves with its answer, or with
 * undefined when the Worker cannot run (a Content-Security-Policy without `worker-src blob:` (or `script-src
 * blob:`), a `trusted-types` list without `paytoken`, no Worker) or has not answered within `timeoutMs`. The Worker
 * is terminated and the URL revoked either way. Never rejects.
 */
export function askWorker(timeoutMs: number): Promise<Probe | undefined> {
  return new Promise((resolve) => {
    let url = '';
    let worker: Worker | undefined;
    const done = (answer?: Probe) => {
      resolve(answer);
      worker?.terminate();
      URL.revokeObjectURL(url);
    };
    try {
      url = URL.createObjectURL(new Blob([`postMessage((${workerProbe})())`], { type: 'text/javascript' }));
      const tt = (globalThis as { trustedTypes?: { createPolicy(n: string, p: object): typeof policy } }).trustedTypes;
      policy ??= tt?.createPolicy('paytoken', { createScriptURL: (u: string) => u });
      worker = new Worker((policy?.createScriptURL(url) ?? url) as string);
      worker.onmessage = (e) => done(e.data);
      worker.onerror = () => done();
      setTimeout(done, timeoutMs);
    } catch {
      done();
    }
  });
}

/**
 * `worker_mismatch`: the page and a dedicated Worker of the same page disagree on `hardwareConcurrency`,
 * `userAgent`, `platform`, `languages` or the WebGL vendor and renderer. A browser reports the same values to both;
 * stealth plugins patch the page's `navigator` and `getParameter` only. A value missing on either side is not
 * compared.
 * False-positive risk: low. A privacy extension that spoofs these values on the page only flags (it is tampering,
 * though a person may run it); Brave's and Firefox's own anti-fingerprinting answer both alike.
 */
export function workerMismatch(page: Probe, worker: Probe | undefined): boolean {
  return !!worker && page.some((value, i) => value != null && worker[i] != null && value !== worker[i]);
}

/** The page's side of the probe, WebGL from the `webgl` signal (no second context on the main thread). */
export const pageProbe = (signals: Signals): Probe => {
  const n = navigator;
  return [n.hardwareConcurrency, n.userAgent, n.platform, n.languages + '', signals.webgl?.[0] ?? null, signals.webgl?.[1] ?? null] as Probe;
};

/** Where a stack frame's code is: its URL (or `<anonymous>`, `eval at ...`) without line and column. */
const site = (line: string) => (line.match(/\(([^()]*)\)\s*$/)?.[1] ?? line.replace(/^.*@|^\s*at\s+/, '')).replace(/(:\d+)+$/, '');
/**
 * The code sites of an error's stack frames (V8 `at ...`, Gecko and WebKit `name@url`), native frames left out
 * (WebKit's `[native code]`, V8's builtins at `<anonymous>`).
 */
const sites = (e: unknown) =>
  String((e as Error)?.stack)
    .split('\n')
    .filter((line) => /^\s*at |@/.test(line) && !/\[native code\]/.test(line))
    .map(site)
    .filter((s) => s !== '<anonymous>');

/**
 * Whether a native getter or method is patched: called on a wrong receiver, a native one throws a TypeError whose
 * first frame (native frames aside) is the caller's own code; a replacement (a Proxy's `apply` trap, a wrapper
 * function) leaves its own frame first, in another script, or returns without throwing. Its `toString` must say
 * `[native code]` too (a plain override does not; stealth plugins patch `toString` to lie, but not the stack).
 */
export function patched(fn: unknown, receiver: unknown): boolean {
  if (typeof fn !== 'function') return false;
  if (!/\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(fn))) return true;
  let mine: string[] = [];
  try {
    mine = sites(new Error());
    fn.call(receiver);
  } catch (e) {
    return !(e instanceof TypeError) || (sites(e)[0] ?? mine[0]) !== mine[0];
  }
  return true;
}

/**
 * Getters (and methods) that stealth tools patch, as [interface, member]. Not `Permissions.query`: it returns a
 * rejected promise on a wrong receiver instead of throwing (its patch is caught by `permission_mismatch`).
 */
export const WATCHED: [string, string][] = [
  ['Navigator', 'hardwareConcurrency'],
  ['Navigator', 'webdriver'],
  ['Navigator', 'languages'],
  ['Navigator', 'platform'],
  ['Navigator', 'userAgent'],
  ['Navigator', 'plugins'],
  ['WebGLRenderingContext', 'getParameter'],
];

/**
 * `tampered_native`: a native getter or method of {@link WATCHED} (`navigator`'s, WebGL's `getParameter`) is
 * replaced ({@link patched}), or the same member is shadowed by an own property of `navigator`.
 * False-positive risk: low to medium. Extensions that override these members (user-agent switchers, some privacy
 * extensions) flag; so would a page script that patches them (a polyfill would not: these exist natively).
 */
export function tamperedNative(): boolean {
  return WATCHED.some(([iface, member]) => {
    const proto = (globalThis as unknown as Record<string, { prototype: object } | undefined>)[iface]?.prototype;
    const d = proto && Object.getOwnPropertyDescriptor(proto, member);
    return !!d && (patched(d.get ?? d.value, proto) || (iface === 'Navigator' && Object.getOwnPropertyDescriptor(navigator, member) !== undefined));
  });
}

/** `Notification.permission` values in the `PermissionState` words of the Permissions API. */
const STATE: Record<string, string> = { default: 'prompt', granted: 'granted', denied: 'denied' };

/**
 * `permission_mismatch`: `Notification.permission` and `navigator.permissions.query({ name: 'notifications' })`
 * disagree (headless Chromium says `denied` to one and `prompt` to the other; stealth's patch turns it into
 * `default` against `denied`). A browser answers both from one setting. Resolves false where either API is missing
 * or refuses.
 * False-positive risk: low. An enterprise policy or an extension that blocks notifications may answer one API only.
 */
export async function permissionMismatch(): Promise<boolean> {
  try {
    const status = await navigator.permissions.query({ name: 'notifications' as PermissionName });
    return STATE[Notification.permission] !== status.state;
  } catch {
    return false;
  }
}

/**
 * `os_mismatch`: the operating system the user agent claims does not fit the device: Windows without its system
 * font Segoe UI, macOS without Helvetica Neue (by the `fonts` signal), or a WebGL renderer (the `webgl` signal) of
 * another system's graphics stack: Apple's (`Metal`, `OpenGL Engine`) on Windows or Linux, Direct3D on macOS or
 * Linux, Mesa on Windows or macOS. A missing signal is not compared; a software renderer alone never flags here.
 * False-positive risk: medium for a few: Firefox's `resistFingerprinting` (Tor Browser) claims Windows everywhere
 * and restricts fonts, and user-agent switcher extensions claim what the device is not.
 */
export function osMismatch(signals: Signals, userAgent: string): boolean {
  const renderer = String(signals.webgl?.[1] ?? '');
  const fonts = signals.fonts;
  const lacks = (font: string) => !!fonts && !fonts.includes(font);
  if (/Windows/.test(userAgent)) return lacks('Segoe UI') || /Metal|OpenGL Engine|Apple|Mesa/.test(renderer);
  if (/Macintosh/.test(userAgent)) return lacks('Helvetica Neue') || /Direct3D|Mesa|llvmpipe/.test(renderer);
  return /Linux|X11|CrOS/.test(userAgent) && !/Android/.test(userAgent) && /Direct3D|Metal|OpenGL Engine|Apple/.test(renderer);
}

/**
 * Starts the asynchronous checks (the Worker, the permission query) at once, within `budgetMs`; the returned
 * promise gives a function that, once the signals are in, lists every consistency flag. Never rejects.
 */
export function consistencyChecks(budgetMs: number): Promise<(signals: Signals) => ConsistencyFlag[]> {
  return Promise.all([askWorker(budgetMs), permissionMismatch()]).then(([worker, permission]) => (signals) => {
    const flags: [ConsistencyFlag, () => boolean][] = [
      ['worker_mismatch', () => workerMismatch(pageProbe(signals), worker)],
      ['tampered_native', tamperedNative],
      ['permission_mismatch', () => permission],
      ['os_mismatch', () => osMismatch(signals, navigator.userAgent)],
    ];
    return flags.filter(([, test]) => {
      try {
        return test();
      } catch {
        return false;
      }
    }).map(([flag]) => flag);
  });
}
