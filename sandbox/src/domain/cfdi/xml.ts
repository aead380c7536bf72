import { createHash } from 'node:crypto';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { centsText, microsText } from './decimal';
import { isGenericRfc, type InvoiceRecord } from './invoice';
import type { Concept, InvoiceRequest, Payments, Tax } from './request';
import { taxTotals } from './rules';

/**
 * The CFDI 4.0 XML of a stamped invoice (the SAT's cfdv40.xsd: `cfdi:Comprobante` Version 4.0 with Emisor,
 * Receptor, Conceptos, Impuestos and a Complemento holding the request's complements and a
 * `tfd:TimbreFiscalDigital` Version 1.1), built with xmlbuilder2. The seals, certificates and the stamp are the
 * sandbox's: every one says so in plain words ({@link SANDBOX_SEAL_PREFIX}) and the stamp's `Leyenda` says it has no
 * fiscal validity; they are never passed off as the tax authority's.
 */

/** The XML namespaces of the CFDI, its stamp and its complements (the SAT's). */
export const NS = {
  cfdi: 'http://www.sat.gob.mx/cfd/4',
  tfd: 'http://www.sat.gob.mx/TimbreFiscalDigital',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  pago20: 'http://www.sat.gob.mx/Pagos20',
  aerolineas: 'http://www.sat.gob.mx/aerolineas',
  donat: 'http://www.sat.gob.mx/donat',
} as const;

/** How every seal of the sandbox starts: a seal that is plainly not one. */
export const SANDBOX_SEAL_PREFIX = 'SANDBOX-SIN-VALIDEZ-FISCAL';

/** The stamp's `Leyenda`. */
export const SANDBOX_LEGEND = 'Timbre de prueba del sandbox de paytoken: sin validez fiscal; el SAT no lo conoce.';

/** The sandbox's certificate numbers: twenty zeros. */
export const SANDBOX_CERTIFICATE_NUMBER = '00000000000000000000';

/** The dates the XML writes, `yyyy-mm-ddThh:mm:ss` in central time (the caller formats them: the domain reads no clock). */
export interface XmlDates {
  /** The CFDI's `Fecha`: when it was requested. */
  issued: string;
  /** The stamp's `FechaTimbrado`. */
  stamped: string;
}

/** A seal of the sandbox: the prefix, then a digest of what it seals (so two invoices differ), base64. */
export function sandboxSeal(what: string, of: string): string {
  return `${SANDBOX_SEAL_PREFIX}-${what}-${createHash('sha256').update(of).digest('base64')}`;
}

/** Attributes without the undefined ones. */
const attrs = (a: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(a).filter((e): e is [string, string] => e[1] !== undefined));

/**
 * The XML text of a stamped invoice (`inv.status` OK, `inv.uuid` set).
 * @throws Error when the invoice has no stamp (a caller's bug: the links exist only once stamped).
 */
export function invoiceXml(inv: InvoiceRecord, dates: XmlDates): string {
  if (!inv.uuid) throw new Error(`invoice ${inv.invoiceId} is not stamped`);
  const r = inv.request;
  const seal = sandboxSeal('SELLO', `${inv.uuid}|${inv.requestId}`);
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(NS.cfdi, 'cfdi:Comprobante', {
    'xmlns:xsi': NS.xsi,
    'xmlns:tfd': NS.tfd,
    'xsi:schemaLocation': `${NS.cfdi} http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd`,
    ...attrs({
      Version: '4.0',
      Serie: r.serie,
      Folio: r.folio,
      Fecha: dates.issued,
      Sello: seal,
      FormaPago: r.forma_pago,
      NoCertificado: SANDBOX_CERTIFICATE_NUMBER,
      Certificado: Buffer.from(`${SANDBOX_SEAL_PREFIX}: certificado de prueba`).toString('base64'),
      SubTotal: centsText(r.subtotal),
      Descuento: r.descuento === undefined ? undefined : centsText(r.descuento),
      Moneda: r.moneda,
      TipoCambio: r.moneda === 'XXX' ? undefined : microsText(r.tipo_de_cambio),
      Total: centsText(r.total),
      TipoDeComprobante: r.tipo_comprobante,
      Exportacion: '01',
      MetodoPago: r.metodo_pago,
      LugarExpedicion: r.lugar_expedicion,
    }),
  });
  related(root, r);
  root.ele('cfdi:Emisor', { Rfc: inv.issuer.rfc, Nombre: inv.issuer.name, RegimenFiscal: inv.issuer.regime });
  receiver(root, r);
  const concepts = root.ele('cfdi:Conceptos');
  for (const c of r.conceptos) concept(concepts, c);
  taxSummary(root, r);
  const complement = root.ele('cfdi:Complemento');
  complements(complement, r);
  stamp(complement, inv, dates, seal);
  return doc.end({ prettyPrint: true });
}

