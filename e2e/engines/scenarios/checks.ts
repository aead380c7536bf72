/** The checks themselves can fail, in every engine: a misbehaving page is caught by each of them. */
import { expect } from 'vitest';
import { probe, waitFor } from '../engine';
import type { Scenario } from '../harness';
import { expectCleanPage, expectNoLeak, randomPan } from './helpers';

export const checks: Scenario[] = [
  {
    name: 'the checks catch a misbehaving page: CSP violations (listener and report), errors, card data in a URL',
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
    },
  },
];
