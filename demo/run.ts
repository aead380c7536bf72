/**
 * `npm run demo`: starts the local sandbox API, the merchant backend (on another origin), its checkout page and
 * the SPA example (built by `npm run build`, which `npm run demo` runs first).
 * Flags (demo/options.ts): --api-port N (default 4010), --port N (merchant, default 4020), --velocity-max-cards N
 * (default 0: the device-velocity rule off, so every test card can be tried from one browser; 3 shows the rule),
 * --missing-device-data off|flag|decline (default flag: a payment without device data is approved and flagged;
 * decline: 3005), --amount MXN (the order, default 349.00; from 1000.00 up the checkout offers months without interest),
 * --max-attempts N (charge attempts per shopper session in 10 minutes, default 60), --trust-proxy ADDRESS (the
 * reverse proxy whose X-Forwarded-For names the shopper; docs/sandbox.md).
 * At start the merchant makes its plans and registers its webhook (orders complete from signed events).
 * A busy port is said in one line naming the flag that picks another. Ctrl-C stops both. The sandbox's 3-D Secure
 * one-time codes are printed here (`3ds {transaction_id} one-time code {code}`).
 */
import { existsSync } from 'node:fs';
import { SANDBOX_DEFAULTS, startSandbox, type RunningSandbox } from 'paytoken-sandbox';
import { startMerchant } from './merchant/server';
import { demoOptions, listenProblem } from './options';

let opts: ReturnType<typeof demoOptions>;
try {
  opts = demoOptions(process.argv.slice(2));
} catch (e) {
  console.error(`demo: ${(e as Error).message}`);
  process.exit(2);
}

if (!existsSync(new URL('../dist/paytoken.iife.js', import.meta.url))) {
  console.error('dist/paytoken.iife.js is missing: run `npm run build` first (npm run demo does).');
  process.exit(1);
}
const creds = {
  merchantId: SANDBOX_DEFAULTS.merchantId,
  publicKey: SANDBOX_DEFAULTS.publicKey,
  privateKey: SANDBOX_DEFAULTS.privateKey,
};
let api: RunningSandbox;
try {
  api = await startSandbox({
    ...creds,
    port: opts.apiPort,
    fraud: opts.fraud,
    db: opts.db,
    reset: opts.reset,
    // the bank page's one-time codes (the shopper's "SMS") are the only sandbox log lines shown here
    log: (line) => line.startsWith('3ds ') && console.log(line),
  });
} catch (e) {
  const code = (e as { code?: string }).code;
  console.error(code ? listenProblem(e, 'sandbox API', opts.apiPort, '--api-port') : `demo: ${(e as Error).message}`);
  process.exit(1);
}
const merchant = await startMerchant({
  ...creds,
  apiBaseUrl: api.baseUrl,
  port: opts.port,
  amount: opts.amount,
  maxAttempts: opts.maxAttempts,
  trustProxy: opts.trustProxy,
  log: (line) => process.stderr.write(`${line}\n`),
}).catch(async (e) => {
  console.error(listenProblem(e, 'merchant and checkout page', opts.port, '--port'));
  await api.close();
  process.exit(1);
});
const velocity = opts.fraud.velocityMaxCards
  ? `device_velocity over ${opts.fraud.velocityMaxCards} cards`
  : 'device_velocity off (--velocity-max-cards 3 turns it on)';
const missing = `missing_device_data ${opts.fraud.missingDeviceData}${opts.fraud.missingDeviceData === 'decline' ? '' : ' (--missing-device-data decline declines a payment without device data)'}`;
console.log(`sandbox API     ${api.baseUrl}  (merchant ${creds.merchantId}, public key ${creds.publicKey}; ${velocity}; ${missing})`);
console.log(
  `sandbox data    ${opts.db === ':memory:' ? 'in memory (kept nowhere)' : `${opts.db} (--db FILE to choose, --reset to start afresh)`}`,
);
console.log(`API reference   ${api.baseUrl}/docs  (OpenAPI: ${api.baseUrl}/openapi.json)`);
console.log(
  `merchant + page ${merchant.url}  (the card element: the whole card in one frame; Spanish; ${merchant.url}/?lang=en for English)`,
);
console.log(`split fields    ${merchant.url}/split  (one frame per card input)`);
console.log(`on-page form    ${merchant.url}/direct  (the form layer on the shop's page)`);
console.log(`cash at a store ${merchant.url}/store  (the slip, its barcode, the stores near the shopper)`);
console.log(`SPEI transfer   ${merchant.url}/spei  (a CLABE per order)`);
console.log(`subscription    ${merchant.url}/subscribe  (a plan and the card element; ${merchant.url}/account)`);
console.log(`SPA example     ${merchant.url}/spa/  (React, built from demo/spa)`);
console.log(
  `dashboard       ${api.baseUrl}/dashboard  (sign in with ${creds.privateKey}; pay a cash or SPEI order on its charge's page: the shop hears it by webhook)`,
);
console.log(`\nOpen ${merchant.url} and pay with 4111 1111 1111 1111, a future expiry and CVV2 123. Ctrl-C stops.`);

const stop = async () => {
  await merchant.close();
  await api.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
