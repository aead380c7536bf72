/**
 * The sandbox's anti-fraud rules: their names and settings (the rules themselves are in fraud.ts). Kept apart so
 * that env.ts can name the settings without importing the rules, which import env.ts.
 */

/** What a rule that can flag or decline does: ignored, named in `fraud_flags`, or a decline (3005). */
export type RuleMode = 'off' | 'flag' | 'decline';

/** What automation flags in device data do (a {@link RuleMode}). */
export type AutomationMode = RuleMode;

/** The modes of the automation, missing-device-data and plausibility rules, for flag parsing. */
export const AUTOMATION_MODES: readonly RuleMode[] = ['off', 'flag', 'decline'];

/** The same list under its general name. */
export const RULE_MODES = AUTOMATION_MODES;

/**
 * Settings of the sandbox's anti-fraud rules (defaults in `SANDBOX_DEFAULTS.fraud`; CLI flags in parentheses).
 * Every count rule uses the one window `velocityWindowSeconds`; a count of 0 turns its rule off.
 * - `velocityMaxCards` (`--velocity-max-cards`): device velocity. When one visitor id has used more than this
 *   many distinct card numbers within the window, the charge or card creation is declined: 3005 with
 *   `fraud_rules: ["device_velocity"]`. Default 3.
 * - `velocityWindowSeconds` (`--velocity-window`): that window, seconds. Default 86400 (24 h).
 * - `automation` (`--automation-rule`): device data with automation flags (webdriver, headless user agent, ...)
 *   is `off` ignored, `flag` allowed and named `automation` in the Transaction's `fraud_flags`, or `decline`d
 *   with 3005 and `fraud_rules: ["automation"]`. Default `flag`, so tests in headless browsers pass.
 * - `missingDeviceData` (`--missing-device-data`): no device data arrived under the `device_session_id`: `off`,
 *   `flag` (`missing_device_data` in `fraud_flags`) or `decline` (3005). Default `flag`.
 * - `cardVelocityMaxDevices` (`--card-velocity-max-devices`): card velocity. When one card number (its keyed
 *   hash) has been used from more than this many distinct visitor ids within the window: 3005 `card_velocity`.
 *   Default 3.
 * - `ipVelocityMaxCards` (`--ip-velocity-max-cards`): IP velocity. When the charges from one end-user IP (the
 *   first address of `X-Forwarded-For`) have used more than this many distinct card numbers within the window:
 *   3005 `ip_velocity`. Charges only. Default 20 (more than the test-card table, so one tester can try them all).
 * - `plausibility` (`--plausibility-rule`): checks of the device data the server can make without trusting the
 *   client, each a named rule (`platform_mismatch`, `impossible_screen`, `os_mismatch`, `headless_renderer`): `off`, `flag` or
 *   `decline`. Default `flag`. `headless_renderer` (a software renderer) matches only beside another rule's
 *   evidence: alone it is a person on a machine without a GPU as often as a bot.
 * - `consistency` (`--consistency-rule`): the browser's consistency flags, each a rule of its name
 *   (`worker_mismatch`, `tampered_native`, `permission_mismatch`, `impossible_geometry`, `engine_mismatch`): `off`,
 *   `flag` or `decline`.
 *   Default `flag`.
 * - `entry` (`--entry-rule`): the card entry's behavioural summary (`POST /device-data/entry`), each a named rule
 *   (`scripted_entry`, `keyless_entry`, `robotic_typing`, `held_to_next_key`, `shiftless_capitals`,
 *   `unfocused_typing`): `off`, `flag` or `decline`. Default `flag`.
 * - `rules` (`--rule NAME=MODE`, repeatable): one rule's own mode, over its group's setting (`--rule
 *   held_to_next_key=decline`); rule names as in {@link RULES}, but the count rules'. Default none.
 */
export interface FraudOptions {
  velocityMaxCards: number;
  velocityWindowSeconds: number;
  automation: RuleMode;
  missingDeviceData: RuleMode;
  cardVelocityMaxDevices: number;
  ipVelocityMaxCards: number;
  plausibility: RuleMode;
  consistency: RuleMode;
  entry: RuleMode;
  rules?: Partial<Record<string, RuleMode>>;
}

