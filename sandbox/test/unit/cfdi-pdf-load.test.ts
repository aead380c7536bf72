/**
 * A large CFDI's PDF (issue 42): 60 concepts of 700 characters without a space. Wrapping is linear in the text's
 * length (each character measured a bounded number of times), the rendering gives the event loop its turns while
 * it works, and the lines it makes each fit their column.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { SANDBOX_ISSUER, type InvoiceRecord } from '../../src/domain/cfdi/invoice';
import { invoicePdf, wrapText } from '../../src/domain/cfdi/pdf';
import { renderInvoicePdf } from '../../src/domain/cfdi/pdf-thread';
import { parseInvoiceRequest } from '../../src/resources/invoices/schema';
import { bigInvoiceBody } from './cfdi-fixtures';

const helvetica = async () => (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);

describe('wrapText', () => {
  it.each([700, 2800])('a %i-character word: each character measured at most once, every line within the width', async (length) => {
    const font = await helvetica();
    let measured = 0;
    const counting = {
      widthOfTextAtSize: (text: string, size: number) => {
        measured += text.length;
        return font.widthOfTextAtSize(text, size);
      },
    };
    const text = `Descripción ${'W'.repeat(length)} fin`;
    const lines = wrapText(text, 226, 8, counting);
    expect(measured).toBeLessThanOrEqual(new Set(text).size + 1); // once per distinct character (and the space)
    expect(lines.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
    for (const line of lines) expect(font.widthOfTextAtSize(line, 8)).toBeLessThanOrEqual(226 + 1e-6);
    expect(lines.length).toBeGreaterThan(length / 60);
  });
});

const DATES = { issued: '2026-03-10T12:00:00', stamped: '2026-03-10T12:00:02' };

/** The stamped invoice of 60 concepts x 700 characters. */
const bigInvoice = (): InvoiceRecord =>
  ({
    id: 'invbig',
    created: Date.parse('2026-03-10T18:00:00Z'),
    invoiceId: 'F-BIG',
    requestId: 'b1e7a0a4-0000-4000-8000-000000000002',
    request: parseInvoiceRequest(bigInvoiceBody()),
    transactionId: null,
    status: 'OK',
    fiscalStatus: 'ACTIVE',
    issuer: { ...SANDBOX_ISSUER, name: 'Tienda Demo' },
    stampedAt: Date.parse('2026-03-10T18:00:02Z'),
    uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCE',
    message: null,
    cancelledAt: null,
    cancellation: null,
    linkToken: '1'.repeat(32),
    linksExpireAt: Date.parse('2026-04-10T18:00:02Z'),
  }) as InvoiceRecord;

describe('invoicePdf of 60 concepts x 700 characters', () => {
  it('gives the event loop many turns while it renders, and makes a PDF of several pages', async () => {
    const inv = bigInvoice();
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const pdf = await invoicePdf(inv, DATES);
    ticking = false;
    expect(turns).toBeGreaterThanOrEqual(15); // a turn every few concepts and every 20 objects saved
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(5);
  }, 60_000);
});

describe('renderInvoicePdf (the PDF thread)', () => {
  it('answers the bytes this thread would render', async () => {
    const inv = bigInvoice();
    const [threaded, here] = await Promise.all([renderInvoicePdf(inv, DATES), invoicePdf(inv, DATES)]);
    expect(Buffer.from(threaded).equals(Buffer.from(here))).toBe(true);
  }, 120_000);

  it('rejects a render that fails, naming the cause, and renders the next one', async () => {
    const broken = { ...bigInvoice(), request: undefined } as unknown as InvoiceRecord;
    await expect(renderInvoicePdf(broken, DATES)).rejects.toThrow(/PDF rendering failed: .*(undefined|null)/);
    expect((await PDFDocument.load(await renderInvoicePdf(bigInvoice(), DATES))).getPageCount()).toBeGreaterThan(5);
  }, 120_000);
});
