import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Deps, SandboxEnv } from '../../env';
import { clientIp } from '../../fraud/fraud';
import { requireOrWarn } from '../../http/lenient';
import { describe, type RouteDoc } from '../../http/openapi';
import type { TransactionRecord } from '../../domain/records';
import { parseWith } from '../../http/validate';
import { chargeListQuerySchema, transactionFilterOf } from '../../schemas/list';
import { levelOf } from '../shared/level';
import { transactionObject, transactionView } from '../shared/transaction';
import { cancelCharge, captureCharge, refundCharge } from './operations';
import { cancelSchema, captureSchema, createChargeSchema, refundSchema } from './schema';
import { chargeOf, createCardCharge, latestRefund, listCharges } from './service';
import { chargeKindOf } from '../../domain/methods/kinds';
import { createKindCharge } from './kinds';
import { CUSTOMER_REQUIRED, kindSchemas, type KindBody } from './kinds-schema';

const TAG = 'Charges';

/**
 * Charges of every kind (spec, Endpoints > Charges), mounted twice: `/v1/{merchant_id}/charges` (merchant level) and
 * `/v1/{merchant_id}/customers/{customer_id}/charges` (unknown customer: 1005). Private key only; each level sees
 * only its own transactions.
 *
 * `POST /`, in order:
 * 1. `X-Forwarded-For` present (spec, Authentication item 6), else 1001 (`--lenient`: a warning);
 * 2. the body by the charge schema (1001 naming the field; 2004-2009 for an inline `card`); `device_session_id`
 *    and, at merchant level, `customer` present, else 1001 (`--lenient`: a warning);
 * 3. the merchant active (1008); `order_id` unused among all transactions (1006);
 * 4. the source: an unused token (unknown 1005, used 3006), a stored card of this level (1005; a `cvv2` of the
 *    brand's length, 2009) or the inline `card`; points need a points card (2008), `payment_plan` a credit card (3006);
 * 5. the anti-fraud rules score the device (fraud/fraud.ts): a declining rule stores a `failed` Transaction and
 *    answers 3005 with `fraud_rules`;
 * 6. `use_3d_secure`: 201 `charge_pending` with `payment_method {type: 'redirect', url}` (the bank page);
 * 7. otherwise the card's test outcome: approved -> 201 `completed` (held `in_progress` with `capture: false`) with a
 *    six-digit `authorization`; else a `failed` Transaction is stored and its Error object answered (402, 412 for 3012).
 * A body whose `method` (and `confirm`) asks for another kind (redirect, IVR, store, bank, wallet) is parsed by that
 * kind's schema (./kinds-schema.ts; `customer` required at merchant level for redirect, store and IVR) and created by
 * ./kinds.ts: 201 `in_progress` (store, bank) or `charge_pending` (redirect, wallet, IVR) with its `payment_method`.
 * Every card charge carries `fraud_flags` (this project's extension). `POST /:id/capture`, `/:id/refund`, `/:id/cancel`:
 * resources/charges/operations.ts. `GET /`: newest first, filtered. `GET /:id`: the Transaction with its latest refund.
 */
export function chargesRouter(d: Deps) {
  const chargeSchema = createChargeSchema(() => d.clock.now());
  const view = (t: TransactionRecord) => transactionView(t, { refund: latestRefund(d, t) });
  const id = (c: Context<SandboxEnv>) => c.req.param('transaction_id')!;
  return new Hono<SandboxEnv>()
    .post('/', describe({ ...DOCS.create, body: z.union([chargeSchema, ...Object.values(kindSchemas(d.methods.walletMethod))]) }), (c) => {
      const t = createCharge(d, c, chargeSchema);
      // --lenient: a store charge is answered 200, as the public Node SDK's suite expects of the processor
      if (d.lenient && t.method === 'store') requireOrWarn(d, c, false, 'a store charge answered 200 instead of 201');
      return c.json(view(t), d.lenient && t.method === 'store' ? 200 : 201);
    })
    .get('/', describe(DOCS.list), (c) => {
      const q = parseWith(chargeListQuerySchema, c.req.query());
      const filter = transactionFilterOf(q);
      return c.json(listCharges(d, levelOf(d, c), filter, q).map(view));
    })
    .get('/:transaction_id', describe(DOCS.get), (c) => c.json(view(chargeOf(d, id(c), levelOf(d, c)))))
    .post('/:transaction_id/capture', describe(DOCS.capture), (c) =>
      c.json(view(captureCharge(d, id(c), levelOf(d, c), parseWith(captureSchema, c.var.body ?? {}).amount))),
    )
    .post('/:transaction_id/refund', describe(DOCS.refund), (c) =>
      c.json(view(refundCharge(d, id(c), levelOf(d, c), parseWith(refundSchema, c.var.body ?? {})))),
    )
    .post('/:transaction_id/cancel', describe(DOCS.cancel), (c) => {
      parseWith(cancelSchema, c.var.body ?? {});
      return c.json(view(cancelCharge(d, id(c), levelOf(d, c))));
    });
}

