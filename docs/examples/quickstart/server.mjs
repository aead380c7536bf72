// server.mjs: your shop's server (Node 20+, no dependencies). `node server.mjs` serves the checkout on
// http://127.0.0.1:8000 (PORT=8080 node server.mjs for another port; 127.0.0.1 only: nothing outside this machine
// reaches it), charges the token the form posts to /charge, and takes the shopper back from 3-D Secure.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { API, chargeToken, readCharge } from './charge.mjs';

const file = (name) => readFileSync(new URL(name, import.meta.url));
const sri = file('paytoken-hosted.iife.js.sri').toString().trim(); // the package's Subresource Integrity value
/** The files the browser may load, by path; nothing else here is served (charge.mjs, server.mjs stay private). */
const FILES = {
  '/': ['text/html; charset=utf-8', file('index.html').toString().replace('{{PAYTOKEN_SRI}}', sri)],
  '/checkout.css': ['text/css', file('checkout.css')],
  '/checkout.js': ['text/javascript', file('checkout.js')],
  '/paytoken-hosted.iife.js': ['text/javascript', file('paytoken-hosted.iife.js')],
};
// the card element's frame comes from the API origin; a 3-D Secure charge redirects the form post to the bank there
const api = new URL(API).origin;
const CSP = `default-src 'self'; frame-src ${api}; form-action 'self' ${api}; base-uri 'none'; object-src 'none'`;

const esc = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title, text) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${esc(title)}</title><link rel="stylesheet" href="/checkout.css"><main class="checkout"><h1>${esc(title)}</h1>` +
  `<p>${esc(text)}</p><p><a href="/">Back to the shop</a></p></main></html>`;
const paid = (tx) => page('Paid, thank you', `MXN ${tx.amount.toFixed(2)}, authorization ${tx.authorization} (${tx.id}).`);

/** The posted form (application/x-www-form-urlencoded), at most 8 KB. */
async function form(req) {
  let body = '';
  for await (const chunk of req) if ((body += chunk).length > 8192) throw new Error('body too large');
  return new URLSearchParams(body);
}

/** Routes a request; resolves to [status, headers, body]. */
async function handle(req, url, origin) {
  if (req.method === 'GET' && FILES[url.pathname]) return [200, { 'Content-Type': FILES[url.pathname][0] }, FILES[url.pathname][1]];
  if (req.method === 'POST' && url.pathname === '/charge') {
    const posted = await form(req); // token_id and device_session_id, which the card element added: no card data
    const tx = await chargeToken({
      tokenId: posted.get('token_id'),
      deviceSessionId: posted.get('device_session_id'),
      shopperIp: req.socket.remoteAddress,
      orderId: `order-${randomUUID()}`, // your order's id
      returnUrl: `${origin}/3ds/return`, // where the bank sends the shopper back
    });
    if (tx.status === 'charge_pending') return [303, { Location: tx.payment_method.url }, '']; // the bank's page
    return [200, {}, paid(tx)];
  }
  if (req.method === 'GET' && url.pathname === '/3ds/return') {
    const tx = await readCharge(url.searchParams.get('id') ?? ''); // read the charge: the query string proves nothing
    if (tx.status === 'completed') return [200, {}, paid(tx)];
    return [402, {}, page('Not paid', 'Your bank did not confirm the payment. You were not charged.')];
  }
  if (url.pathname === '/favicon.ico') return [204, {}, '']; // none: the browser asks for it anyway
  return [404, {}, page('Not found', 'There is no such page.')];
}

const server = createServer(async (req, res) => {
  const origin = `http://127.0.0.1:${server.address().port}`;
  let answer;
  try {
    answer = await handle(req, new URL(req.url, origin), origin);
  } catch (error) {
    console.error('payment failed:', error.error_code ?? '', error.message); // the spec Error: for you, not the shopper
    const declined = error.error_code >= 3000 && error.error_code < 4000; // 3xxx: the card refused (spec, Errors)
    answer = [402, {}, page('Payment failed', declined ? 'The card was declined: try another one.' : 'Please try again later.')];
  }
  const [status, headers, body] = answer;
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CSP, ...headers }).end(body);
});
server.listen(Number(process.env.PORT ?? 8000), '127.0.0.1', () => {
  console.log(`Checkout on http://127.0.0.1:${server.address().port} (payments API ${API}). Ctrl-C stops.`);
});
