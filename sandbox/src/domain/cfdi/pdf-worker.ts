/**
 * The PDF renderer's thread (worker_threads): takes `{id, inv, dates}` messages, answers `{id, pdf}` (the bytes,
 * transferred) or `{id, error}`. Rendering here keeps pdf-lib's and bwip-js's warm-up and every long synchronous
 * step off the thread that answers requests (issue 42).
 */
import { parentPort } from 'node:worker_threads';
import type { InvoiceRecord } from './invoice';
import { invoicePdf } from './pdf';
import type { XmlDates } from './xml';

/** A render asked of the thread. */
export type PdfJob = { id: number; inv: InvoiceRecord; dates: XmlDates };
/** The thread's answer to one {@link PdfJob}. */
export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (job: PdfJob) => {
  invoicePdf(job.inv, job.dates).then(
    (pdf) => parentPort!.postMessage({ id: job.id, pdf } satisfies PdfAnswer, [pdf.buffer as ArrayBuffer]),
    (err: unknown) => parentPort!.postMessage({ id: job.id, error: String((err as Error)?.message ?? err) } satisfies PdfAnswer),
  );
});
