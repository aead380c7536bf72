// @vitest-environment node
/**
 * The CFDI generation request's rules (sandbox/src/domain/cfdi/: request.ts from the spec's tables, rules.ts
 * between members, decimal.ts, invoice.ts's state machine) through the parser the API uses
 * (sandbox/src/resources/invoices/schema.ts `parseInvoiceRequest`): each refusal is the spec's 1001 or 1003 naming the member.
 */
import { describe, expect, it } from 'vitest';
import { SandboxError } from '../../src/domain/errors';
import {
  FORMAS_PAGO,
  IMPUESTOS,
  ISO_3166_ALPHA3,
  ISO_4217,
  METODOS_PAGO,
  TIPOS_COMPROBANTE,
  TIPOS_RELACION,
  USOS_CFDI,
} from '../../src/domain/cfdi/codes';
import { centsText, isProductToTheCent, microsText, scaled } from '../../src/domain/cfdi/decimal';
import { INVOICE_TRANSITIONS, nextInvoiceState, stampOutcome, ERROR_RFCS } from '../../src/domain/cfdi/invoice';
import { parseCancellation, parseInvoiceRequest } from '../../src/resources/invoices/schema';
import { AEROLINEAS, DONATARIAS, invoiceBody, PAGOS, paymentBody } from './cfdi-fixtures';

/** The Error object's code and description of a refused request, or 'accepted'. */
function outcome(body: unknown): 'accepted' | { code: number; description: string } {
  try {
    parseInvoiceRequest(body);
    return 'accepted';
  } catch (e) {
    if (!(e instanceof SandboxError)) throw e;
    return { code: e.error.error_code, description: e.error.description };
  }
}

/** A deep copy of `body` with `value` at the dotted `path` (undefined deletes it). */
function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let at: any = copy;
  for (const k of keys.slice(0, -1)) at = at[k];
  if (value === undefined) delete at[keys.at(-1)!];
  else at[keys.at(-1)!] = value;
  return copy;
}

const expectRefused = (body: unknown, code: 1001 | 1003, path: string) => {
  const r = outcome(body);
  expect(r, path).not.toBe('accepted');
  expect((r as { code: number }).code, JSON.stringify(r)).toBe(code);
  expect((r as { description: string }).description.startsWith(`${path} `), JSON.stringify(r)).toBe(true);
};

describe('a valid request', () => {
  it('parses to cents and millionths', () => {
    const r = parseInvoiceRequest(invoiceBody({ invoice_id: 'F-1' }));
    expect([r.total, r.subtotal, r.descuento, r.tipo_de_cambio]).toEqual([110680, 100000, 2000, 1_000_000]);
    expect(r.conceptos[1]!.cantidad).toBe(1_500_000);
    expect(r.conceptos[0]!.traslados![0]!.tasa).toBe(160_000);
    expect(r.tipo_comprobante).toBe('I');
    expect(parseInvoiceRequest(invoiceBody({ tipo_comprobante: undefined })).tipo_comprobante).toBe('I'); // default
  });

  it("reads the spec table's capitalised Identificador, and the SAT spelling Exento as Excento", () => {
    const body = invoiceBody();
    const c = body.conceptos[0] as Record<string, unknown>;
    c.Identificador = c.identificador;
    delete c.identificador;
    expect(parseInvoiceRequest(body).conceptos[0]!.identificador).toBe('CAF-1KG');
    const exempt = invoiceBody({
      total: 980 + 48 - 30,
      total_trasladados: 48,
      conceptos: [
        { ...(invoiceBody().conceptos[0] as object), traslados: [{ impuesto: '002', tipo_factor: 'Exento', tasa: 0, importe: 0 }] },
        invoiceBody().conceptos[1],
      ],
    });
    expect(parseInvoiceRequest(exempt).conceptos[0]!.traslados![0]!.tipo_factor).toBe('Excento');
  });
});

