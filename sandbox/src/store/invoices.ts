import type { InvoiceRecord } from '../domain/cfdi/invoice';
import type { Db } from './db';
import { DocTable } from './table';

/** Electronic invoices (store/migrations/0006-invoices.ts), found by the merchant's `invoice_id` or their link token. */
export class InvoiceRepo extends DocTable<InvoiceRecord> {
  constructor(db: Db) {
    super(db, 'invoices', {
      invoice_id: (r) => r.invoiceId,
      link_token: (r) => r.linkToken,
      status: (r) => r.status,
      transaction_id: (r) => r.transactionId,
    });
  }

  /** The invoice the merchant calls `invoiceId`, or undefined. */
  byInvoiceId(invoiceId: string): InvoiceRecord | undefined {
    return this.findOne(['invoice_id = ?', invoiceId]);
  }

  /** The invoice whose public links carry `token`, or undefined. */
  byLinkToken(token: string): InvoiceRecord | undefined {
    return this.findOne(['link_token = ?', token]);
  }
}
