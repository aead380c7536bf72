import { randomBytes, randomUUID } from 'node:crypto';
import type { Deps } from '../../env';
import { apiError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { nextInvoiceState, STAMP_DELAY_MS, SANDBOX_ISSUER, type InvoiceRecord, type InvoiceTrigger } from '../../domain/cfdi/invoice';
import type { InvoiceRequest } from '../../domain/cfdi/request';
import { renderInvoicePdf } from '../../domain/cfdi/pdf-thread';
import { invoiceXml, type XmlDates } from '../../domain/cfdi/xml';
import { emit, type EventType } from '../../events/outbox';
import { ensureRoom } from '../../store/repos';
import { isoDateTime } from '../../time/dates';
import { invoiceNotificationView } from './view';
import { STAMP_JOB } from './stamp-job';

/**
 * Electronic invoices (CFDI 4.0; the spec shows the objects, not the endpoints: the processor's public SDKs call
 * `POST /invoices/v40`). One use case per function, each one database transaction; stamping is a job on the clock
 * (./stamp.ts).
 */

/** The invoice the merchant calls `invoiceId`, or 1005. */
export function invoiceOf(d: Deps, invoiceId: string): InvoiceRecord {
  const inv = d.store.invoices.byInvoiceId(invoiceId);
  if (!inv) throw apiError(1005, `Invoice ${invoiceId} not found`);
  return inv;
}

/** The record's state moved by `trigger` through the invoice state machine. @throws 3006 when it has no such move. */
export function moveInvoice(inv: InvoiceRecord | null, trigger: InvoiceTrigger): Pick<InvoiceRecord, 'status' | 'fiscalStatus'> {
  const next = nextInvoiceState(inv && { status: inv.status, fiscalStatus: inv.fiscalStatus }, trigger);
  if (!next)
    throw apiError(
      3006,
      `Invoice ${inv?.invoiceId} is ${inv?.status}/${inv?.fiscalStatus}: it cannot be ${trigger === 'cancel' ? 'cancelled' : 'requested again'}`,
    );
  return next;
}

/** Writes an `invoice.*` event carrying the invoice notification object (inside the caller's transaction). */
export function emitInvoice(d: Deps, type: EventType, inv: InvoiceRecord): void {
  emit(d.store, type, inv.invoiceId, invoiceNotificationView(inv, d.publicUrl()), d.clock.nowMs());
}

/** `openpay_transaction_id` names a completed charge of the merchant (merchant or customer level), or 1003. */
function invoicedCharge(d: Deps, id: string | undefined): string | null {
  if (id === undefined) return null;
  const t = d.store.transactions.get(id);
  if (t?.kind !== 'charge' || t.status !== 'completed') {
    throw apiError(
      1003,
      `openpay_transaction_id ${id} is not a completed charge of the merchant${t ? ` (it is a ${t.kind}, ${t.status})` : ''}`,
    );
  }
  return id;
}

/**
 * Accepts a generation request: `PENDING` at once, stamped by a job {@link STAMP_DELAY_MS} later on the clock. A
 * request for an `invoice_id` whose invoice was refused (`ERROR`) replaces it (a new `request_id`).
 * @throws 1003 when `openpay_transaction_id` is not a completed charge, the `invoice_id` is taken by an invoice not
 *   refused, or the sandbox holds its maximum of invoices.
 */
export function createInvoice(d: Deps, req: InvoiceRequest): InvoiceRecord {
  return d.store.tx(() => {
    const transactionId = invoicedCharge(d, req.openpay_transaction_id);
    const old = d.store.invoices.byInvoiceId(req.invoice_id) ?? null;
    if (old && old.status !== 'ERROR') throw apiError(1003, `invoice_id ${req.invoice_id} is already used by an invoice ${old.status}`);
    if (!old) ensureRoom(d.store.invoices, d.store.limits.maxRecords, 'invoices');
    const now = d.clock.nowMs();
    const inv: InvoiceRecord = {
      id: old?.id ?? newId('inv'),
      created: now,
      invoiceId: req.invoice_id,
      requestId: randomUUID(),
      request: req,
      transactionId,
      ...moveInvoice(old, old ? 'resubmit' : 'request'),
      issuer: { ...SANDBOX_ISSUER, name: d.merchant.name },
      stampedAt: null,
      uuid: null,
      message: null,
      cancelledAt: null,
      cancellation: null,
      linkToken: old?.linkToken ?? randomBytes(16).toString('hex'),
      linksExpireAt: null,
    };
    if (old) d.store.invoices.update(inv);
    else d.store.invoices.insert(inv);
    d.scheduler.schedule(STAMP_JOB, now + STAMP_DELAY_MS, inv.id, { requestId: inv.requestId });
    return inv;
  });
}

/**
 * Cancels a stamped invoice: `fiscal_status` CANCELLED with its `cancellation_date`, and the `invoice.cancelled`
 * notification. @throws 1005 unknown; 3006 when it is not stamped (`PENDING`, `ERROR`) or already cancelled.
 */
export function cancelInvoice(d: Deps, invoiceId: string, c: { motivo: string; folio_sustitucion?: string | undefined }): InvoiceRecord {
  return d.store.tx(() => {
    const inv = invoiceOf(d, invoiceId);
    const cancelled: InvoiceRecord = {
      ...inv,
      ...moveInvoice(inv, 'cancel'),
      cancelledAt: d.clock.nowMs(),
      cancellation: { motivo: c.motivo, folioSustitucion: c.folio_sustitucion?.toUpperCase() ?? null },
    };
    d.store.invoices.update(cancelled);
    emitInvoice(d, 'invoice.cancelled', cancelled);
    return cancelled;
  });
}

/** The XML's dates of a stamped invoice, central time without offset (as the CFDI writes them). */
const datesOf = (inv: InvoiceRecord): XmlDates => ({
  issued: isoDateTime(inv.created).slice(0, 19),
  stamped: isoDateTime(inv.stampedAt!).slice(0, 19),
});

/**
 * A stamped invoice's document by its link token: its XML text or PDF bytes.
 * @throws 1005 for an unknown token, an invoice not stamped, or a link past its `link_expiration_date`.
 */
export async function invoiceDocument(
  d: Deps,
  token: string,
  kind: 'xml' | 'pdf',
): Promise<{ inv: InvoiceRecord; body: string | Uint8Array }> {
  const inv = /^[0-9a-f]{32}$/.test(token) ? d.store.invoices.byLinkToken(token) : undefined;
  if (!inv || inv.status !== 'OK') throw apiError(1005, 'No invoice document at this link');
  if (d.clock.nowMs() > inv.linksExpireAt!) {
    throw apiError(1005, `This link expired on ${isoDateTime(inv.linksExpireAt!)}; the document is only available from the dashboard`);
  }
  return { inv, body: kind === 'xml' ? invoiceXml(inv, datesOf(inv)) : await pdfOf(d, inv) };
}

/** Most rendered PDFs kept per sandbox; the least recently used is dropped first. */
export const PDF_CACHE_MAX = 64;

/** The rendered PDFs of each sandbox by invoice UUID (a stamped invoice never changes): rendered once, then kept. */
const pdfCaches = new WeakMap<Deps, Map<string, Promise<Uint8Array>>>();

/** A stamped invoice's PDF: rendered once (requests that arrive meanwhile share the rendering) and kept. */
function pdfOf(d: Deps, inv: InvoiceRecord): Promise<Uint8Array> {
  let cache = pdfCaches.get(d);
  if (!cache) pdfCaches.set(d, (cache = new Map()));
  const key = inv.uuid!;
  const kept = cache.get(key);
  if (kept) {
    cache.delete(key); // re-inserted last: the map's order is the order of use
    cache.set(key, kept);
    return kept;
  }
  const rendering = renderInvoicePdf(inv, datesOf(inv));
  rendering.catch(() => cache.delete(key));
  cache.set(key, rendering);
  if (cache.size > PDF_CACHE_MAX) cache.delete(cache.keys().next().value!);
  return rendering;
}
