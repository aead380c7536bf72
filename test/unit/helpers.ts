/**
 * Test helpers for the unit suite. Independent of `src/` on purpose: the Luhn check digit is computed here
 * with a plain implementation, so the tests never rely on the library's own Luhn code to build their inputs.
 */
import { vi } from 'vitest';

/** Luhn check digit for `body` (the digits before the check digit). */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Walk from the right; the digit next to the (future) check digit is doubled.
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A Luhn-valid PAN of `length` digits starting with `prefix` (padded with zeros before the check digit). */
export function luhnPan(prefix: string, length: number): string {
  const body = prefix.padEnd(length - 1, '0');
  return body + luhnCheckDigit(body);
}

/** The same PAN with a wrong check digit (last digit + 1 mod 10). */
export function breakLuhn(pan: string): string {
  const last = Number(pan[pan.length - 1]);
  return pan.slice(0, -1) + String((last + 1) % 10);
}

/** Plain Luhn validity, for cross-checking the fixtures themselves. */
export function isLuhnValid(pan: string): boolean {
  return /^\d{2,}$/.test(pan) && luhnCheckDigit(pan.slice(0, -1)) === pan[pan.length - 1];
}

/** A valid card (visa test number) with expiry far enough ahead for any `now` used in these tests. */
export const VALID_CARD = {
  card_number: '4111 1111 1111 1111',
  holder_name: '  Ana Pérez  ',
  expiration_month: '7',
  expiration_year: '2030',
  cvv2: '123',
} as const;

/** A valid billing address (the spec's Address: every required field, Mexican postal code). */
export const ADDRESS = {
  line1: 'Av. Paseo de la Reforma 222',
  postal_code: '06600',
  state: 'CDMX',
  city: 'Ciudad de México',
  country_code: 'MX',
} as const;

/** `now` used by tests that need a fixed clock: 15 June 2026, 10:00 UTC. */
export const NOW = new Date(Date.UTC(2026, 5, 15, 10, 0, 0));

/**
 * Inputs of every JavaScript type and some hostile shapes, for the "never throws" tables.
 * `Object.create(null)` has no `toString`; the last object's `toString` throws.
 */
export const WEIRD_INPUTS: ReadonlyArray<readonly [string, unknown]> = [
  ['null', null],
  ['undefined', undefined],
  ['number', 4111111111111111],
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['negative number', -1],
  ['float', 1.5],
  ['boolean', true],
  ['bigint', 10n],
  ['symbol', Symbol('s')],
  ['function', () => '4111111111111111'],
  ['plain object', { card_number: '4111111111111111' }],
  ['array', ['4', '1']],
  ['Date', new Date(0)],
  ['String object', new String('4111111111111111')],
  ['null-prototype object', Object.create(null) as unknown],
  [
    'object whose toString throws',
    {
      toString: () => {
        throw new Error('boom');
      },
    },
  ],
];

/** A valid card whose expiry is three years after the real clock's year (for tests that run on the real clock). */
export function cardForToday() {
  const year = new Date().getUTCFullYear() + 3;
  return {
    input: { ...VALID_CARD, expiration_year: String(year) },
    body: {
      card_number: '4111111111111111',
      holder_name: 'Ana Pérez',
      expiration_month: '07',
      expiration_year: String(year % 100).padStart(2, '0'),
      cvv2: '123',
    },
  };
}

/** A spec Error object (section Errors). */
export function errorObject(over: Record<string, unknown> = {}) {
  return {
    category: 'gateway',
    error_code: 3001,
    description: 'The card was declined',
    http_code: 402,
    request_id: '1981cdb6-d5e2-4d3e-9a2a-6f0a5e0c4c7e',
    fraud_rules: ['Billing <> BIN Country for VISA/MC'],
    ...over,
  };
}

/** A Token object (spec, Resources > Token object). */
export const TOKEN = {
  id: 'kqgykn96i7bcs1wwhvgw',
  card: {
    card_number: '411111XXXXXX1111',
    holder_name: 'Ana Pérez',
    expiration_year: '30',
    expiration_month: '07',
    address: null,
    creation_date: null,
    brand: 'visa',
  },
};

/** A JSON Response with `status`. */
export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A fetch that never answers but honours its AbortSignal, rejecting as browsers do (an AbortError DOMException).
 */
export const hangingFetch = (_url: string | URL | Request, init?: RequestInit): Promise<Response> =>
  new Promise((_resolve, reject) => {
    const signal = init?.signal;
    if (!signal) return;
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort);
  });

/** Settles a held device-data POST: with a Response, or rejecting (a failed request). */
export interface HeldDeviceData {
  resolve(r: Response): void;
  reject(e: unknown): void;
}

/**
 * Stubs `fetch`: `POST /tokens` (and any other request) answers 201 with {@link TOKEN} at once; the device-data POST
 * is held until the test settles it through the returned handle. Each request is pushed on `log` as it is sent
 * (`device-data sent`, `tokens sent`).
 */
export function holdDeviceData(log: string[]): HeldDeviceData {
  let held!: HeldDeviceData;
  const answer = new Promise<Response>((resolve, reject) => (held = { resolve, reject }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).endsWith('/device-data')) {
        log.push('device-data sent');
        return answer;
      }
      log.push(`${String(url).replace(/.*\//, '')} sent`);
      return jsonResponse(201, TOKEN);
    }),
  );
  return held;
}

/**
 * Settles `p` while advancing fake time (`vi.useFakeTimers`) by up to `ms`, 10 ms at a time.
 * @returns the value or the rejection, and when it settled (fake ms after the call). @throws when it does not settle in `ms`.
 */
export async function settle<T>(p: Promise<T>, ms = 60_000): Promise<{ ok?: T; err?: unknown; at: number }> {
  const t0 = Date.now();
  let out: { ok?: T; err?: unknown; at: number } | undefined;
  p.then(
    (ok) => (out = { ok, at: Date.now() - t0 }),
    (err) => (out = { err, at: Date.now() - t0 }),
  );
  for (let i = 0; i < ms && !out; i += 10) await vi.advanceTimersByTimeAsync(10);
  if (!out) throw new Error(`did not settle within ${ms} ms`);
  return out;
}

/**
 * Counts the `URL` objects built from now on (the settings' check parses the base URL): stubs the global `URL` with
 * a counting subclass (undone by `vi.unstubAllGlobals()`). @returns a function giving the count so far.
 */
export function countUrlParses(): () => number {
  let parsed = 0;
  vi.stubGlobal(
    'URL',
    class extends URL {
      constructor(...args: ConstructorParameters<typeof URL>) {
        super(...args);
        parsed++;
      }
    },
  );
  return () => parsed;
}
