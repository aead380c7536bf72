import type { Deps } from '../env';
import { apiError } from '../domain/errors';
import type { CardFacts } from '../domain/records';
import type { DeviceRecord } from './records';
import { RULES, type RuleMode } from './fraud-rules';

export { AUTOMATION_MODES, RULE_MODES, RULES, type AutomationMode, type FraudOptions, type RuleMode } from './fraud-rules';

/** The outcome of the rules: `declined` rules (3005) and rules that only flag. */
export interface Verdict {
  declined: string[];
  flagged: string[];
}

/** Operating-system family named by a user agent or a `navigator.platform` value, or null when unknown. */
type Os = 'win' | 'mac' | 'ios' | 'linux' | 'android' | null;

const uaOs = (ua: string): Os =>
  /Windows/.test(ua)
    ? 'win'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'ios'
      : /Macintosh|Mac OS X/.test(ua)
        ? 'mac'
        : /Android/.test(ua)
          ? 'android'
          : /Linux|X11|CrOS/.test(ua)
            ? 'linux'
            : null;

const platformOs = (p: string): Os =>
  /^Win/.test(p) ? 'win' : /^iP(hone|ad|od)/.test(p) ? 'ios' : /^Mac/.test(p) ? 'mac' : /Android|Linux|CrOS/.test(p) ? 'linux' : null;

/** Families a genuine browser may report together (iPadOS says MacIntel; Android's platform says Linux). */
const sameOs = (a: Os, b: Os): boolean =>
  a === null || b === null || a === b || (a === 'ios' && b === 'mac') || (a === 'android' && b === 'linux');

/** The webgl renderers of software rasterisers (headless stacks use them, and so do machines without a GPU). */
const SOFTWARE_RENDERER = /SwiftShader|llvmpipe|softpipe|Mesa OffScreen/i;

/** Whether the device's `webgl` renderer is a software rasteriser (SwiftShader, llvmpipe, softpipe, Mesa OffScreen). */
export const softwareRenderer = (device: DeviceRecord): boolean => {
  const webgl = device.data.signals.webgl;
  return Array.isArray(webgl) && typeof webgl[1] === 'string' && SOFTWARE_RENDERER.test(webgl[1]);
};

/**
 * The consistency flags of the browser (src/fraud/consistency.ts), each a rule of its name; they arrive in the
 * `automation` list. False-positive risks: `RULES` in fraud-rules.ts.
 */
export const CONSISTENCY_RULES: readonly string[] = [
  RULES.workerMismatch,
  RULES.tamperedNative,
  RULES.permissionMismatch,
  RULES.impossibleGeometry,
  RULES.engineMismatch,
];

/**
 * Automation flags no rule takes alone: `no_plugins` (older clients sent it; Chrome set to download PDFs lists no
 * plugin, and stealth tools fake a list).
 */
const WEAK_FLAGS = ['no_plugins'];

/** Whether the device's automation flags hold one the `automation` rule takes (not a consistency or weak flag). */
export const automated = (device: DeviceRecord): boolean =>
  device.data.automation.some((f) => !CONSISTENCY_RULES.includes(f) && !WEAK_FLAGS.includes(f));

/** Shortest median time between key presses, and shortest median key hold, of a person's typing (ms). */
const HUMAN_INTERVAL_MS = 15;
const HUMAN_DWELL_MS = 10;
/**
 * Keys released within 10 ms of the next press (median) with a spread under 15 ms are a driver's: its round trip
 * per key is a few ms (more on a loaded machine); a person's release-to-press times spread over tens of ms.
 */
const SYNCED_FLIGHT_MS = 10;
const SYNCED_SPREAD_MS = 15;

/**
 * The entry rules that match the card entry's summaries (`POST /device-data/entry`), none without one:
 * - on the card number: `scripted_entry` (the methods include `scripted`: the value did not come from trusted input
 *   events) and `keyless_entry` (they include `inserted`: text inserted without a key press, not pasted, not
 *   autofilled);
 * - on any card field: `robotic_typing` (at least 4 key presses with a median interval under 15 ms or a median hold
 *   under 10 ms); `held_to_next_key` (at least 6 key presses, each released just as the next is pressed: the median
 *   release-to-press time within 10 ms of 0 and its spread under 15 ms, whatever the pace: a driver's typing with a
 *   delay); `shiftless_capitals` (a capital typed on a letter key with neither Shift nor Caps Lock); and
 *   `unfocused_typing` (trusted key presses while the document did not have the focus).
 * Autofill, paste and corrections never match by themselves. False-positive risks: `RULES` in fraud-rules.ts.
 */
