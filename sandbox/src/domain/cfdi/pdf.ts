import bwipjs from 'bwip-js/node';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { centsText, microsText } from './decimal';
import type { InvoiceRecord } from './invoice';
import type { InvoiceRequest } from './request';
import { taxTotals } from './rules';
import { sandboxSeal, SANDBOX_LEGEND, type XmlDates } from './xml';

/**
 * The printed form of a stamped CFDI as a PDF (pdf-lib, the standard Helvetica fonts), in Spanish as Mexican
 * invoices are: issuer, receiver, concepts, totals, complements, the seals, and the fiscal QR code (bwip-js) of
 * the tax authority's verification address. Every page says it is a sandbox document without fiscal validity.
 */

/** The verification address the QR code carries (the tax authority's format; it does not know sandbox UUIDs). */
export function verificationUrl(inv: InvoiceRecord): string {
  const seal = sandboxSeal('SELLO', `${inv.uuid}|${inv.requestId}`);
  const q = new URLSearchParams({
    id: inv.uuid ?? '',
    re: inv.issuer.rfc,
    rr: inv.request.receptor.rfc,
    tt: centsText(inv.request.total),
    fe: seal.slice(-8),
  });
  return `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?${q}`;
}

const PAGE: [number, number] = [612, 792];
const MARGIN = 40;
const BOTTOM = 56;
const RED = rgb(0.7, 0.05, 0.05);
const GREY = rgb(0.35, 0.35, 0.35);

/** What {@link wrapText} needs of a font: the width of a text at a size, points. */
export type MeasuringFont = Pick<PDFFont, 'widthOfTextAtSize'>;

/** Widths of single characters at size 1, per font: each character is measured once. */
const charWidths = new WeakMap<MeasuringFont, Map<string, number>>();

/** The width of `ch` at `size`, measured once per font. */
function charWidth(font: MeasuringFont, ch: string, size: number): number {
  let widths = charWidths.get(font);
  if (!widths) charWidths.set(font, (widths = new Map()));
  let w = widths.get(ch);
  if (w === undefined) widths.set(ch, (w = font.widthOfTextAtSize(ch, 1)));
  return w * size;
}

/**
 * `text` (single-spaced) cut into lines of at most `width` points at `size`: at spaces, and a word wider than a line
 * between characters. Linear in the text's length: each character's width is added once, never re-measured (a
 * 700-character word costs 700 additions, not the 250,000 measures of shortening it one character at a time).
 */
