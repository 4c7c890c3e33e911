// Invalid requests derived from the reference alone, as a contract tester (Schemathesis, Dredd)
// derives them: from the documented body schema and parameters, never from the valibot schemas.
type Json = Record<string, any>;

export interface Variant {
  name: string;
  /** The status the reference says such a request answers. */
  status: number;
  body?: unknown;
  /** Replaces the query string. */
  query?: string;
}

const samples: [string, unknown][] = [['integer', 12345], ['string', 'x'], ['boolean', true], ['object', { a: 1 }], ['array', ['x']]];

/** The JSON types a schema admits, looking through `$ref`, `anyOf` and `enum`; undefined when it admits anything. */
function typesOf(schema: Json, resolve: (s: Json) => Json): Set<string> | undefined {
  const s = resolve(schema);
  if (s.anyOf || s.oneOf) {
    const all = new Set<string>();
    for (const option of s.anyOf ?? s.oneOf) {
      const types = typesOf(option, resolve);
      if (!types) return undefined;
      for (const type of types) all.add(type);
    }
    return all;
  }
  if (s.type) {
    const types = new Set<string>([s.type].flat());
    if (types.has('number')) types.add('integer');
    return types;
  }
  if ('const' in s) return new Set([typeof s.const]);
  if (s.enum) return new Set(s.enum.map((x: unknown) => (x === null ? 'null' : typeof x === 'number' ? 'integer' : typeof x)));
  return undefined;
}

/** The plain (non-null) schema of a property, with its keywords. */
function plain(schema: Json, resolve: (s: Json) => Json): Json {
  const s = resolve(schema);
  const inner = (s.anyOf as Json[] | undefined)?.find((o) => resolve(o).type !== 'null');
  return inner ? resolve(inner) : s;
}

const emoji = '\u{1F600}';

/** Invalid bodies, one per kind the schema allows deriving: each is 422 `validation_failed`. */
export function bodyVariants(schema: Json, valid: Json, resolve: (s: Json) => Json): Variant[] {
  const s = resolve(schema);
  const props = Object.entries((s.properties ?? {}) as Json).filter(([, p]) => !resolve(p).readOnly);
  const out: Variant[] = [{ name: 'an extra member', status: 422, body: { ...valid, unknown_member: 1 } }];
  const required = (s.required ?? []) as string[];
  if (required.length > 0) {
    const { [required[0]!]: _, ...rest } = valid;
    out.push({ name: `required ${required[0]} missing`, status: 422, body: rest });
  }
  for (const [name, p] of props) {
    const types = typesOf(p, resolve);
    const wrong = types && samples.find(([type]) => !types.has(type) && !(type === 'integer' && types.has('number')));
    if (wrong) {
      out.push({ name: `${name} of the wrong type`, status: 422, body: { ...valid, [name]: wrong[1] } });
      break;
    }
  }
  const long = props.find(([, p]) => typeof plain(p, resolve).maxLength === 'number' && !plain(p, resolve).pattern && !plain(p, resolve).format);
  if (long) {
    // Characters, not UTF-16 units: one more emoji than maxLength is too long, as JSON Schema counts.
    out.push({ name: `${long[0]} too long`, status: 422, body: { ...valid, [long[0]]: emoji.repeat(plain(long[1], resolve).maxLength + 1) } });
  }
  const ranged = props.find(([, p]) => typeof plain(p, resolve).maximum === 'number');
  if (ranged) out.push({ name: `${ranged[0]} out of range`, status: 422, body: { ...valid, [ranged[0]]: plain(ranged[1], resolve).maximum + 1 } });
  const enumerated = props.find(([, p]) => Array.isArray(plain(p, resolve).enum) && plain(p, resolve).type === 'string');
  if (enumerated) out.push({ name: `${enumerated[0]} not in its enum`, status: 422, body: { ...valid, [enumerated[0]]: 'not_a_documented_value' } });
  const id = props.find(([name, p]) => name.endsWith('_id') && typeof plain(p, resolve).pattern === 'string');
  if (id) out.push({ name: `${id[0]} above 2^63 - 1`, status: 422, body: { ...valid, [id[0]]: '9223372036854775808' } });
  const readOnly = Object.entries((s.properties ?? {}) as Json).find(([, p]) => resolve(p).readOnly);
  if (readOnly) out.push({ name: `read-only ${readOnly[0]}`, status: 422, body: { ...valid, [readOnly[0]]: 'x' } });
  return out;
}

/** Invalid query strings from the documented query parameters: each is 400. */
export function queryVariants(parameters: Json[]): Variant[] {
  const query = parameters.filter((p) => p.in === 'query');
  if (query.length === 0) return [{ name: 'an unknown query parameter', status: 400, query: 'unknown_parameter=1' }];
  const out: Variant[] = [{ name: 'an unknown query parameter', status: 400, query: 'unknown_parameter=1' }];
  const ranged = query.find((p) => typeof p.schema?.maximum === 'number');
  if (ranged) out.push({ name: `${ranged.name} out of range`, status: 400, query: `${ranged.name}=${ranged.schema.maximum + 1}` });
  const enumerated = query.find((p) => Array.isArray(p.schema?.enum));
  if (enumerated) out.push({ name: `${enumerated.name} not in its enum`, status: 400, query: `${enumerated.name}=not_a_documented_value` });
  const id = query.find((p) => p.name.endsWith('_id'));
  if (id) out.push({ name: `${id.name} above 2^63 - 1`, status: 400, query: `${id.name}=9223372036854775808` });
  return out;
}
