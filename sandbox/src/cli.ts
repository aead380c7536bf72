/**
 * `npx paytoken-sandbox [flags]` (`npm run sandbox -- [flags]` in this repository): runs the local sandbox API on
 * 127.0.0.1. The flags, their defaults (./defaults.ts) and checks are the table of ./cli-flags.ts; `--help` (`-h`)
 * prints them by group and exits 0. At most 32 open connections per client address (and 256 in all); further ones
 * are closed on arrival.
 *
 * Output: the `{base_url}` (e.g. `http://127.0.0.1:4010`) alone on the first stdout line once it listens, then one
 * info line (merchant id, public key, fraud rules, where the data is, the API reference). Access-log lines
 * (`METHOD path status ms`), anti-fraud lines (`fraud ...`) and internal errors (`error 1000 ...`) go to stderr.
 * `paytoken-sandbox trigger <event type>` and `paytoken-sandbox listen [--events a,b] [--forward-to URL]` talk to a
 * running sandbox instead of starting one (./commands/index.ts).
 * SIGINT or SIGTERM closes the server and exits 0; a bad or unknown flag exits 2 naming it; a port that cannot be
 * bound exits 1.
 */
import { readFileSync } from 'node:fs';
import { FlagError, helpText, readCommandLine, type CliOptions } from './cli-flags';
import { COMMANDS, runCommand } from './commands/index';
import { applySeed } from './simulate/seed';
import { startSandbox } from './server';

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

const subcommand = COMMANDS.find((c) => c === process.argv[2]);
if (subcommand) process.exit(await runCommand(subcommand, process.argv.slice(3)));

let opts: CliOptions;
let seed: string | undefined;
try {
  const command = readCommandLine(process.argv.slice(2));
  if (command.help) {
    process.stdout.write(helpText());
    process.exit(0);
  }
  ({ seed, ...opts } = command.options);
  if (seed !== undefined && opts.mode !== 'sandbox') throw new FlagError('--seed needs --mode sandbox');
} catch (e) {
  if (!(e instanceof FlagError)) throw e;
  console.error(`sandbox: ${e.message}\nRun paytoken-sandbox --help for the flags.`);
  process.exit(2);
}

try {
  const sandbox = await startSandbox({ ...opts, host: '127.0.0.1', log: (line) => process.stderr.write(`${line}\n`) });
  if (seed !== undefined) await seedOrExit(sandbox, seed);
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
