/**
 * `npm run sandbox:examples` (`npm run examples -w sandbox`): writes every operation's recorded examples (./record.ts)
 * to sandbox/src/http/recorded-examples.json, which the OpenAPI document shows. Run it again when a request fixture
 * (src/http/example-requests.ts) or a view changes: sandbox/test/contract/openapi-examples.test.ts fails until then.
 */
import { writeFileSync } from 'node:fs';
import { recordExamples } from './record';

const OUT = new URL('../src/http/recorded-examples.json', import.meta.url);
const text = await recordExamples();
writeFileSync(OUT, `${text}\n`);
console.log(`sandbox:examples: ${Object.keys(JSON.parse(text)).length} operations written to ${OUT.pathname}`);
