/**
 * Electronic invoices (CFDI 4.0) over HTTP: `POST /invoices/v40` answers PENDING at once and stamps on the clock (OK
 * with a UUID, or ERROR for the documented test RFCs), `GET /invoices/v40/{invoice_id}` answers the invoice
 * notification object, `POST .../cancel` cancels; the XML and PDF are served at the public links until
 * `link_expiration_date`, then an Error object. Refusals name the member and leave nothing behind.
 */
import { XMLParser } from 'fast-xml-parser';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ERROR_RFCS, LINK_TTL_MS } from '../../src/domain/cfdi/invoice';
import { TEST_CARDS } from '../../src/domain/card/test-cards';
import { invoiceBody } from '../unit/cfdi-fixtures';
import { charge, chargeBody, CREDS, expectError, tokenize, useSandbox } from './helpers';
import { advance, sim } from './webhook-helpers';

const api = useSandbox();
const SIM = sim(CREDS.merchantId);
const get = (id: string) => api.call('GET', `/invoices/v40/${id}`);
const post = (body: unknown) => api.call('POST', '/invoices/v40', { body });
const jobsOf = () => api.sandbox.store.jobs.pending;

describe('request, stamp, documents', () => {
  it('201 PENDING at once; stamped 2 s later on the clock: OK with a UUID, the issue date and the document links', async () => {
    const body = invoiceBody();
    const r = await post(body);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      invoice_id: body.invoice_id,
      request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      date: expect.stringMatching(/-06:00$/),
      status: 'PENDING',
      fiscal_status: 'ACTIVE',
      message: null,
    });
    const pending = (await get(body.invoice_id)).body;
    expect(pending).toMatchObject({
      status: 'PENDING',
      uuid: null,
      issue_date: null,
      public_xml_link: null,
      public_pdf_link: null,
      link_expiration_date: null,
    });
    await advance(api, CREDS.merchantId, 1);
    expect((await get(body.invoice_id)).body.status).toBe('PENDING');
    await advance(api, CREDS.merchantId, 1);
    const n = (await get(body.invoice_id)).body;
    expect(n).toMatchObject({
      invoice_id: body.invoice_id,
      serie: 'A',
      folio: '1001',
      transaction_id: null,
      receiver_rfc: 'PEGA800101AB1',
      total: 1106.8,
      subtotal: 1000,
      status: 'OK',
      fiscal_status: 'ACTIVE',
      cancellation_date: null,
      message: null,
    });
    expect(n.uuid).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(Date.parse(n.issue_date) - Date.parse(n.creation_date)).toBe(2000);
    expect(Date.parse(n.link_expiration_date) - Date.parse(n.issue_date)).toBe(LINK_TTL_MS);
    expect(n.public_xml_link).toMatch(new RegExp(`^${api.baseUrl}/cfdi/[0-9a-f]{32}\\.xml$`));
    expect(n.public_pdf_link).toBe(n.public_xml_link.replace(/\.xml$/, '.pdf'));

    const xml = await fetch(n.public_xml_link); // no API key: a link for the invoice's receiver
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(await xml.text());
    expect(doc['cfdi:Comprobante']).toMatchObject({ Version: '4.0', Total: '1106.80', Fecha: n.creation_date.slice(0, 19) });
    expect(doc['cfdi:Comprobante']['cfdi:Complemento']['tfd:TimbreFiscalDigital']).toMatchObject({
      Version: '1.1',
      UUID: n.uuid,
      FechaTimbrado: n.issue_date.slice(0, 19),
    });
    const pdf = await fetch(n.public_pdf_link);
    expect([pdf.status, pdf.headers.get('content-type'), pdf.headers.get('content-disposition')]).toEqual([
      200,
      'application/pdf',
      `inline; filename="${n.uuid}.pdf"`,
    ]);
    expect((await PDFDocument.load(await pdf.arrayBuffer())).getPageCount()).toBe(1);

    await advance(api, CREDS.merchantId, LINK_TTL_MS / 1000 + 1);
    for (const link of [n.public_xml_link, n.public_pdf_link]) {
      const gone = await fetch(link);
      expect(gone.status).toBe(404);
      expect(await gone.json()).toMatchObject({ error_code: 1005, http_code: 404, description: expect.stringContaining('expired') });
    }
    expect((await get(body.invoice_id)).body.public_xml_link).toBe(n.public_xml_link); // the record keeps them
  });

  it.each(Object.entries(ERROR_RFCS))('the test RFC %s is stamped ERROR with its message, no UUID and no links', async (rfc, message) => {
    const body = invoiceBody({ receptor: { ...invoiceBody().receptor, rfc } });
    expect((await post(body)).status).toBe(201);
    await advance(api, CREDS.merchantId, 2);
    expect((await get(body.invoice_id)).body).toMatchObject({
      status: 'ERROR',
      message,
      uuid: null,
      public_xml_link: null,
      issue_date: null,
    });
  });

  it('a refused (ERROR) invoice may be requested again under its invoice_id; a stamped one may not (1003)', async () => {
    const body = invoiceBody({ receptor: { ...invoiceBody().receptor, rfc: 'NOMB010101AA2' } });
    const first = await post(body);
    await advance(api, CREDS.merchantId, 2);
    const again = await post({ ...body, receptor: invoiceBody().receptor });
    expect(again.status).toBe(201);
    expect(again.body.request_id).not.toBe(first.body.request_id);
    expect(again.body.status).toBe('PENDING');
    await advance(api, CREDS.merchantId, 2);
    expect((await get(body.invoice_id)).body).toMatchObject({ status: 'OK', message: null, receiver_rfc: 'PEGA800101AB1' });
    expectError(await post(body), 1003, 422, 'invoice_id', 'already used');
  });

  it('unknown invoices and document links are 1005', async () => {
    expectError(await get('F-nothere'), 1005, 404, 'F-nothere');
    for (const path of ['/cfdi/0123456789abcdef0123456789abcdef.xml', '/cfdi/nothing.pdf', '/cfdi/x.txt']) {
      const r = await fetch(`${api.baseUrl}${path}`);
      expect(r.status).toBe(404);
      expect((await r.json()).error_code).toBe(1005);
    }
  });
});

