import { parseArgs } from 'node:util';
import { SANDBOX_DEFAULTS } from './defaults';
import { AUTOMATION_MODES, type AutomationMode } from './fraud/fraud';
import { ruleOverrides } from './fraud/fraud-rules';
import { parseFault } from './http/faults';
import { MODES, type SandboxMode } from './domain/card/mode';
import { fieldsRouter } from './pages/fields';
import { methodNamesProblem, publicUrlProblem } from './app';
import type { StartOptions } from './server';
import { SETTING_CHECKS } from './options';

/** The headings of `--help` and of the flag table of docs/sandbox.md, in their order. */
export const FLAG_GROUPS = ['data', 'time', 'merchant', 'anti-fraud', 'webhooks', 'faults', 'network'] as const;
export type FlagGroup = (typeof FLAG_GROUPS)[number];

/** What the CLI passes to `startSandbox`: its options with the ones the CLI always sets made required. */
export type CliOptions = StartOptions &
  Required<Pick<StartOptions, 'port' | 'merchantId' | 'publicKey' | 'privateKey' | 'mode' | 'db' | 'reset' | 'lenient'>> & {
    fraud: Required<Omit<NonNullable<StartOptions['fraud']>, 'rules'>> & Pick<NonNullable<StartOptions['fraud']>, 'rules'>;
    limits: Required<Pick<NonNullable<StartOptions['limits']>, 'maxRecords' | 'tokenTtlSeconds' | 'deviceDataTtlSeconds'>>;
    storeNetwork: string;
    walletMethod: string;
    faults: boolean | string;
    faultsPublicKey: boolean;
    webhooks: { allowHosts: string[] };
    /** `--seed FILE`: fixtures loaded at start (the CLI's own: not a `startSandbox` option). */
    seed?: string;
  };

/** What one flag's value sets: members of the options, object members partly (merged one level deep). */
export type OptionsPatch = { [K in keyof CliOptions]?: CliOptions[K] extends readonly unknown[] ? CliOptions[K] : Partial<CliOptions[K]> };

/** What every flag has: everything `--help`, the errors and the docs' table know of it. */
interface FlagBase {
  /** The flag without its dashes (`port` for `--port`). */
  name: string;
  /** The value's placeholder in `--help` and the docs (`N`, `FILE`, `off|flag|decline`). */
  value?: string;
  /** The default as typed on the command line; none for flags that are off or unset by default. */
  default?: string;
  /** What the default is when it is not a value the flag takes (`off`, `any port of 127.0.0.1 and localhost`). */
  defaultText?: string;
  group: FlagGroup;
  /** One sentence or two: what it does. */
  help: string;
}

/**
 * One command-line flag. `string` flags take one value, `list` ones may be repeated, `boolean` ones take none;
 * `check` answers the problem with one value, without the flag's name (`must be 0-65535`), or ''; `apply` gives the
 * part of the options the value sets.
 */
export type Flag = FlagBase &
  (
    | { type: 'string'; check?: (value: string) => string; apply: (value: string) => OptionsPatch }
    | { type: 'list'; check?: (value: string) => string; apply: (values: string[]) => OptionsPatch }
    | { type: 'boolean'; apply: (on: boolean) => OptionsPatch }
  );

const OFF_FLAG_DECLINE = 'off|flag|decline';
/** A check that the value is whole and within `min`-`max`, with the message `must be min-max[ unit]`. */
const between =
  (min: number, max: number, unit = '') =>
  (v: string) =>
    /^\d{1,8}$/.test(v) && +v >= min && +v <= max ? '' : `must be ${min}-${max}${unit}`;
const oneOf = (modes: readonly string[]) => (v: string) =>
  modes.includes(v) ? '' : `must be ${modes.slice(0, -1).join(', ')} or ${modes.at(-1)}`;