/** `cfdi:CfdiRelacionados`, when the request relates CFDIs. */
function related(root: XMLBuilder, r: InvoiceRequest): void {
  if (!r.cfdi_relacionados) return;
  const rel = root.ele('cfdi:CfdiRelacionados', { TipoRelacion: r.cfdi_relacionados.tipo_relacion });
  for (const x of r.cfdi_relacionados.relacionados) rel.ele('cfdi:CfdiRelacionado', { UUID: x.uuid.toUpperCase() });
}

/**
 * `cfdi:Receptor`. The spec's Receiver has no tax regime: the sandbox writes 616 (no tax obligations) for a
 * generic tax id, 601 for a legal person (12-character RFC) and 612 for a natural person (13 characters); the
 * fiscal address is `residencia_fiscal`, else the place of issue.
 */
function receiver(root: XMLBuilder, r: InvoiceRequest): void {
  const x = r.receptor;
  root.ele(
    'cfdi:Receptor',
    attrs({
      Rfc: x.rfc,
      Nombre: x.nombre,
      DomicilioFiscalReceptor: x.residencia_fiscal ?? r.lugar_expedicion,
      ResidenciaFiscal: x.pais,
      RegimenFiscalReceptor: isGenericRfc(x.rfc) ? '616' : x.rfc.length === 12 ? '601' : '612',
      UsoCFDI: x.uso_cfdi,
    }),
  );
}

/** The SAT's spelling of a tax factor (the spec writes `Excento`). */
const factor = (f: Tax['tipo_factor']) => (f === 'Excento' ? 'Exento' : f);

/** One tax line: an exempt transfer has neither rate nor amount. */
const taxAttrs = (t: Tax, base: number) =>
  attrs({
    Base: centsText(t.base ?? base),
    Impuesto: t.impuesto,
    TipoFactor: factor(t.tipo_factor),
    TasaOCuota: t.tipo_factor === 'Excento' ? undefined : microsText(t.tasa, 6),
    Importe: t.tipo_factor === 'Excento' ? undefined : centsText(t.importe),
  });

/** One `cfdi:Concepto` with its taxes. */
function concept(parent: XMLBuilder, c: Concept): void {
  const taxed = !!(c.traslados?.length || c.retenciones?.length);
  const node = parent.ele(
    'cfdi:Concepto',
    attrs({
      ClaveProdServ: c.clave,
      NoIdentificacion: c.identificador,
      Cantidad: microsText(c.cantidad),
      ClaveUnidad: c.clave_unidad,
      Unidad: c.unidad,
      Descripcion: c.descripcion,
      ValorUnitario: microsText(c.valor_unitario, 2),
      Importe: centsText(c.importe),
      Descuento: c.descuento === undefined ? undefined : centsText(c.descuento),
      ObjetoImp: taxed ? '02' : '01',
    }),
  );
  if (!taxed) return;
  const base = c.importe - (c.descuento ?? 0);
  const taxes = node.ele('cfdi:Impuestos');
  if (c.traslados?.length) {
    const t = taxes.ele('cfdi:Traslados');
    for (const x of c.traslados) t.ele('cfdi:Traslado', taxAttrs(x, base));
  }
  if (c.retenciones?.length) {
    const t = taxes.ele('cfdi:Retenciones');
    for (const x of c.retenciones) t.ele('cfdi:Retencion', taxAttrs(x, base));
  }
}

/** The invoice's `cfdi:Impuestos`: withheld taxes by tax, transferred ones by tax, factor and rate. */
function taxSummary(root: XMLBuilder, r: InvoiceRequest): void {
  const withheld = new Map<string, number>();
  const transferred = new Map<string, { t: Tax; base: number; importe: number }>();
  for (const c of r.conceptos) {
    const base = c.importe - (c.descuento ?? 0);
    for (const t of c.retenciones ?? []) withheld.set(t.impuesto, (withheld.get(t.impuesto) ?? 0) + t.importe);
    for (const t of c.traslados ?? []) {
      const key = `${t.impuesto}|${t.tipo_factor}|${t.tasa}`;
      const sum = transferred.get(key) ?? { t, base: 0, importe: 0 };
      transferred.set(key, { t, base: sum.base + (t.base ?? base), importe: sum.importe + t.importe });
    }
  }
  if (!withheld.size && !transferred.size) return;
  const totals = taxTotals(r);
  const taxed = [...transferred.values()].some((x) => x.t.tipo_factor !== 'Excento');
  const node = root.ele(
    'cfdi:Impuestos',
    attrs({
      TotalImpuestosRetenidos: withheld.size ? centsText(totals.withheld) : undefined,
      TotalImpuestosTrasladados: taxed ? centsText(totals.transferred) : undefined,
    }),
  );
  if (withheld.size) {
    const w = node.ele('cfdi:Retenciones');
    for (const [impuesto, importe] of withheld) w.ele('cfdi:Retencion', { Impuesto: impuesto, Importe: centsText(importe) });
  }
  if (transferred.size) {
    const t = node.ele('cfdi:Traslados');
    for (const x of transferred.values()) t.ele('cfdi:Traslado', taxAttrs({ ...x.t, base: x.base, importe: x.importe }, x.base));
  }
}

