// Checks a value against the JSON Schema the reference documents (the keywords the generator
// writes), so a test compares the live answer with the document a partner reads, not with the
// valibot schema it was generated from. Answers the places that do not match.
type Schema = Record<string, any>;

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

const formats: Record<string, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
};

export function schemaErrors(schema: Schema, value: unknown, doc: Schema, at = ''): string[] {
  if (schema.$ref) return schemaErrors(resolve(doc, schema.$ref), value, doc, at);
  const out: string[] = [];
  const fail = (what: string) => out.push(`${at || '/'}: ${what}`);
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => t === actual || (t === 'number' && actual === 'integer'))) return [`${at || '/'}: ${actual} is not ${types.join(' or ')}`];
  }
  if ('const' in schema && value !== schema.const) fail(`is not ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value)) fail(`${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (schema.anyOf && !schema.anyOf.some((s: Schema) => schemaErrors(s, value, doc, at).length === 0)) fail('matches none of anyOf');
  if (schema.oneOf && schema.oneOf.filter((s: Schema) => schemaErrors(s, value, doc, at).length === 0).length !== 1) fail('does not match exactly one of oneOf');
  for (const s of schema.allOf ?? []) out.push(...schemaErrors(s, value, doc, at));
  if (schema.not && schemaErrors(schema.not, value, doc, at).length === 0) fail('matches not');
  if (typeof value === 'string') {
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) fail(`does not match ${schema.pattern}`);
    if (schema.format && formats[schema.format] && !formats[schema.format]!.test(value)) fail(`is not a ${schema.format}`);
    if (schema.minLength !== undefined && [...value].length < schema.minLength) fail(`is shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength) fail(`is longer than ${schema.maxLength}`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) fail(`is below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) fail(`is above ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) fail(`has fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) fail(`has more than ${schema.maxItems} items`);
    value.forEach((item, i) => {
      const itemSchema = schema.prefixItems?.[i] ?? schema.items;
      if (itemSchema) out.push(...schemaErrors(itemSchema, item, doc, `${at}/${i}`));
    });
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (!(name in object)) fail(`lacks required ${name}`);
    const properties: Record<string, Schema> = schema.properties ?? {};
    for (const [name, member] of Object.entries(object)) {
      if (properties[name]) out.push(...schemaErrors(properties[name]!, member, doc, `${at}/${name}`));
      else if (schema.additionalProperties === false) fail(`has undocumented member ${name}`);
      else if (typeof schema.additionalProperties === 'object') out.push(...schemaErrors(schema.additionalProperties, member, doc, `${at}/${name}`));
    }
  }
  return out;
}

function resolve(doc: Schema, ref: string): Schema {
  return ref.slice(2).split('/').reduce((node: Schema, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}
