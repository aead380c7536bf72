/**
 * `npm run sandbox -- [--port N] [--merchant-id ID] [--public-key pk_...] [--private-key sk_...]
 * [--mode sandbox|production] [--faults] [--fault SPEC] [--velocity-max-cards N] [--velocity-window SECONDS]
 * [--automation-rule off|flag|decline] [--max-records N] [--token-ttl SECONDS] [--device-data-ttl SECONDS]
 * [--faults-public-key] [--missing-device-data off|flag|decline] [--card-velocity-max-devices N]
 * [--ip-velocity-max-cards N] [--plausibility-rule off|flag|decline] [--consistency-rule off|flag|decline]
 * [--entry-rule off|flag|decline] [--rule NAME=off|flag|decline ...] [--fields-ancestors ORIGIN,...] [--public-url URL]
 * [--db FILE] [--reset] [--lenient] [--merchant-status active|deleted] [--store-network NAME] [--wallet-method NAME]
 * [--webhook-allow-hosts HOST,...] [--max-merchants N] [--seed FILE]`: runs the local sandbox API on 127.0.0.1 (defaults in ./defaults.ts; `--port 0`
 * picks a free port).
 *
 * - `--mode production` refuses the test cards with error 2007 (./domain/card/mode.ts); default `sandbox`.
 * - `--faults` turns fault mode on: the `X-Sandbox-Fault` request header is honoured (./http/faults.ts).
 * - `--fault SPEC` (implies `--faults`) applies the fault SPEC, e.g. `latency=300` or `status=503;times=5`, to
 *   every authenticated request under /v1 that carries no header.
 * - `--faults-public-key` (with fault mode) honours the header on public-key requests too (default: private key
 *   only).
 * - `--max-records N` (1-1000000, default 100000): most records kept per resource, the oldest evicted;
 *   `--token-ttl`, `--device-data-ttl` (1-31536000 s, default 3600): lifetimes of tokens and device data.
 * - `--velocity-max-cards`, `--velocity-window`, `--automation-rule` set the anti-fraud rules
 *   (sandbox/src/fraud/fraud.ts): device velocity declines when one visitor id used more than N distinct cards within
 *   the window (N 0-1000, 0 turns it off; window 1-31536000 s); automation flags are ignored, flagged or declined.
 * - `--missing-device-data`, `--card-velocity-max-devices`, `--ip-velocity-max-cards` (0-1000, 0 off) and
 *   `--plausibility-rule`, `--consistency-rule`, `--entry-rule` set the other rules, and `--rule NAME=MODE`
 *   (repeatable) one rule over its group's setting (sandbox/src/fraud/fraud-rules.ts).
 *
 * - `--fields-ancestors` lists the merchant origins allowed to embed the hosted-field frames (`/fields/v1/`), comma
 *   separated, each an origin or `http://host:*`; default any port of 127.0.0.1 and localhost (pages/fields.ts).
 * - `--public-url URL`: the sandbox's public base URL (behind a proxy, e.g. `https://sandbox.example`), the base
 *   of the links it builds (the 3-D Secure bank page); default its own address. The `Host` header is never used.
 * - `--db FILE` (default `.sandbox/sandbox.db` under the working directory; `:memory:` keeps nothing): where the data
 *   lives, SQLite; `--reset` deletes it first. The clock's offset is kept there too.
 * - `--lenient`: accept the omissions the spec forbids (a charge without `device_session_id`, ...), each recorded as an
 *   `X-Sandbox-Warning` response header; `--merchant-status deleted` refuses every transaction with 1008.
 * - `--store-network NAME` (default `cashnet`): the spec's `<alt>` in the store fields (`{NAME}_reference`,
 *   `barcode_{NAME}_url`, `{NAME}_chain`); `--wallet-method NAME` (default `wallet`): the spec's `<wallet>`, the
 *   `method` of a third-party wallet charge. Each 1-20 of a-z, 0-9, `_`, from a letter.
 * - `--webhook-allow-hosts HOST,...`: hosts beyond loopback that webhook URLs may name (names, `*.example.com`, or
 *   addresses); private, link-local and metadata addresses stay refused (events/ssrf.ts). Default: loopback only.
 * - `--max-merchants N` (0-10000, default 100): most merchants created on demand (`POST /sandbox/v1/merchants`),
 *   each in memory; `--seed FILE` (sandbox mode): fixtures (JSON: customers, cards by test number, bank accounts,
 *   plans, webhooks; simulate/seed.ts) loaded into the merchant at start, all or nothing (a refusal exits 2).
 * - `paytoken-sandbox trigger <event type>` and `paytoken-sandbox listen [--events a,b] [--forward-to URL]` talk to
 *   a running sandbox instead of starting one (`--url`, `--merchant-id`, `--private-key`; commands/index.ts).
 * - At most 32 open connections per client address (and 256 in all); further ones are closed on arrival.
 *
 * Output: the `{base_url}` (e.g. `http://127.0.0.1:4010`) alone on the first stdout line once it listens,
 * then one info line (with where the data is and the API reference) (merchant id, public key, fraud rules). Access-log lines (`METHOD path status ms`) and
 * anti-fraud lines (`fraud ...`) go to stderr.
 * SIGINT or SIGTERM closes the server and exits 0; bad flags exit 2; a port that cannot be bound exits 1.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { COMMANDS, runCommand } from './commands/index';
import { applySeed } from './simulate/seed';
import { SANDBOX_DEFAULTS } from './defaults';
import { AUTOMATION_MODES, type AutomationMode, type FraudOptions } from './fraud/fraud';
import { ruleOverrides } from './fraud/fraud-rules';
import { parseFault } from './http/faults';
import { MODES, type SandboxMode } from './domain/card/mode';
import { fieldsRouter } from './pages/fields';
import { startSandbox } from './server';
import { methodNamesProblem, publicUrlProblem } from './app';

/** The command line's flags, read strictly (an unknown flag throws), defaults filled in. */
function parseFlags() {
  return parseArgs({
    options: {
      port: { type: 'string', default: String(SANDBOX_DEFAULTS.port) },
      'merchant-id': { type: 'string', default: SANDBOX_DEFAULTS.merchantId },
      'public-key': { type: 'string', default: SANDBOX_DEFAULTS.publicKey },
      'private-key': { type: 'string', default: SANDBOX_DEFAULTS.privateKey },
      mode: { type: 'string', default: 'sandbox' },
      faults: { type: 'boolean', default: false },
      fault: { type: 'string' },
      'velocity-max-cards': { type: 'string', default: String(SANDBOX_DEFAULTS.fraud.velocityMaxCards) },
      'velocity-window': { type: 'string', default: String(SANDBOX_DEFAULTS.fraud.velocityWindowSeconds) },
      'automation-rule': { type: 'string', default: SANDBOX_DEFAULTS.fraud.automation },
      'faults-public-key': { type: 'boolean', default: false },
      'missing-device-data': { type: 'string', default: SANDBOX_DEFAULTS.fraud.missingDeviceData },
      'card-velocity-max-devices': { type: 'string', default: String(SANDBOX_DEFAULTS.fraud.cardVelocityMaxDevices) },
      'ip-velocity-max-cards': { type: 'string', default: String(SANDBOX_DEFAULTS.fraud.ipVelocityMaxCards) },
      'plausibility-rule': { type: 'string', default: SANDBOX_DEFAULTS.fraud.plausibility },
      'consistency-rule': { type: 'string', default: SANDBOX_DEFAULTS.fraud.consistency },
      'entry-rule': { type: 'string', default: SANDBOX_DEFAULTS.fraud.entry },
      rule: { type: 'string', multiple: true },
      'max-records': { type: 'string', default: String(SANDBOX_DEFAULTS.limits.maxRecords) },
      'token-ttl': { type: 'string', default: String(SANDBOX_DEFAULTS.limits.tokenTtlSeconds) },
      'device-data-ttl': { type: 'string', default: String(SANDBOX_DEFAULTS.limits.deviceDataTtlSeconds) },
      'fields-ancestors': { type: 'string' },
      'public-url': { type: 'string' },
      db: { type: 'string', default: SANDBOX_DEFAULTS.dbFile },
      reset: { type: 'boolean', default: false },
      lenient: { type: 'boolean', default: false },
      'merchant-status': { type: 'string', default: SANDBOX_DEFAULTS.merchant.status },
      'store-network': { type: 'string', default: SANDBOX_DEFAULTS.methods.storeNetwork },
      'wallet-method': { type: 'string', default: SANDBOX_DEFAULTS.methods.walletMethod },
      'webhook-allow-hosts': { type: 'string', default: '' },
      'max-merchants': { type: 'string', default: String(SANDBOX_DEFAULTS.maxMerchants) },
      seed: { type: 'string' },
    },
    strict: true,
  }).values;
}

