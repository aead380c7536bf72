import type { Signals } from '../types';
import { matches } from './media';

/** Touch support: `navigator.maxTouchPoints`, touch events (`ontouchstart` in window), a coarse pointer. */
export const touch = (): Signals['touch'] => [navigator.maxTouchPoints, 'ontouchstart' in window, matches('pointer:coarse')];
