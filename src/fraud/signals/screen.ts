import type { Signals } from '../types';

/** Screen size and colour depth: `[screen.width, screen.height, screen.colorDepth]`. */
export const screenSignal = (): Signals['screen'] => [screen.width, screen.height, screen.colorDepth];
