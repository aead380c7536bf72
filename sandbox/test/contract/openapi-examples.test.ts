/**
 * Every operation of the OpenAPI document (`/openapi.json`) has examples, recorded from the request fixtures the
 * contract tests send (sandbox/src/http/example-requests.ts; `npm run sandbox:examples`), and each is accepted by
 * the operation's own zod schemas (the ones that parse its requests and type its answer): an operation with a body
 * has a request example its body schema accepts; an operation answering a body has a success response example its
 * response schema accepts. The test lists the operations lacking one.
 */
import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../../src/app';
import { routeDocOf, type RouteDoc } from '../../src/http/openapi';
import { OPERATION_EXAMPLES, type OperationExamples } from '../../src/http/examples';
import { INVOICE_REQUEST } from '../../src/http/example-requests';
import { recordExamples } from '../../scripts/record';
import { CREDS } from './helpers';

type Media = { examples?: Record<string, { value: unknown }> };
interface Doc {
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, Media> }> }>
  >;
}

/** The document and each operation's RouteDoc (`METHOD /path/{param}`), from a sandbox app in memory. */
async function documented(): Promise<{ doc: Doc; routeDocs: Map<string, RouteDoc> }> {
  const { app, close } = createSandboxApp({ ...CREDS, scheduler: false });
  try {
    const doc = (await (await app.request('/openapi.json')).json()) as Doc;
    const routeDocs = new Map<string, RouteDoc>();
    for (const r of app.routes) {
      const routeDoc = routeDocOf(r.handler);
      if (routeDoc) routeDocs.set(`${r.method} ${r.path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')}`, routeDoc);
    }
    return { doc, routeDocs };
  } finally {
    close();
  }
}

/** Why the examples of `doc` fall short of its operations' schemas, one line per problem; none when all hold. */
function exampleProblems(doc: Doc, routeDocs: ReadonlyMap<string, RouteDoc>): string[] {
  const problems: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(operations)) {
      const key = `${method.toUpperCase()} ${path}`;
      const routeDoc = routeDocs.get(key);
      if (!routeDoc) {
        problems.push(`${key}: no RouteDoc (not described with describe())`);
        continue;
      }
      const requests = Object.entries(op.requestBody?.content['application/json']?.examples ?? {});
      if (routeDoc.body && requests.length === 0) problems.push(`${key}: no request example`);
      for (const [name, { value }] of requests) {
        const parsed = routeDoc.body?.safeParse(value);
        if (!parsed?.success) problems.push(`${key}: request example ${name} refused: ${parsed?.error.message ?? 'no body schema'}`);
      }
      const responses = Object.entries(op.responses[routeDoc.ok.status]?.content?.['application/json']?.examples ?? {});
      if (routeDoc.ok.schema && responses.length === 0) problems.push(`${key}: no response example`);
      for (const [name, { value }] of responses) {
        const parsed = routeDoc.ok.schema?.safeParse(value);
        if (!parsed?.success) problems.push(`${key}: response example ${name} refused: ${parsed?.error.message ?? 'no response schema'}`);
      }
    }
  return problems;
}

/** What the sandbox makes anew in each recording: ids, store references, customers' CLABEs (bank 646, STP). */
const MADE = [/^[a-z0-9]{20}$/, /^SBX[A-Z0-9]+$/, /^646\d{15}$/];

/** The member paths of a value (`a.b`, `list[].c`), sorted: what a view answers, whatever its values. */
function membersOf(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((v) => membersOf(v, `${at}[]`)))].sort();
  if (value === null || typeof value !== 'object') return [at];
  return Object.entries(value)
    .flatMap(([k, v]) => membersOf(v, at ? `${at}.${k}` : k))
    .sort();
}

/** The recorded examples with what a recording cannot repeat taken out: {@link MADE} masked in requests, answers as member paths. */
const comparable = (examples: Readonly<Record<string, OperationExamples>>) =>
  Object.fromEntries(
    Object.entries(examples).map(([op, { requests, responses }]) => [
      op,
      {
        requests: JSON.parse(JSON.stringify(requests ?? {}), (_, v: unknown) =>
          typeof v === 'string' && MADE.some((re) => re.test(v)) ? '<made>' : v,
        ),
        responses: Object.fromEntries(Object.entries(responses ?? {}).map(([name, v]) => [name, membersOf(v)])),
      },
    ]),
  );

describe('the OpenAPI examples', () => {
  it("every operation has a request example (with a body) and a success response example (with a JSON answer), each accepted by the operation's zod schemas", async () => {
    const { doc, routeDocs } = await documented();
    const operations = Object.values(doc.paths).flatMap((ops) => Object.keys(ops));
    expect(operations.length).toBeGreaterThan(80);
    expect(exampleProblems(doc, routeDocs)).toEqual([]);
    // no example recorded for an operation the document no longer has
    const keys = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(Object.keys(OPERATION_EXAMPLES).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('shows an invoice (CFDI 4.0) request, the fixture the invoice tests send, and its PENDING answer', async () => {
    const { doc } = await documented();
    const op = doc.paths['/v1/{merchant_id}/invoices/v40']!.post!;
    expect(op.requestBody!.content['application/json']!.examples!.example!.value).toEqual(INVOICE_REQUEST);
    expect(op.responses['201']!.content!['application/json']!.examples!.example!.value).toMatchObject({
      invoice_id: INVOICE_REQUEST.invoice_id,
      status: 'PENDING',
      fiscal_status: 'ACTIVE',
    });
    // every charge kind has its own request example
    const charges = doc.paths['/v1/{merchant_id}/charges']!.post!.requestBody!.content['application/json']!.examples!;
    expect(Object.keys(charges).sort()).toEqual(['bank', 'card', 'card_held', 'ivr', 'redirect', 'store', 'wallet']);
  });

  it('lists an operation whose example is missing or refused (the check can fail)', async () => {
    const { doc, routeDocs } = await documented();
    const broken = structuredClone(doc);
    const charges = broken.paths['/v1/{merchant_id}/charges']!.post!;
    (charges.requestBody!.content['application/json']!.examples!.card!.value as Record<string, unknown>).amount = -5;
    delete broken.paths['/v1/{merchant_id}/plans']!.post!.responses['201']!.content!['application/json']!.examples;
    delete broken.paths['/v1/{merchant_id}/customers']!.post!.requestBody!.content['application/json']!.examples;
    const customer = broken.paths['/v1/{merchant_id}/customers/{customer_id}']!.get!;
    (customer.responses['200']!.content!['application/json']!.examples!.example!.value as Record<string, unknown>).id = 7;
    const problems = exampleProblems(broken, routeDocs);
    expect(problems).toHaveLength(4);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^POST \/v1\/\{merchant_id\}\/plans: no response example$/),
        expect.stringMatching(/^POST \/v1\/\{merchant_id\}\/customers: no request example$/),
        expect.stringMatching(/^GET \/v1\/\{merchant_id\}\/customers\/\{customer_id\}: response example example refused/),
        expect.stringMatching(/^POST \/v1\/\{merchant_id\}\/charges: request example card refused/),
      ]),
    );
  });

  it('are current: recording them again gives the same operations, requests and answer members (else: npm run sandbox:examples)', async () => {
    const fresh = JSON.parse(await recordExamples()) as Record<string, OperationExamples>;
    expect(comparable(fresh)).toEqual(comparable(OPERATION_EXAMPLES));
  }, 120_000);
});