describe('openpay_transaction_id: a completed charge of the merchant', () => {
  it('a completed charge is invoiced (transaction_id); unknown, failed, held or refund ids are 1003 and nothing is stored', async () => {
    const ok = await charge(api, chargeBody(await tokenize(api)));
    const body = invoiceBody({ openpay_transaction_id: ok.body.id });
    expect((await post(body)).status).toBe(201);
    expect((await get(body.invoice_id)).body.transaction_id).toBe(ok.body.id);

    await charge(api, chargeBody(await tokenize(api, { card_number: TEST_CARDS.find((c) => c.error_code === 3001)!.number })));
    const [declined] = (await api.call('GET', '/charges?status=FAILED&limit=1')).body;
    const held = await charge(api, chargeBody(await tokenize(api), { capture: false }));
    const refunded = await api.call('POST', `/charges/${ok.body.id}/refund`, { body: { amount: 10 } });
    const events = (await api.call('GET', '/events?limit=100', { prefix: SIM })).body.length;
    for (const id of ['trnothere', declined.id, held.body.id, refunded.body.refund.id]) {
      const refused = invoiceBody({ openpay_transaction_id: id });
      const jobs = jobsOf();
      expectError(await post(refused), 1003, 422, 'openpay_transaction_id', id);
      expectError(await get(refused.invoice_id), 1005, 404);
      expect(jobsOf()).toBe(jobs);
    }
    expect((await api.call('GET', '/events?limit=100', { prefix: SIM })).body.length).toBe(events);
  });
});

describe('refusals over HTTP: 1001 or 1003 naming the member; nothing stored, nothing scheduled', () => {
  it.each([
    [{ ...invoiceBody(), forma_pago: '07' }, 1001, 'forma_pago must be one of'],
    [{ ...invoiceBody(), lugar_expedicion: '123' }, 1001, 'lugar_expedicion'],
    [{ ...invoiceBody(), moneda: 'PES' }, 1001, 'moneda must be an ISO 4217 currency code'],
    [{ ...invoiceBody(), receptor: { ...invoiceBody().receptor, uso_cfdi: 'S01' } }, 1001, 'receptor.uso_cfdi'],
    [{ ...invoiceBody(), total: 1106.79 }, 1003, 'total must be subtotal - descuento + transferred - withheld taxes (1106.80)'],
    [{ ...invoiceBody(), tipo_de_cambio: 17 }, 1003, 'tipo_de_cambio must be 1.00 when moneda is MXN'],
    [{ ...invoiceBody(), receptor: { ...invoiceBody().receptor, pais: 'USA' } }, 1003, 'receptor.pais must not be sent'],
    [{ ...invoiceBody(), conceptos: 'none' }, 1001, 'conceptos'],
  ])('%#: %i %s', async (body, code, text) => {
    const jobs = jobsOf();
    const r = await post(body);
    expectError(r, code, code === 1001 ? 400 : 422, text);
    expectError(await get(body.invoice_id), 1005, 404);
    expect(jobsOf()).toBe(jobs);
  });
});

describe('cancellation', () => {
  it('only a stamped, active invoice: CANCELLED with its cancellation date; otherwise 3006', async () => {
    const body = invoiceBody();
    await post(body);
    expectError(await api.call('POST', `/invoices/v40/${body.invoice_id}/cancel`), 3006, 412, 'PENDING');
    await advance(api, CREDS.merchantId, 2);
    expectError(
      await api.call('POST', `/invoices/v40/${body.invoice_id}/cancel`, { body: { motivo: '01' } }),
      1001,
      400,
      'folio_sustitucion is required with motivo 01',
    );
    const c = await api.call('POST', `/invoices/v40/${body.invoice_id}/cancel`, {
      body: { motivo: '01', folio_sustitucion: '5fb2822e-396d-4725-8521-cdc4bdd20ccf' },
    });
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ status: 'OK', fiscal_status: 'CANCELLED', cancellation_date: expect.stringMatching(/-06:00$/) });
    expect((await get(body.invoice_id)).body).toEqual(c.body);
    expectError(await api.call('POST', `/invoices/v40/${body.invoice_id}/cancel`), 3006, 412, 'CANCELLED');
    expectError(await api.call('POST', '/invoices/v40/F-nothere/cancel'), 1005, 404);
    const bad = invoiceBody({ receptor: { ...invoiceBody().receptor, rfc: 'DOMI010101AA3' } });
    await post(bad);
    await advance(api, CREDS.merchantId, 2);
    expectError(await api.call('POST', `/invoices/v40/${bad.invoice_id}/cancel`), 3006, 412, 'ERROR');
  });
});
