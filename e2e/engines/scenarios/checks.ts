/** The checks themselves can fail, in every engine: a misbehaving page is caught by each of them. */
import { expect } from 'vitest';
import { installProbe, probe, waitFor } from '../engine';
import type { Scenario } from '../harness';
import { expectCleanPage, expectNoLeak, randomPan } from './helpers';
import { FRAME, openHosted } from './hosted';

export const checks: Scenario[] = [
  {
    name: "the checks catch a misbehaving page: CSP violations (listener and report; in a hosted field's frame too), errors, card data in a URL",
    async run(ctx) {
      const tab = await ctx.tab();
      await tab.goto(`${ctx.merchantUrl}/direct`);
      const pan = randomPan();
      await tab.evaluate((p: string) => {
        fetch('http://127.0.0.1:9/elsewhere').catch(() => {}); // connect-src: the API origin only
        document.body.setAttribute('style', 'color: red'); // style-src: no inline style
        new Image().src = `/pixel?card=${p}`; // allowed by img-src 'self': card data in a URL
        console.error('merchant bug');
      }, pan);
      await waitFor(tab, 'the violations seen by the page', async () => {
        const p = (window as any).__paytokenProbe as { csp: string[] };
        return p.csp.some((v) => v.startsWith('connect-src')) && p.csp.some((v) => v.startsWith('style-src'));
      });
      for (let i = 0; i < 100 && ctx.cspReports().length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      expect(ctx.cspReports().join('\n')).toMatch(/connect-src/);
      expect(ctx.cspReports().join('\n')).toMatch(/style-src/);
      expect((await probe(tab)).errors).toContain('merchant bug');
      await expect(expectCleanPage(ctx, tab)).rejects.toThrow();
      for (let i = 0; i < 100 && !ctx.requests().some((r) => r.url.includes('/pixel')); i++) await new Promise((r) => setTimeout(r, 50));
      expect(() => expectNoLeak(ctx, pan, '000', [])).toThrow();

      // in a hosted field's frame (its own CSP, no report-uri): a violation before the probe is installed (seen
      // through the engine's buffered reports: Chromium; Firefox ESR 153 and WebKitGTK 2.50 have a ReportingObserver
      // but give it no buffered CSP report) and one after it. (WebKitWebDriver runs one session at a time: one tab.)
      await tab.close();
      const hosted = await ctx.tab();
      await openHosted(ctx, hosted, '', false);
      const frame = hosted.frame(FRAME.number);
      await frame.evaluate(() => document.body.setAttribute('style', 'color: red'));
      await frame.evaluate(installProbe);
      await frame.evaluate(() => void fetch('http://127.0.0.1:9/elsewhere').catch(() => {}));
      const buffered = ctx.engine.name === 'chromium';
      await waitFor(
        frame,
        `the violations seen in the frame (buffered reports: ${buffered})`,
        (b: boolean) => {
          const v = (window as any).__paytokenProbe.csp as string[];
          return v.some((x) => x.startsWith('connect-src')) && (!b || v.some((x) => x.startsWith('style-src')));
        },
        [buffered],
      );
      expect((await probe(frame)).csp.length).toBeGreaterThan(0);
      expect((await probe(hosted)).csp).toEqual([]); // the merchant page around it is clean
    },
  },
];
