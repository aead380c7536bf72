import { z } from 'zod';

/**
 * `--lenient`'s one pre-pass over a request body, led by the route's body schema (the one `describe()` documents and
 * `parseWith` checks): where the schema wants a number or a boolean and the body holds the processor's SDKs' string
 * for it, the value is read as the schema's type, with a warning naming the field. Strict mode never runs it, so the
 * schema refuses the string (1001, naming the field, rule `type`).
 * - a number: a string of digits with at most two decimals (`"100.00"`, `"10"`); an integer: digits only. Anything
 *   else (`"1.005"`, `"1e2"`, `"ten"`) stays a string and is refused as in strict mode.
 * - a boolean: `"true"` or `"false"`.
 * Members the schema does not describe, and values a branch of the schema accepts as strings, are left as they are.
 */

/** The subset of JSON Schema (draft 2020-12, as `z.toJSONSchema` writes it) the pre-pass reads. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** A number with at most two decimals, as text (the spec's amounts); an integer, as text. */
const DECIMAL_TEXT = /^-?\d{1,15}(\.\d{1,2})?$/;
const INTEGER_TEXT = /^-?\d{1,15}$/;

/** The JSON Schema of each body schema's input, made once per schema. */
const inputSchemas = new WeakMap<z.ZodType, JsonSchema>();

function inputSchemaOf(schema: z.ZodType): JsonSchema {
  let json = inputSchemas.get(schema);
  if (!json) {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as JsonSchema;
    inputSchemas.set(schema, json);
  }
  return json;
}

/** The schemas a value must meet at one place: unions and intersections opened, references followed. */
function alternatives(node: JsonSchema | undefined, root: JsonSchema, depth = 0): JsonSchema[] {
  if (!node || depth > 20) return [];
  if (node.$ref !== undefined) {
    const name = node.$ref.startsWith('#/$defs/') ? node.$ref.slice('#/$defs/'.length) : undefined;
    return alternatives(node.$ref === '#' ? root : name === undefined ? undefined : root.$defs?.[name], root, depth + 1);
  }
  const branches = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];
  return [node, ...branches.flatMap((b) => alternatives(b, root, depth + 1))];
}

const typesOf = (s: JsonSchema): string[] => (s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]);

/** A string read as the type the schema wants, or undefined when it stays a string. */
function coercedString(value: string, nodes: JsonSchema[]): number | boolean | undefined {
  const types = new Set(nodes.flatMap(typesOf));
  const untyped = nodes.every((n) => typesOf(n).length === 0);
  if (untyped || types.has('string')) return undefined;
  if (types.has('number') && DECIMAL_TEXT.test(value)) return Number(value);
  if (types.has('integer') && INTEGER_TEXT.test(value)) return Number(value);
  if (types.has('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return undefined;
}

/** What the schemas say of member `name` of an object. */
const memberSchemas = (nodes: JsonSchema[], name: string): JsonSchema[] =>
  nodes.flatMap((n) => {
    const member = n.properties?.[name] ?? (typeof n.additionalProperties === 'object' ? n.additionalProperties : undefined);
    return member ? [member] : [];
  });

function walk(value: unknown, nodes: JsonSchema[], root: JsonSchema, path: string, warn: (message: string) => void): unknown {
  const open = nodes.flatMap((n) => alternatives(n, root));
  if (typeof value === 'string') {
    const read = coercedString(value, open);
    if (read === undefined) return value;
    warn(`${path} sent as a string, read as a ${typeof read}`);
    return read;
  }
  if (Array.isArray(value)) {
    const items = open.flatMap((n) => (n.items ? [n.items] : []));
    return items.length ? value.map((v, i) => walk(v, items, root, `${path}.${i}`, warn)) : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    const schemas = memberSchemas(open, name);
    out[name] = schemas.length ? walk(member, schemas, root, path ? `${path}.${name}` : name, warn) : member;
  }
  return out;
}

/**
 * The body as `--lenient` reads it for `schema` (see the module's comment): a copy with the SDKs' strings read as
 * numbers and booleans, each one reported to `warn` as `{field} sent as a string, read as a number`; the body itself
 * when nothing was read differently.
 * @param schema the route's body schema (zod); its input's JSON Schema is made once and kept.
 * @param body the parsed JSON body (any value).
 */
export function lenientBody(schema: z.ZodType, body: unknown, warn: (message: string) => void): unknown {
  const root = inputSchemaOf(schema);
  let changed = false;
  const read = walk(body, [root], root, '', (message) => {
    changed = true;
    warn(message);
  });
  return changed ? read : body;
}