export function entryRules(device: DeviceRecord): string[] {
  const fields = Object.values(device.entry ?? {}).filter((field) => !!field);
  const card = device.entry?.card_number;
  const out: string[] = [];
  if (card?.methods.includes('scripted')) out.push(RULES.scriptedEntry);
  if (card?.methods.includes('inserted')) out.push(RULES.keylessEntry);
  const any = (rule: string, test: (field: (typeof fields)[number]) => boolean) => fields.some(test) && out.push(rule);
  any(
    RULES.roboticTyping,
    (f) => f.keys >= 4 && ((f.key_interval_ms?.[0] ?? Infinity) < HUMAN_INTERVAL_MS || (f.key_dwell_ms ?? Infinity) < HUMAN_DWELL_MS),
  );
  any(
    RULES.heldToNextKey,
    (f) => f.keys >= 6 && !!f.key_flight_ms && Math.abs(f.key_flight_ms[0]) < SYNCED_FLIGHT_MS && f.key_flight_ms[1] < SYNCED_SPREAD_MS,
  );
  any(RULES.shiftlessCapitals, (f) => !!f.shiftless_capitals);
  any(RULES.unfocusedTyping, (f) => !!f.unfocused_keys);
  return out;
}

/**
 * The plausibility rules that match a device record (checks of the signals against each other and against the
 * request, needing no trust in the client):
 * - `platform_mismatch`: the device-data request's `User-Agent` names an operating system (Windows, macOS, iOS,
 *   Android, Linux) that the `platform` signal (`navigator.platform`) contradicts;
 * - `impossible_screen`: `screen` is not `[width, height, colour depth]` with whole sizes 1-16384 px and a depth
 *   of 1-48 bits;
 * - `os_mismatch`: {@link osMismatch}.
 * A signal that is missing never matches (a browser may block or lack it). The software renderer
 * (`headless_renderer`) is not here: {@link deviceRules} adds it only beside other evidence.
 */
export function implausible(device: DeviceRecord): string[] {
  const { signals } = device.data;
  const out: string[] = [];
  const platform = Array.isArray(signals.platform) ? signals.platform[0] : undefined;
  if (typeof platform === 'string' && device.userAgent && !sameOs(uaOs(device.userAgent), platformOs(platform)))
    out.push(RULES.platformMismatch);
  const screen = signals.screen;
  if (screen !== undefined) {
    const [w, h, depth] = Array.isArray(screen) ? screen : [];
    const size = (n: unknown) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 16384;
    if (!(Array.isArray(screen) && size(w) && size(h) && Number.isInteger(depth) && (depth as number) >= 1 && (depth as number) <= 48))
      out.push(RULES.impossibleScreen);
  }
  if (osMismatch(signals, device.userAgent ?? '')) out.push(RULES.osMismatch);
  return out;
}

/**
 * The graphics stacks WebGL renderers name on Windows (Direct3D), macOS (Metal, OpenGL Engine, Apple M-series) and
 * Linux (Mesa). Not WebKit's masked `Apple GPU`, which it reports on every system (WebKitGTK on Linux included).
 */
const GRAPHICS = [/Direct3D/, /Metal|OpenGL Engine|Apple M\d/, /Mesa|llvmpipe/];

/**
 * Whether the operating system the request's `User-Agent` claims does not fit the device: Windows without its
 * system font Segoe UI or macOS without Helvetica Neue (the `fonts` signal), or, on Windows, macOS or Linux (not
 * Android), a `webgl` renderer naming another of these systems' graphics stacks ({@link GRAPHICS}). SwiftShader,
 * every system's software fallback, names none; a missing signal is not compared. False-positive risk: `RULES`.
 */
export function osMismatch(signals: DeviceRecord['data']['signals'], userAgent: string): boolean {
  const renderer = Array.isArray(signals.webgl) ? String(signals.webgl[1] ?? '') : '';
  const fonts = Array.isArray(signals.fonts) ? signals.fonts : null;
  const os = /Windows/.test(userAgent)
    ? 0
    : /Macintosh/.test(userAgent)
      ? 1
      : /Linux|X11|CrOS/.test(userAgent) && !/Android/.test(userAgent)
        ? 2
        : -1;
  const font = ['Segoe UI', 'Helvetica Neue'][os];
  return (!!font && !!fonts && !fonts.includes(font)) || (os >= 0 && GRAPHICS.some((api, i) => i !== os && api.test(renderer)));
}

/** The rules a device record matches, by the setting that governs them. */
export interface DeviceRuleMatches {
  automation: string[];
  plausibility: string[];
  consistency: string[];
  entry: string[];
}

