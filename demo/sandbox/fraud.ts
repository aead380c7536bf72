import type { Deps } from './env';
import { apiError } from './errors';
import type { CardFacts } from './store';
import { RULES } from './fraud-rules';

export { AUTOMATION_MODES, RULES, type AutomationMode, type FraudOptions } from './fraud-rules';

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
  d.store.addDeviceUse({ visitorId: device.data.visitor_id, fingerprint: card.fingerprint, at: now }, since);
  const uses = d.store.deviceUses;
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
