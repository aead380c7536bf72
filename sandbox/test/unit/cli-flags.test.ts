// @vitest-environment node
/** The CLI's flag table (sandbox/src/cli-flags.ts): parsing, defaults, errors, `--help` and the docs' table all read it. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLAG_GROUPS, FLAGS, FlagError, flagTableMarkdown, helpText, readCommandLine, type CliOptions } from '../../src/cli-flags';
import { SANDBOX_DEFAULTS } from '../../src/defaults';

/** The options of a command line that must be good. */
const optionsOf = (args: string[]): CliOptions => {
  const command = readCommandLine(args);
  if (command.help) throw new Error('asked for help');
  return command.options;
};
/** The message of the FlagError a command line must throw. */
const problemOf = (args: string[]): string => {
  try {
    readCommandLine(args);
  } catch (e) {
    expect(e).toBeInstanceOf(FlagError);
    return (e as Error).message;
  }
  throw new Error(`${args.join(' ')} was accepted`);
};

describe('sandbox CLI flags', () => {
  it('no flags: the defaults of defaults.ts, as the CLI passed them before the table', () => {
    const { fraud, limits, merchantId, publicKey, privateKey, methods, dbFile, port, merchant, maxMerchants } = SANDBOX_DEFAULTS;
    expect(optionsOf([])).toEqual({
      port,
      merchantId,
      publicKey,
      privateKey,
      mode: 'sandbox',
      faults: false,
      faultsPublicKey: false,
      limits: { maxRecords: limits.maxRecords, tokenTtlSeconds: limits.tokenTtlSeconds, deviceDataTtlSeconds: limits.deviceDataTtlSeconds },
      fraud: { ...fraud, rules: {} },
      db: dbFile,
      reset: false,
      lenient: false,
      merchant: { status: merchant.status },
      maxMerchants,
      storeNetwork: methods.storeNetwork,
      walletMethod: methods.walletMethod,
      webhooks: { allowHosts: [] },
    });
  });

  it('each kind of flag lands in its option: numbers, nested members, booleans, lists, the fault text over --faults', () => {
    const o = optionsOf([
      '--port=0',
      '--velocity-max-cards',
      '1',
      '--automation-rule',
      'decline',
      '--rule',
      'held_to_next_key=decline',
      '--rule',
      'robotic_typing=off',
      '--reset',
      '--faults',
      '--fault',
      'latency=300',
      '--webhook-allow-hosts',
      'hooks.example,*.shop.example',
      '--fields-ancestors',
      'https://shop.example,http://localhost:*',
    ]);
    expect(o).toMatchObject({
      port: 0,
      reset: true,
      faults: 'latency=300',
      webhooks: { allowHosts: ['hooks.example', '*.shop.example'] },
      fieldsAncestors: ['https://shop.example', 'http://localhost:*'],
    });
    expect(o.fraud).toMatchObject({
      velocityMaxCards: 1,
      automation: 'decline',
      velocityWindowSeconds: SANDBOX_DEFAULTS.fraud.velocityWindowSeconds,
    });
    expect(o.fraud.rules).toEqual({ held_to_next_key: 'decline', robotic_typing: 'off' });
  });

  it.each([
    [['--unknown'], 'unknown flag --unknown'],
    [['-x'], 'unknown flag -x'],
    [['--port'], '--port needs a value'],
    [['--reset=yes'], '--reset takes no value'],
    [['4010'], 'unexpected argument 4010'],
    [['--port', '70000'], '--port must be 0-65535'],
    [['--public-key', 'sk_wrong'], '--public-key must look like pk_...'],
    [['--mode', 'live'], '--mode must be one of sandbox, production'],
    [['--automation-rule', 'block'], '--automation-rule must be off, flag or decline'],
    [['--velocity-window', '1h'], '--velocity-window must be 1-31536000 seconds'],
    [['--fault', 'status=404'], '--fault: '],
    [['--rule', 'device_velocity=off'], '--rule must be NAME=off|flag|decline'],
    [['--fields-ancestors', '*'], '--fields-ancestors: '],
    [['--public-url', 'sandbox.example'], '--public-url must be an absolute URL'],
    [['--store-network', 'Red Pago'], '--store-network must be 1-20'],
    [['--wallet-method', 'card'], '--wallet-method may not be card'],
    [['--webhook-allow-hosts', 'a b'], '--webhook-allow-hosts: not a host name or address: a b'],
  ])('%j is refused naming the flag: %s', (args, message) => {
    expect(problemOf(args)).toContain(message);
  });

  it('every bad value is reported at once, one line each', () => {
    expect(problemOf(['--port', 'x', '--max-records', '0']).split('\n')).toEqual([
      '--max-records must be 1-1000000',
      '--port must be 0-65535',
    ]);
  });

  it('--help and -h ask for the help, whatever else is on the line', () => {
    for (const args of [['--help'], ['-h'], ['--port', '0', '-h']]) expect(readCommandLine(args)).toEqual({ help: true });
  });

  it('the help lists every flag once under its group heading, in the groups order, with its default', () => {
    const text = helpText();
    const headings = [...text.matchAll(/^([A-Z][a-z-]+):$/gm)].map((m) => m[1]!.toLowerCase());
    expect(headings).toEqual([...FLAG_GROUPS]);
    for (const f of FLAGS) {
      const lines = text.split('\n').filter((l) => l.trimStart().startsWith(`--${f.name} `) || l.trim() === `--${f.name}`);
      expect(lines, f.name).toHaveLength(1);
      const section = text.slice(0, text.indexOf(lines[0]!));
      expect(section.lastIndexOf(`${f.group[0]!.toUpperCase()}${f.group.slice(1)}:`), f.name).toBeGreaterThan(-1);
    }
    expect(text).toContain(`--port N`);
    expect(text).toContain(`(default: ${SANDBOX_DEFAULTS.port})`);
    expect(text).toContain('-h, --help');
  });

  it("docs/sandbox.md's flag table is the one the table generates (regenerate with `npx tsx scripts/ci/readme.ts`)", () => {
    const guide = readFileSync(new URL('../../../docs/sandbox.md', import.meta.url), 'utf8');
    const table = guide.split('<!-- sandbox-flags:start -->\n')[1]!.split('\n<!-- sandbox-flags:end -->')[0]!;
    expect(table).toBe(flagTableMarkdown());
    for (const f of FLAGS) expect(table).toContain(`| \`--${f.name}`);
  });
});
