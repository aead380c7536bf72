/**
 * The demo's settings (`npm run demo`, demo/run.ts), shared with the e2e test that pays every test card of the
 * README's table in the demo (e2e/test-cards.spec.ts), so the test runs the demo as a shopper gets it.
 */
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_ATTEMPTS } from './merchant/options';
import { RULE_MODES, SANDBOX_DEFAULTS, type FraudOptions, type RuleMode } from 'paytoken-sandbox';

/**
 * The demo's anti-fraud settings: device velocity off (`velocityMaxCards: 0`), because every tab of one browser
 * profile is one visitor id and the test-card table alone has 14 distinct cards. The velocity rule has its own
 * scenario: `npm run demo -- --velocity-max-cards 3` declines the fourth distinct card with 3005.
 * `missing_device_data` is the sandbox's default, `flag`: a payment without device data (`?device_data=off`, the
 * shopper who refused consent) is approved and flagged; `npm run demo -- --missing-device-data decline` declines
 * it with 3005 (`fraud_rules: ["missing_device_data"]`) while every test card still pays with device data.
 */
export const DEMO_FRAUD: Partial<FraudOptions> = { velocityMaxCards: 0, missingDeviceData: 'flag' };

export interface DemoOptions {
  apiPort: number;
  port: number;
  /** The order in MXN (`--amount`, default 349.00). */
  amount: number;
  fraud: Partial<FraudOptions>;
  /** Charge attempts per shopper session in 10 minutes (`--max-attempts`, default `DEFAULT_MAX_ATTEMPTS`). */
  maxAttempts: number;
  /** Where the sandbox keeps its data (`--db FILE`, or `:memory:`); default `.sandbox/sandbox.db`, git-ignored. */
  db: string;
  /** Start the sandbox's data afresh (`--reset`). */
  reset: boolean;
  /** The reverse proxy whose `X-Forwarded-For` the merchant trusts (`--trust-proxy ADDRESS`); default none. */
  trustProxy?: string;
}

/**
 * Parses the demo's flags: `--api-port N` (default 4010), `--port N` (merchant, default 4020),
 * `--velocity-max-cards N` (0-1000, default 0: off), `--missing-device-data off|flag|decline` (default flag),
 * `--amount MXN` (the order: more than 0, at most two decimals and
 * 1,000,000; default 349.00; from 1000.00 up the checkout offers months without interest), `--max-attempts N`
 * (charge attempts per shopper session in 10 minutes, 1-10000, default 60; ten times as many per client address),
 * `--trust-proxy ADDRESS` (an IP address: the reverse proxy whose `X-Forwarded-For` names the shopper), `--db FILE`
 * (the sandbox's data file, default `.sandbox/sandbox.db`; `:memory:` keeps nothing), `--reset` (start afresh).
 * @throws Error naming every bad flag and its allowed values.
 */
export function demoOptions(args: string[]): DemoOptions {
  const { values } = parseArgs({
    args,
    options: {
      'api-port': { type: 'string', default: String(SANDBOX_DEFAULTS.port) },
      port: { type: 'string', default: '4020' },
      'velocity-max-cards': { type: 'string', default: String(DEMO_FRAUD.velocityMaxCards) },
      'missing-device-data': { type: 'string', default: DEMO_FRAUD.missingDeviceData },
      amount: { type: 'string', default: '349' },
      'max-attempts': { type: 'string', default: String(DEFAULT_MAX_ATTEMPTS) },
      'trust-proxy': { type: 'string' },
      db: { type: 'string', default: SANDBOX_DEFAULTS.dbFile },
      reset: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const port = (flag: 'api-port' | 'port') =>
    /^\d{1,5}$/.test(values[flag]) && Number(values[flag]) <= 65535 ? '' : `--${flag} must be 0-65535`;
  const maxCards = values['velocity-max-cards'];
  const missing = values['missing-device-data'] as RuleMode;
  const problems = [
    port('api-port'),
    port('port'),
    /^\d{1,4}$/.test(maxCards) && Number(maxCards) <= 1000 ? '' : '--velocity-max-cards must be 0-1000 (0: off)',
    RULE_MODES.includes(missing) ? '' : '--missing-device-data must be off, flag or decline',
    /^\d{1,7}(\.\d{1,2})?$/.test(values.amount) && Number(values.amount) > 0 && Number(values.amount) <= 1_000_000
      ? ''
      : '--amount must be pesos over 0 and at most 1000000, at most two decimals',
    /^\d{1,5}$/.test(values['max-attempts']) && Number(values['max-attempts']) >= 1 && Number(values['max-attempts']) <= 10_000
      ? ''
      : '--max-attempts must be 1-10000',
    values['trust-proxy'] === undefined || isIP(values['trust-proxy'])
      ? ''
      : '--trust-proxy must be an IP address (the reverse proxy in front of the merchant)',
  ];
  if (problems.some(Boolean)) throw new Error(problems.filter(Boolean).join('\n'));
  return {
    apiPort: Number(values['api-port']),
    port: Number(values.port),
    amount: Number(values.amount),
    fraud: { ...DEMO_FRAUD, velocityMaxCards: Number(maxCards), missingDeviceData: missing },
    maxAttempts: Number(values['max-attempts']),
    ...(values['trust-proxy'] !== undefined && { trustProxy: values['trust-proxy'] }),
    db: values.db,
    reset: values.reset,
  };
}

/** The words for a port that cannot be used: which port, and which flag picks another. */
export function listenProblem(e: unknown, what: string, port: number, flag: string): string {
  const code = (e as { code?: string }).code;
  const why =
    code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'is not allowed' : `cannot be used (${(e as Error).message})`;
  return `demo: port ${port} (${what}) ${why}; pick another with ${flag} N, e.g. npm run demo -- ${flag} ${port + 1000 <= 65535 ? port + 1000 : 5000}`;
}
