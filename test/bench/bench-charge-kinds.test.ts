/**
 * The charge kinds of the webhook benchmark's mix (scripts/bench/load/mixed.ts, used by scripts/bench/webhooks.ts):
 * each step creates its charge and pays it as the benchmark does (the store and SPEI simulations, the redirect
 * charge's payment page, the wallet's approval, the IVR call), with every answer as expected; the charge ends
 * `completed` and its events reach a loopback webhook subscribed to the benchmark's types, each naming the step's
 * order id (the benchmark times an event from the last request noted under that id).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULTS } from '../../sandbox/src/defaults';
import { startSandbox, type RunningSandbox } from '../../sandbox/src/server';
import { clientOf, type Client } from '../../scripts/bench/load/client';
import { card, ivr, redirect, spei, store, wallet, type Step } from '../../scripts/bench/load/mixed';
import { startReceiver, type Receiver } from '../../sandbox/test/contract/webhook-helpers';

const { merchantId, publicKey, privateKey } = SANDBOX_DEFAULTS;
let sandbox: RunningSandbox;
let call: Client;
let rx: Receiver;

beforeAll(async () => {
  sandbox = await startSandbox({ merchantId, publicKey, privateKey, port: 0 });
  call = clientOf(sandbox.baseUrl);
  rx = await startReceiver();
  const types = ['charge.succeeded', 'charge.failed', 'charge.created', 'charge.refunded', 'spei.received'];
  expect((await call('POST', '/webhooks', { url: `${rx.url}/hooks`, event_types: types })).status).toBe(201);
});

afterAll(async () => {
  await rx?.close();
  await sandbox?.close();
});

/** Each step: its name, the step, the operations it times (its keys of `ms`) and the event types its charge emits. */
const STEPS: [string, Step, string[], string[]][] = [
  ['card', card, ['card: token', 'card: charge'], ['charge.succeeded']],
  ['store', store, ['store: create', 'store: paid'], ['charge.created', 'charge.succeeded']],
  ['spei', spei, ['spei: create', 'spei: paid'], ['charge.created', 'charge.succeeded', 'spei.received']],
  ['redirect', redirect, ['redirect: create', 'redirect: token', 'redirect: paid'], ['charge.created', 'charge.succeeded']],
  ['wallet', wallet, ['wallet: create', 'wallet: approved'], ['charge.created', 'charge.succeeded']],
  ['ivr', ivr, ['ivr: create', 'ivr: call'], ['charge.created', 'charge.succeeded']],
];

describe('the webhook benchmark mix covers every charge kind', () => {
  it.each(STEPS)('%s: created, paid, completed; its events delivered under its order id', async (name, step, ops, events) => {
    const ms = Object.fromEntries(ops.map((op) => [op, [] as number[]]));
    const problems: string[] = [];
    const orderId = `bench-kinds-${name}`;
    await step(call, orderId, ms, (ok, what) => ok || problems.push(what));
    expect(problems).toEqual([]);
    for (const op of ops) expect(ms[op]).toHaveLength(1);
    const [charge] = (await call('GET', `/charges?order_id=${orderId}`)).body;
    expect(charge).toMatchObject({ order_id: orderId, status: 'completed' });
    const hits = await rx.waitFor(events.length, (h) => h.json?.transaction?.id === charge.id);
    expect(hits.map((h) => h.json.type).sort()).toEqual(events);
    for (const hit of hits) expect(hit.json.transaction.order_id ?? hit.json.transaction.id).toBe(orderId);
  });
});
