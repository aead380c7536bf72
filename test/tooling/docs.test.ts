import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED, renderGenerated } from '../../scripts/ci/readme';
import { SANDBOX_DEFAULTS } from '../../sandbox/src/defaults';
import { FLOOD_RSS_CEILING_MB } from '../../scripts/bench/flood';
import { RULES } from '../../sandbox/src/fraud/fraud';
import { CHECKS } from '../../src/fraud/automation';
import { COLLECTORS } from '../../src/fraud/signals/index';
import { PROBE_FONTS } from '../../src/fraud/signals/fonts';
import { MEDIA_QUERIES } from '../../src/fraud/signals/media';
import { FAULT_HEADER, FAULT_ITEMS } from '../../sandbox/src/http/faults';
import { DEFAULT_TIMEOUT_MS } from '../../src/http/config';
import { RETRY_DELAY_MS } from '../../src/http/request';

/** A page of the docs, from the repository root. */
const page = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
/** The text between `<!-- name:start -->` and `<!-- name:end -->`. */
const block = (text: string, name: string) => text.split(`<!-- ${name}:start -->`)[1]!.split(`<!-- ${name}:end -->`)[0]!;
const readme = page('README.md');
const performance = page('docs/performance.md');
const sandbox = page('docs/sandbox.md');
const deviceData = page('docs/device-data.md');
const security = page('docs/security.md');
const errors = page('docs/errors.md');

