import type { MiddlewareHandler } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { z } from 'zod';
import type { SandboxEnv } from '../env';
import { ERROR_CODES } from '../domain/errors';
import { addWarning } from './lenient';
import { lenientBody } from './lenient-body';

/**
 * The OpenAPI 3.1 description of each route, built from the same zod schemas that check requests and type the
 * views (hono-openapi: it describes ordinary Hono routes, so the sandbox keeps its own parsing and the spec's
 * error codes; `generateSpecs` then reads every described route). Served at `{base}/openapi.json`.
 */

/** The spec's Error object (spec, Errors). */
export const errorObject = z
  .object({
    category: z.enum(['request', 'internal', 'gateway']),
    error_code: z
      .number()
      .int()
      .meta({ examples: [1001] }),
    description: z.string(),
    http_code: z
      .number()
      .int()
      .meta({ examples: [400] }),
    request_id: z.string().meta({ examples: ['0b6f1f2e-8d3c-4b0a-9a57-2f1d4c6e8a90'] }),
    fraud_rules: z.array(z.string()).optional(),
  })
  .meta({ id: 'Error', description: 'Every error response (spec, Errors).' });

/** What one route is, for its OpenAPI operation. */
export interface RouteDoc {
  /** Group in the reference (the spec's section). */
  tag: string;
  summary: string;
  description?: string;
  /** The request body's schema (POST, PUT). */
  body?: z.ZodType;
  /** The query's schema: an object whose members are the query parameters. */
  query?: z.ZodObject;
  /** The success status and its body's schema; no schema: an empty body. */
  ok: { status: 200 | 201 | 204; schema?: z.ZodType; description?: string };
  /** Error codes the route answers beside the common ones (1000, 1001, 1002, 1004, 1005, 1009, 1010). */
  errors?: readonly number[];
  /** Which keys may call it. @default 'private' */
  keys?: 'public' | 'private' | 'none';
  /**
   * Where the spec is silent and the sandbox fills the gap (an operation "not shown", a choice of ours): the text
   * becomes `x-sandbox-gap` on the operation and a row of docs/sandbox.md.
   */
  gap?: string;
}

/** What any route may answer: internal error, bad request, authentication, not found, body too large, forbidden key, fault mode's 503. */
const COMMON_ERRORS = [1000, 1001, 1002, 1004, 1005, 1009, 1010];

/**
 * The middleware carrying a route's OpenAPI operation. At request time it does one thing, for a route with a body
 * under `--lenient`: the body is read through {@link lenientBody} with the same schema (the SDKs' `"100.00"` and
 * `"true"`), so every route gets the one pre-pass before its `parseWith`.
 */
export function describe(r: RouteDoc): MiddlewareHandler<SandboxEnv> {
  const doc = describeOperation(r);
  const schema = r.body;
  if (!schema) return doc;
  const lenientRead: MiddlewareHandler<SandboxEnv> = async (c, next) => {
    if (c.var.lenient && c.var.body !== undefined)
      c.set(
        'body',
        lenientBody(schema, c.var.body, (m) => addWarning(c, m)),
      );
    await next();
  };
  // the operation is found on the handler by hono-openapi's symbol property, copied here
  return Object.assign(lenientRead, doc);
}

/** The middleware hono-openapi reads a route's operation from (it does nothing at request time). */
function describeOperation(r: RouteDoc): MiddlewareHandler {
  const statuses = new Map<number, number[]>();
  for (const code of [...COMMON_ERRORS, ...(r.errors ?? [])]) {
    const status = ERROR_CODES[code]?.http_code ?? 500;
    statuses.set(status, [...(statuses.get(status) ?? []), code]);
  }
  const errors = Object.fromEntries(
    [...statuses].map(([status, codes]) => [
      status,
      {
        description: `Error object, error_code ${codes.join(', ')}`,
        content: { 'application/json': { schema: resolver(errorObject), examples: errorExamples(codes) } },
      },
    ]),
  );
  const ok = {
    description: r.ok.description ?? (r.ok.schema ? 'Success' : 'Success, empty body'),
    ...(r.ok.schema && { content: { 'application/json': { schema: resolver(r.ok.schema) } } }),
  };
  return describeRoute({
    tags: [r.tag],
    summary: r.summary,
    ...(r.description && { description: r.description }),
    ...(r.body && { requestBody: { required: true, content: { 'application/json': { schema: resolver(r.body) as never } } } }),
    ...(r.query && { parameters: queryParameters(r.query) }),
    security: r.keys === 'none' ? [] : r.keys === 'public' ? [{ publicKey: [] }, { privateKey: [] }] : [{ privateKey: [] }],
    responses: { [r.ok.status]: ok, ...errors },
    ...(r.gap && { 'x-sandbox-gap': r.gap }),
  });
}

/** One example Error object per code a status carries, named `error_{code}` (the codes of the spec's table, never made up). */
function errorExamples(codes: readonly number[]) {
  return Object.fromEntries(
    codes.map((code) => {
      const { http_code, category } = ERROR_CODES[code] ?? ERROR_CODES[1000]!;
      const value = { category, error_code: code, description: `Error ${code} (spec, Errors): what was refused and why`, http_code };
      return [`error_${code}`, { summary: `error_code ${code}`, value: { ...value, request_id: '0b6f1f2e-8d3c-4b0a-9a57-2f1d4c6e8a90' } }];
    }),
  );
}

/** The query parameters of a query schema: one per member, typed as strings (a query string holds only text). */
function queryParameters(query: z.ZodObject) {
  return Object.entries(query.shape).map(([name, member]) => ({
    in: 'query' as const,
    name,
    required: !(member as z.ZodType).safeParse(undefined).success,
    schema: { type: 'string' as const },
    ...((member as z.ZodType).description && { description: (member as z.ZodType).description }),
  }));
}
