/**
 * A stamped invoice's PDF is rendered once and kept (issue 42): requests that arrive while it renders share the
 * rendering, later ones get the kept bytes; another invoice is rendered on its own. The renderer is counted
 * through a module mock that calls the real one.
 */
import { describe, expect, it, vi } from 'vitest';
import { invoiceBody } from '../unit/cfdi-fixtures';
import { CREDS, useSandbox } from './helpers';
import { advance } from './webhook-helpers';

const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/domain/cfdi/pdf-thread', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/domain/cfdi/pdf-thread')>();
  const renderInvoicePdf: typeof real.renderInvoicePdf = (...args) => {
    renders.count++;
    return real.renderInvoicePdf(...args);
  };
  return { ...real, renderInvoicePdf };
});

const api = useSandbox();

/** Stamps an invoice (two clock seconds) and answers its public PDF link. */
async function stampedPdfLink(): Promise<string> {
  const { body } = await api.call('POST', '/invoices/v40', { body: invoiceBody() });
  await advance(api, CREDS.merchantId, 2);
  return (await api.call('GET', `/invoices/v40/${body.invoice_id}`)).body.public_pdf_link;
}

describe('GET /cfdi/{token}.pdf', () => {
  it('renders each invoice once: concurrent and later requests get the same bytes', async () => {
    const link = await stampedPdfLink();
    const before = renders.count;
    const bodies = await Promise.all([1, 2, 3].map(async () => Buffer.from(await (await fetch(link)).arrayBuffer())));
    const later = Buffer.from(await (await fetch(link)).arrayBuffer());
    expect(renders.count - before).toBe(1);
    for (const b of [...bodies.slice(1), later]) expect(b.equals(bodies[0]!)).toBe(true);
    await fetch(await stampedPdfLink());
    expect(renders.count - before).toBe(2);
  });
});
