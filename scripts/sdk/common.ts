/**
 * What the runners of the processor's public SDKs share (scripts/sdk/php-sdk.ts, scripts/sdk/java-sdk.ts): a
 * patched copy of an SDK's source, a bounded child process, the one flag they take. Not run in CI; the SDKs only
 * ever talk to the sandbox these runners start on 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `--sdk DIR` (the SDK's source, e.g. `git archive HEAD` of its repository, extracted), `--timeout SECONDS` (default
 * 600) and `--strict` (the sandbox without `--lenient`).
 */
export function runnerArgs(usage: string): { sdk: string; timeoutMs: number; strict: boolean } {
  const { values } = parseArgs({
    options: { sdk: { type: 'string' }, timeout: { type: 'string', default: '600' }, strict: { type: 'boolean', default: false } },
  });
  const seconds = Number(values.timeout);
  if (!values.sdk || !existsSync(values.sdk)) throw new Error(`${usage}: --sdk must name the SDK's source directory`);
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 3600) throw new Error('--timeout must be 10-3600 seconds');
  return { sdk: values.sdk, timeoutMs: seconds * 1000, strict: values.strict };
}

/** Copies `dir` into a new temporary directory, so the patches never touch the original. @returns the copy's path. */
export function copyOf(dir: string, name: string): string {
  const copy = join(mkdtempSync(join(tmpdir(), `${name}-`)), 'sdk');
  cpSync(dir, copy, { recursive: true });
  return copy;
}

/** Every file under `dir` whose name ends with `suffix`, recursively. */
export function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return filesUnder(path, suffix);
    return path.endsWith(suffix) ? [path] : [];
  });
}

/**
 * Applies `edits` (pattern -> replacement) to `file`.
 * @throws when `required` and a pattern matches nothing: the SDK changed and the patch would silently miss.
 */
export function patch(file: string, edits: [RegExp | string, string][], required = true): void {
  let text = readFileSync(file, 'utf8');
  for (const [pattern, replacement] of edits) {
    const next = text.replace(pattern, replacement);
    if (required && next === text) throw new Error(`patch: ${String(pattern)} not found in ${file}`);
    text = next;
  }
  writeFileSync(file, text);
}

/**
 * Runs `command` to its end or `timeoutMs` (then SIGKILL), without blocking this process: the sandbox the command
 * talks to answers from this same event loop. @returns its combined output and exit status (null when killed).
 * @throws (rejects) when the command cannot start (not installed): the message names it.
 */
export function run(
  command: string,
  args: string[],
  opts: { cwd?: string; timeoutMs: number },
): Promise<{ output: string; status: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => chunks.push(b));
    child.stderr.on('data', (b: Buffer) => chunks.push(b));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs);
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(e.code === 'ENOENT' ? new Error(`${command} is not installed`) : e);
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ output: Buffer.concat(chunks).toString('utf8'), status });
    });
  });
}
