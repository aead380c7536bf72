/** `navigator.hardwareConcurrency`: logical processors; undefined (unsupported) where absent. */
export const hardwareConcurrency = (): number | undefined => navigator.hardwareConcurrency;

/** `navigator.deviceMemory` (GiB, Chromium, secure contexts only); undefined (unsupported) elsewhere. */
export const deviceMemory = (): number | undefined => (navigator as { deviceMemory?: number }).deviceMemory;
