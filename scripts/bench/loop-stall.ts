/**
 * Preloaded into the sandbox child of ./hostile.ts (`--import`): on SIGUSR2 it writes the longest event-loop delay
 * since the previous signal to stderr, as `loop-stall-ms N`, and starts over: how long the server's one thread was
 * held (node:perf_hooks' monitorEventLoopDelay, sampled every 5 ms).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delays = monitorEventLoopDelay({ resolution: 5 });
delays.enable();
process.on('SIGUSR2', () => {
  process.stderr.write(`loop-stall-ms ${(delays.max / 1e6).toFixed(1)}\n`);
  delays.reset();
});
