// @vitest-environment node
/**
 * The documents of a stamped CFDI (sandbox/src/domain/cfdi/xml.ts and pdf.ts): the XML parsed back with a
 * well-kept parser (fast-xml-parser) and checked attribute by attribute against the request; the PDF opened with
 * pdf-lib, its pages counted and its text read back from the content streams.
 */
import { XMLParser } from 'fast-xml-parser';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';
import { prepareZXingModule, readBarcodesFromImageData } from 'zxing-wasm/reader';
import { describe, expect, it } from 'vitest';
import { SANDBOX_ISSUER, type InvoiceRecord } from '../../src/domain/cfdi/invoice';
import { invoicePdf, verificationUrl } from '../../src/domain/cfdi/pdf';
import { invoiceXml, NS, SANDBOX_LEGEND, SANDBOX_SEAL_PREFIX } from '../../src/domain/cfdi/xml';
import { parseInvoiceRequest } from '../../src/resources/invoices/schema';
import { AEROLINEAS, DONATARIAS, invoiceBody, PAGOS, paymentBody } from './cfdi-fixtures';

const DATES = { issued: '2026-03-10T12:00:00', stamped: '2026-03-10T12:00:02' };
const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';

/** A stamped invoice record of a request body. */
const stamped = (body: unknown): InvoiceRecord => ({
  id: 'invtest',
  created: Date.parse('2026-03-10T18:00:00Z'),
  invoiceId: 'F-1001',
  requestId: 'b1e7a0a4-0000-4000-8000-000000000001',
  request: parseInvoiceRequest(body),
  transactionId: 'trabc',
  status: 'OK',
  fiscalStatus: 'ACTIVE',
  issuer: { ...SANDBOX_ISSUER, name: 'Tienda Demo' },
  stampedAt: Date.parse('2026-03-10T18:00:02Z'),
  uuid: UUID,
  message: null,
  cancelledAt: null,
  cancellation: null,
  linkToken: '0'.repeat(32),
  linksExpireAt: Date.parse('2026-04-09T18:00:02Z'),
});

const ARRAYS = new Set([
  'cfdi:Concepto',
  'cfdi:Traslado',
  'cfdi:Retencion',
  'cfdi:CfdiRelacionado',
  'pago20:DoctoRelacionado',
  'aerolineas:Cargo',
]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  isArray: (name) => ARRAYS.has(name),
});
const parse = (xml: string) => parser.parse(xml) as Record<string, any>;