type Flags = ReturnType<typeof parseFlags>;

/** What is wrong with the flags, one line each in the order of the usage, or none. */
function flagProblems(values: Flags): string[] {
  const port = Number(values.port);
  const maxCards = Number(values['velocity-max-cards']);
  const windowSeconds = Number(values['velocity-window']);
  const between = (v: string, min: number, max: number) => /^\d{1,8}$/.test(v) && +v >= min && +v <= max;
  return [
    !/^\d{1,5}$/.test(values.port) || port > 65535 ? '--port must be 0-65535' : '',
    /^[A-Za-z0-9]{1,45}$/.test(values['merchant-id']) ? '' : '--merchant-id must be 1-45 letters or digits',
    /^pk_\w{1,100}$/.test(values['public-key']) ? '' : '--public-key must look like pk_...',
    /^sk_\w{1,100}$/.test(values['private-key']) ? '' : '--private-key must look like sk_...',
    /^\d{1,4}$/.test(values['velocity-max-cards']) && maxCards <= 1000 ? '' : '--velocity-max-cards must be 0-1000',
    /^\d{1,8}$/.test(values['velocity-window']) && windowSeconds >= 1 && windowSeconds <= 31_536_000
      ? ''
      : '--velocity-window must be 1-31536000 seconds',
    AUTOMATION_MODES.includes(values['automation-rule'] as AutomationMode) ? '' : '--automation-rule must be off, flag or decline',
    MODES.includes(values.mode as SandboxMode) ? '' : `--mode must be one of ${MODES.join(', ')}`,
    faultProblem(values.fault),
    AUTOMATION_MODES.includes(values['missing-device-data'] as AutomationMode) ? '' : '--missing-device-data must be off, flag or decline',
    AUTOMATION_MODES.includes(values['plausibility-rule'] as AutomationMode) ? '' : '--plausibility-rule must be off, flag or decline',
    AUTOMATION_MODES.includes(values['consistency-rule'] as AutomationMode) ? '' : '--consistency-rule must be off, flag or decline',
    AUTOMATION_MODES.includes(values['entry-rule'] as AutomationMode) ? '' : '--entry-rule must be off, flag or decline',
    (ruleOverrides(values.rule) as { problem?: string }).problem ?? '',
    between(values['card-velocity-max-devices'], 0, 1000) ? '' : '--card-velocity-max-devices must be 0-1000',
    between(values['ip-velocity-max-cards'], 0, 1000) ? '' : '--ip-velocity-max-cards must be 0-1000',
    between(values['max-records'], 1, 1_000_000) ? '' : '--max-records must be 1-1000000',
    between(values['token-ttl'], 1, 31_536_000) ? '' : '--token-ttl must be 1-31536000 seconds',
    between(values['device-data-ttl'], 1, 31_536_000) ? '' : '--device-data-ttl must be 1-31536000 seconds',
    ancestorsProblem(values['fields-ancestors']),
    values['public-url'] !== undefined && publicUrlProblem(values['public-url'])
      ? `--public-url ${publicUrlProblem(values['public-url'])}`
      : '',
    values.db === ':memory:' || /^[^\0]{1,4096}$/.test(values.db) ? '' : '--db must be a file path or :memory:',
    ['active', 'deleted'].includes(values['merchant-status']) ? '' : '--merchant-status must be active or deleted',
    methodNamesProblem({ storeNetwork: values['store-network'], walletMethod: values['wallet-method'] })
      .replace('storeNetwork', '--store-network')
      .replace('walletMethod', '--wallet-method'),
    allowHostsProblem(values['webhook-allow-hosts']),
    between(values['max-merchants'], 0, 10_000) ? '' : '--max-merchants must be 0-10000',
    values.seed !== undefined && values.mode !== 'sandbox' ? '--seed needs --mode sandbox' : '',
  ].filter(Boolean);
}

