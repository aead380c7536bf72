import puppeteer from 'puppeteer-core';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { readFileSync } from 'node:fs';
import { startSandbox } from './demo/sandbox/server';
import { CHROMIUM_ARGS } from './scripts/bench/setup';
const CREDS = { merchantId: 'mbenchhosted0001', publicKey: 'pk_bench_public', privateKey: 'sk_bench_private' };
const sandbox = await startSandbox({ ...CREDS, port: 0, log: () => {} });
const app = new Hono();
const tag = readFileSync('dist/paytoken-hosted.iife.js');
app.get('/p', (c) => c.html('<!doctype html><html><head><script src="/t.js"></script></head><body><div id="card"></div></body></html>'));
app.get('/t.js', (c) => c.body(tag, 200, { 'content-type': 'text/javascript' }));
const port: number = await new Promise((r) => { const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (i: any) => r(i.port)); });
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
const rows: any[] = [];
for (let i = 0; i < 12; i++) {
  for (const kind of ['element', 'floor']) {
    const ctx = await browser.createBrowserContext();
    const page = await ctx.newPage();
    await page.evaluateOnNewDocument(() => {
      if (!location.pathname.includes('/fields/')) return;
      (window as any).__t = {};
      document.addEventListener('DOMContentLoaded', () => ((window as any).__t.dcl = performance.now()));
      new MutationObserver(() => { if (!(window as any).__t.enabled && document.getElementById('i') && !(document.getElementById('i') as HTMLInputElement).disabled) (window as any).__t.enabled = performance.now(); }).observe(document, { subtree: true, attributes: true, childList: true });
    });
    await page.goto(`http://localhost:${port}/p`);
    const ms = await page.evaluate(({ base, creds, kind }) => new Promise<any>((resolve) => {
      const w = window as any; const t0 = performance.now();
      if (kind === 'floor') { const f = document.createElement('iframe'); f.src = base + '/fields/v1/empty'; f.onload = () => resolve({ total: performance.now() - t0, t0: performance.timeOrigin + t0 }); document.body.append(f); return; }
      w.PayToken.setId(creds.merchantId); w.PayToken.setApiKey(creds.publicKey); w.PayToken.setBaseUrl(base);
      const m = w.PayToken.fields.mount({ card: '#card' }, { flow: 'spa' });
      m.on('ready', () => resolve({ total: performance.now() - t0, t0: performance.timeOrigin + t0 }));
    }), { base: sandbox.baseUrl, creds: CREDS, kind });
    const frame = page.frames().find((f) => f.url().includes('/fields/'))!;
    const nav = await frame.evaluate(() => { const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming; return { origin: performance.timeOrigin, fetchStart: n.fetchStart, responseStart: n.responseStart, responseEnd: n.responseEnd, domInteractive: n.domInteractive, t: (window as any).__t }; });
    rows.push({ kind, total: ms.total, startDelay: nav.origin - ms.t0, respStart: nav.responseStart, respEnd: nav.responseEnd, domInteractive: nav.domInteractive, enabled: nav.t?.enabled });
    await ctx.close();
  }
}
const med = (xs: number[]) => xs.filter((x) => x != null).sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const kind of ['element', 'floor']) {
  const r = rows.filter((x) => x.kind === kind);
  console.log(kind, Object.fromEntries(['total', 'startDelay', 'respStart', 'respEnd', 'domInteractive', 'enabled'].map((k) => [k, med(r.map((x) => x[k]))?.toFixed(1)])));
}
await browser.close(); await sandbox.close(); process.exit(0);
