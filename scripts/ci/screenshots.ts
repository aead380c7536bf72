/**
 * `npm run screenshots`: copies the docs' screenshots from the last e2e run (.reports/screens/) to the tracked files:
 * the demo checkout (docs/sandbox.md; written by e2e/form.spec.ts and e2e/visual.spec.ts) to docs/checkout.png, and
 * the sandbox's dashboard (the README; written by e2e/dashboard.spec.ts) to docs/dashboard.png. Tests never write
 * under docs/, so running them leaves a checkout clean; refreshing the docs' images is this explicit step.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';

process.chdir(resolve(import.meta.dirname, '../..'));
const SHOTS = [
  { from: '.reports/screens/checkout-readme.png', to: 'docs/checkout.png', run: 'npx playwright test e2e/form.spec.ts -g screenshot' },
  { from: '.reports/screens/dashboard-readme.png', to: 'docs/dashboard.png', run: 'npx playwright test e2e/dashboard.spec.ts -g 1280' },
];
const missing = SHOTS.filter((s) => !existsSync(s.from));
for (const s of missing) console.error(`${s.from} is missing: run \`${s.run}\` first.`);
if (missing.length) process.exit(1);
for (const s of SHOTS) {
  copyFileSync(s.from, s.to);
  console.log(`${s.to} <- ${s.from}`);
}