/** Rule names, as they appear in `fraud_rules` (Error object) and `fraud_flags` (Transaction). */
export const RULES = {
  /** Too many distinct cards from one visitor id in the window. */
  velocity: 'device_velocity',
  /** One card used from too many visitor ids in the window. */
  cardVelocity: 'card_velocity',
  /** Too many distinct cards charged from one end-user IP in the window. */
  ipVelocity: 'ip_velocity',
  /** The device data carries automation flags. */
  automation: 'automation',
  /** No device data was received under the `device_session_id`. */
  missingDeviceData: 'missing_device_data',
  /** The user agent of the device-data request names another operating system than the `platform` signal. */
  platformMismatch: 'platform_mismatch',
  /** The `screen` signal is not a size a screen can have (0 or negative, over 16384 px, a colour depth outside 1-48). */
  impossibleScreen: 'impossible_screen',
  /**
   * The `webgl` renderer is a software rasteriser (SwiftShader, llvmpipe, softpipe), and another rule matched too.
   * False-positive risk alone: high (a Linux laptop or a virtual desktop without a GPU driver), hence never alone.
   */
  headlessRenderer: 'headless_renderer',
  /**
   * A dedicated Worker disagrees with the page (flag `worker_mismatch`, src/fraud/consistency.ts). False-positive
   * risk: low (an extension spoofing the page's navigator only).
   */
  workerMismatch: 'worker_mismatch',
  /**
   * A native getter or method is replaced (flag `tampered_native`). False-positive risk: low to medium
   * (user-agent switcher and some privacy extensions).
   */
  tamperedNative: 'tampered_native',
  /**
   * `Notification.permission` and `permissions.query` disagree (flag `permission_mismatch`). False-positive risk:
   * low (a policy or extension answering one API only).
   */
  permissionMismatch: 'permission_mismatch',
  /**
   * The operating system the request's `User-Agent` claims lacks its system font (Segoe UI, Helvetica Neue) or
   * comes with another system's WebGL renderer (a plausibility rule). False-positive risk: medium for Tor Browser
   * and Firefox `resistFingerprinting` (they claim Windows everywhere), user-agent switchers, and Linux on Apple
   * silicon (Asahi: an Apple GPU).
   */
  osMismatch: 'os_mismatch',
  /**
   * The card number arrived without the trusted input events that would have produced it: set by a script
   * (`input.value = ...`, synthetic events). False-positive risk: medium: password-manager extensions that fill
   * by script (the browser's own autofill is `autofilled`, never this).
   */
  scriptedEntry: 'scripted_entry',
  /**
   * Text inserted by trusted input events without a key press, not pasted nor autofilled (automation's
   * `insertText`, Playwright's `fill`). False-positive risk: medium: dictation, some input methods and
   * accessibility tools insert text that way.
   */
  keylessEntry: 'keyless_entry',
  /**
   * Keys pressed faster than a person types (median interval under 15 ms) or released at once (median dwell under
   * 10 ms), over at least 4 presses. False-positive risk: low: on-screen keyboards sending press and release
   * together, and timers coarsened by anti-fingerprinting (Firefox `resistFingerprinting`).
   */
  roboticTyping: 'robotic_typing',
  /**
   * Screen, window and viewport sizes no desktop browser reports together (flag `impossible_geometry`,
   * src/fraud/geometry.ts). False-positive risk: low (a Chromium zoomed out with a wide side panel; an 800 x 600
   * virtual machine without a desktop panel).
   */
  impossibleGeometry: 'impossible_geometry',
  /**
   * The user agent's Chrome or Firefox version contradicts the engine's CSS support (flag `engine_mismatch`,
   * src/fraud/engine.ts). False-positive risk: low (Chrome's experimental web platform features turned on).
   */
  engineMismatch: 'engine_mismatch',
  /**
   * Every key of a card field released just as the next is pressed (at least 6 presses; median release-to-press
   * within 10 ms of 0, spread under 15 ms): a driver that holds each key for its delay. False-positive risk: low: a
   * person's release-to-press times spread over tens of milliseconds, fast typists' overlapping keys included.
   */
  heldToNextKey: 'held_to_next_key',
  /**
   * A capital letter typed on a physical letter key with neither Shift nor Caps Lock down (drivers send `A`
   * without Shift). False-positive risk: low: mobile keyboards' automatic capitals, on-screen keyboards and
   * dictation send no physical key code and are not counted; Sticky Keys hold Shift in the event.
   */
  shiftlessCapitals: 'shiftless_capitals',
  /**
   * Trusted key presses in a card field while the document did not have the focus (a driver typing into a
   * background window or tab). False-positive risk: very low: the system sends keys to the focused window only.
   */
  unfocusedTyping: 'unfocused_typing',
} as const;

/** The rules a `--rule NAME=MODE` may set: every rule but the count rules (set by their thresholds). */
export const SETTABLE_RULES: readonly string[] = Object.values(RULES).filter(
  (rule) => ![RULES.velocity, RULES.cardVelocity, RULES.ipVelocity].includes(rule as never),
);

/**
 * Reads `--rule NAME=MODE` flags into {@link FraudOptions.rules}. @returns the overrides, or the problem with the
 * first flag that is not `NAME=MODE` with a {@link SETTABLE_RULES} name and a {@link RULE_MODES} mode.
 */
export function ruleOverrides(flags: readonly string[] = []): { rules: Partial<Record<string, RuleMode>> } | { problem: string } {
  const rules: Partial<Record<string, RuleMode>> = {};
  for (const flag of flags) {
    const [name = '', mode = ''] = flag.split('=');
    if (!SETTABLE_RULES.includes(name) || !RULE_MODES.includes(mode as RuleMode))
      return { problem: `--rule must be NAME=off|flag|decline with NAME one of ${SETTABLE_RULES.join(', ')} (got ${flag.slice(0, 60)})` };
    rules[name] = mode as RuleMode;
  }
  return { rules };
}
