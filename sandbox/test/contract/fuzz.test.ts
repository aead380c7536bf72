/**
 * Random and malformed request bodies (fast-check) against every POST route of the sandbox over HTTP: never a
 * 500, always either a 2xx or a spec Error object whose http_code is the status, and the sandbox still serves
 * normal requests afterwards. Seeds are printed by fast-check on failure, so a failure can be replayed.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARD, chargeBody, createCustomer, tokenize, useSandbox, XFF, type As } from './helpers';

const api = useSandbox();
let customerId = '';
beforeAll(async () => {
  customerId = await createCustomer(api);
});

/** The POST routes, who may call them, and the field names their bodies use. */
const ROUTES: { name: string; path: () => string; as: As; headers?: Record<string, string>; fields: string[] }[] = [
  { name: '/tokens', path: () => '/tokens', as: 'public', fields: Object.keys(CARD).concat('address') },
  { name: '/cards', path: () => '/cards', as: 'public', fields: Object.keys(CARD).concat('address', 'token_id', 'device_session_id') },
  {
    name: '/customers/{id}/cards',
    path: () => `/customers/${customerId}/cards`,
    as: 'private',
    fields: Object.keys(CARD).concat('token_id', 'device_session_id'),
  },
  {
    name: '/customers',
    path: () => '/customers',
    as: 'private',
    fields: ['name', 'last_name', 'email', 'phone_number', 'address', 'external_id', 'requires_account'],
  },
  {
    name: '/charges',
    path: () => '/charges',
    as: 'private',
    headers: XFF,
    fields: Object.keys(chargeBody('x')).concat(
      'customer',
      'use_card_points',
      'capture',
      'payment_plan',
      'cvv2',
      'currency',
      'use_3d_secure',
      'redirect_url',
    ),
  },
  {
    name: '/customers/{id}/charges',
    path: () => `/customers/${customerId}/charges`,
    as: 'private',
    headers: XFF,
    fields: Object.keys(chargeBody('x')).concat('cvv2'),
  },
];

/** Bodies as text: any JSON, any string, JSON cut short, and objects with the route's field names and random values. */
const bodies = (fields: string[]) =>
  fc.oneof(
    fc.json({ depthSize: 'small' }),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.json().chain((j) => fc.nat(j.length).map((n) => j.slice(0, n))),
    fc
      .dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 12 })), fc.jsonValue({ depthSize: 'small' }), { maxKeys: 10 })
      .map((o) => JSON.stringify(o)),
    // a valid card with one field replaced by anything
    fc
      .tuple(fc.constantFrom(...Object.keys(CARD)), fc.jsonValue({ depthSize: 'small' }))
      .map(([k, v]) => JSON.stringify({ ...CARD, [k]: v })),
  );

describe('random bodies never make the sandbox fail', () => {
  it.each(ROUTES)('POST $name', async (route) => {
    await fc.assert(
      fc.asyncProperty(bodies(route.fields), async (text) => {
        const r = await api.call('POST', route.path(), { as: route.as, body: text, headers: route.headers });
        expect(r.status).toBeLessThan(500);
        if (r.status >= 400) {
          expect(r.body).toMatchObject({
            error_code: expect.any(Number),
            http_code: r.status,
            request_id: expect.any(String),
            category: 'request',
          });
        } else {
          expect(r.status).toBe(201);
        }
      }),
      { numRuns: 150 },
    );
    // still alive and correct
    expect((await api.call('GET', '/tokens')).status).toBe(200);
    expect(await tokenize(api)).toMatch(/^tok/);
  });

  it('random query strings on the list routes never make a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/tokens', '/cards', '/customers', '/charges'),
        fc.dictionary(
          fc.constantFrom('limit', 'offset', 'creation', 'creation[gte]', 'creation[lte]', 'status', 'amount', 'order_id', 'external_id'),
          fc.string({ maxLength: 20 }),
          { maxKeys: 4 },
        ),
        async (path, query) => {
          const r = await api.call('GET', `${path}?${new URLSearchParams(query)}`);
          expect([200, 400]).toContain(r.status);
        },
      ),
      { numRuns: 200 },
    );
  });
});
