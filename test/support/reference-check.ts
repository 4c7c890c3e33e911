// Checks a live answer against the generated reference as a partner's tooling would: the status
// must be documented, every required header present and every sent header documented, each
// header and the body valid under their JSON Schema 2020-12 (Ajv, the validator redocly and
// spectral already bring). Answers the places that do not match, as readable lines.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Response } from './harness.js';

type Json = Record<string, any>;

// What HTTP itself sends; the reference documents the rest. Content-Type is checked against `content`.
const transport = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
const base = 'https://reference.test/openapi.json';

export interface ReferenceCheck {
  /** The operation object of a path and method. */
  operation(path: string, method: string): Json;
  /** The documented response of a status, references resolved. */
  response(path: string, method: string, status: number): Json | undefined;
  /** A component or any `$ref` target of the document. */
  resolve(node: Json): Json;
  mismatches(path: string, method: string, res: Response, replayed?: boolean): string[];
}

export function referenceCheck(doc: Json): ReferenceCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema({ $id: base, components: doc.components }, base, undefined, false);
  const compiled = new WeakMap<object, ValidateFunction>();

  const resolve = (node: Json): Json => (typeof node?.$ref === 'string'
    ? resolve(node.$ref.slice(2).split('/').reduce((n: Json, key: string) => n[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc))
    : node);
  // The document's local references, made absolute so a schema compiles apart from the document.
  const anchored = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(anchored);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${base}${v}` : anchored(v)]));
  };
  const validator = (schema: Json): ValidateFunction => {
    let fn = compiled.get(schema);
    if (!fn) compiled.set(schema, (fn = ajv.compile(anchored(schema) as Json)));
    return fn;
  };
  const errorsOf = (schema: Json, value: unknown, what: string): string[] => {
    const fn = validator(schema);
    return fn(value) ? [] : (fn.errors ?? []).map((e) => `${what}${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
  };

  const operation = (path: string, method: string): Json => doc.paths[path][method.toLowerCase()];
  const response = (path: string, method: string, status: number): Json | undefined => {
    const found = operation(path, method).responses[String(status)];
    return found ? resolve(found) : undefined;
  };

  function headerValue(schema: Json, raw: string): unknown {
    const types = [schema.type].flat();
    return types.includes('integer') && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  }

  function mismatches(path: string, method: string, res: Response, replayed = false): string[] {
    const documented = response(path, method, res.status);
    if (!documented) {
      return [`status ${res.status} is not documented (${Object.keys(operation(path, method).responses).join(', ')}): ${JSON.stringify(res.body)}`];
    }
    const out: string[] = [];
    const headers = new Map(Object.entries(documented.headers ?? {}).map(([name, h]) => [name.toLowerCase(), { name, header: resolve(h as Json) }]));
    for (const [name, value] of res.headers) {
      const entry = headers.get(name);
      if (!entry) {
        if (!transport.has(name)) out.push(`header ${name} is not documented for ${res.status}`);
        continue;
      }
      out.push(...errorsOf(entry.header.schema, headerValue(entry.header.schema, value), `header ${entry.name}`));
    }
    for (const [lower, { name, header }] of headers) {
      if (header.required && !res.headers.has(lower)) out.push(`required header ${name} is missing from ${res.status}`);
      if (lower === 'idempotent-replayed' && replayed && !res.headers.has(lower)) out.push('a replay lacks Idempotent-Replayed');
    }
    const content = documented.content as Json | undefined;
    if (!content) {
      if (res.body !== undefined) out.push(`${res.status} documents no body but one came`);
      return out;
    }
    const type = res.headers.get('content-type') ?? '';
    const media = content[type];
    if (!media) return [...out, `content-type ${type} is not documented for ${res.status}`];
    out.push(...errorsOf(media.schema, res.body, 'body'));
    return out;
  }

  return { operation, response, resolve, mismatches };
}