/** The sandbox's options from the command line; throws every problem with the flags at once, one per line. */
function options() {
  const values = parseFlags();
  const problems = flagProblems(values);
  if (problems.length) throw new Error(problems.join('\n'));
  return {
    port: Number(values.port),
    merchantId: values['merchant-id'],
    publicKey: values['public-key'],
    privateKey: values['private-key'],
    mode: values.mode as SandboxMode,
    faults: values.fault ?? values.faults,
    faultsPublicKey: values['faults-public-key'],
    limits: { maxRecords: +values['max-records'], tokenTtlSeconds: +values['token-ttl'], deviceDataTtlSeconds: +values['device-data-ttl'] },
    fraud: {
      velocityMaxCards: Number(values['velocity-max-cards']),
      velocityWindowSeconds: Number(values['velocity-window']),
      automation: values['automation-rule'] as AutomationMode,
      missingDeviceData: values['missing-device-data'] as AutomationMode,
      cardVelocityMaxDevices: +values['card-velocity-max-devices'],
      ipVelocityMaxCards: +values['ip-velocity-max-cards'],
      plausibility: values['plausibility-rule'] as AutomationMode,
      consistency: values['consistency-rule'] as AutomationMode,
      entry: values['entry-rule'] as AutomationMode,
      ...(ruleOverrides(values.rule) as { rules: FraudOptions['rules'] }),
    },
    ...(values['fields-ancestors'] !== undefined && { fieldsAncestors: values['fields-ancestors'].split(',') }),
    ...(values['public-url'] !== undefined && { publicUrl: values['public-url'] }),
    db: values.db,
    reset: values.reset,
    lenient: values.lenient,
    merchant: { status: values['merchant-status'] as 'active' | 'deleted' },
    storeNetwork: values['store-network'],
    walletMethod: values['wallet-method'],
    webhooks: { allowHosts: values['webhook-allow-hosts'].split(',').filter(Boolean) },
    maxMerchants: +values['max-merchants'],
    seed: values.seed,
  };
}

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
  return bad.length ? `--webhook-allow-hosts: not a host name or address: ${bad.join(', ')}` : '';
}

