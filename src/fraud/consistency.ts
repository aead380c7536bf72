import { flagsOf } from './automation';
import { engineMismatch } from './engine';
import { impossibleGeometry } from './geometry';
import type { ConsistencyFlag, SignalReason } from './types';

/**
 * Consistency checks of the device data: things a real browser always keeps consistent and that automation
 * patched from the page (puppeteer-extra-plugin-stealth and the like) does not. Each check is a named
 * {@link ConsistencyFlag}; its docstring says what it detects and its known false-positive risk. Every check
 * swallows its own errors: a check that cannot run does not flag. (The claimed operating system against the fonts
 * and the WebGL renderer needs nothing but the signals and the request's `User-Agent`: the server checks it, rule
 * `os_mismatch` in sandbox/src/fraud/fraud.ts, out of the client's reach and its bytes.)
 */

/** What the page and a dedicated Worker report: hardwareConcurrency, userAgent, platform, languages. */
export type Probe = (string | number | null | undefined)[];

/**
 * What {@link workerMismatch} compares, from the page or from the Worker: `navigator`'s `hardwareConcurrency`,
 * `userAgent`, `platform` and `languages`. The Worker runs it from its source text (`Function.prototype.toString`),
 * so it refers to nothing outside itself.
 *
 * WebGL's vendor and renderer are not compared: a WebGL context in the Worker (`OffscreenCanvas`) costs more than
 * the rest of the collection on a machine without a GPU, and slows the page's own WebGL signal (docs/device-data.md,
 * docs/performance.md); a stealth plugin's WebGL patch shows instead in the server's `os_mismatch` (the renderer
 * against the claimed system) and in the patched `navigator` values the Worker does compare.
 */
export function probe(): Probe {
  const n = navigator;
  return [n.hardwareConcurrency, n.userAgent, n.platform, n.languages + ''];
}

/** The Trusted Types policy that lets the Worker's `blob:` URL through `require-trusted-types-for 'script'` (made once). */
let policy: { createScriptURL(url: string): unknown } | undefined;

/**
 * Starts a dedicated Worker from a `blob:` URL that runs {@link probe}, and resolves with its answer, or with why
 * there is none: `blocked` when the Worker cannot run (a Content-Security-Policy without `worker-src blob:` (or
 * `script-src blob:`), a `trusted-types` list without `paytoken`: the constructor throws or the Worker reports an
 * error), `unsupported` without Worker, `timeout` when it has not answered within `boundMs`. Started before
 * anything else of the collection: a Worker takes 30-50 ms to answer, about as long as the signals. The Worker is
 * left to the garbage collector either way. Never rejects.
 */
export function askWorker(boundMs: number): Promise<Probe | SignalReason> {
  return new Promise((resolve) => {
    // the Worker is not terminated, nor its blob: URL revoked: done once it has posted, it is garbage-collected
    // (nothing refers to it), and the bytes of that code are better spent elsewhere
    const done = resolve as (answer: Probe | SignalReason) => void;
    try {
      const url = URL.createObjectURL(new Blob([`postMessage((${probe})())`], { type: 'text/javascript' }));
      const tt = (globalThis as { trustedTypes?: { createPolicy(n: string, p: object): typeof policy } }).trustedTypes;
      policy ??= tt?.createPolicy('paytoken', { createScriptURL: String });
      const worker = new Worker((policy?.createScriptURL(url) ?? url) as string);
      worker.onmessage = (e) => done(e.data);
      worker.onerror = () => done('blocked');
      setTimeout(() => done('timeout'), boundMs);
    } catch {
      done(typeof Worker === 'function' ? 'blocked' : 'unsupported');
    }
  });
}

/**
 * `worker_mismatch`: the page and a dedicated Worker of the same page disagree on `hardwareConcurrency`,
 * `userAgent`, `platform` or `languages`. A browser reports the same values to both; stealth plugins patch the
 * page's `navigator` only. A value missing on either side is not
 * compared.
 * False-positive risk: low. A privacy extension that spoofs these values on the page only flags (it is tampering,
 * though a person may run it); Brave's and Firefox's own anti-fingerprinting answer both alike.
 */
export function workerMismatch(page: Probe, worker: Probe | SignalReason | undefined): boolean {
  return Array.isArray(worker) && page.some((value, i) => value != null && worker[i] != null && value !== worker[i]);
}

/**
 * The first code frame of an error's stack (V8 `at f (url:1:2)`, Gecko and WebKit `f@url:1:2`), without line and
 * column: a frame without them is native (WebKit's `[native code]`, V8's builtins at `<anonymous>`) and skipped.
 */
const topFrame = (e: unknown) =>
  String((e as Error).stack)
    .split('\n')
    .find((line) => /:\d+:\d+\)?$/.test(line))
    ?.replace(/:\d+:\d+/g, '');

/**
 * Whether a native getter or method is patched: called on a wrong receiver, a native one throws a TypeError whose
 * first code frame is the caller's own (the same as an Error made beside the call); a replacement (a Proxy's
 * `apply` trap, a wrapper function) leaves its own frame first, in another script, or returns without throwing.
 * Stealth plugins make `toString` say `[native code]`; the stack they do not fix.
 */
export function patched(fn: unknown, receiver: unknown): boolean {
  const mine = new Error();
  try {
    (fn as (this: unknown) => unknown).call(receiver); // not a function: a TypeError from this frame, so not patched
  } catch (e) {
    return !(e instanceof TypeError) || (topFrame(e) ?? topFrame(mine)) !== topFrame(mine);
  }
  return true;
}

/** `navigator` getters that stealth tools patch. */
export const WATCHED = ['hardwareConcurrency', 'webdriver', 'languages', 'platform', 'userAgent', 'plugins'];

/**
 * `tampered_native`: a native getter of `Navigator.prototype` in {@link WATCHED} is replaced ({@link patched}), or
 * shadowed by an own property of `navigator` (`Object.hasOwn`: Chromium 93, Firefox 92, Safari 15.4; older
 * browsers throw, and the check does not flag). (Not `Permissions.query`: it returns a rejected promise on a wrong
 * receiver instead of throwing; its patch shows as `permission_mismatch`.)
 * False-positive risk: low to medium. Extensions that override these members (user-agent switchers, some privacy
 * extensions) flag; so would a page script that patches them (a polyfill would not: these exist natively).
 */
export function tamperedNative(): boolean {
  const proto = Navigator.prototype;
  // a getter this browser lacks is undefined: calling it throws a TypeError right here, so it is not patched
  return WATCHED.some((member) => patched(Object.getOwnPropertyDescriptor(proto, member)?.get, proto) || Object.hasOwn(navigator, member));
}

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
    const permission = Notification.permission; // its `default` is the Permissions API's `prompt`
    return (permission === 'default' ? 'prompt' : permission) !== status.state;
  } catch {
    return false;
  }
}

/**
 * Runs the consistency checks over the Worker's answer ({@link askWorker}: compared when it is a probe) and resolves
 * with the flags that hold; a check that throws does not flag. Never rejects.
 */
export const consistencyChecks = (worker: Probe | SignalReason): Promise<ConsistencyFlag[]> =>
  permissionMismatch().then((permission) =>
    flagsOf<ConsistencyFlag>([
      ['worker_mismatch', () => workerMismatch(probe(), worker)],
      ['tampered_native', tamperedNative],
      ['permission_mismatch', () => permission],
      ['impossible_geometry', impossibleGeometry],
      ['engine_mismatch', engineMismatch],
    ]),
  );
