import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderReadme } from '../../scripts/ci/readme';
import { SANDBOX_DEFAULTS } from '../../demo/sandbox/defaults';
import { FLOOD_RSS_CEILING_MB } from '../../scripts/bench/flood';
import { RULES } from '../../demo/sandbox/fraud';
import { CHECKS } from '../../src/fraud/automation';
import { COLLECTORS } from '../../src/fraud/signals/index';
import { PROBE_FONTS } from '../../src/fraud/signals/fonts';
import { MEDIA_QUERIES } from '../../src/fraud/signals/media';
import { FAULT_HEADER, FAULT_ITEMS } from '../../demo/sandbox/faults';
import { DEFAULT_TIMEOUT_MS } from '../../src/http/config';
import { RETRY_DELAY_MS } from '../../src/http/request';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/** The device-data guide: the consistency flags, the entry summary, their rules and the bots benchmark. */
const deviceDataGuide = readFileSync(new URL('../../docs/device-data.md', import.meta.url), 'utf8');
/** Performance method and figures, which the README links to. */
const performance = readFileSync(new URL('../../docs/performance.md', import.meta.url), 'utf8');

describe('README', () => {
  it('has the current test-card table (regenerate with `npx tsx scripts/ci/readme.ts`)', () => {
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
    const ci = readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8');
    expect(ci.split('\n')).toContain(setup[1]!.replace(/\s+#.*$/, ''));
  });

  it('lists exactly the signals the library collects, in order (Device data > What is collected)', () => {
    const table = readme.split('<!-- signals:start -->')[1]!.split('<!-- signals:end -->')[0]!;
    const names = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
    expect(names).toEqual(Object.keys(COLLECTORS));
    const row = (name: string) => table.split('\n').find((l) => l.startsWith(`| \`${name}\` |`))!;
    expect(row('fonts')).toContain(`which of ${PROBE_FONTS.join(', ')} are installed`);
    for (const q of MEDIA_QUERIES) expect(row('media').replace(/: /g, ':')).toContain(`(${q})`);
  });

  it('names every automation flag, anti-fraud rule and anti-fraud CLI default (README or its device-data guide)', () => {
    const guides = readme + deviceDataGuide;
    for (const [flag] of CHECKS) expect(guides).toContain(`| \`${flag}\` |`);
    for (const rule of Object.values(RULES)) expect(guides).toContain(`| \`${rule}\` |`);
    const { velocityMaxCards, velocityWindowSeconds, automation } = SANDBOX_DEFAULTS.fraud;
    expect(readme).toContain(`--velocity-max-cards ${velocityMaxCards} --velocity-window ${velocityWindowSeconds} --automation-rule ${automation}`);
    const { missingDeviceData, cardVelocityMaxDevices, ipVelocityMaxCards, plausibility } = SANDBOX_DEFAULTS.fraud;
    expect(readme).toContain(
      `--missing-device-data ${missingDeviceData} --card-velocity-max-devices ${cardVelocityMaxDevices} --ip-velocity-max-cards ${ipVelocityMaxCards} --plausibility-rule ${plausibility}`,
    );
  });

  it('quotes the store, server and amount bounds the code uses (Security model)', () => {
    const { maxRecords, tokenTtlSeconds, deviceDataTtlSeconds, maxDeviceUses } = SANDBOX_DEFAULTS.limits;
    expect(readme).toContain(`--max-records ${maxRecords} --token-ttl ${tokenTtlSeconds} --device-data-ttl ${deviceDataTtlSeconds}`);
    const section = readme.split('## Security model')[1]!.split('\n## ')[0]!;
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

  it('documents the failure policy with the numbers the code uses', () => {
    const section = readme.split('## When things fail')[1]!.split('\n## ')[0]!;
    expect(section).toContain(`default ${DEFAULT_TIMEOUT_MS}`);
    expect(section).toContain(`after ${RETRY_DELAY_MS}-${2 * RETRY_DELAY_MS} ms`);
    for (const name of ['ValidationError', 'ApiError', 'NetworkError', 'TimeoutError', 'ConfigurationError']) expect(section).toContain(`\`${name}\``);
  });

  it('documents every fault item, the fault header, the sandbox flags and the merchant CSP', () => {
    const faults = readme.split('### Fault mode')[1]!.split('\n## ')[0]!;
    for (const key of Object.keys(FAULT_ITEMS)) expect(faults).toMatch(new RegExp(`\\| \`${key}=`));
    expect(faults).toContain(FAULT_HEADER);
    for (const flag of ['--faults', '--fault ', '--mode production', '--mode sandbox|production']) expect(readme).toContain(flag);
    expect(readme).toContain("require-trusted-types-for 'script'");
    expect(performance).toMatch(/<!-- load:start -->\nMeasured on \d{4}-\d{2}-\d{2} with `npm run load/);
  });

  it('lists exactly what the ESM entry exports (README "Exports"): every value and every type, nothing else', async () => {
    const block = readme.split('<!-- exports:start -->')[1]!.split('<!-- exports:end -->')[0]!;
    const listed = [...block.matchAll(/`(\w+)`/g)].map((m) => m[1]!).sort();
    const values = Object.keys(await import('../../src/index'));
    const index = readFileSync(new URL('../../src/index.ts', import.meta.url), 'utf8');
    const types = [
      ...[...index.matchAll(/\btype (\w+)/g)].map((m) => m[1]!),
      ...[...index.matchAll(/export type \{([^}]+)\}/g)].flatMap((m) => m[1]!.split(',').map((n) => n.trim())),
    ].filter((n) => n && n !== 'type');
    expect(listed).toEqual([...new Set([...values, ...types])].sort());
  });

  it('shows the size table with the CI ceilings scripts/size/size.ts holds (regenerate with `npm run size -- --write`)', () => {
    const table = readme.split('<!-- sizes:start -->')[1]!.split('<!-- sizes:end -->')[0]!;
    const ceilings = [...table.matchAll(/\| ([\d,]+) B \|$/gm)].map((m) => Number(m[1]!.replace(/,/g, '')));
    const script = readFileSync(new URL('../../scripts/size/size.ts', import.meta.url), 'utf8');
    const budgets = [...script.matchAll(/budget: (\d+)/g)].map((m) => Number(m[1]));
    expect(ceilings).toEqual(budgets);
  });
});
