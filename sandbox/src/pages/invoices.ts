import { Hono } from 'hono';
import type { Deps, SandboxEnv } from '../env';
import { apiError } from '../domain/errors';
import { invoiceDocument } from '../resources/invoices/service';

/**
 * The public links of stamped invoices (`public_xml_link`, `public_pdf_link`), mounted at `{base}/cfdi`: no API
 * key, as a link sent to the invoice's receiver; the random token of each invoice is the only secret. `GET
 * /{token}.xml` (the CFDI 4.0 XML) and `/{token}.pdf` (its printed form) until `link_expiration_date`; then, or for
 * an unknown token or an invoice not stamped, the Error object 1005.
 */
export function invoiceFilesRouter(d: Deps) {
  return new Hono<SandboxEnv>().get('/:file', async (c) => {
    const m = /^([^.]+)\.(xml|pdf)$/.exec(c.req.param('file'));
    if (!m) throw apiError(1005, 'No invoice document at this link');
    const kind = m[2] as 'xml' | 'pdf';
    const { inv, body } = await invoiceDocument(d, m[1]!, kind);
    c.header('Content-Type', kind === 'xml' ? 'application/xml; charset=utf-8' : 'application/pdf');
    c.header('Content-Disposition', `inline; filename="${inv.uuid}.${kind}"`);
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(typeof body === 'string' ? body : (body as Uint8Array<ArrayBuffer>));
  });
}