/** The message of what `fn` throws for `v`, or ''. */
const thrown = (fn: (v: string) => unknown) => (v: string) => {
  try {
    fn(v);
    return '';
  } catch (e) {
    return `: ${(e as Error).message}`;
  }
};
const FRAUD = SANDBOX_DEFAULTS.fraud;
const LIMITS = SANDBOX_DEFAULTS.limits;
/** An anti-fraud flag whose value is off, flag or decline. */
const ruleFlag = (name: string, key: keyof typeof FRAUD, help: string): Flag => ({
  name,
  type: 'string',
  value: OFF_FLAG_DECLINE,
  default: String(FRAUD[key]),
  group: 'anti-fraud',
  help,
  check: oneOf(AUTOMATION_MODES),
  apply: (v) => ({ fraud: { [key]: v as AutomationMode } }),
});
/** An anti-fraud flag whose value is a count 0-1000 (0 turns the rule off). */
const countFlag = (name: string, key: keyof typeof FRAUD, help: string): Flag => ({
  name,
  type: 'string',
  value: 'N',
  default: String(FRAUD[key]),
  group: 'anti-fraud',
  help,
  check: between(0, 1000),
  apply: (v) => ({ fraud: { [key]: Number(v) } }),
});

/**
 * The sandbox's flags (`npx paytoken-sandbox --help`), each declared once. Defaults come from ./defaults.ts, so
 * `startSandbox()` and the CLI start alike. docs/sandbox.md's flag table is generated from this list
 * (`npm run docs:sandbox-flags`; sandbox/test/unit/cli-flags.test.ts holds them equal).
 */
