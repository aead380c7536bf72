import { Hono } from 'hono';
import type { Deps, SandboxEnv } from '../../env';
import { describe } from '../../http/openapi';
import { cancelInvoiceSchema, invoiceRequestSchema, parseCancellation, parseInvoiceRequest } from './schema';
import { cancelInvoice, createInvoice, invoiceOf } from './service';
import { generationResponseObject, generationResponseView, invoiceNotificationObject, invoiceNotificationView } from './view';

const TAG = 'Invoices (CFDI)';
const GAP = 'Invoice generation endpoints: not shown by the spec; POST /invoices/v40 as the public server SDKs call it';

/**
 * Electronic invoices (CFDI 4.0), mounted at `/v1/{merchant_id}/invoices/v40` (private key):
 * - `POST /`: the generation request (spec, "Generation request object") -> 201 the generation response, `PENDING`;
 *   stamped on the clock 2 s later (`OK` with a `uuid`, or `ERROR` for a test RFC), the notification going to the
 *   webhooks (`invoice.stamped`, `invoice.failed`). 1001 for a missing or malformed member, 1003 for a rule between
 *   members (the arithmetic, `pais`, `tipo_de_cambio`, the complements) or `openpay_transaction_id` not a completed charge.
 * - `GET /:invoice_id`: the invoice notification object (1005 unknown).
 * - `POST /:invoice_id/cancel` (the sandbox's path; body optional `{motivo, folio_sustitucion}`): `fiscal_status`
 *   CANCELLED with `cancellation_date`, and `invoice.cancelled`; 3006 unless stamped and active.
 */
export function invoicesRouter(d: Deps) {
  const notification = (invoiceId: string) => invoiceNotificationView(invoiceOf(d, invoiceId), d.publicUrl());
  return new Hono<SandboxEnv>()
    .post(
      '/',
      describe({
        tag: TAG,
        summary: 'Request an electronic invoice (CFDI 4.0)',
        body: invoiceRequestSchema,
        ok: { status: 201, schema: generationResponseObject },
        errors: [1003],
        gap: GAP,
      }),
      (c) => c.json(generationResponseView(createInvoice(d, parseInvoiceRequest(c.var.body))), 201),
    )
    .get(
      '/:invoice_id',
      describe({ tag: TAG, summary: 'Get an invoice', ok: { status: 200, schema: invoiceNotificationObject }, gap: GAP }),
      (c) => c.json(notification(c.req.param('invoice_id'))),
    )
    .post(
      '/:invoice_id/cancel',
      describe({
        tag: TAG,
        summary: 'Cancel a stamped invoice',
        body: cancelInvoiceSchema,
        ok: { status: 200, schema: invoiceNotificationObject },
        errors: [3006],
        gap: 'Invoice cancellation: not shown by the spec; the sandbox path, docs/sandbox.md "Invoices (CFDI)"',
      }),
      (c) => {
        const inv = cancelInvoice(d, c.req.param('invoice_id'), parseCancellation(c.var.body));
        return c.json(invoiceNotificationView(inv, d.publicUrl()));
      },
    );
}
