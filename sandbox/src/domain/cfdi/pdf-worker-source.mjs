// The PDF thread's entry when the sandbox runs from its TypeScript source (tsx, Vitest): the thread registers
// tsx's loader itself, since a worker started by Vitest has none. The built package starts dist/pdf-worker.js.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
