/**
 * The mixed run of the charge kinds (docs/sandbox.md, "Charge kinds"): for a fixed time, `clients` concurrent loops
 * each rotating through a card charge (token -> charge), a store charge then paid at the store (the simulation API's
 * `store-payments`), and a SPEI charge then paid by a transfer of its exact amount to its CLABE (`spei-transfers`),
 * on the durable store. Every answer's status is checked; latencies are kept per operation. Then the barcode images
 * of some store charges, each fetched twice: the first a miss of the sandbox's cache, the second a hit
 * (`X-Sandbox-Cache`). The steps of the other kinds (redirect, wallet, IVR: each created, then paid as the
 * dashboard's buttons and the shopper's pages do) are here for the webhook benchmark's mix (../webhooks.ts), not in
 * this run's rotation.
 */
import { SANDBOX_DEFAULTS } from '../../../sandbox/src/defaults';
import { CARD, chargeBody, percentiles, type Client } from './client';

/** What one mixed run measured. */
export interface MixedResult {
  operations: number;
  seconds: number;
  /** Every request's latency, milliseconds, by operation. */
  ms: Record<string, number[]>;
  /** Barcode image latencies, milliseconds: first fetch and second fetch of each reference. */
  barcode: { first: number[]; second: number[]; cachedSecond: number; samples: number };
  problems: string[];
}

/** A charge body at merchant level of MXN 150 (its own order id) other than a card charge's: `method` and `extra` say which kind. */
const kindBody = (method: string, orderId: string, extra: Record<string, unknown> = {}) => ({
  method,
  amount: 150,
  description: 'load',
  order_id: orderId,
  customer: { name: 'Load', email: 'load@example.com' },
  ...extra,
});

/** Where a redirect or wallet charge sends its payer back: never fetched (the step reads the page's 303). */
const RETURN_URL = 'http://127.0.0.1/load-return';

/** One operation of the rotation: its requests, each timed into `ms`; a wrong status noted in `expect`. */
export type Step = (
  call: Client,
  orderId: string,
  ms: Record<string, number[]>,
  expect: (ok: boolean, what: string) => void,
) => Promise<string | null>;

/** A token, then a card charge. */
export const card: Step = async (call, orderId, ms, expect) => {
  const token = await call('POST', '/tokens', CARD, 'public');
  ms['card: token']!.push(token.ms);
  expect(token.status === 201, `token ${token.status}`);
  const charge = await call('POST', '/charges', chargeBody({ source_id: token.body?.id }, orderId));
  ms['card: charge']!.push(charge.ms);
  expect(charge.status === 201, `card charge ${charge.status} ${charge.body?.description ?? ''}`);
  return null;
};

/** A store charge, then paid at the store (the simulation API): charge.created, then charge.succeeded. */
export const store: Step = async (call, orderId, ms, expect) => {
  const charge = await call('POST', '/charges', kindBody('store', orderId));
  ms['store: create']!.push(charge.ms);
  expect(charge.status === 201, `store charge ${charge.status} ${charge.body?.description ?? ''}`);
  const reference = charge.body?.payment_method?.reference as string | undefined;
  const paid = await call('POST', '/store-payments', { reference, amount: 150 }, 'private', call.simulationPrefix);
  ms['store: paid']!.push(paid.ms);
  expect(paid.status === 201 && paid.body?.status === 'completed', `store payment ${paid.status} ${paid.body?.description ?? ''}`);
  return (charge.body?.payment_method?.barcode_url as string | undefined) ?? null;
};

/** A SPEI charge, then paid by a transfer of its amount to its CLABE (the simulation API). */
export const spei: Step = async (call, orderId, ms, expect) => {
  const charge = await call('POST', '/charges', kindBody('bank_account', orderId));
  ms['spei: create']!.push(charge.ms);
  expect(charge.status === 201, `SPEI charge ${charge.status} ${charge.body?.description ?? ''}`);
  const clabe = charge.body?.payment_method?.clabe as string | undefined;
  const paid = await call('POST', '/spei-transfers', { clabe, amount: 150 }, 'private', call.simulationPrefix);
  ms['spei: paid']!.push(paid.ms);
  expect(paid.status === 201, `SPEI transfer ${paid.status} ${paid.body?.description ?? ''}`);
  return null;
};

/**
 * A redirect charge (`confirm: false`), then paid on its payment page as the shopper's browser does: a token of the
 * approved card (the page's card element), then the page's form post (`token_id`, `device_session_id`), answered 303
 * back to `redirect_url`: charge.created, then charge.succeeded.
 */
