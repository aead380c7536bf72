import { z } from 'zod';
import type { InvoiceRecord } from '../../domain/cfdi/invoice';
import { fromCents } from '../../domain/money';
import { isoDateTime } from '../../time/dates';
import { amount, dateTime } from '../shared/objects';

/** Generation response (spec, Electronic invoice (CFDI) objects: invoice_id, request_id, date, status, fiscal_status, message). */
export const generationResponseObject = z
  .object({
    invoice_id: z.string(),
    request_id: z.string(),
    date: dateTime,
    status: z.enum(['PENDING', 'OK', 'ERROR']),
    fiscal_status: z.enum(['ACTIVE', 'CANCELLED']),
    message: z.string().nullable(),
  })
  .meta({ id: 'InvoiceGenerationResponse' });

/** Invoice notification object (spec, Electronic invoice (CFDI) objects); what `GET` answers and `invoice.*` events carry. */
export const invoiceNotificationObject = z
  .object({
    invoice_id: z.string(),
    serie: z.string().nullable(),
    folio: z.string().nullable(),
    transaction_id: z.string().nullable(),
    creation_date: dateTime,
    issue_date: dateTime.nullable(),
    uuid: z.string().nullable(),
    receiver_rfc: z.string(),
    total: amount,
    subtotal: amount,
    status: z.enum(['PENDING', 'OK', 'ERROR']),
    fiscal_status: z.enum(['ACTIVE', 'CANCELLED']),
    cancellation_date: dateTime.nullable(),
    public_xml_link: z.string().nullable(),
    public_pdf_link: z.string().nullable(),
    link_expiration_date: dateTime.nullable(),
    message: z.string().nullable(),
  })
  .meta({ id: 'InvoiceNotification' });

/** The invoice notification object, as typed by {@link invoiceNotificationObject}. */
export type InvoiceNotification = z.infer<typeof invoiceNotificationObject>;

/** The generation response of an invoice's latest request. */
export const generationResponseView = (inv: InvoiceRecord): z.infer<typeof generationResponseObject> => ({
  invoice_id: inv.invoiceId,
  request_id: inv.requestId,
  date: isoDateTime(inv.created),
  status: inv.status,
  fiscal_status: inv.fiscalStatus,
  message: inv.message,
});

/**
 * The invoice notification object. The document links exist once stamped (`OK`), under the sandbox's public URL:
 * `{base}/cfdi/{token}.xml` and `.pdf`, a random token per invoice.
 * @param publicUrl the sandbox's public base URL (no trailing slash).
 */
export function invoiceNotificationView(inv: InvoiceRecord, publicUrl: string): InvoiceNotification {
  const stamped = inv.status === 'OK';
  return {
    invoice_id: inv.invoiceId,
    serie: inv.request.serie ?? null,
    folio: inv.request.folio ?? null,
    transaction_id: inv.transactionId,
    creation_date: isoDateTime(inv.created),
    issue_date: inv.stampedAt === null ? null : isoDateTime(inv.stampedAt),
    uuid: inv.uuid,
    receiver_rfc: inv.request.receptor.rfc,
    total: fromCents(inv.request.total),
    subtotal: fromCents(inv.request.subtotal),
    status: inv.status,
    fiscal_status: inv.fiscalStatus,
    cancellation_date: inv.cancelledAt === null ? null : isoDateTime(inv.cancelledAt),
    public_xml_link: stamped ? `${publicUrl}/cfdi/${inv.linkToken}.xml` : null,
    public_pdf_link: stamped ? `${publicUrl}/cfdi/${inv.linkToken}.pdf` : null,
    link_expiration_date: inv.linksExpireAt === null ? null : isoDateTime(inv.linksExpireAt),
    message: inv.message,
  };
}
