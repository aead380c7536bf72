import { Worker } from 'node:worker_threads';
import type { InvoiceRecord } from './invoice';
import type { PdfAnswer } from './pdf-worker';
import type { XmlDates } from './xml';

/**
 * Invoice PDFs rendered on one worker thread shared by every sandbox of the process, started on the first PDF and
 * kept (unreferenced, so it never keeps a process alive). The thread that answers requests only posts the invoice
 * and receives the bytes: a large invoice, or the renderer's first warm-up, never holds it (issue 42). Renders
 * queue in the thread one after another; a thread that dies fails its pending renders and the next render starts
 * a new one.
 */
type Pending = { resolve: (pdf: Uint8Array) => void; reject: (err: Error) => void };

/** Heap ceiling of the PDF thread, in MiB: a runaway render ends that thread, never the server. */
export const PDF_THREAD_HEAP_MB = 256;

let thread: { worker: Worker; pending: Map<number, Pending> } | undefined;
let nextId = 1;

/** The thread's entry: the built package's `pdf-worker.js` beside its bundle, or the source's bootstrap. */
function workerEntry(): URL {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? './pdf-worker-source.mjs' : './pdf-worker.js', import.meta.url);
}

function startThread(): NonNullable<typeof thread> {
  const worker = new Worker(workerEntry(), { resourceLimits: { maxOldGenerationSizeMb: PDF_THREAD_HEAP_MB } });
  const started = { worker, pending: new Map<number, Pending>() };
  worker.unref();
  worker.on('message', (answer: PdfAnswer) => {
    const p = started.pending.get(answer.id);
    started.pending.delete(answer.id);
    if (started.pending.size === 0) worker.unref();
    if ('pdf' in answer) p?.resolve(answer.pdf);
    else p?.reject(new Error(`PDF rendering failed: ${answer.error}`));
  });
  const fail = (err: Error) => {
    if (thread === started) thread = undefined;
    for (const p of started.pending.values()) p.reject(err);
    started.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the PDF thread ended (exit code ${code})`)));
  return started;
}

/**
 * Renders a stamped invoice's PDF (`invoicePdf` of pdf.ts: the document) on the PDF thread.
 * @returns the PDF's bytes.
 * @throws Error when the rendering fails or the thread ends before it answers.
 */
export function renderInvoicePdf(inv: InvoiceRecord, dates: XmlDates): Promise<Uint8Array> {
  thread ??= startThread();
  const { worker, pending } = thread;
  const id = nextId++;
  return new Promise<Uint8Array>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.ref(); // a render in flight keeps the process until it answers
    worker.postMessage({ id, inv, dates });
  });
}
