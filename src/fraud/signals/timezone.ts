import type { Signals } from '../types';

/** TC39 Temporal's `Now.timeZoneId()` (Chromium 144+, Firefox 139+), where the browser has it. */
type TemporalNow = { Now: { timeZoneId(): string } };

/**
 * IANA time zone and default BCP 47 locale. The time zone comes from `Temporal.Now.timeZoneId()` where there is
 * one, else from `Intl.DateTimeFormat().resolvedOptions()`; the locale from `Intl.PluralRules`, which resolves the
 * same default locale (ECMA-402 DefaultLocale) as every Intl service. Why not `Intl.DateTimeFormat` for both:
 * its first use on a page loads ICU's date patterns and time-zone data, 40-60 ms in a fresh headless Chromium
 * page, while the two calls used here take under 1 ms (measured with playwright-core, see docs/device-data.md).
 */
export function timezone(): Signals['timezone'] {
  return [
    (globalThis as { Temporal?: TemporalNow }).Temporal?.Now.timeZoneId() ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    new Intl.PluralRules().resolvedOptions().locale,
  ];
}
