import { FORMAS_PAGO, RFC_GENERIC_FOREIGN } from './codes';
import { centsText, isProductToTheCent, isTaxToTheCent, MICRO } from './decimal';
import type { Concept, InvoiceRequest, Payments, Tax } from './request';

/**
 * The rules between the members of a CFDI generation request (the SAT's CFDI 4.0 rules the spec's tables imply),
 * checked to the cent in integer arithmetic:
 * - each concept's `importe` is `cantidad x valor_unitario` to the cent (the exact product rounded up or down);
 *   its `descuento` at most its `importe`;
 * - each tax of rate or quota (`Tasa`, `Cuota`): `importe` = `base x tasa` to the cent, `base` defaulting to the
 *   concept's `importe - descuento`; an exempt one (`Excento`) has `tasa` and `importe` 0 and is never withheld;
 *   ISR (001) is only withheld, never transferred;
 * - `subtotal` = the sum of the concepts' `importe`; `descuento` = the sum of theirs (0 when none);
 *   `total_trasladados` and `total_retenidos`, when given, = the sums of the concepts' transferred and withheld
 *   taxes; `total` = `subtotal - descuento + transferred - withheld`;
 * - `tipo_de_cambio` is exactly 1 when `moneda` is MXN (and `tipo_cambio_p` when `moneda_p` is);
 * - `receptor.pais` only with the foreign generic tax id (spec: "must not be sent if the tax id is registered or is
 *   a national generic one"), and never MEX;
 * - the payments complement (`pagos` or `payouts`, not both) on a payment CFDI (`tipo_comprobante` P) and only
 *   there; its `forma_de_pago` is not 99; each DoctoRelacionado's `imp_saldo_insoluto` = `imp_saldo_ant -
 *   imp_pagado`, and what the documents in the payment's currency receive adds up to at most `monto`.
 * @returns every broken rule, in request order, each with the path of the member it names; empty when none.
 */
export function cfdiProblems(req: InvoiceRequest): Problem[] {
  const out: Problem[] = [];
  req.conceptos.forEach((c, i) => out.push(...conceptProblems(c, ['conceptos', i])));
  out.push(...totalProblems(req));
  if (req.moneda === 'MXN' && req.tipo_de_cambio !== MICRO) out.push(at(['tipo_de_cambio'], 'must be 1.00 when moneda is MXN'));
  out.push(...receiverProblems(req));
  out.push(...complementProblems(req));
  return out;
}

/** A broken rule: the path of the member it names (`conceptos.0.importe`) and what is wrong. */
export interface Problem {
  path: (string | number)[];
  message: string;
}

const at = (path: (string | number)[], message: string): Problem => ({ path, message });
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** The rules of one concept and its taxes. */
function conceptProblems(c: Concept, path: (string | number)[]): Problem[] {
  const out: Problem[] = [];
  if (!isProductToTheCent(c.importe, c.cantidad, c.valor_unitario)) {
    out.push(at([...path, 'importe'], 'must be cantidad x valor_unitario to the cent'));
  }
  if ((c.descuento ?? 0) > c.importe) out.push(at([...path, 'descuento'], 'must not exceed the concept importe'));
  const base = c.importe - (c.descuento ?? 0);
  for (const [kind, taxes] of [
    ['traslados', c.traslados ?? []],
    ['retenciones', c.retenciones ?? []],
  ] as const) {
    taxes.forEach((t, j) => out.push(...taxProblems(t, base, kind, [...path, kind, j])));
  }
  return out;
}

/** The rules of one tax of a concept whose taxable amount is `conceptBase` cents. */
function taxProblems(t: Tax, conceptBase: number, kind: 'traslados' | 'retenciones', path: (string | number)[]): Problem[] {
  if (t.tipo_factor === 'Excento') {
    if (kind === 'retenciones') return [at([...path, 'tipo_factor'], 'Excento applies to transferred taxes only, never to withheld ones')];
    return t.tasa === 0 && t.importe === 0 ? [] : [at([...path, 'importe'], 'must be 0, with tasa 0, for an exempt tax (Excento)')];
  }
  if (kind === 'traslados' && t.impuesto === '001') return [at([...path, 'impuesto'], 'ISR (001) is withheld, never transferred')];
  const base = t.base ?? conceptBase;
  return isTaxToTheCent(t.importe, base, t.tasa) ? [] : [at([...path, 'importe'], 'must be base x tasa to the cent')];
}

