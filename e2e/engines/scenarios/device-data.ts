/** Device data (anti-fraud signals) in each engine, from the demo checkout in two fresh profiles. */
import { expect } from 'vitest';
import { COLLECTORS } from '../../../src/fraud/signals/index';
import type { DeviceData, SignalReason } from '../../../src/fraud/types';
import type { Tab } from '../engine';
import type { Scenario } from '../harness';

const REASONS: SignalReason[] = ['unsupported', 'blocked', 'timeout', 'threw', 'unstable'];

/**
 * The device data of the checkout page, collected with a 5 s budget (the page is opened without collection, then
 * set up again): this checks each engine's answers, not speed, and a busy shared machine must not turn a signal
 * into `timeout` (speed is measured by `npm run bench:fraud`). Also what the browser says of itself.
 */
const collected = (tab: Tab) =>
  tab.evaluate(async () => {
    const P = (window as any).PayToken;
    P.deviceData.setup('payment-form', 'device_session_id', { budgetMs: 5000 });
    return { data: await P.deviceData.collected(), webdriver: navigator.webdriver };
  }) as Promise<{ data: DeviceData; webdriver: boolean }>;

export const deviceData: Scenario[] = [
  {
    name: 'device data: every signal a value or a named reason, the same visitor id in two browser runs with fresh profiles, only true automation flags',
    async run(ctx) {
      const loads: { data: DeviceData; webdriver: boolean }[] = [];
      // the engine's running browser, then a second browser process with a new profile (a per-run value, such as
      // Firefox's canvas deBG chunk, shows only across browser runs)
      for (const engine of [ctx.engine, await ctx.launch()]) {
        const tab = await engine.newTab();
        await tab.goto(`${ctx.merchantUrl}/direct?device_data=off`);
        const load = await collected(tab);
        loads.push(load);
        // the page sends its device data once collected: close the tab only once the sandbox has it (a keepalive
        // POST of a tab closed at once was lost once in WebKit on a loaded machine)
        for (let i = 0; i < 100 && !ctx.api.store.devices.has(load.data.device_session_id); i++)
          await new Promise((r) => setTimeout(r, 50));
        await tab.close();
      }
      for (const { data, webdriver } of loads) {
        for (const name of Object.keys(COLLECTORS)) expect(name in data.signals !== name in data.missing, name).toBe(true);
        for (const reason of Object.values(data.missing)) expect(REASONS).toContain(reason);
        // the signals every engine has (the costly ones included: canvas, fonts, audio)
        for (const name of ['screen', 'timezone', 'languages', 'math', 'canvas', 'fonts', 'audio'] as const)
          expect(data.signals[name], name).toBeDefined();
        expect(data.missing).not.toHaveProperty('canvas');
        expect(data.device_session_id).toMatch(/^[A-Za-z0-9]{32}$/);
        expect(data.visitor_id).toMatch(/^[0-9a-f]{32}$/);
        // the sandbox received it under its session id (sent once collected: give it a moment)
        for (let i = 0; i < 100 && !ctx.api.store.devices.has(data.device_session_id); i++) await new Promise((r) => setTimeout(r, 50));
        expect(ctx.api.store.devices.get(data.device_session_id)?.data.visitor_id).toBe(data.visitor_id);
        // the driver's own sign is seen; nothing else is flagged where nothing else gives automation away
        expect(webdriver).toBe(ctx.engine.webdriverFlag);
        if (webdriver) expect(data.automation).toContain('webdriver');
        if (ctx.engine.name !== 'chromium') expect(data.automation).toEqual(webdriver ? ['webdriver'] : []);
        else expect(data.automation.filter((f) => f !== 'webdriver' && f !== 'headless_ua')).toEqual([]); // HeadlessChrome in its UA: true
      }
      console.log(
        `${ctx.engine.name}: signals missing ${JSON.stringify(loads[0]!.data.missing)}, automation flags ${JSON.stringify(loads[0]!.data.automation)}`,
      );
      expect(loads[0]!.data.visitor_id).toBe(loads[1]!.data.visitor_id);
      expect(loads[0]!.data.device_session_id).not.toBe(loads[1]!.data.device_session_id);
      expect(Object.values(loads[0]!.data.missing)).not.toContain('unstable');
    },
  },
];
