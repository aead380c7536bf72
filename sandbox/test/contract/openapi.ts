/**
 * Every response a contract test receives from the API is checked against the sandbox's own OpenAPI document
 * (`{base}/openapi.json`): its path and method are described, its status is one the operation lists, and a JSON
 * body validates against that status's schema (ajv, JSON Schema 2020-12, which OpenAPI 3.1 uses). `useSandbox`
 * (./helpers.ts) records the responses and runs the check when its sandbox stops, so a view that drifts from the
 * document fails the test file that met it.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** One response as a contract test received it. */
export interface Received {
  method: string;
  /** The path without the query string. */
  path: string;
  status: number;
  body: unknown;
  /** Whether the body was JSON. */
  json: boolean;
}

interface Doc {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
}

/** Paths the document covers: the API, the simulation API and the store search (not the HTML pages or the frames). */
const API = /^\/(v1|sandbox\/v1|stores)(\/|$)/;

/** The document's path template that `path` matches, the one with the most literal segments; undefined when none. */
function templateOf(doc: Doc, path: string): string | undefined {
  const matches = Object.keys(doc.paths).filter((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}/?$`).test(path));
  return matches.sort((a, b) => b.replace(/\{[^}]+\}/g, '').length - a.replace(/\{[^}]+\}/g, '').length)[0];
}

/**
 * The problems of `received` against the OpenAPI document `doc`, one line each; none when every response conforms.
 * Answers to a path with no operation (1005 from the not-found handler, or 1002/1010 from authentication, which runs
 * before routing) and preflights (OPTIONS, answered by CORS) are skipped: they have no operation to conform to.
 */
export function conformance(doc: unknown, received: readonly Received[]): string[] {
  const d = doc as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema(d as object, 'openapi.json');
  const problems: string[] = [];
  for (const r of received) {
    if (!API.test(r.path) || r.method === 'OPTIONS') continue;
    const template = templateOf(d, r.path);
    const operation = template && d.paths[template]![r.method.toLowerCase()];
    if (!operation) {
      // refused before any route: no credentials or the wrong key (auth runs first), or no such route
      if (![401, 403, 404].includes(r.status)) problems.push(`${r.method} ${r.path} (${r.status}): no operation in the OpenAPI document`);
      continue;
    }
    const response = operation.responses[String(r.status)];
    if (!response) {
      problems.push(`${r.method} ${template} answered ${r.status}, which the document does not list`);
      continue;
    }
    if (!r.json) continue;
    const pointer = `openapi.json#/paths/${template!.replace(/~/g, '~0').replace(/\//g, '~1')}/${r.method.toLowerCase()}/responses/${r.status}/content/application~1json/schema`;
    if (!response.content?.['application/json']) {
      problems.push(`${r.method} ${template} ${r.status}: a JSON body the document does not describe`);
      continue;
    }
    const validate = ajv.getSchema(pointer) ?? ajv.compile({ $ref: pointer });
    if (!validate(r.body)) problems.push(`${r.method} ${template} ${r.status}: ${ajv.errorsText(validate.errors)}`);
  }
  return [...new Set(problems)];
}