/**
 * Every device-level rule the record matches (`automation`, the plausibility, consistency and entry rules). A
 * software renderer (`headless_renderer`) joins the plausibility rules only when another rule matched: alone it
 * says no more than "no GPU driver", as on a Linux laptop with llvmpipe.
 */
export function deviceRules(device: DeviceRecord): DeviceRuleMatches {
  const matches: DeviceRuleMatches = {
    automation: automated(device) ? [RULES.automation] : [],
    plausibility: implausible(device),
    consistency: CONSISTENCY_RULES.filter((rule) => device.data.automation.includes(rule)),
    entry: entryRules(device),
  };
  if (softwareRenderer(device) && Object.values(matches).some((rules) => rules.length)) matches.plausibility.push(RULES.headlessRenderer);
  return matches;
}

/** The first address of an `X-Forwarded-For` header (the end-user device), at most 64 characters, or null. */
export const clientIp = (xff: string | undefined): string | null => xff?.split(',')[0]?.trim().slice(0, 64) || null;

/**
 * Scores one use of a card (a charge, or a card creation) by the device behind `deviceSessionId` and, for a
 * charge, the end-user `ip` (settings: `FraudOptions`, fraud-rules.ts):
 * - no `device_session_id` (a raw-card creation may omit it): no rule applies;
 * - the use is recorded (visitor id when device data arrived, card fingerprint, IP, time), declined or not:
 *   attempts are what card testing makes;
 * - no device data under it: `missing_device_data` (off, flag or decline);
 * - with device data: device velocity (distinct card fingerprints of that visitor id within the window, this one
 *   included, above `velocityMaxCards`), and the rules of {@link deviceRules} (automation, plausibility,
 *   consistency, entry), each under its setting;
 * - card velocity (distinct visitor ids of this card fingerprint above `cardVelocityMaxDevices`) and IP velocity
 *   (distinct card fingerprints of this IP above `ipVelocityMaxCards`), whatever device data there is.
 */
export function scoreDevice(d: Deps, deviceSessionId: string | undefined, card: CardFacts, ip: string | null = null): Verdict {
  const verdict: Verdict = { declined: [], flagged: [] };
  if (!deviceSessionId) return verdict;
  const f = d.fraud;
  const put = (group: RuleMode, rule: string) => {
    const mode = f.rules?.[rule] ?? group;
    if (mode !== 'off') (mode === 'decline' ? verdict.declined : verdict.flagged).push(rule);
  };
  const device = d.store.devices.get(deviceSessionId);
  const visitorId = device?.data.visitor_id ?? null;
  const now = d.clock.nowMs();
  d.store.addDeviceUse({ visitorId, ip, fingerprint: card.fingerprint, at: now }, now - f.velocityWindowSeconds * 1000);
  const distinct = d.store.distinctUses.bind(d.store);
  if (!device) put(f.missingDeviceData, RULES.missingDeviceData);
  else {
    if (f.velocityMaxCards > 0 && visitorId !== null && distinct('visitor_id', visitorId, 'fingerprint') > f.velocityMaxCards)
      verdict.declined.push(RULES.velocity);
    const matches = deviceRules(device);
    for (const setting of ['automation', 'plausibility', 'consistency', 'entry'] as const)
      for (const rule of matches[setting]) put(f[setting], rule);
  }
  if (f.cardVelocityMaxDevices > 0 && distinct('fingerprint', card.fingerprint, 'visitor_id') > f.cardVelocityMaxDevices) {
    verdict.declined.push(RULES.cardVelocity);
  }
  if (ip && f.ipVelocityMaxCards > 0 && distinct('ip', ip, 'fingerprint') > f.ipVelocityMaxCards) verdict.declined.push(RULES.ipVelocity);
  return verdict;
}

/** The 3005 error of declining rules (spec, Errors: "3005 Card identified as fraudulent", `fraud_rules`). */
export const fraudDecline = (rules: string[]) =>
  apiError(3005, `Declined by anti-fraud rules: ${rules.join(', ')}`, { fraud_rules: rules });

/**
 * Writes one log line for a decision that matched any rule: `fraud <what> device_session_id=<id> rules=<declined>
 * flags=<flagged>`. Ids and rule names only; never card data.
 */
export function logVerdict(d: Deps, what: string, deviceSessionId: string | undefined, v: Verdict): void {
  if (v.declined.length || v.flagged.length) {
    d.log?.(`fraud ${what} device_session_id=${deviceSessionId} rules=${v.declined.join(',') || '-'} flags=${v.flagged.join(',') || '-'}`);
  }
}