/** The request's complements: airlines, payments (Pagos 2.0), donations. */
function complements(parent: XMLBuilder, r: InvoiceRequest): void {
  const c = r.complements;
  if (c?.aerolineas) {
    const a = parent.ele(NS.aerolineas, 'aerolineas:Aerolineas', { Version: '1.0', TUA: centsText(c.aerolineas.tua) });
    const charges = c.aerolineas.otrosCargos ?? [];
    if (charges.length) {
      const total = charges.reduce((s, x) => s + x.importe, 0);
      const o = a.ele('aerolineas:OtrosCargos', { TotalCargos: centsText(total) });
      for (const x of charges) o.ele('aerolineas:Cargo', { CodigoCargo: x.codigo_cargo, Importe: centsText(x.importe) });
    }
  }
  const payments = c?.pagos ?? c?.payouts;
  if (payments) payment(parent, payments);
  if (c?.donatarias) {
    const d = c.donatarias;
    parent.ele(NS.donat, 'donat:Donatarias', {
      version: '1.1',
      noAutorizacion: d.no_autorizacion,
      fechaAutorizacion: d.fecha_autorizacion,
      leyenda: d.leyenda,
    });
  }
}

/**
 * `pago20:Pagos` Version 2.0 with one `pago20:Pago` and its documents. The spec's DoctoRelacionado follows the
 * older Pagos 1.0 (`tipo_cambio_d_r`, `metodo_de_pago_d_r`): the exchange rate is written as 2.0's `EquivalenciaDR`,
 * and the payment method, which 2.0 dropped, is not written.
 */
function payment(parent: XMLBuilder, p: Payments): void {
  const node = parent.ele(NS.pago20, 'pago20:Pagos', { Version: '2.0' });
  node.ele('pago20:Totales', { MontoTotalPagos: centsText(p.monto) });
  const pago = node.ele(
    'pago20:Pago',
    attrs({
      FechaPago: p.fecha_pago.slice(0, 19),
      FormaDePagoP: p.forma_de_pago,
      MonedaP: p.moneda_p,
      TipoCambioP: microsText(p.tipo_cambio_p),
      Monto: centsText(p.monto),
      NumOperacion: p.num_operacion,
      RfcEmisorCtaOrd: p.rfc_emisor_cta_ord,
      NomBancoOrdExt: p.nom_banco_ord_ext,
      CtaOrdenante: p.cta_ordenante,
      RfcEmisorCtaBen: p.rfc_emisor_cta_ben,
      CtaBeneficiario: p.cta_beneficiario,
      TipoCadPago: p.tipo_cad_pago,
      CertPago: p.cert_pago,
      CadPago: p.cad_pago,
      SelloPago: p.sello_pago,
    }),
  );
  const cents = (n: number | undefined) => (n === undefined ? undefined : centsText(n));
  for (const d of p.docto_relacionados ?? []) {
    pago.ele(
      'pago20:DoctoRelacionado',
      attrs({
        IdDocumento: d.id_documento,
        Serie: d.serie,
        Folio: d.folio,
        MonedaDR: d.moneda_d_r,
        EquivalenciaDR: d.tipo_cambio_d_r === undefined ? undefined : microsText(d.tipo_cambio_d_r),
        NumParcialidad: d.num_parcialidad === undefined ? undefined : String(d.num_parcialidad),
        ImpSaldoAnt: cents(d.imp_saldo_ant),
        ImpPagado: cents(d.imp_pagado),
        ImpSaldoInsoluto: cents(d.imp_saldo_insoluto),
        ObjetoImpDR: '01',
      }),
    );
  }
}

/** The sandbox's stamp: `tfd:TimbreFiscalDigital` 1.1 whose seals and legend say they are test values. */
function stamp(parent: XMLBuilder, inv: InvoiceRecord, dates: XmlDates, seal: string): void {
  parent.ele(NS.tfd, 'tfd:TimbreFiscalDigital', {
    Version: '1.1',
    UUID: inv.uuid!,
    FechaTimbrado: dates.stamped,
    RfcProvCertif: 'SAN000101AA0',
    Leyenda: SANDBOX_LEGEND,
    SelloCFD: seal,
    NoCertificadoSAT: SANDBOX_CERTIFICATE_NUMBER,
    SelloSAT: sandboxSeal('SELLO-SAT', `${inv.uuid}|${dates.stamped}`),
  });
}
