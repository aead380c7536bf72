import recorded from './recorded-examples.json' with { type: 'json' };

/**
 * Each operation's request and response examples in the OpenAPI document: the request fixtures the contract tests
 * send (./example-requests.ts) as a sandbox received them, and what it answered, recorded by
 * `npm run sandbox:examples` (sandbox/scripts/record-examples.ts) into ./recorded-examples.json. Keyed by
 * operation: `METHOD /path/{template}`.
 */

/** The examples of one operation, by name (`example`, or the charge kind: `card`, `store`, `bank`...). */
export interface OperationExamples {
  requests?: Record<string, unknown>;
  responses?: Record<string, unknown>;
}

/** Every recorded operation's examples. */
export const OPERATION_EXAMPLES: Readonly<Record<string, OperationExamples>> = recorded;

interface Operation {
  requestBody?: { content: Record<string, { examples?: object }> };
  responses: Record<string, { content?: Record<string, { examples?: object }> }>;
}

/** OpenAPI's named examples: `{name: {value}}`. */
const named = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { value }]));

/**
 * The document `doc` with each operation's recorded examples: the request's on its JSON body, the response's on its
 * success status (the first below 300 with a JSON body). Operations with none are left as they are.
 */
export function withExamples<D extends { paths: Record<string, Record<string, Operation>> }>(doc: D): D {
  const paths = Object.fromEntries(
    Object.entries(doc.paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, op]) => [
          method,
          withOperationExamples(op, OPERATION_EXAMPLES[`${method.toUpperCase()} ${path}`]),
        ]),
      ),
    ]),
  );
  return { ...doc, paths };
}

function withOperationExamples(op: Operation, examples: OperationExamples | undefined): Operation {
  if (!examples) return op;
  const json = op.requestBody?.content['application/json'];
  const requestBody = json &&
    examples.requests && { ...op.requestBody!, content: { 'application/json': { ...json, examples: named(examples.requests) } } };
  const success = Object.keys(op.responses).find((status) => Number(status) < 300 && op.responses[status]!.content?.['application/json']);
  const response = success && examples.responses && op.responses[success]!;
  const responses = response
    ? {
        ...op.responses,
        [success]: {
          ...response,
          content: { 'application/json': { ...response.content!['application/json'], examples: named(examples.responses!) } },
        },
      }
    : op.responses;
  return { ...op, ...(requestBody && { requestBody }), responses };
}
