import type { LoggedRequest } from 'paytoken-sandbox';

/** What the merchant needs: where the API is, its credentials, and its limits. */
export interface MerchantOptions {
  /** The sandbox's `{base_url}`, e.g. `http://127.0.0.1:4010`. */
  apiBaseUrl: string;
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /** Port to listen on, 127.0.0.1; 0 picks a free one. @default 4020 */
  port?: number;
  /** Order amount in MXN, fixed server side (never taken from the browser). @default 349 */
  amount?: number;
  /**
   * Charge attempts allowed per shopper session within the window (`--max-attempts`); more are 429 for that
   * session only. The default lets every test card of the README, with its 3-D Secure and points steps (two posts
   * each), be tried in one sitting. @default {@link DEFAULT_MAX_ATTEMPTS}
   */
  maxAttempts?: number;
  /**
   * Charge attempts allowed per client address within the window, whatever the session (a client that drops its
   * cookie): many shoppers may share an address (a proxy, a NAT, loopback). @default 10 x `maxAttempts`
   */
  maxAttemptsPerAddress?: number;
  /** That window, seconds. @default 600 (10 minutes) */
  attemptWindowSeconds?: number;
  /**
   * The address of a reverse proxy in front of this backend (`--trust-proxy`): only a request whose socket peer
   * is this address has its client address read from `X-Forwarded-For` (its last entry, the one the proxy added).
   * @default none: the socket peer is the client
   */
  trustProxy?: string;
  /**
   * The merchant's log: one line per failed charge with the sandbox's whole Error object (JSON), and per refused
   * request. Never anything the shopper typed. @default none (`demo/run.ts` passes stderr)
   */
  log?: (line: string) => void;
  /** For tests: receives every request (method, URL, headers, body) before it is handled. @default none */
  requestLog?: (r: LoggedRequest) => void;
  /** Months without interest are offered for orders of at least this amount (MXN). @default 1000 */
  installmentsFrom?: number;
}

/** Largest body accepted on `POST /charge` and `POST /api/charge`, bytes; larger is 413. */
export const MERCHANT_MAX_BODY_BYTES = 4096;

/** How many posted bodies `received` keeps (the newest), and log lines `logged`. */
export const RECEIVED_MAX = 100;

/**
 * The default of {@link MerchantOptions.maxAttempts}: the README's 19 test cards, the 3-D Secure and points cards
 * posting twice, with room to retry (README "Test cards").
 */
export const DEFAULT_MAX_ATTEMPTS = 60;

/** The default of {@link MerchantOptions.installmentsFrom}: months without interest from MXN 1,000.00 up. */
export const INSTALLMENTS_FROM = 1000;

/** The plans offered (spec, Resources > PaymentPlan). */
export const PLANS = [3, 6, 9, 12, 18];

/** The options with every default applied. */
export type MerchantSettings = Required<Omit<MerchantOptions, 'log' | 'requestLog' | 'trustProxy' | 'port'>> &
  Pick<MerchantOptions, 'requestLog' | 'trustProxy'> & { port: number; log: (line: string) => void };

/** Applies the defaults of {@link MerchantOptions}; `log` keeps the newest {@link RECEIVED_MAX} lines in `logged`. */
export function settingsOf(opts: MerchantOptions, logged: string[]): MerchantSettings {
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  return {
    ...opts,
    apiBaseUrl: opts.apiBaseUrl.replace(/\/+$/, ''),
    port: opts.port ?? 4020,
    amount: opts.amount ?? 349,
    maxAttempts,
    maxAttemptsPerAddress: opts.maxAttemptsPerAddress ?? 10 * maxAttempts,
    attemptWindowSeconds: opts.attemptWindowSeconds ?? 600,
    installmentsFrom: opts.installmentsFrom ?? INSTALLMENTS_FROM,
    log: (line) => {
      keepNewest(logged, line);
      opts.log?.(line);
    },
  };
}

/** Appends `item`, dropping the oldest beyond {@link RECEIVED_MAX}. */
export function keepNewest<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > RECEIVED_MAX) list.splice(0, list.length - RECEIVED_MAX);
}
