import { SANDBOX_DEFAULTS } from './defaults';
import { MODES, type SandboxMode } from './domain/card/mode';
import type { SandboxOptions } from './app';

/**
 * The checks of the settings both the command line and `startSandbox` take, each answering the problem with a value
 * (`must be 0-65535`) or ''. The CLI's flags (./cli-flags.ts) and {@link startOptionsProblem} read these.
 */
export const SETTING_CHECKS = {
  port: (v: unknown) => (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 65535 ? '' : 'must be 0-65535'),
  merchantId: (v: unknown) => (typeof v === 'string' && /^[A-Za-z0-9]{1,45}$/.test(v) ? '' : 'must be 1-45 letters or digits'),
  publicKey: (v: unknown) => (typeof v === 'string' && /^pk_\w{1,100}$/.test(v) ? '' : 'must look like pk_...'),
  privateKey: (v: unknown) => (typeof v === 'string' && /^sk_\w{1,100}$/.test(v) ? '' : 'must look like sk_...'),
  mode: (v: unknown) => (MODES.includes(v as SandboxMode) ? '' : `must be one of ${MODES.join(', ')}`),
  db: (v: unknown) => (typeof v === 'string' && (v === ':memory:' || /^[^\0]{1,4096}$/.test(v)) ? '' : 'must be a file path or :memory:'),
  maxMerchants: (v: unknown) => (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 10_000 ? '' : 'must be 0-10000'),
  host: (v: unknown) => (v === SANDBOX_DEFAULTS.host ? '' : `must be ${SANDBOX_DEFAULTS.host} (the sandbox binds loopback only)`),
} as const;

/** The option names `startSandbox` takes: every member of its options, and nothing else (checked by the compiler). */
const START_OPTION_NAMES = Object.keys({
  port: 1,
  host: 1,
  server: 1,
  merchantId: 1,
  publicKey: 1,
  privateKey: 1,
  now: 1,
  db: 1,
  reset: 1,
  scheduler: 1,
  lenient: 1,
  merchant: 1,
  maxBodyBytes: 1,
  log: 1,
  requestLog: 1,
  fraud: 1,
  mode: 1,
  faults: 1,
  faultsPublicKey: 1,
  limits: 1,
  corsOrigins: 1,
  fieldsAncestors: 1,
  publicUrl: 1,
  storeNetwork: 1,
  walletMethod: 1,
  webhooks: 1,
  dashboard: 1,
  maxMerchants: 1,
} satisfies Record<keyof SandboxOptions | 'port' | 'host' | 'server', 1>);

/** The names each object option takes, for the ones whose members have defaults in ./defaults.ts. */
const NESTED_NAMES: Record<string, readonly string[]> = {
  fraud: [...Object.keys(SANDBOX_DEFAULTS.fraud), 'rules'],
  limits: Object.keys(SANDBOX_DEFAULTS.limits),
  server: Object.keys(SANDBOX_DEFAULTS.server),
  merchant: Object.keys(SANDBOX_DEFAULTS.merchant),
};

/**
 * The first problem with `startSandbox`'s options, naming the option (`port must be 0-65535`, `unknown option dbFile`),
 * or ''. Checks the names at the top level and inside `fraud`, `limits`, `server` and `merchant`, and the values of
 * {@link SETTING_CHECKS} that are given; the other values are checked where they are used (createSandboxApp).
 */
export function startOptionsProblem(opts: object): string {
  const names = START_OPTION_NAMES.join(', ');
  for (const [name, value] of Object.entries(opts)) {
    if (!START_OPTION_NAMES.includes(name)) return `unknown option ${name} (startSandbox takes ${names})`;
    const nested = NESTED_NAMES[name];
    if (nested && value !== undefined) {
      if (typeof value !== 'object' || value === null) return `${name} must be an object`;
      const unknown = Object.keys(value).find((k) => !nested.includes(k));
      if (unknown !== undefined) return `unknown option ${name}.${unknown} (${name} takes ${nested.join(', ')})`;
    }
    const check = (SETTING_CHECKS as Record<string, ((v: unknown) => string) | undefined>)[name];
    const problem = check && value !== undefined ? check(value) : '';
    if (problem) return `${name} ${problem}`;
  }
  return '';
}
