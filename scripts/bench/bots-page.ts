/**
 * The checkout page of `npm run bench:bots` and its server (127.0.0.1, a free port): the form layer's script tag
 * (`dist/paytoken-checkout.iife.js`, device data set up at load, the form mounted in the `spa` flow) and BotD
 * (`@fingerprintjs/botd`, monitoring off) on one page, under a strict CSP that allows the device data's Worker
 * (`worker-src blob:`). The page reports to `POST /report` what each detector said (`run` from its URL); when the
 * form layer hands over a token, the server charges it on the sandbox with the private key, as a merchant's
 * backend would, and keeps the Transaction's `fraud_flags`.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/** What one page load reported. */
export interface Report {
  /** BotD's verdict (`detect().bot`), or an error text. */
  botd?: boolean | string;
  botKind?: string;
  /** The device data's `device_session_id` and automation flags (consistency flags included). */
  session?: string;
  automation?: string[];
  /** The token the form layer handed over, and the charge's fraud flags (or its error). */
  token?: string;
  fraudFlags?: string[];
  chargeError?: string;
  /** The page loaded and set everything up (the human rows wait for it before typing). */
  ready?: boolean;
  /** The holder field's centre-left on the screen, pixels (where the human rows click). */
  holder?: [number, number];
  /** The page's viewport and window, CSS pixels: innerWidth, innerHeight, outerWidth, outerHeight. */
  size?: [number, number, number, number];
}

/** The sandbox the page talks to. */
export interface BenchApi {
  baseUrl: string;
  merchantId: string;
  publicKey: string;
  privateKey: string;
}

const DIST = new URL('../../dist/', import.meta.url);
const BOTD = readFileSync(createRequire(import.meta.url).resolve('@fingerprintjs/botd/dist/botd.esm.js'), 'utf8');

/** The checkout: holder, card number, expiry (MM/YY), CVV2, a submit button. Every field labelled. */
const PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>bench checkout</title>
<form id="pay"><label for="holder">Name on card</label><input id="holder" data-paytoken-card="holder_name" autocomplete="cc-name">
<label for="number">Card number</label><input id="number" data-paytoken-card="card_number" autocomplete="cc-number" inputmode="numeric">
<label for="expiry">Expiry</label><input id="expiry" data-paytoken-card="expiry" autocomplete="cc-exp" inputmode="numeric">
<label for="cvv">Security code</label><input id="cvv" data-paytoken-card="cvv2" autocomplete="cc-csc" inputmode="numeric">
<button id="submit" type="submit">Pay</button></form>
<script src="/paytoken-checkout.iife.js"></script><script type="module" src="/bench.js"></script>`;

/** The page's script: set-up, the form, BotD, the reports. */
const script = (api: BenchApi) => `import { load } from '/botd.js';
const params = new URLSearchParams(location.search);
const run = params.get('run');
const report = (body) => fetch('/report', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ run, ...body }) });
PayToken.setId(${JSON.stringify(api.merchantId)});
PayToken.setApiKey(${JSON.stringify(api.publicKey)});
PayToken.setBaseUrl(${JSON.stringify(api.baseUrl)});
PayToken.deviceData.setup('pay');
const checkout = PayToken.form.mount(document.getElementById('pay'), { flow: 'spa', locale: 'en' });
checkout.on('token', (e) => report({ token: e.token_id, session: e.device_session_id }));
PayToken.deviceData.collected().then((d) => report({ session: d?.device_session_id, automation: d?.automation ?? [] }));
load({ monitoring: false }).then((b) => b.detect()).then((r) => report({ botd: r.bot, botKind: r.botKind }), (e) => report({ botd: 'error ' + e }));
// where a person would click to start (screen pixels: the window's position, its toolbars, the field's box)
const box = document.getElementById('holder').getBoundingClientRect();
const holder = [Math.round(screenX + (outerWidth - innerWidth) / 2 + box.left + 20), Math.round(screenY + outerHeight - innerHeight + box.top + box.height / 2)];
report({ ready: true, holder, size: [innerWidth, innerHeight, outerWidth, outerHeight] });
`;

/**
 * Starts the page's server. `onToken(run, token, session)` charges a token (the caller's sandbox); the reports are
 * merged per run into `reports`.
 */
export async function startBenchPage(
  api: BenchApi,
  charge: (token: string, session: string) => Promise<{ flags?: string[]; error?: string }>,
) {
  const reports = new Map<string, Report>();
  const csp = `default-src 'none'; script-src 'self'; connect-src 'self' ${api.baseUrl}; worker-src blob:; style-src 'self'; base-uri 'none'; form-action 'none'`;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'POST' && path === '/report') {
      let body = '';
      req
        .on('data', (c) => (body += c))
        .on('end', async () => {
          res.writeHead(204).end();
          const { run, ...patch } = JSON.parse(body || '{}') as Report & { run: string };
          const r = reports.get(run) ?? {};
          reports.set(run, Object.assign(r, patch));
          if (patch.token && patch.session) {
            const { flags, error } = await charge(patch.token, patch.session);
            Object.assign(r, { fraudFlags: flags, chargeError: error });
          }
        });
      return;
    }
    const files: Record<string, [string, string | Buffer]> = {
      '/checkout': ['text/html', PAGE],
      '/bench.js': ['text/javascript', script(api)],
      '/botd.js': ['text/javascript', BOTD],
      '/paytoken-checkout.iife.js': ['text/javascript', readFileSync(new URL('paytoken-checkout.iife.js', DIST))],
    };
    const file = files[path];
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': `${file[0]}; charset=utf-8`, 'Content-Security-Policy': csp, 'Cache-Control': 'no-store' });
    res.end(file[1]);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/checkout`;
  return { url, reports, close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}
