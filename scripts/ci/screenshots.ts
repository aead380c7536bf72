/**
 * `npm run screenshots`: copies the demo's screenshot (docs/sandbox.md) from the last e2e run (.reports/screens/, written by
 * e2e/form.spec.ts and e2e/visual.spec.ts) to the tracked docs/checkout.png. Tests never write under docs/, so
 * running them leaves a checkout clean; refreshing the docs' image is this explicit step.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';

process.chdir(resolve(import.meta.dirname, '../..'));
const from = '.reports/screens/checkout-readme.png';
if (!existsSync(from)) {
  console.error(`${from} is missing: run \`npx playwright test e2e/form.spec.ts -g screenshot\` first.`);
  process.exit(1);
}
copyFileSync(from, 'docs/checkout.png');
console.log(`docs/checkout.png <- ${from}`);
