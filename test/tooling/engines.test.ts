// @vitest-environment node
/**
 * One Node story: the Node version the README gives for the two set-up commands ("Node 20.19+") is the floor of
 * package.json's `engines` (what the runtime code needs: `require('paytoken')` loads the ES module through
 * `require`, which Node has from 20.19), and every package package-lock.json installs, dev dependencies included,
 * accepts that floor and this machine's Node, so `npm ci` prints no EBADENGINE warning. Platform-specific optional
 * packages (`os`/`cpu`) that npm skips elsewhere are checked too: npm warns about them on the platform they serve.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const floor = semver.minVersion(JSON.parse(read('package.json')).engines.node)!.version;

/** The packages of the lock file whose `engines.node` refuses `version`: `path version range`. */
const refusing = (version: string, packages = lock.packages) =>
  Object.entries(packages)
    .filter(
      ([path, p]) =>
        path &&
        p.engines &&
        !Array.isArray(p.engines) &&
        p.engines.node &&
        !semver.satisfies(version, p.engines.node, { includePrerelease: true }),
    )
    .map(([path, p]) => `${path} ${p.version} ${(p.engines as { node: string }).node}`);

describe('Node versions', () => {
  it('the README states the floor of package.json engines', () => {
    expect(floor).toBe('20.19.0');
    expect(read('README.md')).toContain('Node 20.19+');
  });

  it('every installed package accepts the floor and this Node (npm ci warns about none)', () => {
    expect(Object.keys(lock.packages).length).toBeGreaterThan(100);
    expect(refusing(floor)).toEqual([]);
    expect(refusing(process.versions.node)).toEqual([]);
  });

  it('the check finds a package that needs a newer Node (puppeteer-core 25 asks for 22.12)', () => {
    const packages = {
      '': { version: '0.1.0' },
      'node_modules/puppeteer-core': { version: '25.16.0', engines: { node: '>=22.12.0' } },
      'node_modules/ok': { version: '1.0.0', engines: { node: '>=18' } },
    };
    expect(refusing(floor, packages)).toEqual(['node_modules/puppeteer-core 25.16.0 >=22.12.0']);
  });
});
