/**
 * Shapes of the device data (device fingerprint) collected under a `device_session_id`. The same object is the
 * body of `POST /v1/{merchant_id}/device-data` (this project's extension of the API, see docs/device-data.md),
 * so its members are snake_case like the API's.
 */

/**
 * The signals of the device fingerprint, one per collector in `src/fraud/signals/`. Every member is optional:
 * a signal that did not produce a value is absent here and named in {@link DeviceData.missing}. Tuples are
 * used instead of objects to keep the code and the payload small; the names below document their order.
 */
export interface Signals {
  /** `screen.width`, `screen.height` (CSS pixels) and `screen.colorDepth` (bits). */
  screen?: [width: number, height: number, colorDepth: number];
  /** `window.devicePixelRatio` (physical pixels per CSS pixel; browser zoom changes it). */
  device_pixel_ratio?: number;
  /** IANA time zone (`Temporal.Now.timeZoneId()`, else `Intl.DateTimeFormat`) and the default BCP 47 locale. */
  timezone?: [timeZone: string, locale: string];
  /** `navigator.languages`. */
  languages?: readonly string[];
  /** `navigator.hardwareConcurrency`: logical processors. */
  hardware_concurrency?: number;
  /** `navigator.deviceMemory`: GiB, rounded down to a power of two by the browser (Chromium, secure contexts). */
  device_memory?: number;
  /**
   * `navigator.platform`, and the low-entropy User-Agent Client Hints (`navigator.userAgentData`): platform,
   * mobile, and brands as `brand/major version`; null where the browser has no client hints.
   */
  platform?: [platform: string, hints: [platform: string, mobile: boolean, brands: string[]] | null];
  /** `navigator.maxTouchPoints`, and whether `ontouchstart` is in window (touch events). */
  touch?: [maxTouchPoints: number, touchEvents: boolean];
  /**
   * Media-query preferences, whether each matches: `(color-gamut: p3)`, `(prefers-reduced-motion: reduce)`,
   * `(prefers-contrast: more)`.
   */
  media?: boolean[];
  /** SHA-256 (first 128 bits, hex) of a 2D canvas drawing's PNG data URL: text over an anti-aliased disc. */
  canvas?: string;
  /**
   * WebGL: unmasked vendor and renderer (`WEBGL_debug_renderer_info`, else `VENDOR`/`RENDERER`), then the
   * parameters MAX_TEXTURE_SIZE, MAX_RENDERBUFFER_SIZE, MAX_VERTEX_UNIFORM_VECTORS.
   */
  webgl?: (string | number)[];
  /**
   * Audio: the sum of absolute sample values 4500-4999 of a 10 kHz triangle wave through a dynamics compressor,
   * rendered by an `OfflineAudioContext` (1 channel, 5000 frames, 44.1 kHz).
   */
  audio?: number;
  /** Which fonts of a short probe list (`src/fraud/signals/fonts.ts`) are installed, by canvas text metrics. */
  fonts?: string[];
  /** Results of Math functions whose last bits differ between JavaScript engines and platforms. */
  math?: number[];
  /**
   * Whether `localStorage`, `sessionStorage` and `indexedDB` are available (reading the property, never using
   * it). Nothing is ever written.
   */
  storage?: [local: boolean, session: boolean, indexedDb: boolean];
}

/** Name of a signal (a member of {@link Signals}). */
export type SignalName = keyof Signals;

/**
 * Why a signal has no value:
 * - `unsupported`: the browser lacks the API (or it answered nothing);
 * - `blocked`: the API exists but refused with a `SecurityError` (a blocked canvas read or storage access);
 * - `timeout`: it had not finished when the time budget ran out;
 * - `threw`: it threw any other error;
 * - `unstable`: it answered differently twice in a row (anti-fingerprinting noise), so it cannot identify.
 */
export type SignalReason = 'unsupported' | 'blocked' | 'timeout' | 'threw' | 'unstable';

