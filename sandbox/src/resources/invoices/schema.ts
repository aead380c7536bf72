import { z } from 'zod';
import { apiError, type SandboxError } from '../../domain/errors';
import { MOTIVOS_CANCELACION } from '../../domain/cfdi/codes';
import { invoiceFields, type InvoiceRequest } from '../../domain/cfdi/request';
import { cfdiProblems } from '../../domain/cfdi/rules';
import { toFieldIssue } from '../../schemas/index';

/**
 * `POST /invoices/v40` body: the CFDI generation request (domain/cfdi/request.ts, from the spec's tables) with the
 * rules between its members (domain/cfdi/rules.ts: the arithmetic to the cent, `pais`, `tipo_de_cambio`, the
 * complements), each broken rule an issue carrying `params.code` 1003.
 */
export const invoiceRequestSchema = invoiceFields
  .pipe(
    // a pipe: the rules run only on a request whose members all parsed (money already in cents)
    z.custom<InvoiceRequest>().superRefine((req, ctx) => {
      for (const p of cfdiProblems(req)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message, params: { code: 1003 } });
    }),
  )
  .meta({ id: 'InvoiceRequest' });

/** The API error of the first issue of a request: 1003 for a broken rule between members, else 1001; both name the member. */
function invoiceError(issue: z.core.$ZodIssue, input: unknown): SandboxError {
  const path = issue.path.map(String).join('.') || 'body';
  const params = (issue as { params?: { code?: number; field?: string } }).params;
  if (issue.code === 'custom' && params?.code === 1003) return apiError(1003, `${path} ${issue.message}`);
  if (issue.code === 'invalid_value')
    return apiError(1001, `${path} must be one of ${issue.values.map(String).sort().join(', ')} (rule: format)`);
  if (issue.code === 'custom' && !params?.field) return apiError(1001, `${path} ${issue.message} (rule: format)`);
  const field = toFieldIssue(issue, input);
  const detail =
    issue.code === 'too_big' && issue.origin === 'array'
      ? ` (at most ${issue.maximum})`
      : issue.message && field.reason === 'format'
        ? ` (${issue.message})`
        : '';
  return apiError(1001, `${field.message}${detail}`);
}

/**
 * Parses a generation request, or throws the error of its first issue (in the schema's member order).
 * @throws SandboxError 1001 (missing, malformed, too long, outside a code list) or 1003 (a rule between members).
 */
export function parseInvoiceRequest(body: unknown): InvoiceRequest {
  const r = invoiceRequestSchema.safeParse(body);
  if (r.success) return r.data;
  throw invoiceError(r.error.issues[0]!, body);
}

/**
 * `POST /invoices/v40/{invoice_id}/cancel` body (the sandbox's path: the spec shows none), optional: `motivo`, the
 * tax authority's cancellation reason 01-04 (default 02, "issued with errors, not replaced"); `folio_sustitucion`,
 * the UUID of the replacing CFDI, required with 01.
 */
export const cancelInvoiceSchema = z
  .object({
    motivo: z.enum(MOTIVOS_CANCELACION).default('02'),
    folio_sustitucion: z
      .string()
      .regex(/^[0-9A-Fa-f]{8}-([0-9A-Fa-f]{4}-){3}[0-9A-Fa-f]{12}$/)
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.motivo === '01' && !b.folio_sustitucion)
      ctx.addIssue({ code: 'custom', path: ['folio_sustitucion'], message: 'is required with motivo 01' });
  });

/** Parses a cancellation body (absent: the defaults). @throws SandboxError 1001 naming the member. */
export function parseCancellation(body: unknown): z.output<typeof cancelInvoiceSchema> {
  const r = cancelInvoiceSchema.safeParse(body ?? {});
  if (r.success) return r.data;
  throw invoiceError(r.error.issues[0]!, body);
}