describe('README and guides', () => {
  it.each(GENERATED)('$file has the current $block block (regenerate with `npx tsx scripts/ci/readme.ts`)', ({ file }) => {
    const text = page(file);
    expect(text).toBe(renderGenerated(file, text));
  });

  it('quote the sandbox defaults the code uses (README, and the sandbox guide)', () => {
    for (const text of [readme, sandbox]) {
      for (const v of [SANDBOX_DEFAULTS.merchantId, SANDBOX_DEFAULTS.publicKey, `127.0.0.1:${SANDBOX_DEFAULTS.port}`])
        expect(text).toContain(v);
    }
    expect(sandbox).toContain(SANDBOX_DEFAULTS.privateKey);
  });

  it('the README gives exactly the two set-up commands, and CI runs the test one', () => {
    const setup = block(readme, 'setup').split('```sh\n')[1]!.split('```')[0]!.trim().split('\n');
    expect(setup.map((l) => l.replace(/\s+#.*$/, ''))).toEqual(['npm ci && npm run demo', 'npm ci && npm run test:all']);
    const ci = readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8');
    expect(ci.split('\n')).toContain(setup[1]!.replace(/\s+#.*$/, ''));
  });

  it('lists exactly the signals the library collects, in order (docs/device-data.md, What is collected)', () => {
    const table = block(deviceData, 'signals');
    const names = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
    expect(names).toEqual(Object.keys(COLLECTORS));
    const row = (name: string) => table.split('\n').find((l) => l.startsWith(`| \`${name}\` |`))!;
    expect(row('fonts')).toContain(`which of ${PROBE_FONTS.join(', ')} are installed`);
    for (const q of MEDIA_QUERIES) expect(row('media').replace(/: /g, ':')).toContain(`(${q})`);
  });

  it('names every automation flag and anti-fraud rule (docs/device-data.md) and the anti-fraud CLI defaults (docs/sandbox.md)', () => {
    for (const [flag] of CHECKS) expect(deviceData).toContain(`| \`${flag}\` |`);
    for (const rule of Object.values(RULES)) expect(deviceData).toContain(`| \`${rule}\` |`);
    const { velocityMaxCards, velocityWindowSeconds, automation } = SANDBOX_DEFAULTS.fraud;
    expect(sandbox).toContain(
      `--velocity-max-cards ${velocityMaxCards} --velocity-window ${velocityWindowSeconds} --automation-rule ${automation}`,
    );
    const { missingDeviceData, cardVelocityMaxDevices, ipVelocityMaxCards, plausibility } = SANDBOX_DEFAULTS.fraud;
    expect(sandbox).toContain(
      `--missing-device-data ${missingDeviceData} --card-velocity-max-devices ${cardVelocityMaxDevices} --ip-velocity-max-cards ${ipVelocityMaxCards} --plausibility-rule ${plausibility}`,
    );
  });

  it('quotes the store, server and amount bounds the code uses (docs/security.md, docs/sandbox.md)', () => {
    const { maxRecords, tokenTtlSeconds, deviceDataTtlSeconds, maxDeviceUses } = SANDBOX_DEFAULTS.limits;
    expect(sandbox).toContain(`--max-records ${maxRecords} --token-ttl ${tokenTtlSeconds} --device-data-ttl ${deviceDataTtlSeconds}`);
    const section = security;
    const { requestTimeoutMs, headersTimeoutMs, maxConnections, keepAliveTimeoutMs } = SANDBOX_DEFAULTS.server;
    expect(section).toContain(`| Request headers / whole request | ${headersTimeoutMs / 1000} s / ${requestTimeoutMs / 1000} s |`);
    expect(section).toContain(`| Open connections | ${maxConnections} |`);
    expect(section).toContain(`| Idle keep-alive connection | ${keepAliveTimeoutMs / 1000} s |`);
    expect(section).toContain(`| ${maxRecords} each (\`--max-records\`)`);
    expect(section).toContain(`| ${maxDeviceUses},`);
    expect(section).toContain(`at most ${SANDBOX_DEFAULTS.maxAmount.toLocaleString('en-US')},`);
    expect(section).toContain(`(\`FLOOD_RSS_CEILING_MB\``);
    expect(section).toContain(`ceiling is ${FLOOD_RSS_CEILING_MB} MiB`);
  });

  it('shows benchmark figures made by the bench command', () => {
    const bench = performance.split('<!-- bench:start -->')[1]!.split('<!-- bench:end -->')[0]!;
    expect(bench).toContain('npm run bench:fraud');
    expect(bench).toMatch(/median \d+(\.\d)?, p95 \d+/);
    expect(bench).toMatch(/marginal cost of device data in the script-tag build: +\d+ minified, \d+ gzip/);
  });

  it('documents the failure policy with the numbers the code uses (docs/errors.md)', () => {
    const section = errors;
    expect(section).toContain(`default ${DEFAULT_TIMEOUT_MS}`);
    expect(section).toContain(`after ${RETRY_DELAY_MS}-${2 * RETRY_DELAY_MS} ms`);
    for (const name of ['ValidationError', 'ApiError', 'NetworkError', 'TimeoutError', 'ConfigurationError'])
      expect(section).toContain(`\`${name}\``);
  });

  it('documents every fault item, the fault header, the sandbox flags (docs/sandbox.md) and the merchant CSP (docs/security.md)', () => {
    const faults = block(sandbox, 'faults');
    for (const key of Object.keys(FAULT_ITEMS)) expect(faults).toMatch(new RegExp(`\\| \`${key}=`));
    expect(sandbox).toContain(FAULT_HEADER);
    for (const flag of ['--faults', '--fault ', '--mode production', '--mode sandbox|production']) expect(sandbox).toContain(flag);
    expect(security).toContain("require-trusted-types-for 'script'");
    expect(performance).toMatch(/<!-- load:start -->\nMeasured on \d{4}-\d{2}-\d{2} with `npm run load/);
  });

  it('lists exactly what the ESM entry exports (docs/README.md): every value and every type, nothing else', async () => {
    const listed = [...block(page('docs/README.md'), 'exports').matchAll(/`(\w+)`/g)].map((m) => m[1]!).sort();
    const values = Object.keys(await import('../../src/index'));
    const index = readFileSync(new URL('../../src/index.ts', import.meta.url), 'utf8');
    const types = [
      ...[...index.matchAll(/\btype (\w+)/g)].map((m) => m[1]!),
      ...[...index.matchAll(/export type \{([^}]+)\}/g)].flatMap((m) => m[1]!.split(',').map((n) => n.trim())),
    ].filter((n) => n && n !== 'type');
    expect(listed).toEqual([...new Set([...values, ...types])].sort());
  });

  it('shows the size table with the CI ceilings scripts/size/size.ts holds (docs/performance.md; regenerate with `npm run size -- --write`)', () => {
    const table = block(performance, 'sizes');
    const ceilings = [...table.matchAll(/\| ([\d,]+) B \|$/gm)].map((m) => Number(m[1]!.replace(/,/g, '')));
    const script = readFileSync(new URL('../../scripts/size/size.ts', import.meta.url), 'utf8');
    const budgets = [...script.matchAll(/budget: (\d+)/g)].map((m) => Number(m[1]));
    expect(ceilings).toEqual(budgets);
  });
});