export const FLAGS: readonly Flag[] = [
  {
    name: 'db',
    type: 'string',
    value: 'FILE',
    default: SANDBOX_DEFAULTS.dbFile,
    group: 'data',
    help: 'Where the data lives (SQLite), relative to the working directory; `:memory:` keeps nothing. The clock offset is kept there too.',
    check: SETTING_CHECKS.db,
    apply: (v) => ({ db: v }),
  },
  {
    name: 'reset',
    type: 'boolean',
    defaultText: 'off',
    group: 'data',
    help: 'Delete the data file first.',
    apply: (v) => ({ reset: v }),
  },
  {
    name: 'seed',
    type: 'string',
    value: 'FILE',
    defaultText: 'none',
    group: 'data',
    help: 'Fixtures (JSON: customers, cards by test number, bank accounts, plans, webhooks) loaded into the merchant at start, all or nothing; sandbox mode only.',
    check: (v) => (/^[^\0]{1,4096}$/.test(v) ? '' : 'must be a file path'),
    apply: (v) => ({ seed: v }),
  },
  {
    name: 'max-records',
    type: 'string',
    value: 'N',
    default: String(LIMITS.maxRecords),
    group: 'data',
    help: 'Most records kept per resource (1-1000000); tokens and device data push out their oldest, other kinds refuse a record past it (1003).',
    check: between(1, 1_000_000),
    apply: (v) => ({ limits: { maxRecords: +v } }),
  },
  {
    name: 'token-ttl',
    type: 'string',
    value: 'SECONDS',
    default: String(LIMITS.tokenTtlSeconds),
    group: 'time',
    help: 'How long a token stays usable (1-31536000 s); then it is 1005.',
    check: between(1, 31_536_000, ' seconds'),
    apply: (v) => ({ limits: { tokenTtlSeconds: +v } }),
  },
  {
    name: 'device-data-ttl',
    type: 'string',
    value: 'SECONDS',
    default: String(LIMITS.deviceDataTtlSeconds),
    group: 'time',
    help: 'How long device data is kept after it arrived (1-31536000 s); then charges see none.',
    check: between(1, 31_536_000, ' seconds'),
    apply: (v) => ({ limits: { deviceDataTtlSeconds: +v } }),
  },
  {
    name: 'merchant-id',
    type: 'string',
    value: 'ID',
    default: SANDBOX_DEFAULTS.merchantId,
    group: 'merchant',
    help: 'The merchant id of the paths `/v1/{merchant_id}`.',
    check: SETTING_CHECKS.merchantId,
    apply: (v) => ({ merchantId: v }),
  },
  {
    name: 'public-key',
    type: 'string',
    value: 'pk_...',
    default: SANDBOX_DEFAULTS.publicKey,
    group: 'merchant',
    help: 'The public key: creates tokens and cards only.',
    check: SETTING_CHECKS.publicKey,
    apply: (v) => ({ publicKey: v }),
  },
  {
    name: 'private-key',
    type: 'string',
    value: 'sk_...',
    default: SANDBOX_DEFAULTS.privateKey,
    group: 'merchant',
    help: 'The private key: every operation, from a server only. Never printed.',
    check: SETTING_CHECKS.privateKey,
    apply: (v) => ({ privateKey: v }),
  },
  {
    name: 'max-merchants',
    type: 'string',
    value: 'N',
    default: String(SANDBOX_DEFAULTS.maxMerchants),
    group: 'merchant',
    help: 'Most merchants created on demand (`POST /sandbox/v1/merchants`, 0-10000), each in memory; past it 1003.',
    check: between(0, 10_000),
    apply: (v) => ({ maxMerchants: +v }),
  },
  {
    name: 'merchant-status',
    type: 'string',
    value: 'active|deleted',
    default: SANDBOX_DEFAULTS.merchant.status,
    group: 'merchant',
    help: '`deleted` plays a deactivated merchant account: every transaction is refused with 1008.',
    check: oneOf(['active', 'deleted']),
    apply: (v) => ({ merchant: { status: v as 'active' | 'deleted' } }),
  },
  {
    name: 'mode',
    type: 'string',
    value: MODES.join('|'),
    default: 'sandbox',
    group: 'merchant',
    help: '`production` refuses the test cards with 2007 and serves no simulation API.',
    check: SETTING_CHECKS.mode,
    apply: (v) => ({ mode: v as SandboxMode }),
  },
  {
    name: 'lenient',
    type: 'boolean',
    defaultText: 'off (strict)',
    group: 'merchant',
    help: 'Accept the omissions the spec forbids (a charge without `device_session_id`, ...), each answered with an `X-Sandbox-Warning` header.',
    apply: (v) => ({ lenient: v }),
  },
  {
    name: 'store-network',
    type: 'string',
    value: 'NAME',
    default: SANDBOX_DEFAULTS.methods.storeNetwork,
    group: 'merchant',
    help: "The spec's `<alt>` in the store fields (`{NAME}_reference`, `barcode_{NAME}_url`, `{NAME}_chain`); 1-20 of a-z, 0-9, `_`, from a letter.",
    check: (v) => methodNamesProblem({ storeNetwork: v }).replace('storeNetwork ', ''),
    apply: (v) => ({ storeNetwork: v }),
  },
  {
    name: 'wallet-method',
    type: 'string',
    value: 'NAME',
    default: SANDBOX_DEFAULTS.methods.walletMethod,
    group: 'merchant',
    help: "The spec's `<wallet>`: the `method` of a third-party wallet charge; 1-20 of a-z, 0-9, `_`, from a letter.",
    check: (v) => methodNamesProblem({ walletMethod: v }).replace('walletMethod ', ''),
    apply: (v) => ({ walletMethod: v }),
  },
  countFlag(
    'velocity-max-cards',
    'velocityMaxCards',
    'Device velocity: more distinct cards than N from one visitor id within the window declines (0 turns it off).',
  ),
  {
    name: 'velocity-window',
    type: 'string',
    value: 'SECONDS',
    default: String(FRAUD.velocityWindowSeconds),
    group: 'anti-fraud',
    help: 'The window of the velocity rules (1-31536000 s).',
    check: between(1, 31_536_000, ' seconds'),
    apply: (v) => ({ fraud: { velocityWindowSeconds: +v } }),
  },
  ruleFlag(
    'automation-rule',
    'automation',
    'Browsers that report automation (webdriver, headless): ignored, flagged in `fraud_flags`, or declined (3005).',
  ),
  ruleFlag('missing-device-data', 'missingDeviceData', 'A charge with no device data under its `device_session_id`.'),
  countFlag(
    'card-velocity-max-devices',
    'cardVelocityMaxDevices',
    'One card number from more visitor ids than N within the window declines (0 off).',
  ),
  countFlag(
    'ip-velocity-max-cards',
    'ipVelocityMaxCards',
    'More distinct cards than N charged from one IP within the window declines (0 off).',
  ),
  ruleFlag('plausibility-rule', 'plausibility', '`platform_mismatch`, `impossible_screen`, `os_mismatch`, `headless_renderer`.'),
  ruleFlag('consistency-rule', 'consistency', '`worker_mismatch`, `tampered_native`, `permission_mismatch`.'),
  ruleFlag('entry-rule', 'entry', '`scripted_entry`, `keyless_entry`, `robotic_typing`.'),
  {
    name: 'rule',
    type: 'list',
    value: `NAME=${OFF_FLAG_DECLINE}`,
    defaultText: "its group's setting",
    group: 'anti-fraud',
    help: 'One signal rule apart from its group, e.g. `--rule held_to_next_key=decline`; repeatable.',
    check: (v) => ((ruleOverrides([v]) as { problem?: string }).problem ?? '').replace(/^--rule /, ''),
    apply: (v) => ({ fraud: ruleOverrides(v) as Pick<CliOptions['fraud'], 'rules'> }),
  },
  {
    name: 'webhook-allow-hosts',
    type: 'string',
    value: 'HOST,...',
    defaultText: 'loopback only',
    group: 'webhooks',
    help: 'Hosts beyond loopback that webhook URLs may name (names, `*.example.com`, addresses); private, link-local and metadata addresses stay refused.',
    check: allowHostsProblem,
    apply: (v) => ({ webhooks: { allowHosts: v.split(',').filter(Boolean) } }),
  },
  {
    name: 'faults',
    type: 'boolean',
    defaultText: 'off',
    group: 'faults',
    help: 'Fault mode: the `X-Sandbox-Fault` request header is honoured (private key).',
    apply: (v) => (v ? { faults: true } : {}),
  },
  {
    name: 'fault',
    type: 'string',
    value: 'SPEC',
    defaultText: 'none',
    group: 'faults',
    help: 'Implies `--faults`, and applies SPEC (e.g. `latency=300`, `status=503;times=5`) to every authenticated request under /v1 without the header.',
    check: thrown(parseFault),
    apply: (v) => ({ faults: v }),
  },
  {
    name: 'faults-public-key',
    type: 'boolean',
    defaultText: 'off',
    group: 'faults',
    help: 'In fault mode, honour the header on public-key requests too.',
    apply: (v) => ({ faultsPublicKey: v }),
  },
  {
    name: 'port',
    type: 'string',
    value: 'N',
    default: String(SANDBOX_DEFAULTS.port),
    group: 'network',
    help: 'The TCP port on 127.0.0.1; 0 picks a free one.',
    check: (v) => (/^\d{1,5}$/.test(v) ? SETTING_CHECKS.port(+v) : SETTING_CHECKS.port(NaN)),
    apply: (v) => ({ port: Number(v) }),
  },
  {
    name: 'public-url',
    type: 'string',
    value: 'URL',
    defaultText: 'its own address',
    group: 'network',
    help: 'Its public base URL behind a proxy, e.g. `https://sandbox.example`: the base of the links it builds (never the `Host` header).',
    check: publicUrlProblem,
    apply: (v) => ({ publicUrl: v }),
  },
  {
    name: 'fields-ancestors',
    type: 'string',
    value: 'ORIGIN,...',
    defaultText: 'any port of 127.0.0.1 and localhost',
    group: 'network',
    help: 'Merchant origins allowed to embed the hosted-field frames, each an origin or `http://host:*`.',
    check: thrown((v) => fieldsRouter(v.split(','))),
    apply: (v) => ({ fieldsAncestors: v.split(',') }),
  },
];