/**
 * `POST /`: the kind the body asks for (domain/methods/kinds.ts: `method` and `confirm`), steps 1 and 2 (what the
 * request must carry), then the kind's service. A body naming no known kind goes to the card charge's schema, which
 * names the `method` problem.
 */
function createCharge(d: Deps, c: Context<SandboxEnv>, schema: ReturnType<typeof createChargeSchema>): TransactionRecord {
  const customerId = levelOf(d, c);
  const xff = c.req.header('x-forwarded-for')?.trim();
  requireOrWarn(d, c, !!xff, 'X-Forwarded-For header is required on charge creation (IP address of the end-user device)');
  const kind = chargeKindOf(c.var.body, d.methods.walletMethod);
  if (kind !== null && kind !== 'card') {
    const body = { ...parseWith(kindSchemas(d.methods.walletMethod)[kind], c.var.body), kind } as KindBody;
    const required = CUSTOMER_REQUIRED.includes(kind);
    requireOrWarn(
      d,
      c,
      !required || customerId !== null || body.customer !== undefined,
      'customer is required on merchant-level charges (rule: required)',
    );
    return createKindCharge(d, { body, customerId });
  }
  const body = parseWith(schema, c.var.body);
  requireOrWarn(d, c, body.device_session_id !== undefined, 'device_session_id is required on card charges (rule: required)');
  requireOrWarn(
    d,
    c,
    customerId !== null || body.customer !== undefined,
    'customer is required on merchant-level charges (rule: required)',
  );
  return createCardCharge(d, { body, customerId, ip: clientIp(xff) });
}

const ok = { status: 200 as const, schema: transactionObject };

/** The OpenAPI operations of the routes. */
const DOCS = {
  create: {
    tag: TAG,
    summary: 'Create a charge: card, redirect, IVR, store (cash), bank (SPEI) or third-party wallet',
    ok: { status: 201 as const, schema: transactionObject },
    errors: [1003, 1006, 1008, 2004, 2005, 2006, 2007, 2008, 2009, 3001, 3002, 3003, 3004, 3005, 3006, 3009, 3010, 3011, 3012],
    gap: 'Store and bank charges carry payment_method.slip_url (a printable slip); default due dates; see docs/sandbox.md, "Charge kinds"',
  },
  list: {
    tag: TAG,
    summary: 'List charges',
    query: chargeListQuerySchema,
    ok: { status: 200 as const, schema: z.array(transactionObject) },
  },
  get: { tag: TAG, summary: 'Get a charge', ok },
  capture: {
    tag: TAG,
    summary: 'Capture a held charge',
    body: captureSchema,
    ok,
    errors: [1003, 1008, 3006],
    gap: 'Capture of capture:false charges; the path the public server SDKs call',
  },
  refund: {
    tag: TAG,
    summary: 'Refund a charge',
    body: refundSchema,
    ok,
    errors: [1003, 1008, 3006, 4001],
    gap: 'Refunds may be partial and repeated up to the amount; the charge stays completed with the latest refund embedded, as the spec shows (a charge refunded in full: 3006)',
  },
  cancel: {
    tag: TAG,
    summary: 'Cancel a held charge, or one awaiting its payment',
    body: cancelSchema,
    ok,
    errors: [3006],
    gap: 'Charge cancel: not shown by the spec; the path the public server SDKs call',
  },
} satisfies Record<string, RouteDoc>;