/** The sums of the concepts' transferred and withheld taxes, cents. */
export function taxTotals(req: Pick<InvoiceRequest, 'conceptos'>): { transferred: number; withheld: number } {
  return {
    transferred: sum(req.conceptos.flatMap((c) => (c.traslados ?? []).map((t) => t.importe))),
    withheld: sum(req.conceptos.flatMap((c) => (c.retenciones ?? []).map((t) => t.importe))),
  };
}

/** The invoice's totals against its concepts. */
function totalProblems(req: InvoiceRequest): Problem[] {
  const out: Problem[] = [];
  const subtotal = sum(req.conceptos.map((c) => c.importe));
  const discount = sum(req.conceptos.map((c) => c.descuento ?? 0));
  const { transferred, withheld } = taxTotals(req);
  if (req.subtotal !== subtotal) out.push(at(['subtotal'], `must be the sum of the concepts' importe (${centsText(subtotal)})`));
  if ((req.descuento ?? 0) !== discount) out.push(at(['descuento'], `must be the sum of the concepts' descuento (${centsText(discount)})`));
  if (req.total_trasladados !== undefined && req.total_trasladados !== transferred) {
    out.push(at(['total_trasladados'], `must be the sum of the concepts' traslados (${centsText(transferred)})`));
  }
  if (req.total_retenidos !== undefined && req.total_retenidos !== withheld) {
    out.push(at(['total_retenidos'], `must be the sum of the concepts' retenciones (${centsText(withheld)})`));
  }
  const total = req.subtotal - (req.descuento ?? 0) + transferred - withheld;
  if (req.total !== total) out.push(at(['total'], `must be subtotal - descuento + transferred - withheld taxes (${centsText(total)})`));
  return out;
}

/** `pais` only with the foreign generic tax id. */
function receiverProblems(req: InvoiceRequest): Problem[] {
  const { pais, rfc } = req.receptor;
  if (pais === undefined) return [];
  if (rfc !== RFC_GENERIC_FOREIGN) {
    return [at(['receptor', 'pais'], `must not be sent with a registered or national generic tax id (only with ${RFC_GENERIC_FOREIGN})`)];
  }
  return pais === 'MEX' ? [at(['receptor', 'pais'], 'must be a country other than MEX for a receiver resident abroad')] : [];
}

/** The complements against the kind of CFDI. */
function complementProblems(req: InvoiceRequest): Problem[] {
  const c = req.complements;
  if (c?.pagos && c.payouts) return [at(['complements', 'payouts'], 'must not be sent together with pagos (one payments complement)')];
  const name = c?.pagos ? 'pagos' : 'payouts';
  const payments = c?.pagos ?? c?.payouts;
  if (req.tipo_comprobante === 'P' && !payments)
    return [at(['complements', 'pagos'], 'is required on a payment CFDI (tipo_comprobante P)')];
  if (!payments) return [];
  if (req.tipo_comprobante !== 'P') return [at(['complements', name], 'is only for a payment CFDI (tipo_comprobante P)')];
  return paymentProblems(payments, ['complements', name]);
}

/** The rules of the payments complement and its related documents. */
function paymentProblems(p: Payments, path: (string | number)[]): Problem[] {
  const out: Problem[] = [];
  if (p.forma_de_pago === FORMAS_PAGO[FORMAS_PAGO.length - 1])
    out.push(at([...path, 'forma_de_pago'], 'must be a known payment form, not 99'));
  if (p.moneda_p === 'MXN' && p.tipo_cambio_p !== MICRO) out.push(at([...path, 'tipo_cambio_p'], 'must be 1 when moneda_p is MXN'));
  const docs = p.docto_relacionados ?? [];
  docs.forEach((d, i) => {
    const { imp_saldo_ant: before, imp_pagado: paid, imp_saldo_insoluto: after } = d;
    if (before !== undefined && paid !== undefined && after !== undefined && after !== before - paid) {
      out.push(at([...path, 'docto_relacionados', i, 'imp_saldo_insoluto'], 'must be imp_saldo_ant - imp_pagado'));
    }
  });
  const paid = sum(docs.filter((d) => d.moneda_d_r === p.moneda_p).map((d) => d.imp_pagado ?? 0));
  if (paid > p.monto)
    out.push(at([...path, 'monto'], `must cover what the related documents in ${p.moneda_p} receive (${centsText(paid)})`));
  return out;
}