describe('the CFDI 4.0 XML, parsed back', () => {
  const body = invoiceBody({
    cfdi_relacionados: { tipo_relacion: '04', relacionados: [{ uuid: '6f1d6d2e-8b6a-4c55-9c1e-6a4d8e0f1a2b' }] },
    complements: { aerolineas: AEROLINEAS, donatarias: DONATARIAS },
  });
  const inv = stamped(body);
  const xml = invoiceXml(inv, DATES);
  const c = parse(xml)['cfdi:Comprobante'];

  it("is a cfdi:Comprobante 4.0 in the SAT namespace, with the request's header fields", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(c['xmlns:cfdi']).toBe(NS.cfdi);
    expect(c['xmlns:tfd']).toBe(NS.tfd);
    expect(c).toMatchObject({
      Version: '4.0',
      Serie: 'A',
      Folio: '1001',
      Fecha: DATES.issued,
      FormaPago: '04',
      SubTotal: '1000.00',
      Descuento: '20.00',
      Moneda: 'MXN',
      TipoCambio: '1',
      Total: '1106.80',
      TipoDeComprobante: 'I',
      Exportacion: '01',
      MetodoPago: 'PUE',
      LugarExpedicion: '06600',
    });
    expect(c.Sello.startsWith(`${SANDBOX_SEAL_PREFIX}-SELLO-`)).toBe(true);
    expect(Buffer.from(c.Certificado, 'base64').toString()).toContain('SANDBOX-SIN-VALIDEZ-FISCAL');
  });

  it('Emisor, Receptor and the related CFDIs', () => {
    expect(c['cfdi:Emisor']).toEqual({ Rfc: 'EKU9003173C9', Nombre: 'Tienda Demo', RegimenFiscal: '601' });
    expect(c['cfdi:Receptor']).toEqual({
      Rfc: 'PEGA800101AB1',
      Nombre: 'Ana Pérez García',
      DomicilioFiscalReceptor: '03100',
      RegimenFiscalReceptor: '612',
      UsoCFDI: 'G03',
    });
    expect(c['cfdi:CfdiRelacionados']).toEqual({
      TipoRelacion: '04',
      'cfdi:CfdiRelacionado': [{ UUID: '6F1D6D2E-8B6A-4C55-9C1E-6A4D8E0F1A2B' }],
    });
  });

  it('each Concepto with its taxes, field by field', () => {
    const [a, b] = c['cfdi:Conceptos']['cfdi:Concepto'];
    expect(a).toMatchObject({
      ClaveProdServ: '50201706',
      NoIdentificacion: 'CAF-1KG',
      Cantidad: '2',
      ClaveUnidad: 'H87',
      Unidad: 'Pieza',
      Descripcion: 'Café de Chiapas, 1 kg',
      ValorUnitario: '350.00',
      Importe: '700.00',
      Descuento: '20.00',
      ObjetoImp: '02',
    });
    expect(a['cfdi:Impuestos']['cfdi:Traslados']['cfdi:Traslado']).toEqual([
      { Base: '680.00', Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000', Importe: '108.80' },
    ]);
    expect(b).toMatchObject({ Cantidad: '1.5', ClaveUnidad: 'E48', ValorUnitario: '200.00', Importe: '300.00', ObjetoImp: '02' });
    expect(b.Unidad).toBeUndefined();
    expect(b['cfdi:Impuestos']['cfdi:Retenciones']['cfdi:Retencion']).toEqual([
      { Base: '300.00', Impuesto: '001', TipoFactor: 'Tasa', TasaOCuota: '0.100000', Importe: '30.00' },
    ]);
  });

  it('Impuestos: the totals, withheld by tax, transferred by tax, factor and rate', () => {
    const t = c['cfdi:Impuestos'];
    expect(t).toMatchObject({ TotalImpuestosRetenidos: '30.00', TotalImpuestosTrasladados: '156.80' });
    expect(t['cfdi:Retenciones']['cfdi:Retencion']).toEqual([{ Impuesto: '001', Importe: '30.00' }]);
    expect(t['cfdi:Traslados']['cfdi:Traslado']).toEqual([
      { Base: '980.00', Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000', Importe: '156.80' },
    ]);
  });

  it("the complements, and the sandbox stamp whose seals and legend say it is not the tax authority's", () => {
    const k = c['cfdi:Complemento'];
    expect(k['aerolineas:Aerolineas']).toMatchObject({ 'xmlns:aerolineas': NS.aerolineas, Version: '1.0', TUA: '250.00' });
    expect(k['aerolineas:Aerolineas']['aerolineas:OtrosCargos']).toEqual({
      TotalCargos: '200.50',
      'aerolineas:Cargo': [
        { CodigoCargo: 'XV', Importe: '120.50' },
        { CodigoCargo: 'YQ', Importe: '80.00' },
      ],
    });
    expect(k['donat:Donatarias']).toEqual({
      'xmlns:donat': NS.donat,
      version: '1.1',
      noAutorizacion: DONATARIAS.no_autorizacion,
      fechaAutorizacion: DONATARIAS.fecha_autorizacion,
      leyenda: DONATARIAS.leyenda,
    });
    const tfd = k['tfd:TimbreFiscalDigital'];
    expect(tfd).toMatchObject({
      Version: '1.1',
      UUID,
      FechaTimbrado: DATES.stamped,
      Leyenda: SANDBOX_LEGEND,
      SelloCFD: c.Sello,
      NoCertificadoSAT: '00000000000000000000',
    });
    expect(tfd.SelloSAT.startsWith(`${SANDBOX_SEAL_PREFIX}-SELLO-SAT-`)).toBe(true);
    expect(tfd.Leyenda).toMatch(/sin validez fiscal/);
  });

  it('the payments complement (Pagos 2.0) with its DoctoRelacionado, on a payment CFDI', () => {
    const p = parse(invoiceXml(stamped(paymentBody()), DATES))['cfdi:Comprobante'];
    expect(p).toMatchObject({ TipoDeComprobante: 'P', SubTotal: '0.00', Total: '0.00' });
    expect(p['cfdi:Impuestos']).toBeUndefined();
    const pagos = p['cfdi:Complemento']['pago20:Pagos'];
    expect(pagos).toMatchObject({ 'xmlns:pago20': NS.pago20, Version: '2.0', 'pago20:Totales': { MontoTotalPagos: '500.00' } });
    expect(pagos['pago20:Pago']).toMatchObject({
      FechaPago: PAGOS.fecha_pago,
      FormaDePagoP: '03',
      MonedaP: 'MXN',
      TipoCambioP: '1',
      Monto: '500.00',
      NumOperacion: PAGOS.num_operacion,
      RfcEmisorCtaOrd: PAGOS.rfc_emisor_cta_ord,
      NomBancoOrdExt: PAGOS.nom_banco_ord_ext,
      CtaOrdenante: PAGOS.cta_ordenante,
      RfcEmisorCtaBen: PAGOS.rfc_emisor_cta_ben,
      CtaBeneficiario: PAGOS.cta_beneficiario,
      TipoCadPago: '01',
      CertPago: PAGOS.cert_pago,
      CadPago: PAGOS.cad_pago,
      SelloPago: PAGOS.sello_pago,
    });
    expect(pagos['pago20:Pago']['pago20:DoctoRelacionado']).toEqual([
      {
        IdDocumento: PAGOS.docto_relacionados[0]!.id_documento,
        Serie: 'A',
        Folio: '990',
        MonedaDR: 'MXN',
        EquivalenciaDR: '1',
        NumParcialidad: '1',
        ImpSaldoAnt: '1000.00',
        ImpPagado: '500.00',
        ImpSaldoInsoluto: '500.00',
        ObjetoImpDR: '01',
      },
    ]);
  });

  it('escapes what the request says (the builder, not string concatenation) and writes a foreign receiver', () => {
    const foreign = invoiceBody({ receptor: { nombre: 'Acme <"&"> Inc', rfc: 'XEXX010101000', uso_cfdi: 'G03', pais: 'USA' } });
    const x = invoiceXml(stamped(foreign), DATES);
    expect(x).toContain('Nombre="Acme &lt;&quot;&amp;&quot;&gt; Inc"');
    expect(parse(x)['cfdi:Comprobante']['cfdi:Receptor']).toEqual({
      Rfc: 'XEXX010101000',
      Nombre: 'Acme <"&"> Inc',
      DomicilioFiscalReceptor: '06600',
      ResidenciaFiscal: 'USA',
      RegimenFiscalReceptor: '616',
      UsoCFDI: 'G03',
    });
  });
});

/** The text a page draws: pdf-lib writes each line as a hex string (WinAnsi) shown with Tj. */
function pageText(doc: PDFDocument, page: PDFPage): string {
  let text = '';
  for (const m of pageOps(doc, page).matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) text += `${Buffer.from(m[1]!, 'hex').toString('latin1')}\n`;
  return text;
}

/** A page's content streams, decoded: its drawing operators as text. */
function pageOps(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents()!;
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  return streams.map((s) => Buffer.from(decodePDFRawStream(s as PDFRawStream).decode()).toString('latin1')).join('\n');
}

/**
 * What a phone's camera would read from the page's QR code: the filled rectangles pdf-lib draws (a translation,
 * then a closed path from 0 0 to its width and height), painted black on white at 4 pixels a point, decoded by
 * zxing-wasm. Every other drawing on the page is text, which this leaves out.
 */
async function readQrCode(doc: PDFDocument, page: PDFPage): Promise<string[]> {
  const rect = /1 0 0 1 ([\d.]+) ([\d.]+) cm\s+(?:1 0 0 1 0 0 cm\s+)*0 0 m\s+0 ([\d.]+) l\s+([\d.]+) [\d.]+ l\s+[\d.]+ 0 l\s+h\s+f/g;
  const { width, height } = page.getSize();
  const [w, h, k] = [Math.ceil(width * 4), Math.ceil(height * 4), 4];
  const data = new Uint8ClampedArray(w * h * 4).fill(255);
  for (const m of pageOps(doc, page).matchAll(rect)) {
    const [x, y, rh, rw] = [+m[1]!, +m[2]!, +m[3]!, +m[4]!];
    for (let py = Math.round((height - y - rh) * k); py < Math.round((height - y) * k); py++)
      for (let px = Math.round(x * k); px < Math.round((x + rw) * k); px++) data.fill(0, (py * w + px) * 4, (py * w + px) * 4 + 3);
  }
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer } });
  return (await readBarcodesFromImageData({ data, width: w, height: h } as ImageData, { formats: ['QRCode'] })).map((r) => r.text);
}

