/**
 * Invariants of the sandbox under concurrent requests over HTTP (the load run, `npm run load`, holds the same at
 * scale): of N concurrent charges with one order_id exactly one succeeds and the rest get 1006; of N concurrent
 * charges of one token exactly one succeeds and the rest get 3006 (single use); concurrent tokenizations give
 * distinct, retrievable tokens.
 */
import { describe, expect, it } from 'vitest';
import { CARD, charge, chargeBody, orderId, tokenize, useSandbox } from './helpers';

// one test client stands for many shoppers here: 100 connections at once, over the 32 (+32 waiting) per address
const api = useSandbox({ server: { maxConnectionsPerAddress: 128 } });
const N = 25;

describe('concurrency', () => {
  it.each([1, 2, 3, 4, 5])(`round %i: ${N} concurrent charges with one order_id -> exactly one 201, ${N - 1} x 1006`, async () => {
    const tokens = await Promise.all(Array.from({ length: N }, () => tokenize(api)));
    const order_id = orderId();
    const replies = await Promise.all(tokens.map((t) => charge(api, chargeBody(t, { order_id }))));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    const losers = replies.filter((r) => r.status !== 201);
    expect(losers.map((r) => [r.status, r.body.error_code])).toEqual(Array(N - 1).fill([409, 1006]));
    const listed = await api.call('GET', `/charges?order_id=${order_id}`);
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0].status).toBe('completed');
  });

  it(`${N} concurrent charges of one token -> exactly one 201, ${N - 1} x 3006`, async () => {
    const token = await tokenize(api);
    const replies = await Promise.all(Array.from({ length: N }, () => charge(api, chargeBody(token))));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 201).map((r) => r.body.error_code)).toEqual(Array(N - 1).fill(3006));
  });

  it('100 concurrent tokenizations give 100 distinct tokens, each retrievable and masked', async () => {
    const ids = await Promise.all(Array.from({ length: 100 }, () => tokenize(api, CARD)));
    expect(new Set(ids).size).toBe(100);
    const got = await Promise.all(ids.map((id) => api.call('GET', `/tokens/${id}`)));
    expect(got.map((r) => [r.status, r.body.card.card_number])).toEqual(Array(100).fill([200, 'XXXXXXXXXXXX1111']));
  });
});
