/**
 * Start-up shared by the browser benchmarks (`npm run bench`: ./browser.ts, `npm run bench:hosted`: ./hosted.ts):
 * the local sandbox and a bench page server, each on 127.0.0.1 and a free port, and Debian's Chromium driven by
 * playwright-core; one `close()` stops all three. Also the table helpers both print with (median and p95).
 */
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { startSandbox, type RunningSandbox, type StartOptions } from '../../sandbox/src/server';

/** Chromium flags of every benchmark run: no sandbox or GPU (a container), no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A running bench page server: its origin (`http://127.0.0.1:PORT`) and `close()`. */
export interface PageServer {
  url: string;
  close: () => void;
}

/** Serves `app` on 127.0.0.1, a free port. */
export const servePages = (app: Hono): Promise<PageServer> =>
  new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
  });

/** What {@link startBench} started. */
export interface Bench {
  api: RunningSandbox;
  pages: PageServer;
  browser: Browser;
  /** Closes the browser, the page server and the sandbox, in that order. */
  close: () => Promise<void>;
}

/**
 * Starts the sandbox (`sandbox`, on a free port), then the page server (`pages(apiOrigin)` builds its app), then
 * Chromium (`CHROMIUM_PATH` or /usr/bin/chromium) with {@link CHROMIUM_ARGS} and `chromiumArgs`.
 */
export async function startBench(opts: {
  sandbox: Omit<StartOptions, 'port'>;
  pages: (apiOrigin: string) => Hono;
  chromiumArgs?: string[];
}): Promise<Bench> {
  const api = await startSandbox({ ...opts.sandbox, port: 0 });
  const pages = await servePages(opts.pages(new URL(api.baseUrl).origin));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...(opts.chromiumArgs ?? [])],
  });
  return {
    api,
    pages,
    browser,
    close: async () => {
      await browser.close();
      pages.close();
      await api.close();
    },
  };
}

/** Median, p95 and count of `xs` (nearest rank, no interpolation). */
export const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p95: at(0.95), n: s.length };
};

/** A duration in ms, two decimals under 10 and one from there. */
export const fmt = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

/** A Markdown table of timings: `row(name, xs)` adds `| name | median | p95 | runs |` and returns the median. */
export function timingTable() {
  const rows: string[] = [];
  const row = (name: string, xs: number[]) => {
    const { median, p95, n } = stats(xs);
    rows.push(`| ${name} | ${fmt(median)} ms | ${fmt(p95)} ms | ${n} |`);
    return median;
  };
  return { rows, row };
}
