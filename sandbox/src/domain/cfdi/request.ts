import { z } from 'zod';
import { MAX_AMOUNT, plainText, resourceId } from '../../schemas/common';
import {
  CLAVE_UNIDAD_PATTERN,
  FORMAS_PAGO,
  IMPUESTOS,
  ISO_3166_ALPHA3,
  ISO_4217,
  METODOS_PAGO,
  RFC_PATTERN,
  TIPOS_COMPROBANTE,
  TIPOS_FACTOR,
  TIPOS_RELACION,
  USOS_CFDI,
} from './codes';
import { scaled } from './decimal';

/**
 * The CFDI generation request (spec, Resources > Electronic invoice (CFDI) objects: the generation request, the
 * Receiver, Concept, Tax, Related and Complements objects, DoctoRelacionado), as a zod schema built from the spec's
 * tables: every required member, every length, every code list. Money leaves as integer cents; quantities, unit
 * prices, rates and exchange rates as integer millionths (./decimal.ts).
 *
 * Refusals: a missing member, a wrong type, a length, a pattern or a value outside a code list is a plain issue
 * (the API's 1001); a value that breaks a rule between members (the arithmetic, `pais` with a domestic tax id,
 * `tipo_de_cambio` for MXN: ./rules.ts, added by resources/invoices/schema.ts) is an issue with `params.code` 1003.
 * Every issue's path names the member.
 */

/** An amount of money: a number from 0 to {@link MAX_AMOUNT} with at most two decimals. Output: cents. */
const money = z
  .number()
  .min(0)
  .max(MAX_AMOUNT)
  .refine((n) => scaled(n, 2) !== null, 'must have at most two decimals')
  .transform((n) => scaled(n, 2)!)
  .meta({ type: 'number', description: 'At most two decimals' });

/** A decimal of at most six decimals, `min` exclusive lower bound. Output: millionths. */
const decimal6 = (gt = 0, max = 1_000_000_000) =>
  z
    .number()
    .gt(gt)
    .max(max)
    .refine((n) => scaled(n, 6) !== null, 'must have at most six decimals')
    .transform((n) => scaled(n, 6)!)
    .meta({ type: 'number', description: 'At most six decimals' });

/** A rate (`tasa`): 0 to 1000 with at most six decimals. Output: millionths. */
const rate = z
  .number()
  .min(0)
  .max(1000)
  .refine((n) => scaled(n, 6) !== null, 'must have at most six decimals')
  .transform((n) => scaled(n, 6)!)
  .meta({ type: 'number', description: 'At most six decimals' });

/** Letters and digits only, 1-`max`. */
const alnum = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9]+$/, 'must be letters and digits only')
    .max(max);

/** An ISO 4217 currency code. */
const currency = z
  .string()
  .regex(/^[A-Z0-9]{3}$/, 'must be 3 upper-case letters or digits')
  .refine((c) => ISO_4217.has(c), 'must be an ISO 4217 currency code');

/** An RFC (tax id), upper-cased. */
const rfc = z.string().trim().toUpperCase().regex(RFC_PATTERN, 'must be an RFC: 3-4 letters, yymmdd and a 3-character homoclave');

/** A five-digit postal code. */
const postalCode = z.string().regex(/^\d{5}$/, 'must be a five-digit postal code');

/** A real calendar date `yyyy-mm-dd`. */
const calendarDate = z.iso.date();

/** A date and time `yyyy-mm-ddThh:mm:ss`, optionally with `Z` or an offset (the SAT writes it without one). */
const dateTimeText = z.union([z.iso.datetime({ local: true }), z.iso.datetime({ offset: true })]);

/** A base64 text (the payments complement's certificate and seal bytes), 1-8192 characters. */
const base64 = z
  .string()
  .min(1)
  .max(8192)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64');

/** Tax (spec: impuesto, tipo_factor, tasa, importe required; base optional). `Exento`, the SAT's spelling, is read as the spec's `Excento`. */
export const taxSchema = z.object({
  impuesto: z.enum(IMPUESTOS),
  tipo_factor: z
    .enum([...TIPOS_FACTOR, 'Exento'])
    .transform((f) => (f === 'Exento' ? 'Excento' : f))
    .meta({ description: 'Tasa, Cuota or Excento (the SAT spelling Exento is read as Excento)' }),
  tasa: rate,
  importe: money,
  base: money.optional(),
});

/** Concept; `Identificador` (as the spec's table capitalises it) is read as `identificador`. */
export const conceptSchema = z.preprocess(
  (v) =>
    v && typeof v === 'object' && 'Identificador' in v && !('identificador' in v)
      ? { ...(v as Record<string, unknown>), identificador: (v as Record<string, unknown>).Identificador, Identificador: undefined }
      : v,
  z.object({
    identificador: plainText('identificador', 100),
    cantidad: decimal6(),
    unidad: plainText('unidad', 20).optional(),
    clave_unidad: z.string().regex(CLAVE_UNIDAD_PATTERN, 'must be a unit key of the SAT catalogue: 1-3 upper-case letters or digits'),
    descripcion: plainText('descripcion', 1000),
    valor_unitario: decimal6(-1),
    importe: money,
    clave: z.string().regex(/^\d{1,10}$/, 'must be 1-10 digits'),
    descuento: money.optional(),
    traslados: z.array(taxSchema).max(10).optional(),
    retenciones: z.array(taxSchema).max(10).optional(),
  }),
);