/**
 * Automation flags, in the spirit of FingerprintJS BotD; flags, never errors:
 * - `webdriver`: `navigator.webdriver` is true (WebDriver, CDP automation, Playwright, Puppeteer);
 * - `headless_ua`: the user agent says HeadlessChrome, PhantomJS or Electron;
 * - `zero_outer_size`: `outerWidth` and `outerHeight` are 0 (old headless Chrome);
 * - `languages`: `navigator.languages` empty, or its first entry is not `navigator.language`;
 * - `automation_globals`: a global or document property left by Selenium, ChromeDriver (`cdc_`), Playwright or
 *   Puppeteer (`AUTOMATION_NAMES` in `src/fraud/automation.ts`);
 * - and the {@link ConsistencyFlag}s.
 * (An empty `navigator.plugins` is no flag: Chrome set to download PDFs lists none, and stealth tools fake a list.)
 */
export type AutomationFlag = 'webdriver' | 'headless_ua' | 'zero_outer_size' | 'languages' | 'automation_globals' | ConsistencyFlag;

/**
 * Consistency flags (`src/fraud/consistency.ts`, each function's docstring gives its false-positive risk):
 * - `worker_mismatch`: a dedicated Worker reports another `hardwareConcurrency`, `userAgent`, `platform`,
 *   `languages` or WebGL renderer than the page;
 * - `tampered_native`: a native getter of `navigator` is replaced or shadowed;
 * - `permission_mismatch`: `Notification.permission` and `permissions.query` disagree;
 * - `impossible_geometry`: screen, window and viewport sizes no desktop browser reports together (`./geometry.ts`);
 * - `engine_mismatch`: the user agent's Chrome or Firefox version against the engine's CSS support (`./engine.ts`).
 * (The claimed operating system against the fonts and the WebGL renderer is the server's rule `os_mismatch`.)
 */
export type ConsistencyFlag = 'worker_mismatch' | 'tampered_native' | 'permission_mismatch' | 'impossible_geometry' | 'engine_mismatch';

/**
 * The device data of one page load: what `client.deviceData.collect()` and `PayToken.deviceData.collected()`
 * resolve with, and the body sent once to `POST /v1/{merchant_id}/device-data`.
 */
export interface DeviceData {
  /** This page load's `device_session_id` (32 characters of [A-Za-z0-9]), the key the sandbox stores it under. */
  device_session_id: string;
  /**
   * The visitor id: SHA-256, first 128 bits (32 hex characters), of the canonical JSON of `signals`
   * (see `src/fraud/hash.ts`).
   * The same browser profile gives the same id across page loads and fresh contexts; it is not a secret.
   */
  visitor_id: string;
  /** The signals that produced a stable value (exactly what the visitor id hashes). */
  signals: Signals;
  /**
   * The signals without a value, and why, and `worker` when the consistency checks' Worker gave no answer
   * (`timeout`, `blocked`, `unsupported`); not part of the visitor id.
   */
  missing: Partial<Record<SignalName | 'worker', SignalReason>>;
  /** Automation flags (empty for an ordinary browser). */
  automation: AutomationFlag[];
  /**
   * Milliseconds (0.1 ms steps): each signal's collection time, `worker` from the start to the Worker's answer, and
   * `total` for the whole collection.
   */
  timings: Partial<Record<SignalName | 'worker' | 'total', number>>;
}

/** Options of device-data collection (`client.deviceData.collect`, the script tag's `deviceData.setup`). */
export interface DeviceDataOptions {
  /**
   * The consent switch. `false` collects nothing and sends nothing (the `device_session_id` is still given, and
   * checkout works).
   * @default true
   */
  collect?: boolean;
  /**
   * Hard time budget of the whole collection, in milliseconds, 1-10000 (a numeric string is taken as its number).
   * Signals not done by then are reported `timeout`.
   * @default 500
   */
  budgetMs?: number;
}