/** The problem with a `--webhook-allow-hosts` value (host names, `*.` wildcards, IPv4 or bracketed IPv6 addresses), or ''. */
function allowHostsProblem(list: string): string {
  const bad = list
    .split(',')
    .filter(Boolean)
    .filter(
      (h) =>
        !/^\[[0-9A-Fa-f:.]+\]$/.test(h) &&
        !h
          .replace(/^\*\./, '')
          .split('.')
          .every((label) => /^[A-Za-z0-9-]{1,63}$/.test(label)),
    );
  return bad.length ? `: not a host name or address: ${bad.join(', ')}` : '';
}

/** A bad command line: the message names the flag; the CLI prints it with a pointer to `--help` and exits 2. */
export class FlagError extends Error {}

/** What a command line asks for: the help text, or the sandbox's options. */
export type Command = { help: true } | { help: false; options: CliOptions };

/**
 * Reads a command line by {@link FLAGS}: unknown flags, missing values and positionals are refused, each value
 * checked, defaults filled in. @throws FlagError listing every problem, one per line, each naming its flag.
 */
export function readCommandLine(args: readonly string[]): Command {
  const values = parseValues(args);
  if (values.help) return { help: true };
  const problems: string[] = [];
  let options = { faults: false, faultsPublicKey: false, webhooks: { allowHosts: [] } } as unknown as CliOptions;
  for (const flag of FLAGS) {
    const given = values[flag.name];
    if (flag.type === 'boolean') {
      options = mergeOptions(options, flag.apply(given === true));
      continue;
    }
    const list = flag.type === 'list' ? ((given as string[] | undefined) ?? []) : [(given as string | undefined) ?? flag.default];
    const strings = list.filter((v): v is string => v !== undefined);
    for (const one of strings) {
      const problem = flag.check?.(one);
      if (problem) problems.push(`--${flag.name}${/^[:,]/.test(problem) ? '' : ' '}${problem}`);
    }
    if (flag.type === 'list') options = mergeOptions(options, flag.apply(strings));
    else if (strings[0] !== undefined) options = mergeOptions(options, flag.apply(strings[0]));
  }
  if (problems.length) throw new FlagError(problems.join('\n'));
  return { help: false, options };
}

