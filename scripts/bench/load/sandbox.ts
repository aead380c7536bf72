/**
 * The sandbox as its own process for the benchmarks (the CLI, `--port 0`), so the load generator never shares its
 * event loop: start it, read its base URL, read its memory, stop it gently or kill it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** A running sandbox process. */
export interface SandboxProcess {
  base: string;
  child: ChildProcess;
  /** From spawn to its first line (it listens, its data opened), milliseconds. */
  readyMs: number;
  /** Its resident memory now, bytes (Linux /proc). */
  rss(): number;
  /** SIGTERM, resolved when it exited. */
  stop(): Promise<void>;
}

/** Starts `sandbox/src/cli.ts --port 0 ...args` under tsx; resolves once it printed its base URL. */
export const startSandboxProcess = (args: string[]): Promise<SandboxProcess> =>
  startServerProcess(['sandbox/src/cli.ts', '--port', '0', ...args]);

/** Starts `node --import tsx ...argv`, a server that prints its base URL first; resolves once it did. */
export async function startServerProcess(argv: string[]): Promise<SandboxProcess> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', ...argv], { stdio: ['ignore', 'pipe', 'ignore'] });
  const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
  const base = String(first.value ?? '');
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(base)) throw new Error(`${argv.join(' ')} did not start: ${base}`);
  return {
    base,
    child,
    readyMs: performance.now() - t0,
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
