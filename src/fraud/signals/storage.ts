import type { Signals } from '../types';

/**
 * Whether a property of `window` holds a truthy value, reading it only: a storage that throws on access (blocked
 * by the user's cookie settings or a sandboxed frame) counts as unavailable.
 */
const has = (name: string): boolean => {
  try {
    return !!(window as unknown as Record<string, unknown>)[name];
  } catch {
    return false;
  }
};

/**
 * Storage availability: `[localStorage, sessionStorage, indexedDB]`. Nothing is ever read from or written to
 * any of them.
 */
export const storage = (): Signals['storage'] => ['localStorage', 'sessionStorage', 'indexedDB'].map(has) as Signals['storage'];