/** Receiver (spec: nombre, rfc and uso_cfdi required; `pais` never with a registered or national generic tax id: ./rules.ts). */
export const receiverSchema = z.object({
  nombre: plainText('nombre', 254),
  rfc,
  email: z.email().max(254).optional(),
  residencia_fiscal: postalCode.optional(),
  uso_cfdi: z.enum(USOS_CFDI as [string, ...string[]]),
  pais: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be 3 upper-case letters')
    .refine((c) => ISO_3166_ALPHA3.has(c), 'must be an ISO 3166-1 alpha-3 country code')
    .optional(),
});

/** Related CFDIs (spec: tipo_relacion and relacionados required; each `{uuid}` of 36 characters). */
export const relatedSchema = z.object({
  tipo_relacion: z.enum(TIPOS_RELACION),
  relacionados: z
    .array(z.object({ uuid: z.string().regex(/^[0-9A-Fa-f]{8}-([0-9A-Fa-f]{4}-){3}[0-9A-Fa-f]{12}$/, 'must be a UUID of 36 characters') }))
    .min(1)
    .max(100),
});

/** DoctoRelacionado of the payments complement (spec: id_documento and moneda_d_r required). */
export const doctoSchema = z.object({
  id_documento: z.string().min(16).max(36),
  serie: alnum(25).optional(),
  folio: alnum(40).optional(),
  moneda_d_r: currency,
  tipo_cambio_d_r: decimal6().optional(),
  metodo_de_pago_d_r: z.enum(METODOS_PAGO).optional(),
  num_parcialidad: z.number().int().min(1).max(999).optional(),
  imp_saldo_ant: money.optional(),
  imp_pagado: money.optional(),
  imp_saldo_insoluto: money.optional(),
});

/** The payments complement, `pagos` or `payouts` (spec: fecha_pago, forma_de_pago, moneda_p, tipo_cambio_p, monto required). */
export const paymentsSchema = z.object({
  fecha_pago: dateTimeText,
  forma_de_pago: z.enum(FORMAS_PAGO),
  moneda_p: currency,
  tipo_cambio_p: decimal6(),
  monto: money,
  num_operacion: plainText('num_operacion', 100).optional(),
  rfc_emisor_cta_ord: rfc.optional(),
  nom_banco_ord_ext: plainText('nom_banco_ord_ext', 300).optional(),
  cta_ordenante: z
    .string()
    .regex(/^[A-Za-z0-9_]{10,50}$/, 'must be 10-50 letters, digits or _')
    .optional(),
  rfc_emisor_cta_ben: rfc.optional(),
  cta_beneficiario: z
    .string()
    .regex(/^[A-Za-z0-9_]{10,50}$/, 'must be 10-50 letters, digits or _')
    .optional(),
  tipo_cad_pago: z.literal('01').optional(),
  cert_pago: base64.optional(),
  sello_pago: base64.optional(),
  cad_pago: z.string().min(1).max(8192).optional(),
  docto_relacionados: z.array(doctoSchema).max(100).optional(),
});

/** The airlines complement (spec: tua required; otrosCargos optional). */
export const airlinesSchema = z.object({
  tua: money,
  otrosCargos: z
    .array(z.object({ codigo_cargo: alnum(10), descripcion_cargo: plainText('descripcion_cargo', 1000).optional(), importe: money }))
    .max(50)
    .optional(),
});

/** The donations complement (spec: no_autorizacion, fecha_autorizacion, leyenda, all required). */
export const donationsSchema = z.object({
  no_autorizacion: plainText('no_autorizacion', 40),
  fecha_autorizacion: calendarDate,
  leyenda: plainText('leyenda', 1000),
});

/** Complements (spec: aerolineas, pagos or payouts, donatarias; all optional). */
export const complementsSchema = z.object({
  aerolineas: airlinesSchema.optional(),
  pagos: paymentsSchema.optional(),
  payouts: paymentsSchema.optional(),
  donatarias: donationsSchema.optional(),
});

/** The generation request's members (spec, "Generation request object"), before the rules between members. */
export const invoiceFields = z.object({
  openpay_transaction_id: resourceId.optional(),
  invoice_id: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'must be 1-100 letters, digits, dots, dashes or underscores'),
  tipo_comprobante: z.enum(TIPOS_COMPROBANTE).default('I'),
  serie: alnum(25).min(1).optional(),
  folio: alnum(40).min(1).optional(),
  total: money,
  subtotal: money,
  forma_pago: z.enum(FORMAS_PAGO),
  metodo_pago: z.enum(METODOS_PAGO),
  lugar_expedicion: postalCode,
  descuento: money.optional(),
  observaciones: plainText('observaciones', 1000).optional(),
  total_trasladados: money.optional(),
  total_retenidos: money.optional(),
  moneda: currency,
  tipo_de_cambio: decimal6(),
  receptor: receiverSchema,
  conceptos: z.array(conceptSchema).min(1).max(200),
  cfdi_relacionados: relatedSchema.optional(),
  complements: complementsSchema.optional(),
});

/** A generation request as parsed: money in cents, decimals in millionths. */
export type InvoiceRequest = z.output<typeof invoiceFields>;
export type Concept = InvoiceRequest['conceptos'][number];
export type Tax = z.output<typeof taxSchema>;
export type Payments = z.output<typeof paymentsSchema>;
