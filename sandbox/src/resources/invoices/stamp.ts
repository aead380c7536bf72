import { randomUUID } from 'node:crypto';
import type { Deps } from '../../env';
import { LINK_TTL_MS, stampOutcome, type InvoiceRecord } from '../../domain/cfdi/invoice';
import type { Job } from '../../time/scheduler';
import { emitInvoice, moveInvoice } from './service';
import { STAMP_JOB } from './stamp-job';

export { STAMP_JOB };

/**
 * Stamps a pending invoice (the {@link STAMP_JOB} handler, in the job's transaction): `OK` with a new fiscal UUID,
 * its issue date and its document links for {@link LINK_TTL_MS}, and the `invoice.stamped` notification; or, for a
 * test receiver RFC (domain/cfdi/invoice.ts `ERROR_RFCS`), `ERROR` with its message and `invoice.failed`. A job of
 * a request since replaced, or of an invoice no longer pending, does nothing.
 */
export function stampInvoiceJob(d: Deps, job: Job): void {
  const inv = d.store.invoices.get(job.ref);
  if (!inv || inv.requestId !== job.data.requestId || inv.status !== 'PENDING') return;
  const outcome = stampOutcome(inv.request);
  const now = d.clock.nowMs();
  const stamped: InvoiceRecord =
    outcome.status === 'OK'
      ? { ...inv, ...moveInvoice(inv, 'stamp_ok'), stampedAt: now, uuid: randomUUID().toUpperCase(), linksExpireAt: now + LINK_TTL_MS }
      : { ...inv, ...moveInvoice(inv, 'stamp_error'), message: outcome.message };
  d.store.invoices.update(stamped);
  emitInvoice(d, outcome.status === 'OK' ? 'invoice.stamped' : 'invoice.failed', stamped);
}
