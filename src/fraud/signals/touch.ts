import type { Signals } from '../types';

/** Touch support: `navigator.maxTouchPoints`, and touch events (`ontouchstart` in window). */
export const touch = (): Signals['touch'] => [navigator.maxTouchPoints, 'ontouchstart' in window];
