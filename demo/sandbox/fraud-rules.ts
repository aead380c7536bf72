/**
 * The sandbox's anti-fraud rules: their names and settings (the rules themselves are in fraud.ts). Kept apart so
 * that env.ts can name the settings without importing the rules, which import env.ts.
 */

/** What automation flags in device data do: ignored, named in `fraud_flags`, or a decline (3005). */
export type AutomationMode = 'off' | 'flag' | 'decline';

/** The automation rule's modes, for flag parsing. */
export const AUTOMATION_MODES: readonly AutomationMode[] = ['off', 'flag', 'decline'];

/**
 * Settings of the sandbox's anti-fraud rules (defaults in `SANDBOX_DEFAULTS.fraud`; CLI flags in parentheses).
 * - `velocityMaxCards` (`--velocity-max-cards`): device velocity. When one visitor id has used more than this
 *   many distinct card numbers within the window, the charge or card creation is declined: 3005 with
 *   `fraud_rules: ["device_velocity"]`. 0 turns the rule off. Default 3.
 * - `velocityWindowSeconds` (`--velocity-window`): that window, seconds. Default 86400 (24 h).
 * - `automation` (`--automation-rule`): device data with automation flags (webdriver, headless user agent, ...)
 *   is `off` ignored, `flag` allowed and named `automation` in the Transaction's `fraud_flags`, or `decline`d
 *   with 3005 and `fraud_rules: ["automation"]`. Default `flag`, so tests in headless browsers pass.
 */
export interface FraudOptions {
  velocityMaxCards: number;
  velocityWindowSeconds: number;
  automation: AutomationMode;
}

/** Rule names, as they appear in `fraud_rules` (Error object) and `fraud_flags` (Transaction). */
export const RULES = {
  /** Too many distinct cards from one visitor id in the window. */
  velocity: 'device_velocity',
  /** The device data carries automation flags. */
  automation: 'automation',
  /** No device data was received under the `device_session_id` (never declines). */
  unknownSession: 'unknown_device_session',
} as const;
