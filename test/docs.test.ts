import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderReadme } from '../scripts/readme';
import { SANDBOX_DEFAULTS } from '../demo/sandbox/defaults';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('has the current test-card table (regenerate with `npx tsx scripts/readme.ts`)', () => {
    expect(readme).toBe(renderReadme(readme));
  });

  it('quotes the sandbox defaults the code uses', () => {
    for (const v of [SANDBOX_DEFAULTS.merchantId, SANDBOX_DEFAULTS.publicKey, SANDBOX_DEFAULTS.privateKey, `127.0.0.1:${SANDBOX_DEFAULTS.port}`]) {
      expect(readme).toContain(v);
    }
  });

  it('gives exactly the two set-up commands, and CI runs the test one', () => {
    const setup = readme.split('## Set up')[1]!.split('```sh\n')[1]!.split('```')[0]!.trim().split('\n');
    expect(setup.map((l) => l.replace(/\s+#.*$/, ''))).toEqual(['npm ci && npm run demo', 'npm ci && npm run test:all']);
    const ci = readFileSync(new URL('../.ci/run', import.meta.url), 'utf8');
    expect(ci.split('\n')).toContain(setup[1]!.replace(/\s+#.*$/, ''));
  });
});
