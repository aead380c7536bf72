/**
 * `npm run demo`: starts the local sandbox API, the merchant backend (on another origin), its checkout page and
 * the SPA example (built by `npm run build`, which `npm run demo` runs first).
 * Flags: --api-port N (default 4010), --port N (merchant, default 4020), --amount MXN (the order, default 349.00;
 * from 1000.00 up the checkout offers months without interest). Ctrl-C stops both. The sandbox's 3-D Secure
 * one-time codes are printed here (`3ds {transaction_id} one-time code {code}`).
 */
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { startSandbox } from './sandbox/server';
import { startMerchant } from './merchant/server';
import { SANDBOX_DEFAULTS } from './sandbox/defaults';

const { values } = parseArgs({
  options: { 'api-port': { type: 'string', default: '4010' }, port: { type: 'string', default: '4020' }, amount: { type: 'string', default: '349' } },
});

if (!existsSync(new URL('../dist/paytoken.iife.js', import.meta.url))) {
  console.error('dist/paytoken.iife.js is missing: run `npm run build` first (npm run demo does).');
  process.exit(1);
}
const creds = {
  merchantId: SANDBOX_DEFAULTS.merchantId,
  publicKey: SANDBOX_DEFAULTS.publicKey,
  privateKey: SANDBOX_DEFAULTS.privateKey,
};
const amount = Number(values.amount);
if (!(amount > 0) || !/^\d+(\.\d{1,2})?$/.test(values.amount)) {
  console.error('--amount must be a number of pesos greater than zero, at most two decimals');
  process.exit(1);
}
// the bank page's one-time codes (the shopper's "SMS") are the only sandbox log lines shown here
const api = await startSandbox({ ...creds, port: Number(values['api-port']), log: (line) => line.startsWith('3ds ') && console.log(line) });
const merchant = await startMerchant({ ...creds, apiBaseUrl: api.baseUrl, port: Number(values.port), amount });
console.log(`sandbox API     ${api.baseUrl}  (merchant ${creds.merchantId}, public key ${creds.publicKey})`);
console.log(`merchant + page ${merchant.url}  (Spanish; ${merchant.url}/?lang=en for English)`);
console.log(`SPA example     ${merchant.url}/spa/  (React, built from demo/spa)`);
console.log(`\nOpen ${merchant.url} and pay with 4111 1111 1111 1111, a future expiry and CVV2 123. Ctrl-C stops.`);

const stop = async () => {
  await merchant.close();
  await api.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