export const redirect: Step = async (call, orderId, ms, expect) => {
  const charge = await call('POST', '/charges', kindBody('card', orderId, { confirm: false, redirect_url: RETURN_URL }));
  ms['redirect: create']!.push(charge.ms);
  expect(charge.status === 201, `redirect charge ${charge.status} ${charge.body?.description ?? ''}`);
  const token = await call('POST', '/tokens', CARD, 'public');
  ms['redirect: token']!.push(token.ms);
  const form = new URLSearchParams({ token_id: String(token.body?.id), device_session_id: 'loadtest0000000000000000000000ab' });
  const page = new URL(String(charge.body?.payment_method?.url ?? 'http://127.0.0.1/none')).pathname;
  const paid = await call('POST', page, form, 'public', '');
  ms['redirect: paid']!.push(paid.ms);
  expect(paid.status === 303, `redirect payment page ${paid.status}`);
  return null;
};

/** A third-party wallet charge, then approved by its payer (the simulation API's `wallet`): charge.created, then charge.succeeded. */
export const wallet: Step = async (call, orderId, ms, expect) => {
  const charge = await call('POST', '/charges', kindBody(SANDBOX_DEFAULTS.methods.walletMethod, orderId, { redirect_url: RETURN_URL }));
  ms['wallet: create']!.push(charge.ms);
  expect(charge.status === 201, `wallet charge ${charge.status} ${charge.body?.description ?? ''}`);
  const approved = await call('POST', `/charges/${charge.body?.id}/wallet`, { approve: true }, 'private', call.simulationPrefix);
  ms['wallet: approved']!.push(approved.ms);
  expect(approved.status === 200 && approved.body?.status === 'completed', `wallet approval ${approved.status}`);
  return null;
};

/** An IVR charge (`confirm: "ivr"`), then the shopper's call keying the approved card (the simulation API's `ivr-call`). */
export const ivr: Step = async (call, orderId, ms, expect) => {
  const charge = await call('POST', '/charges', kindBody('card', orderId, { confirm: 'ivr' }));
  ms['ivr: create']!.push(charge.ms);
  expect(charge.status === 201, `IVR charge ${charge.status} ${charge.body?.description ?? ''}`);
  const { card_number, expiration_month, expiration_year, cvv2 } = CARD;
  const keyed = { card_number, expiration_month, expiration_year, cvv2 };
  const called = await call('POST', `/charges/${charge.body?.id}/ivr-call`, keyed, 'private', call.simulationPrefix);
  ms['ivr: call']!.push(called.ms);
  expect(called.status === 200 && called.body?.status === 'completed', `IVR call ${called.status} ${called.body?.description ?? ''}`);
  return null;
};

/** Fetches each barcode URL twice, timing both; counts the second fetches the sandbox answered from its cache. */
async function barcodes(urls: readonly string[]): Promise<MixedResult['barcode']> {
  const first: number[] = [];
  const second: number[] = [];
  let cachedSecond = 0;
  for (const url of urls) {
    for (const into of [first, second]) {
      const t0 = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      into.push(performance.now() - t0);
      if (into === second && res.headers.get('x-sandbox-cache') === 'hit') cachedSecond++;
    }
  }
  return { first, second, cachedSecond, samples: urls.length };
}

/** Runs the rotation for `seconds` over `clients` loops against one sandbox, then the barcode fetches (at most 50). */
export async function mixedRun(call: Client, opts: { seconds: number; clients: number; tag: string }): Promise<MixedResult> {
  const ops = ['card: token', 'card: charge', 'store: create', 'store: paid', 'spei: create', 'spei: paid'];
  const ms: Record<string, number[]> = Object.fromEntries(ops.map((op) => [op, []]));
  const problems: string[] = [];
  const expect = (ok: boolean, what: string) => ok || problems.length > 50 || problems.push(what);
  const urls: string[] = [];
  const end = performance.now() + opts.seconds * 1000;
  const t0 = performance.now();
  let seq = 0;
  const loop = async (n: number) => {
    for (let i = n; performance.now() < end; i++) {
      const url = await [card, store, spei][i % 3]!(call, `x-${opts.tag}-${n}-${seq++}`, ms, expect);
      if (url && urls.length < 50) urls.push(url);
    }
  };
  await Promise.all(Array.from({ length: opts.clients }, (_, n) => loop(n)));
  const seconds = (performance.now() - t0) / 1000;
  const operations = Object.values(ms).reduce((sum, list) => sum + list.length, 0);
  return { operations, seconds, ms, barcode: await barcodes(urls), problems };
}

/** The mixed run's rows: operations per second, p50 and p99 of every request, and each operation's p50/p99. */
export function mixedRows(r: MixedResult) {
  const all = percentiles(Object.values(r.ms).flat());
  return [
    { operation: 'all', requests: r.operations, 'per second': Math.round(r.operations / r.seconds), 'p50 ms': all.p50, 'p99 ms': all.p99 },
    ...Object.entries(r.ms).map(([operation, list]) => ({
      operation,
      requests: list.length,
      'per second': Math.round(list.length / r.seconds),
      ...(({ p50, p99 }) => ({ 'p50 ms': p50, 'p99 ms': p99 }))(percentiles(list)),
    })),
  ];
}
