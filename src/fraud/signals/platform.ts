import type { Signals } from '../types';

/** The low-entropy User-Agent Client Hints (https://wicg.github.io/ua-client-hints/#navigatoruadata). */
interface UaData {
  platform: string;
  mobile: boolean;
  brands: { brand: string; version: string }[];
}

/**
 * `navigator.platform` and the low-entropy client hints of `navigator.userAgentData` (platform, mobile, brands
 * with their major version), null where the browser has none. High-entropy hints (full version, model,
 * architecture) are never asked for.
 */
export function platform(): Signals['platform'] {
  const u = (navigator as { userAgentData?: UaData }).userAgentData;
  return [navigator.platform, u ? [u.platform, u.mobile, u.brands.map((b) => `${b.brand}/${b.version}`)] : null];
}