export function wrapText(text: string, width: number, size: number, font: MeasuringFont): string[] {
  const lines: string[] = [];
  const space = charWidth(font, ' ', size);
  let line = '';
  let lineWidth = 0;
  for (const word of text.split(' ')) {
    const chars = [...word];
    const wordWidth = chars.reduce((sum, ch) => sum + charWidth(font, ch, size), 0);
    if (line && lineWidth + space + wordWidth <= width) {
      line += ` ${word}`;
      lineWidth += space + wordWidth;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    lineWidth = 0;
    for (const ch of chars) {
      const w = charWidth(font, ch, size);
      if (line && lineWidth + w > width) {
        lines.push(line);
        line = '';
        lineWidth = 0;
      }
      line += ch;
      lineWidth += w;
    }
  }
  return line ? [...lines, line] : lines;
}

/** Lets the event loop run what waits (requests, timers) before the rendering goes on. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A cursor writing lines down the pages, adding a page when one is full. */
class Writer {
  page: PDFPage;
  y = PAGE[1] - MARGIN;
  readonly #chars: Set<number>;

  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(PAGE);
    this.#chars = new Set(font.getCharacterSet());
  }

  /** Text the standard fonts can draw (WinAnsi): anything else becomes `?`. */
  clean(s: string): string {
    return [...s.replace(/\s+/g, ' ')].map((ch) => (this.#chars.has(ch.codePointAt(0)!) ? ch : '?')).join('');
  }

  /** Makes room for `h` points, on a new page when this one has less. */
  need(h: number): void {
    if (this.y - h >= BOTTOM) return;
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  /** `text` cut into lines of at most `width` points at `size` ({@link wrapText}). */
  wrap(text: string, width: number, size: number, font = this.font): string[] {
    return wrapText(this.clean(text), width, size, font);
  }

  /** A paragraph: wrapped to the page width (from `x`), moving down. */
  text(s: string, o: { size?: number; bold?: boolean; x?: number; color?: ReturnType<typeof rgb> } = {}): void {
    const size = o.size ?? 9;
    const font = o.bold ? this.bold : this.font;
    const x = o.x ?? MARGIN;
    for (const line of this.wrap(s, PAGE[0] - MARGIN - x, size, font)) {
      this.need(size + 3);
      this.page.drawText(line, { x, y: this.y - size, size, font, color: o.color ?? rgb(0, 0, 0) });
      this.y -= size + 3;
    }
  }

  /** A table row: each cell wrapped to its column, right-aligned when asked; the row as tall as its tallest cell. */
  row(cells: { text: string; x: number; width: number; right?: boolean }[], size = 8, bold = false): void {
    const font = bold ? this.bold : this.font;
    const wrapped = cells.map((c) => this.wrap(c.text, c.width, size, font));
    const height = Math.max(...wrapped.map((w) => w.length)) * (size + 2) + 3;
    this.need(height);
    cells.forEach((c, i) =>
      wrapped[i]!.forEach((line, j) => {
        const x = c.right ? c.x + c.width - font.widthOfTextAtSize(line, size) : c.x;
        this.page.drawText(line, { x, y: this.y - size - j * (size + 2), size, font });
      }),
    );
    this.y -= height;
  }

  gap(h = 6): void {
    this.y -= h;
  }
}

/** The columns of the concepts table. */
const COLUMNS = [
  { title: 'Clave', x: MARGIN, width: 52 },
  { title: 'Cantidad', x: MARGIN + 54, width: 44, right: true },
  { title: 'Unidad', x: MARGIN + 102, width: 46 },
  { title: 'Descripción', x: MARGIN + 152, width: 226 },
  { title: 'Valor unitario', x: MARGIN + 382, width: 70, right: true },
  { title: 'Importe', x: MARGIN + 456, width: 76, right: true },
];

/** The header: title, the sandbox warning, the fiscal identifiers and dates. */
function header(w: Writer, inv: InvoiceRecord, dates: XmlDates): void {
  const r = inv.request;
  w.text('Factura electrónica (CFDI 4.0)', { size: 16, bold: true });
  w.text('SANDBOX: documento de prueba sin validez fiscal', { size: 11, bold: true, color: RED });
  w.gap();
  w.text(`Tipo de comprobante: ${r.tipo_comprobante} · Serie: ${r.serie ?? '-'} · Folio: ${r.folio ?? '-'} · Id: ${inv.invoiceId}`);
  w.text(`Folio fiscal (UUID): ${inv.uuid}`, { bold: true });
  w.text(`Fecha de emisión: ${dates.issued} · Fecha de timbrado: ${dates.stamped} · Lugar de expedición: ${r.lugar_expedicion}`);
  w.text(
    `Forma de pago: ${r.forma_pago} · Método de pago: ${r.metodo_pago} · Moneda: ${r.moneda} · Tipo de cambio: ${microsText(r.tipo_de_cambio)}`,
  );
  w.gap();
  w.text(`Emisor: ${inv.issuer.name} · RFC: ${inv.issuer.rfc} · Régimen fiscal: ${inv.issuer.regime}`, { bold: true });
  const x = r.receptor;
  w.text(`Receptor: ${x.nombre} · RFC: ${x.rfc} · Uso del CFDI: ${x.uso_cfdi}`, { bold: true });
  w.text(`Domicilio fiscal: ${x.residencia_fiscal ?? r.lugar_expedicion}${x.pais ? ` · Residencia fiscal: ${x.pais}` : ''}`);
  if (inv.transactionId) w.text(`Transacción: ${inv.transactionId}`);
  w.gap();
}

/** The concepts table, a row at a time: the event loop runs between them. */
async function concepts(w: Writer, r: InvoiceRequest): Promise<void> {
  w.row(
    COLUMNS.map((c) => ({ ...c, text: c.title })),
    8,
    true,
  );
  for (const [n, c] of r.conceptos.entries()) {
    if (n > 0) await yieldToLoop();
    const values = [
      c.clave,
      microsText(c.cantidad),
      `${c.clave_unidad}${c.unidad ? ` ${c.unidad}` : ''}`,
      `${c.descripcion} (${c.identificador})`,
      microsText(c.valor_unitario, 2),
      centsText(c.importe),
    ];
    w.row(COLUMNS.map((col, i) => ({ ...col, text: values[i]! })));
  }
  w.gap();
}

/** Totals, complements, related CFDIs and remarks. */
function totals(w: Writer, r: InvoiceRequest): void {
  const t = taxTotals(r);
  const lines: [string, number][] = [
    ['Subtotal', r.subtotal],
    ['Descuento', r.descuento ?? 0],
    ['Impuestos trasladados', t.transferred],
    ['Impuestos retenidos', t.withheld],
    ['Total', r.total],
  ];
  for (const [label, cents] of lines) {
    w.row([
      { text: label, x: MARGIN + 330, width: 120, right: true },
      { text: `${centsText(cents)} ${r.moneda}`, x: MARGIN + 452, width: 80, right: true },
    ]);
  }
  w.gap();
  const c = r.complements;
  if (c?.aerolineas)
    w.text(`Complemento aerolíneas: TUA ${centsText(c.aerolineas.tua)}, otros cargos: ${c.aerolineas.otrosCargos?.length ?? 0}`);
  const p = c?.pagos ?? c?.payouts;
  if (p)
    w.text(
      `Complemento de pagos: ${p.fecha_pago}, forma ${p.forma_de_pago}, ${centsText(p.monto)} ${p.moneda_p}, documentos relacionados: ${p.docto_relacionados?.length ?? 0}`,
    );
  if (c?.donatarias)
    w.text(
      `Complemento donatarias: autorización ${c.donatarias.no_autorizacion} del ${c.donatarias.fecha_autorizacion}. ${c.donatarias.leyenda}`,
    );
  if (r.cfdi_relacionados) {
    w.text(
      `CFDI relacionados (tipo ${r.cfdi_relacionados.tipo_relacion}): ${r.cfdi_relacionados.relacionados.map((x) => x.uuid).join(', ')}`,
    );
  }
  if (r.observaciones) w.text(`Observaciones: ${r.observaciones}`);
  w.gap();
}

/** The QR code's quiet zone, in modules (ISO/IEC 18004: four on each side). */
const QR_QUIET_MODULES = 4;

/**
 * Draws the QR code of `text` as vector squares, one rectangle per run of dark modules in a row: bwip-js's encoder
 * alone (`raw`, the module matrix) without its PNG rendering and compression, which took most of the time and held
 * the event loop for hundreds of milliseconds under load; the PDF gets a sharper code for it.
 * @param at the lower-left corner and the side of the square, quiet zone included, in PDF points.
 */
export function drawQrCode(page: PDFPage, text: string, at: { x: number; y: number; size: number }): void {
  const [symbol] = bwipjs.raw('qrcode', text, '') as { pixs: number[]; pixx: number; pixy: number }[];
  const { pixs, pixx, pixy } = symbol!;
  const module = at.size / (pixx + 2 * QR_QUIET_MODULES);
  const top = at.y + at.size - QR_QUIET_MODULES * module;
  for (let row = 0; row < pixy; row++) {
    for (let col = 0; col < pixx; col++) {
      if (!pixs[row * pixx + col]) continue;
      const start = col;
      while (col + 1 < pixx && pixs[row * pixx + col + 1]) col++;
      const x = at.x + (QR_QUIET_MODULES + start) * module;
      page.drawRectangle({ x, y: top - (row + 1) * module, width: (col - start + 1) * module, height: module, color: rgb(0, 0, 0) });
    }
  }
}

/** The seals, the stamp's original chain and the QR code. */
async function seals(w: Writer, inv: InvoiceRecord, dates: XmlDates): Promise<void> {
  const seal = sandboxSeal('SELLO', `${inv.uuid}|${inv.requestId}`);
  const satSeal = sandboxSeal('SELLO-SAT', `${inv.uuid}|${dates.stamped}`);
  w.text(SANDBOX_LEGEND, { size: 8, bold: true, color: RED });
  for (const [label, value] of [
    ['Sello digital del CFDI', seal],
    ['Sello del SAT', satSeal],
    ['Cadena original del complemento de certificación', `||1.1|${inv.uuid}|${dates.stamped}|SAN000101AA0|${seal}|00000000000000000000||`],
  ]) {
    w.text(label!, { size: 7, bold: true });
    w.text(value!, { size: 6, color: GREY });
  }
  await yieldToLoop();
  w.need(110);
  drawQrCode(w.page, verificationUrl(inv), { x: MARGIN, y: w.y - 100, size: 100 });
  await yieldToLoop();
  w.text('Representación impresa de un CFDI del sandbox de paytoken. El código QR lleva la dirección de verificación del SAT,', {
    x: MARGIN + 110,
    size: 8,
  });
  w.text('que no conoce los folios del sandbox.', { x: MARGIN + 110, size: 8 });
  w.y -= 100;
}

/**
 * The PDF of a stamped invoice: one page, more when its concepts need them; each page numbered and marked as a
 * sandbox document. Rendered in slices (a concept, then the event loop runs; pdf-lib's save yields too), so a large
 * invoice's concepts never hold the server long; the QR code (bwip-js's encoder, drawn as vector squares) is one
 * slice of its own.
 * @returns the PDF's bytes.
 */
export async function invoicePdf(inv: InvoiceRecord, dates: XmlDates): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`CFDI ${inv.uuid} (sandbox)`);
  doc.setSubject('Factura electrónica CFDI 4.0 de prueba, sin validez fiscal');
  doc.setProducer('paytoken sandbox');
  doc.setCreator('paytoken sandbox');
  doc.setCreationDate(new Date(inv.stampedAt ?? inv.created));
  doc.setModificationDate(new Date(inv.stampedAt ?? inv.created));
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  header(w, inv, dates);
  await yieldToLoop();
  await concepts(w, inv.request);
  totals(w, inv.request);
  await yieldToLoop();
  await seals(w, inv, dates);
  const pages = doc.getPages();
  pages.forEach((page, i) =>
    page.drawText(`Página ${i + 1} de ${pages.length} · SANDBOX: sin validez fiscal`, {
      x: MARGIN,
      y: 30,
      size: 7,
      font: w.font,
      color: GREY,
    }),
  );
  await yieldToLoop();
  return doc.save({ objectsPerTick: 20, useObjectStreams: false }); // pdf-lib yields every 20 objects (object streams would be built in one go)
}
