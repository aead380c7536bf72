import { automationFlags } from './automation';
import { askWorker, consistencyChecks } from './consistency';
import { visitorId } from './hash';
import { deviceSessionId } from './session';
import { COLLECTORS, type Collector } from './signals/index';
import type { DeviceData, SignalName, SignalReason, Signals } from './types';

/** Default hard time budget of a collection, milliseconds. */
export const DEFAULT_BUDGET_MS = 500;

const now = () => performance.now();
/** Milliseconds rounded to 0.1 ms. */
const ms = (t: number) => +t.toFixed(1);

/**
 * Lets the browser run other work before the next collector: `scheduler.yield()` (Prioritized Task Scheduling,
 * Chromium 129+, Firefox 142+), else a new task via `setTimeout(0)`.
 */
const yieldToMain = (): Promise<void> =>
  (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.() ?? new Promise((r) => setTimeout(r));

/**
 * The {@link SignalReason} of what a collector threw: the string `unstable` as it is, a `SecurityError`
 * (DOMException: a refused canvas read or storage access) as `blocked`, anything else as `threw`.
 */
const reasonOf = (e: unknown): SignalReason => (e === 'unstable' ? e : (e as Error)?.name === 'SecurityError' ? 'blocked' : 'threw');

/** What {@link collectSignals} found. */
export interface SignalResults {
  signals: Signals;
  missing: DeviceData['missing'];
  timings: DeviceData['timings'];
}

/**
 * Runs the collectors within a hard time budget.
 *
 * Each collector starts in its own task (the runner yields to the main thread before each), inside a promise,
 * so a throw becomes a reason and never escapes. Collectors do not wait for one another: an asynchronous one
 * (audio) is not awaited before the next starts, and one that never settles stalls only itself. At `budgetMs` after
 * the start the result is closed: collectors not started or not settled are `timeout`, and their late answers
 * are ignored. (JavaScript cannot interrupt a synchronous collector that is running; each is small.)
 *
 * @param budgetMs the budget in milliseconds. @param collectors name -> collector; default every signal.
 * @returns values (`undefined` becomes `unsupported`), reasons and per-signal timings (ms). Never rejects.
 */
export async function collectSignals(
  budgetMs: number,
  collectors: Partial<Record<SignalName, Collector>> = COLLECTORS,
): Promise<SignalResults> {
  const start = now();
  const signals: Record<string, unknown> = {};
  const missing: Record<string, SignalReason> = {};
  const timings: Record<string, number> = {};
  const pending: Promise<unknown>[] = [];
  let open = 1;
  for (const name in collectors) missing[name] = 'timeout'; // until it settles in time
  for (const name in collectors) {
    await yieldToMain();
    const t = now();
    if (t - start >= budgetMs) break;
    const settle = (reason: SignalReason | 0, value?: unknown) =>
      open && ((timings[name] = ms(now() - t)), reason ? (missing[name] = reason) : ((signals[name] = value), delete missing[name]));
    pending.push(
      new Promise((r) => r(collectors[name as SignalName]!())).then(
        (v) => (v === undefined ? settle('unsupported') : settle(0, v)),
        (e) => settle(reasonOf(e)),
      ),
    );
  }
  // The deadline timer is not cleared when everything settles first: firing later, it does nothing.
  await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, budgetMs - (now() - start)))]);
  open = 0;
  return { signals, missing, timings };
}

/**
 * Collects this page load's device data: a dedicated Worker for the consistency checks is started first
 * (src/fraud/consistency.ts), then the automation flags and every signal within `budgetMs`; then, waiting for the
 * Worker until `budgetMs` after the start at most, the consistency flags (appended to `automation`) and the visitor
 * id over the signals that produced a value. A Worker without an answer is named in `missing` as `worker` with its
 * reason (`timeout`, `blocked`, `unsupported`); one that answered has its time in `timings.worker`.
 * @param budgetMs hard time budget, milliseconds (the library's default is {@link DEFAULT_BUDGET_MS}).
 * @returns the {@link DeviceData}, `timings.total` covering all of it. Never rejects.
 */
export async function collectDeviceData(budgetMs: number): Promise<DeviceData> {
  const start = now();
  let workerMs = 0;
  const worker = askWorker(budgetMs).then((answer) => {
    workerMs = ms(now() - start);
    return answer;
  });
  const automation = automationFlags();
  const found = await collectSignals(budgetMs);
  const answer = await worker;
  if (typeof answer === 'string') found.missing.worker = answer;
  else found.timings.worker = workerMs;
  automation.push(...(await consistencyChecks(answer)));
  const visitor_id = await visitorId(found.signals);
  found.timings.total = ms(now() - start);
  return { device_session_id: deviceSessionId(), visitor_id, ...found, automation };
}
