/**
 * CFDI generation requests for the tests (spec, Electronic invoice (CFDI) objects): the valid income invoice of
 * the OpenAPI document's example (`INVOICE_REQUEST`, its arithmetic worked out there) under a fresh `invoice_id`,
 * and the complements' valid members.
 */
import { INVOICE_REQUEST } from '../../src/http/example-requests';

export const invoiceBody = (over: Record<string, unknown> = {}) => ({
  ...structuredClone(INVOICE_REQUEST),
  invoice_id: `F-${Math.random().toString(36).slice(2, 10)}`,
  ...over,
});

/** A payments complement (pagos): 500.00 paid by transfer against one document (1000.00 owed, 500.00 left). */
export const PAGOS = {
  fecha_pago: '2026-03-09T12:00:00',
  forma_de_pago: '03',
  moneda_p: 'MXN',
  tipo_cambio_p: 1,
  monto: 500,
  num_operacion: 'SPEI-778899',
  rfc_emisor_cta_ord: 'BBA830831LJ2',
  nom_banco_ord_ext: 'Banco Ejemplo',
  cta_ordenante: '012180001234567891',
  rfc_emisor_cta_ben: 'BNM840515VB1',
  cta_beneficiario: '646180000000000012',
  tipo_cad_pago: '01',
  cert_pago: 'Q0VSVA==',
  sello_pago: 'U0VMTE8=',
  cad_pago: '||1|SPEI|778899||',
  docto_relacionados: [
    {
      id_documento: '6f1d6d2e-8b6a-4c55-9c1e-6a4d8e0f1a2b',
      serie: 'A',
      folio: '990',
      moneda_d_r: 'MXN',
      tipo_cambio_d_r: 1,
      metodo_de_pago_d_r: 'PPD',
      num_parcialidad: 1,
      imp_saldo_ant: 1000,
      imp_pagado: 500,
      imp_saldo_insoluto: 500,
    },
  ],
};

/** A payment CFDI (tipo_comprobante P): one concept of 0.00, totals 0, the payments complement. */
export const paymentBody = (over: Record<string, unknown> = {}) =>
  invoiceBody({
    tipo_comprobante: 'P',
    total: 0,
    subtotal: 0,
    descuento: undefined,
    total_trasladados: undefined,
    total_retenidos: undefined,
    forma_pago: '03',
    metodo_pago: 'PUE',
    conceptos: [
      { identificador: 'PAGO', cantidad: 1, clave_unidad: 'ACT', descripcion: 'Pago', valor_unitario: 0, importe: 0, clave: '84111506' },
    ],
    complements: { pagos: PAGOS },
    ...over,
  });

/** The airlines complement: airport use fee 250.00 and two other charges. */
export const AEROLINEAS = {
  tua: 250,
  otrosCargos: [
    { codigo_cargo: 'XV', descripcion_cargo: 'Derecho de no inmigrante', importe: 120.5 },
    { codigo_cargo: 'YQ', importe: 80 },
  ],
};

/** The donations complement. */
export const DONATARIAS = {
  no_autorizacion: '325-SAT-09-I-A-1234',
  fecha_autorizacion: '2021-05-17',
  leyenda: 'Este comprobante ampara un donativo, el cual será destinado por la donataria a los fines propios de su objeto social.',
};

/**
 * A valid invoice of `concepts` concepts, each described by `length` characters without a space (a word no line can
 * hold): the hostile invoice of issue 42 at its defaults (60 x 700). Each concept is 1 x 10.00 with 16% VAT (1.60).
 */
export const bigInvoiceBody = (concepts = 60, length = 700) => ({
  ...invoiceBody(),
  descuento: undefined,
  total_retenidos: undefined,
  subtotal: concepts * 10,
  total_trasladados: concepts * 1.6,
  total: Math.round(concepts * 11.6 * 100) / 100,
  conceptos: Array.from({ length: concepts }, (_, i) => ({
    identificador: `C-${i}`,
    cantidad: 1,
    unidad: 'Pieza',
    clave_unidad: 'H87',
    descripcion: `${i}`.padEnd(length, 'W'),
    valor_unitario: 10,
    importe: 10,
    clave: '50201706',
    traslados: [{ impuesto: '002', tipo_factor: 'Tasa', tasa: 0.16, importe: 1.6 }],
  })),
});