/** The problem with a `--fields-ancestors` value, or ''. */
function ancestorsProblem(list: string | undefined): string {
  try {
    if (list !== undefined) fieldsRouter(list.split(','));
    return '';
  } catch (e) {
    return `--fields-ancestors: ${(e as Error).message}`;
  }
}

/** The problem with a `--fault` value, or ''. */
function faultProblem(fault: string | undefined): string {
  try {
    if (fault !== undefined) parseFault(fault);
    return '';
  } catch (e) {
    return `--fault: ${(e as Error).message}`;
  }
}

/** Loads `--seed FILE` into the merchant the sandbox started with; a file it cannot read or load exits 2, naming why. */
async function seedOrExit(sandbox: Awaited<ReturnType<typeof startSandbox>>, file: string): Promise<void> {
  try {
    await applySeed(sandbox.deps, JSON.parse(readFileSync(file, 'utf8')));
  } catch (e) {
    const err = e as { error?: { description: string }; message: string };
    console.error(`sandbox: --seed ${file}: ${err.error?.description ?? err.message}`);
    await sandbox.close();
    process.exit(2);
  }
}

const command = COMMANDS.find((c) => c === process.argv[2]);
if (command) process.exit(await runCommand(command, process.argv.slice(3)));

let opts: ReturnType<typeof options>;
try {
  opts = options();
} catch (e) {
  console.error(`sandbox: ${(e as Error).message}`);
  process.exit(2);
}

try {
  const sandbox = await startSandbox({ ...opts, host: '127.0.0.1', log: (line) => process.stderr.write(`${line}\n`) });
  if (opts.seed !== undefined) await seedOrExit(sandbox, opts.seed);
  process.stdout.write(`${sandbox.baseUrl}\n`);
  const where = opts.db === ':memory:' ? 'in memory, kept nowhere' : `${opts.db}${opts.reset ? ', started afresh' : ''}`;
  const faults = opts.faults
    ? `; fault mode on (X-Sandbox-Fault honoured with the ${opts.faultsPublicKey ? 'public or private' : 'private'} key${typeof opts.faults === 'string' ? `, every request: ${opts.faults}` : ''})`
    : '';
  const {
    velocityMaxCards,
    velocityWindowSeconds,
    automation,
    missingDeviceData,
    cardVelocityMaxDevices,
    ipVelocityMaxCards,
    plausibility,
    consistency,
    entry,
    rules = {},
  } = opts.fraud;
  const overrides = Object.entries(rules).map(([rule, mode]) => `, ${rule} ${mode}`);
  process.stdout.write(
    `sandbox API ready: merchant id ${opts.merchantId}, public key ${opts.publicKey}, mode ${opts.mode}${faults}; fraud rules: device_velocity over ${velocityMaxCards} cards in ${velocityWindowSeconds} s, automation ${automation}, missing_device_data ${missingDeviceData}, card_velocity over ${cardVelocityMaxDevices} devices, ip_velocity over ${ipVelocityMaxCards} cards, plausibility ${plausibility}, consistency ${consistency}, entry ${entry}${overrides.join('')}; limits: ${opts.limits.maxRecords} records per resource, tokens ${opts.limits.tokenTtlSeconds} s, device data ${opts.limits.deviceDataTtlSeconds} s; store network ${opts.storeNetwork}, wallet method ${opts.walletMethod}; data: ${where}; API reference ${sandbox.baseUrl}/docs${opts.lenient ? '; lenient: omissions are warnings' : ''}; webhooks to loopback${opts.webhooks.allowHosts.length ? ` and ${opts.webhooks.allowHosts.join(', ')}` : ' only'} (Ctrl-C stops)\n`,
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  const code = (e as { code?: string }).code;
  console.error(code ? `sandbox: cannot listen on 127.0.0.1:${opts.port}: ${(e as Error).message}` : `sandbox: ${(e as Error).message}`);
  process.exit(1);
}
