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
 *   client, each a named rule (`platform_mismatch`, `impossible_screen`, `headless_renderer`): `off`, `flag` or
 *   `decline`. Default `flag`.
 */
export interface FraudOptions {
  velocityMaxCards: number;
  velocityWindowSeconds: number;
  automation: RuleMode;
  missingDeviceData: RuleMode;
  cardVelocityMaxDevices: number;
  ipVelocityMaxCards: number;
  plausibility: RuleMode;
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
  /** The `webgl` renderer is a software rasteriser of headless stacks (SwiftShader, llvmpipe, softpipe). */
  headlessRenderer: 'headless_renderer',
} as const;