describe('the PDF, opened with pdf-lib', () => {
  it('one page: the header, the fiscal identifiers, every concept, the totals, the seals and the QR code', async () => {
    const inv = stamped(invoiceBody({ complements: { donatarias: DONATARIAS } }));
    const bytes = await invoicePdf(inv, DATES);
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`CFDI ${UUID} (sandbox)`);
    const text = pageText(doc, doc.getPage(0));
    for (const s of [
      'Factura electrónica (CFDI 4.0)',
      'SANDBOX: documento de prueba sin validez fiscal',
      `Folio fiscal (UUID): ${UUID}`,
      'RFC: EKU9003173C9',
      'Receptor: Ana Pérez García',
      'RFC: PEGA800101AB1',
      'Café de Chiapas, 1 kg (CAF-1KG)',
      'Servicio de envío (ENV-1)',
      '1106.80 MXN',
      '156.80 MXN',
      '30.00 MXN',
      'Complemento donatarias: autorización 325-SAT-09-I-A-1234',
      'Observaciones: Entrega en tienda',
      'Sello digital del CFDI',
      SANDBOX_LEGEND,
      'Página 1 de 1 · SANDBOX: sin validez fiscal',
    ])
      expect(text).toContain(s);
    expect(await readQrCode(doc, doc.getPage(0))).toEqual([verificationUrl(inv)]); // the QR code, drawn as vector squares
    const seal = /Sello="([^"]+)"/.exec(invoiceXml(inv, DATES))![1]!;
    expect(Object.fromEntries(new URL(verificationUrl(inv)).searchParams)).toEqual({
      id: UUID,
      re: 'EKU9003173C9',
      rr: 'PEGA800101AB1',
      tt: '1106.80',
      fe: seal.slice(-8),
    });
  });

  it('many concepts run over several pages, each numbered; characters the font lacks become ?', async () => {
    const concepts = Array.from({ length: 120 }, (_, i) => ({
      identificador: `SKU-${i}`,
      cantidad: 1,
      clave_unidad: 'H87',
      descripcion: `Artículo ${i} 🙂 con una descripción larga que ocupa más de una línea en la columna de descripción del PDF`,
      valor_unitario: 10,
      importe: 10,
      clave: '1',
    }));
    const many = invoiceBody({
      conceptos: concepts,
      subtotal: 1200,
      total: 1200,
      descuento: undefined,
      total_trasladados: undefined,
      total_retenidos: undefined,
    });
    const doc = await PDFDocument.load(await invoicePdf(stamped(many), DATES));
    const n = doc.getPageCount();
    expect(n).toBeGreaterThan(2);
    const all = doc.getPages().map((p) => pageText(doc, p));
    all.forEach((t, i) => expect(t).toContain(`Página ${i + 1} de ${n}`));
    expect(all.join('')).toContain('Artículo 119 ?');
  });
});
