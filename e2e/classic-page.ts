/**
 * A loopback page server for running the processor's classic browser scripts (`openpay-js` 1.0.0, Apache-2.0:
 * `lib/openpay-card.v1.js` and `lib/openpay-data.v1.js`, devDependency used only by tests and benchmarks) side by
 * side with our script-tag build, against the local sandbox. Used by e2e/classic.spec.ts and scripts/bench/browser.ts.
 *
 * It serves, on its own origin (so every API call is cross-origin, as in production):
 * - `/classic`: the classic README's checkout form (`data-openpay-card` inputs, id `processCard`), with jQuery
 *   (the README passes `$('#processCard')`), `openpay.v1.js` and `openpay-data.v1.js`;
 * - `/migrated`: the same form migrated (`data-paytoken-card`), with jQuery and `dist/paytoken.iife.js`
 *   (`npm run build` first);
 * - `/both`: both globals on one page (the benchmark's interleaved runs);
 * - every other path: a trap. The classic device-data script calls endpoints the API spec does not have
 *   (anti-fraud keys and components, a third-party anti-fraud script); pointing its host here keeps them on
 *   loopback, records them in `trapped` and answers 404. (Playwright's `page.route` is not used for this: with
 *   any route active, Playwright answers CORS preflights itself, which would hide the sandbox's CORS.)
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

const file = (rel: string) => readFileSync(new URL(`../${rel}`, import.meta.url));

/** Credentials the classic script accepts: its id must be `[a-z0-9]+`, its key `pk_[a-z0-9]+` (no `_` after pk_). */
export const CLASSIC_CREDS = { merchantId: 'mclassic0merchant01', publicKey: 'pk_classic0public01', privateKey: 'sk_classic0private01' };

/** The classic README's form ("Creating tokens from html form"), attributes prefixed with `prefix`. */
const form = (prefix: string) => `<form id="processCard" name="processCard">
  <p>Holder Name:</p><input ${prefix}-card="holder_name" size="50" type="text">
  <p>Card number:</p><input ${prefix}-card="card_number" size="50" type="text">
  <p>Expiration year:</p><input ${prefix}-card="expiration_year" size="4" type="text">
  <p>Expiration month:</p><input ${prefix}-card="expiration_month" size="4" type="text">
  <p>cvv2:</p><input ${prefix}-card="cvv2" size="5" type="text">
  <p>Street:</p><input ${prefix}-card-address="line1" size="20" type="text">
  <p>Number:</p><input ${prefix}-card-address="line2" size="20" type="text">
  <p>References:</p><input ${prefix}-card-address="line3" size="20" type="text">
  <p>Postal code:</p><input ${prefix}-card-address="postal_code" size="6" type="text">
  <p>City:</p><input ${prefix}-card-address="city" size="20" type="text">
  <p>State:</p><input ${prefix}-card-address="state" size="20" type="text">
  <p>Country code:</p><input ${prefix}-card-address="country_code" size="3" type="text">
  <input id="makeRequestCard" type="button" value="Make Card">
</form>`;

const html = (scripts: string[], prefix: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>classic</title>${scripts.map((s) => `<script src="${s}"></script>`).join('')}</head><body>${form(prefix)}</body></html>`;

export interface ClassicPages {
  /** Origin of the pages, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Requests that reached the trap: `METHOD path?query`. */
  trapped: string[];
  close(): Promise<void>;
}

/** Starts the page server on a free 127.0.0.1 port. */
export function startClassicPages(): Promise<ClassicPages> {
  const js = (body: Buffer) => () => new Response(new Uint8Array(body), { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
  const trapped: string[] = [];
  const app = new Hono();
  const jquery = '/lib/jquery.js';
  const classic = ['/lib/openpay.v1.js', '/lib/openpay-data.v1.js'];
  app.get('/classic', (c) => c.html(html([jquery, ...classic], 'data-openpay')));
  app.get('/migrated', (c) => c.html(html([jquery, '/paytoken.iife.js'], 'data-paytoken')));
  app.get('/both', (c) => c.html(html([jquery, ...classic, '/paytoken.iife.js'], 'data-openpay')));
  app.get(jquery, js(file('node_modules/jquery/dist/jquery.min.js')));
  app.get(classic[0]!, js(file('node_modules/openpay-js/lib/openpay-card.v1.js')));
  app.get(classic[1]!, js(file('node_modules/openpay-js/lib/openpay-data.v1.js')));
  app.get('/paytoken.iife.js', () => js(file('dist/paytoken.iife.js'))());
  app.all('*', (c) => {
    const u = new URL(c.req.url);
    if (trapped.length < 1000) trapped.push(`${c.req.method} ${u.pathname}${u.search}`);
    return c.json({ trapped: true }, 404);
  });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        trapped,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            (server as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      }),
    );
  });
}

/**
 * Configures the classic global on `page` as its README says (`setId`, `setApiKey`, `setSandboxMode(true)`), and
 * points its two hard-coded sandbox hosts at loopback: tokens at the local sandbox (`apiUrl`), device data's
 * anti-fraud endpoints at the page server's trap (`trapUrl`).
 */
export const configureClassic = (page: Page, apiUrl: string, trapUrl: string, creds = CLASSIC_CREDS) =>
  page.evaluate(
    ({ apiUrl: api, trapUrl: trap, creds: merchant }) => {
      const OpenPay = (window as unknown as { OpenPay: Record<string, any> }).OpenPay;
      OpenPay.setId(merchant.merchantId);
      OpenPay.setApiKey(merchant.publicKey);
      OpenPay.setSandboxMode(true);
      OpenPay.sandboxHostname = `${api}/v1/`;
      OpenPay.deviceData._sandboxHostname = `${trap}/`;
    },
    { apiUrl, trapUrl, creds },
  );

/** Chromium flags of these runs: Playwright's defaults plus a resolver that resolves no name but 127.0.0.1. */
export const LOOPBACK_ONLY_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
