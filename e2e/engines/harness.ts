/**
 * Runs the scenario set (./scenarios/index.ts) in one engine as a Vitest suite: starts the sandbox API and the
 * merchant backend in-process on free 127.0.0.1 ports, with their request logs recorded, launches the engine once,
 * and gives each scenario fresh tabs (closed after it). One `describe` per engine, named after it, so the report
 * counts scenarios per engine (scripts/ci/summary.ts).
 */
import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { startMerchant, type RunningMerchant } from '../../demo/merchant/server';
import type { LoggedRequest } from '../../sandbox/src/http/request-log';
import { startSandbox, type RunningSandbox } from '../../sandbox/src/server';
import type { Engine, EngineName, Shape, Tab } from './engine';
import { CREDENTIALS } from './credentials';
import { SCENARIOS } from './scenarios/index';

/** A request one of the two servers received. */
export type ServerRequest = LoggedRequest & { to: 'api' | 'merchant' };

/** What a scenario gets. */
export interface Ctx {
  engine: Engine;
  apiUrl: string;
  merchantUrl: string;
  api: RunningSandbox;
  merchant: RunningMerchant;
  /** Every request both servers received since the scenario started. */
  requests(): ServerRequest[];
  /** The sandbox's access-log lines (`METHOD path status ms`, fraud decisions) since the scenario started. */
  apiLog(): string[];
  /** CSP violation reports the pages sent since the scenario started. */
  cspReports(): string[];
  /** A tab in a fresh profile, closed when the scenario ends. */
  tab(shape?: Shape): Promise<Tab>;
  /** A second browser of the same engine: a new process with a new, empty profile; closed when the scenario ends. */
  launch(): Promise<Engine>;
  /** Where a scenario may write files (screenshots): .reports/engines/. */
  artifacts: string;
}

/** One scenario, written once against the {@link Tab} interface. */
export interface Scenario {
  name: string;
  /** The engines it runs in; default all. (Only for what an engine cannot do, such as a phone shape.) */
  engines?: EngineName[];
  run(ctx: Ctx): Promise<void>;
}

/**
 * The error of a driver command that got no answer in time (the adapters' own timeouts), alone or as the last error
 * of a `waitFor` whose every poll the driver left unanswered.
 */
export const DRIVER_TIMEOUT =
  /^Error: (timed out after \d+ ms waiting for .* \(last: Error: )?WebDriver \w+ \S+: (TimeoutError|AbortError)/;

/** Registers the suite of one engine. */
export function runScenarios(name: EngineName, launch: () => Promise<Engine>): void {
  let engine: Engine;
  let api: RunningSandbox;
  let merchant: RunningMerchant;
  const requests: ServerRequest[] = [];
  const apiLog: string[] = [];
  let marks = { requests: 0, apiLog: 0, csp: 0 };
  const open: { close(): Promise<void> }[] = [];
  const artifacts = '.reports/engines';

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    api = await startSandbox({
      ...CREDENTIALS,
      port: 0,
      fraud: { velocityMaxCards: 0 }, // one profile pays with many cards here; the rule is tested in e2e/device-data.spec.ts
      log: (line) => apiLog.push(line),
      requestLog: (r) => requests.push({ ...r, to: 'api' }),
    });
    merchant = await startMerchant({
      ...CREDENTIALS,
      apiBaseUrl: api.baseUrl,
      port: 0,
      requestLog: (r) => requests.push({ ...r, to: 'merchant' }),
    });
    engine = await launch();
    console.log(`${name}: ${engine.version}`);
  }, 90_000);

  afterAll(async () => {
    await engine?.close();
    await merchant?.close();
    await api?.close();
  }, 30_000);

  afterEach(async () => {
    for (const t of open.splice(0)) await t.close().catch(() => {});
  });

  describe(name, () => {
    for (const s of SCENARIOS) {
      if (s.engines && !s.engines.includes(name)) continue;
      const attempt = async () => {
        marks = { requests: requests.length, apiLog: apiLog.length, csp: merchant.cspReports.length };
        await s.run({
          engine,
          apiUrl: api.baseUrl,
          merchantUrl: merchant.url,
          api,
          merchant,
          requests: () => requests.slice(marks.requests),
          apiLog: () => apiLog.slice(marks.apiLog),
          cspReports: () => merchant.cspReports.slice(marks.csp),
          async tab(shape) {
            const t = await engine.newTab(shape);
            open.push(t);
            return t;
          },
          async launch() {
            const e = await launch();
            open.push(e);
            return e;
          },
          artifacts,
        });
      };
      it(s.name, { timeout: 120_000 }, async () => {
        try {
          await attempt();
        } catch (e) {
          // A driver command that never answered (the browser hung, seen rarely with MiniBrowser on a loaded
          // machine) is the test rig's failure, not the page's: the scenario runs once more, in fresh tabs, and
          // says so. An assertion that failed is never retried.
          if (!DRIVER_TIMEOUT.test(String(e))) throw e;
          console.log(`${name}: "${s.name}" retried after ${String(e).split('\n')[0]}`);
          for (const t of open.splice(0)) await t.close().catch(() => {});
          await attempt();
        }
      });
    }
  });
}