/** `a` with `b`'s members, object members merged one level deep (`fraud`, `limits`, `merchant`, `webhooks`). */
function mergeOptions(a: CliOptions, b: OptionsPatch): CliOptions {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    const plain = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x);
    out[k] = plain(prev) && plain(v) ? { ...(prev as object), ...(v as object) } : v;
  }
  return out as unknown as CliOptions;
}

/** The raw values of `args` by flag name, through node:util's parseArgs; its errors become a FlagError naming the flag. */
function parseValues(args: readonly string[]): Record<string, string | boolean | string[] | undefined> {
  const options = Object.fromEntries(
    FLAGS.map((f) => [f.name, { type: f.type === 'boolean' ? 'boolean' : 'string', multiple: f.type === 'list' }] as const),
  );
  try {
    return parseArgs({ args: [...args], options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true }).values;
  } catch (e) {
    const err = e as Error & { code?: string };
    const named = /'([^' ]+)/.exec(err.message)?.[1] ?? '';
    if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new FlagError(`unknown flag ${named}`);
    if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new FlagError(/argument missing/.test(err.message) ? `${named} needs a value` : `${named} takes no value`);
    if (err.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
      throw new FlagError(`unexpected argument ${named} (every flag starts with --)`);
    throw new FlagError(err.message);
  }
}

/** A flag as written in `--help` and the docs: `--port N`, `--reset`. */
export const flagUsage = (f: Flag) => `--${f.name}${f.value ? ` ${f.value}` : ''}`;
/** A flag's default as `--help` and the docs show it. */
export const flagDefault = (f: Flag) => f.default ?? f.defaultText ?? '';

/** The text of `paytoken-sandbox --help`: a usage line, then the flags by group with their defaults. */
export function helpText(): string {
  const width = Math.max(...FLAGS.map((f) => flagUsage(f).length)) + 2;
  const lines = [
    'Usage: paytoken-sandbox [flags]',
    '',
    'The local payment service on 127.0.0.1: prints its {base_url} alone on the first line once it listens,',
    'then one line of its settings. Ctrl-C (SIGINT) or SIGTERM stops it. Bad flags exit 2.',
    '',
    'Commands for a running sandbox (each with --url, --merchant-id, --private-key):',
    '  paytoken-sandbox trigger <event type>                  make what the event needs and fire it',
    '  paytoken-sandbox listen [--events a,b] [--forward-to URL]  print every event with its delivery status',
    '',
    `  ${'-h, --help'.padEnd(width)}this help`,
  ];
  for (const group of FLAG_GROUPS) {
    lines.push('', `${group[0]!.toUpperCase()}${group.slice(1)}:`);
    for (const f of FLAGS.filter((x) => x.group === group))
      lines.push(`  ${flagUsage(f).padEnd(width)}${f.help.replace(/`/g, '')} (default: ${flagDefault(f)})`);
  }
  return `${lines.join('\n')}\n`;
}

/** The flag table of docs/sandbox.md ("Running the sandbox alone"), Markdown, one row per flag by group. */
export function flagTableMarkdown(): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const rows = FLAG_GROUPS.flatMap((group) =>
    FLAGS.filter((f) => f.group === group).map(
      (f) =>
        `| ${group} | \`${cell(flagUsage(f))}\` | ${f.default !== undefined ? `\`${cell(f.default)}\`` : cell(flagDefault(f))} | ${cell(f.help)} |`,
    ),
  );
  return ['| Group | Flag | Default | What it does |', '|---|---|---|---|', ...rows].join('\n');
}
