import type { Deps } from './env';
import { apiError } from './errors';
import type { CardFacts } from './store';

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

/** The outcome of the rules: `declined` rules (3005) and rules that only flag. */
export interface Verdict {
  declined: string[];
  flagged: string[];
}

/**
 * Scores one use of a card (a charge, or a card creation) by the device behind `deviceSessionId`:
 * - no `device_session_id` (a raw-card creation may omit it): no rule applies;
 * - no device data under it: allowed, flagged `unknown_device_session`;
 * - otherwise the use is recorded under the device's visitor id, then device velocity (distinct card
 *   fingerprints of that visitor id within the window, this one included, above `velocityMaxCards`) and the
 *   automation rule are evaluated. The use counts even when declined: attempts are what card testing makes.
 */
export function scoreDevice(d: Deps, deviceSessionId: string | undefined, card: CardFacts): Verdict {
  const verdict: Verdict = { declined: [], flagged: [] };
  if (!deviceSessionId) return verdict;
  const device = d.store.devices.get(deviceSessionId);
  if (!device) {
    verdict.flagged.push(RULES.unknownSession);
    return verdict;
  }
  const { velocityMaxCards, velocityWindowSeconds, automation } = d.fraud;
  const now = d.now();
  const since = now.getTime() - velocityWindowSeconds * 1000;
  const uses = d.store.deviceUses;
  while (uses.length && uses[0]!.at.getTime() < since) uses.shift();
  uses.push({ visitorId: device.data.visitor_id, fingerprint: card.fingerprint, at: now });
  const cards = new Set(uses.filter((u) => u.visitorId === device.data.visitor_id).map((u) => u.fingerprint));
  if (velocityMaxCards > 0 && cards.size > velocityMaxCards) verdict.declined.push(RULES.velocity);
  if (device.data.automation.length && automation !== 'off') (automation === 'decline' ? verdict.declined : verdict.flagged).push(RULES.automation);
  return verdict;
}

/** The 3005 error of declining rules (spec, Errors: "3005 Card identified as fraudulent", `fraud_rules`). */
export const fraudDecline = (rules: string[]) => apiError(3005, `Declined by anti-fraud rules: ${rules.join(', ')}`, { fraud_rules: rules });

/**
 * Writes one log line for a decision that matched any rule: `fraud <what> device_session_id=<id> rules=<declined>
 * flags=<flagged>`. Ids and rule names only; never card data.
 */
export function logVerdict(d: Deps, what: string, deviceSessionId: string | undefined, v: Verdict): void {
  if (v.declined.length || v.flagged.length) {
    d.log?.(`fraud ${what} device_session_id=${deviceSessionId} rules=${v.declined.join(',') || '-'} flags=${v.flagged.join(',') || '-'}`);
  }
}