describe('required members (1001 naming each)', () => {
  it.each([
    'invoice_id',
    'total',
    'subtotal',
    'forma_pago',
    'metodo_pago',
    'lugar_expedicion',
    'moneda',
    'tipo_de_cambio',
    'receptor',
    'conceptos',
    'receptor.nombre',
    'receptor.rfc',
    'receptor.uso_cfdi',
    'conceptos.0.identificador',
    'conceptos.0.cantidad',
    'conceptos.0.clave_unidad',
    'conceptos.0.descripcion',
    'conceptos.0.valor_unitario',
    'conceptos.0.importe',
    'conceptos.0.clave',
    'conceptos.0.traslados.0.impuesto',
    'conceptos.0.traslados.0.tipo_factor',
    'conceptos.0.traslados.0.tasa',
    'conceptos.0.traslados.0.importe',
  ])('%s', (path) => expectRefused(withValue(invoiceBody(), path, undefined), 1001, path));

  it.each(['tua'])('complements.aerolineas.%s', (m) =>
    expectRefused(invoiceBody({ complements: { aerolineas: withValue(AEROLINEAS, m, undefined) } }), 1001, `complements.aerolineas.${m}`),
  );
  it.each(['fecha_pago', 'forma_de_pago', 'moneda_p', 'tipo_cambio_p', 'monto'])('complements.pagos.%s', (m) =>
    expectRefused(paymentBody({ complements: { pagos: withValue(PAGOS, m, undefined) } }), 1001, `complements.pagos.${m}`),
  );
  it.each(['id_documento', 'moneda_d_r'])('complements.pagos.docto_relacionados.0.%s', (m) =>
    expectRefused(
      paymentBody({ complements: { pagos: withValue(PAGOS, `docto_relacionados.0.${m}`, undefined) } }),
      1001,
      `complements.pagos.docto_relacionados.0.${m}`,
    ),
  );
  it.each(['no_autorizacion', 'fecha_autorizacion', 'leyenda'])('complements.donatarias.%s', (m) =>
    expectRefused(invoiceBody({ complements: { donatarias: withValue(DONATARIAS, m, undefined) } }), 1001, `complements.donatarias.${m}`),
  );
  it.each(['tipo_relacion', 'relacionados'])('cfdi_relacionados.%s', (m) =>
    expectRefused(
      invoiceBody({
        cfdi_relacionados: withValue(
          { tipo_relacion: '04', relacionados: [{ uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF' }] },
          m,
          undefined,
        ),
      }),
      1001,
      `cfdi_relacionados.${m}`,
    ),
  );
});

describe('lengths and forms (1001)', () => {
  it.each([
    ['serie', 'A'.repeat(26)],
    ['serie', 'A-1'],
    ['folio', '9'.repeat(41)],
    ['invoice_id', 'x'.repeat(101)],
    ['invoice_id', 'has space'],
    ['observaciones', 'o'.repeat(1001)],
    ['lugar_expedicion', '0660'],
    ['lugar_expedicion', '06600a'],
    ['moneda', 'mxn'],
    ['moneda', 'MXNN'],
    ['total', 10.001],
    ['total', -1],
    ['tipo_de_cambio', 1.0000001],
    ['receptor.nombre', 'n'.repeat(255)],
    ['receptor.rfc', 'ABC12'],
    ['receptor.rfc', 'PEGA801301AB1'], // month 13
    ['receptor.email', 'not-an-email'],
    ['receptor.residencia_fiscal', '3100'],
    ['receptor.pais', 'US'],
    ['conceptos', []],
    ['conceptos.0.identificador', 'i'.repeat(101)],
    ['conceptos.0.unidad', 'u'.repeat(21)],
    ['conceptos.0.descripcion', 'd'.repeat(1001)],
    ['conceptos.0.clave', '12345678901'],
    ['conceptos.0.clave', '5020A'],
    ['conceptos.0.clave_unidad', 'h87'],
    ['conceptos.0.clave_unidad', 'KGMS'],
    ['conceptos.0.cantidad', 0],
    ['conceptos.0.cantidad', 1.0000001],
  ])('%s = %j', (path, value) => expectRefused(withValue(invoiceBody(), path, value), 1001, path));

  it.each([
    ['cta_ordenante', '123456789'],
    ['cta_beneficiario', 'x'.repeat(51)],
    ['nom_banco_ord_ext', 'b'.repeat(301)],
    ['num_operacion', 'n'.repeat(101)],
    ['cad_pago', 'c'.repeat(8193)],
    ['cert_pago', 'not base64!'],
    ['fecha_pago', '2026-03-09'],
    ['docto_relacionados.0.id_documento', 'x'.repeat(15)],
    ['docto_relacionados.0.id_documento', 'x'.repeat(37)],
    ['docto_relacionados.0.serie', 's'.repeat(26)],
    ['docto_relacionados.0.folio', 'f'.repeat(41)],
    ['docto_relacionados.0.moneda_d_r', 'ZZZ'],
  ])('complements.pagos.%s = %j', (path, value) =>
    expectRefused(paymentBody({ complements: { pagos: withValue(PAGOS, path, value) } }), 1001, `complements.pagos.${path}`),
  );

  it('donatarias.fecha_autorizacion is a real date; cfdi_relacionados uuids have 36 characters', () => {
    expectRefused(
      invoiceBody({ complements: { donatarias: { ...DONATARIAS, fecha_autorizacion: '2021-02-30' } } }),
      1001,
      'complements.donatarias.fecha_autorizacion',
    );
    expectRefused(
      invoiceBody({ cfdi_relacionados: { tipo_relacion: '04', relacionados: [{ uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CC' }] } }),
      1001,
      'cfdi_relacionados.relacionados.0.uuid',
    );
  });
});

describe('every code list', () => {
  const lists: [string, readonly string[], (code: string) => Record<string, unknown>][] = [
    ['tipo_comprobante', TIPOS_COMPROBANTE, (v) => (v === 'P' ? paymentBody() : invoiceBody({ tipo_comprobante: v }))],
    ['forma_pago', FORMAS_PAGO, (v) => invoiceBody({ forma_pago: v })],
    ['metodo_pago', METODOS_PAGO, (v) => invoiceBody({ metodo_pago: v })],
    ['receptor.uso_cfdi', USOS_CFDI, (v) => withValue(invoiceBody(), 'receptor.uso_cfdi', v)],
    [
      'cfdi_relacionados.tipo_relacion',
      TIPOS_RELACION,
      (v) => invoiceBody({ cfdi_relacionados: { tipo_relacion: v, relacionados: [{ uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF' }] } }),
    ],
    ['conceptos.1.retenciones.0.impuesto', IMPUESTOS, (v) => withValue(invoiceBody(), 'conceptos.1.retenciones.0.impuesto', v)],
  ];

  it("the lists are the spec's", () => {
    expect(TIPOS_COMPROBANTE).toEqual(['I', 'E', 'T', 'N', 'P']);
    expect(FORMAS_PAGO.join(' ')).toBe('01 02 03 04 05 06 08 12 13 14 15 17 23 24 25 26 27 28 29 30 99');
    expect(USOS_CFDI.join(' ')).toBe('G01 G02 G03 I01 I02 I03 I04 I05 I06 I07 I08 D01 D02 D03 D04 D05 D06 D07 D08 D09 D10 P01');
    expect([...IMPUESTOS, ...TIPOS_RELACION, ...METODOS_PAGO].join(' ')).toBe('001 002 003 01 02 03 04 05 06 07 PUE PPD');
    expect(ISO_3166_ALPHA3.size).toBe(249);
    expect(['MXN', 'USD', 'EUR', 'XXX'].every((c) => ISO_4217.has(c))).toBe(true);
  });

  for (const [path, codes, body] of lists) {
    it(`${path}: each of the ${codes.length} codes is accepted; others are 1001 naming the member and listing the codes`, () => {
      for (const code of codes) expect(outcome(body(code)), `${path} ${code}`).toBe('accepted');
      for (const bad of ['00', 'X', 'G04', 'I09', 'D11', '08', '004', 'PIP', '07', '09'].filter((b) => !codes.includes(b))) {
        const r = outcome(body(bad));
        expect(r).toMatchObject({ code: 1001 });
        expect((r as { description: string }).description).toBe(`${path} must be one of ${[...codes].sort().join(', ')} (rule: format)`);
      }
    });
  }

  it('tax factor types: Tasa, Cuota, Excento (and Exento); others 1001', () => {
    expect(outcome(withValue(invoiceBody(), 'conceptos.1.retenciones.0.tipo_factor', 'Cuota'))).toBe('accepted');
    expectRefused(withValue(invoiceBody(), 'conceptos.0.traslados.0.tipo_factor', 'Fixed'), 1001, 'conceptos.0.traslados.0.tipo_factor');
  });

  it("moneda and the documents' currencies are ISO 4217; pais is ISO 3166-1 alpha-3", () => {
    expect(outcome(invoiceBody({ moneda: 'USD', tipo_de_cambio: 17.25 }))).toBe('accepted');
    expectRefused(invoiceBody({ moneda: 'ABC' }), 1001, 'moneda');
    expectRefused(withValue(invoiceBody(), 'receptor.pais', 'XYZ'), 1001, 'receptor.pais');
    expectRefused(invoiceBody({ tipo_comprobante: 'X' }), 1001, 'tipo_comprobante');
  });

  it('cancellation reasons: 01-04 (default 02); 01 needs the replacing UUID', () => {
    expect(parseCancellation(undefined)).toEqual({ motivo: '02' });
    expect(parseCancellation({ motivo: '01', folio_sustitucion: '5FB2822E-396D-4725-8521-CDC4BDD20CCF' }).motivo).toBe('01');
    expect(() => parseCancellation({ motivo: '05' })).toThrow(/motivo must be one of 01, 02, 03, 04/);
    expect(() => parseCancellation({ motivo: '01' })).toThrow(/folio_sustitucion is required with motivo 01/);
  });
});

describe('rules between members (1003 naming the member)', () => {
  it('tipo_de_cambio is 1.00 for MXN, any positive rate otherwise', () => {
    expectRefused(invoiceBody({ tipo_de_cambio: 1.01 }), 1003, 'tipo_de_cambio');
    expect(outcome(invoiceBody({ moneda: 'USD', tipo_de_cambio: 1.01 }))).toBe('accepted');
  });

  it('pais only with the foreign generic tax id, and never MEX', () => {
    expectRefused(withValue(invoiceBody(), 'receptor.pais', 'USA'), 1003, 'receptor.pais');
    const generic = withValue(invoiceBody(), 'receptor.rfc', 'XAXX010101000');
    expectRefused(withValue(generic, 'receptor.pais', 'USA'), 1003, 'receptor.pais');
    const foreign = withValue(invoiceBody(), 'receptor.rfc', 'XEXX010101000');
    expect(outcome(withValue(foreign, 'receptor.pais', 'USA'))).toBe('accepted');
    expectRefused(withValue(foreign, 'receptor.pais', 'MEX'), 1003, 'receptor.pais');
  });
});

describe('arithmetic to the cent, in integer math', () => {
  it.each([
    ['conceptos.0.importe', 700.01, 'must be cantidad x valor_unitario to the cent'],
    ['conceptos.0.descuento', 800, 'must not exceed the concept importe'],
    ['conceptos.0.traslados.0.importe', 108.79, 'must be base x tasa to the cent'],

    ['subtotal', 1000.01, "must be the sum of the concepts' importe (1000.00)"],
    ['descuento', 19.99, "must be the sum of the concepts' descuento (20.00)"],
    ['total_trasladados', 156.81, "must be the sum of the concepts' traslados (156.80)"],
    ['total_retenidos', 29.99, "must be the sum of the concepts' retenciones (30.00)"],
    ['total', 1106.81, 'must be subtotal - descuento + transferred - withheld taxes (1106.80)'],
    ['total', 1136.8, 'must be subtotal - descuento + transferred - withheld taxes (1106.80)'],
  ])('%s = %j: %s', (path, value, message) => {
    expect(outcome(withValue(invoiceBody(), path, value))).toEqual({ code: 1003, description: `${path} ${message}` });
  });

  it('products with more decimals than a cent: either neighbouring cent is to the cent, none further', () => {
    const concept = (importe: number) =>
      invoiceBody({
        subtotal: importe,
        total: importe,
        descuento: undefined,
        total_trasladados: undefined,
        total_retenidos: undefined,
        conceptos: [
          { identificador: 'X', cantidad: 3, clave_unidad: 'H87', descripcion: 'x', valor_unitario: 0.333333, importe, clave: '1' },
        ],
      });
    expect(outcome(concept(1))).toBe('accepted'); // 0.999999 rounded up
    expect(outcome(concept(0.99))).toBe('accepted'); // and down
    expectRefused(concept(0.98), 1003, 'conceptos.0.importe');
    expectRefused(concept(1.01), 1003, 'conceptos.0.importe');
  });

  it('large amounts stay exact (no floating point): 9,999,999.99 x 1.000001', () => {
    // 9,999,999.99 x 1.000001 = 10,000,009.98999999: 1,000,000,999 cents (up) or 998 (down), nothing else
    const [a, b] = [scaled(9_999_999.99, 6)!, scaled(1.000001, 6)!];
    expect([997, 998, 999, 1000].map((c) => isProductToTheCent(1_000_000_000 + c, a, b))).toEqual([false, true, true, false]);
    expect(scaled(0.1 + 0.2, 6)).toBeNull();
    expect(scaled(1e-7, 6)).toBeNull();
    expect([centsText(110680), microsText(1_500_000), microsText(160_000, 6), microsText(350_000_000, 2)]).toEqual([
      '1106.80',
      '1.5',
      '0.160000',
      '350.00',
    ]);
  });

  it('a tax base, when given, is the base of the tax', () => {
    expectRefused(withValue(invoiceBody(), 'conceptos.1.traslados.0.base', 301), 1003, 'conceptos.1.traslados.0.importe');
  });

  it('exempt taxes have rate and amount 0 and are never withheld; ISR is never transferred', () => {
    expectRefused(withValue(invoiceBody(), 'conceptos.0.traslados.0.tipo_factor', 'Excento'), 1003, 'conceptos.0.traslados.0.importe');
    expectRefused(
      withValue(
        withValue(withValue(invoiceBody(), 'conceptos.1.retenciones.0.tipo_factor', 'Excento'), 'conceptos.1.retenciones.0.tasa', 0),
        'conceptos.1.retenciones.0.importe',
        0,
      ),
      1003,
      'conceptos.1.retenciones.0.tipo_factor',
    );
    expectRefused(withValue(invoiceBody(), 'conceptos.0.traslados.0.impuesto', '001'), 1003, 'conceptos.0.traslados.0.impuesto');
  });
});

describe('complements', () => {
  it('aerolineas: tua and other charges', () => {
    expect(outcome(invoiceBody({ complements: { aerolineas: AEROLINEAS } }))).toBe('accepted');
    expect(outcome(invoiceBody({ complements: { aerolineas: { tua: 0 } } }))).toBe('accepted');
    expectRefused(
      invoiceBody({ complements: { aerolineas: { ...AEROLINEAS, otrosCargos: [{ importe: 1 }] } } }),
      1001,
      'complements.aerolineas.otrosCargos.0.codigo_cargo',
    );
    expectRefused(invoiceBody({ complements: { aerolineas: { tua: 1.234 } } }), 1001, 'complements.aerolineas.tua');
  });

  it('pagos (or payouts) with DoctoRelacionado: on a payment CFDI only, and required there', () => {
    expect(outcome(paymentBody())).toBe('accepted');
    expect(outcome(paymentBody({ complements: { payouts: PAGOS } }))).toBe('accepted');
    expectRefused(paymentBody({ complements: { pagos: PAGOS, payouts: PAGOS } }), 1003, 'complements.payouts');
    expectRefused(paymentBody({ complements: {} }), 1003, 'complements.pagos');
    expectRefused(invoiceBody({ complements: { pagos: PAGOS } }), 1003, 'complements.pagos');
    expectRefused(paymentBody({ complements: { pagos: { ...PAGOS, forma_de_pago: '99' } } }), 1003, 'complements.pagos.forma_de_pago');
    expectRefused(paymentBody({ complements: { pagos: { ...PAGOS, tipo_cambio_p: 2 } } }), 1003, 'complements.pagos.tipo_cambio_p');
    expectRefused(paymentBody({ complements: { pagos: { ...PAGOS, tipo_cad_pago: '02' } } }), 1001, 'complements.pagos.tipo_cad_pago');
    expectRefused(
      paymentBody({ complements: { pagos: withValue(PAGOS, 'docto_relacionados.0.imp_saldo_insoluto', 499.99) } }),
      1003,
      'complements.pagos.docto_relacionados.0.imp_saldo_insoluto',
    );
    expectRefused(paymentBody({ complements: { pagos: { ...PAGOS, monto: 499.99 } } }), 1003, 'complements.pagos.monto');
    expect(outcome(paymentBody({ complements: { pagos: { ...PAGOS, moneda_p: 'USD', tipo_cambio_p: 17.1, monto: 30 } } }))).toBe(
      'accepted',
    );
  });

  it('donatarias: all three members', () => {
    expect(outcome(invoiceBody({ complements: { donatarias: DONATARIAS } }))).toBe('accepted');
    expectRefused(invoiceBody({ complements: { donatarias: { ...DONATARIAS, leyenda: '' } } }), 1001, 'complements.donatarias.leyenda');
  });
});

describe('the invoice state machine, every row', () => {
  const stateOf = (key: string | null) => key && { status: key.split('/')[0], fiscalStatus: key.split('/')[1] };
  it.each(INVOICE_TRANSITIONS.map((r) => [r.from ?? '(new)', r.trigger, r]))('%s --%s-->', (_f, _t, row) => {
    expect(nextInvoiceState(stateOf(row.from) as never, row.trigger)).toEqual(stateOf(row.to));
  });

  it('refuses every other move', () => {
    const states = [null, ...INVOICE_TRANSITIONS.map((r) => r.to)];
    const triggers = ['request', 'stamp_ok', 'stamp_error', 'resubmit', 'cancel'] as const;
    let refused = 0;
    for (const s of states)
      for (const t of triggers) {
        const row = INVOICE_TRANSITIONS.find((r) => r.trigger === t && r.from === s);
        if (!row) {
          expect(nextInvoiceState(stateOf(s) as never, t), `${s} ${t}`).toBeNull();
          refused++;
        }
      }
    expect(refused).toBeGreaterThan(15);
  });

  it('stamping: OK, or ERROR with the message of a documented test RFC', () => {
    expect(stampOutcome(parseInvoiceRequest(invoiceBody()))).toEqual({ status: 'OK', message: null });
    for (const [rfc, message] of Object.entries(ERROR_RFCS))
      expect(stampOutcome(parseInvoiceRequest(withValue(invoiceBody(), 'receptor.rfc', rfc)))).toEqual({ status: 'ERROR', message });
  });
});
