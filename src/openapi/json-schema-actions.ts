// The pipe actions of a valibot schema, folded into the JSON Schema of its root.
export type JsonSchema = Record<string, unknown>;

/** The runtime shape of a pipe item, as far as the converter reads it. */
export interface Action {
  kind: string;
  type: string;
  requirement?: unknown;
  description?: string;
  title?: string;
  examples?: unknown[];
  metadata?: { format?: unknown; minLength?: unknown; maxLength?: unknown; pattern?: unknown; readOnly?: unknown };
}

// Transformations that keep the wire type: the schema before them still describes the input.
const keepsType = new Set(['trim', 'trim_start', 'trim_end', 'to_lower_case', 'to_upper_case', 'normalize', 'brand', 'readonly', 'flavor']);

const formats: Record<string, string> = {
  email: 'email',
  rfc_email: 'email',
  url: 'uri',
  uuid: 'uuid',
  ipv4: 'ipv4',
  ipv6: 'ipv6',
  iso_date: 'date',
  iso_date_time: 'date-time',
  iso_timestamp: 'date-time',
  iso_time: 'time',
};

/** Whether the pipe goes on describing the same wire value after this item. */
export function changesType(action: Action): boolean {
  return action.kind === 'transformation' && !keepsType.has(action.type);
}

function isArray(schema: JsonSchema): boolean {
  return schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));
}

function isNumeric(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('number') || types.includes('integer');
}

// Only flags JSON Schema's ECMA-262 `pattern` can honour: an `i` pattern would reject valid values.
function pattern(re: RegExp): string | undefined {
  return /^[guy]*$/.test(re.flags) ? re.source : undefined;
}

/** `YYYY-MM-DD` or RFC 3339 patterns hand-written with `regex` still earn their `format`. */
function dateFormat(re: RegExp): string | undefined {
  const probe = new RegExp(re.source, re.flags.replace(/[gy]/g, ''));
  // Anything that also takes a bare number or a phone number is not a date pattern.
  if (probe.test('x') || probe.test('12345') || probe.test('+31 6 1234 5678')) return undefined;
  const date = probe.test('2026-11-21');
  const time = probe.test('2026-11-21T09:30:00.000Z') || probe.test('2026-11-21T09:30:00Z');
  if (date && !time) return 'date';
  if (time && !date) return 'date-time';
  return undefined;
}

function length(schema: JsonSchema, bound: 'min' | 'max', n: number): void {
  const key = isArray(schema) ? `${bound}Items` : `${bound}Length`;
  schema[key] = n;
}

/** Applies one action to `schema` in place; unknown actions (check, custom…) add nothing. */
export function applyAction(schema: JsonSchema, action: Action): void {
  const req = action.requirement;
  switch (action.type) {
    case 'description':
      schema.description = action.description;
      return;
    case 'title':
      schema.title = action.title;
      return;
    case 'metadata':
      // `v.metadata({ format, minLength, maxLength, pattern })` states what a `check` enforces and cannot say.
      for (const key of ['format', 'minLength', 'maxLength', 'pattern'] as const) {
        const value = action.metadata?.[key];
        if (typeof value === 'string' || typeof value === 'number') schema[key] = value;
      }
      if (action.metadata?.readOnly === true) schema.readOnly = true;
      return;
    case 'examples':
      schema.examples = action.examples;
      return;
    case 'min_length':
      length(schema, 'min', req as number);
      return;
    case 'max_length':
      length(schema, 'max', req as number);
      return;
    case 'length':
      length(schema, 'min', req as number);
      length(schema, 'max', req as number);
      return;
    case 'non_empty':
      length(schema, 'min', 1);
      return;
    case 'integer':
    case 'safe_integer':
      if (isNumeric(schema)) schema.type = Array.isArray(schema.type) ? schema.type.map((t) => (t === 'number' ? 'integer' : t)) : 'integer';
      return;
    case 'multiple_of':
      schema.multipleOf = req;
      return;
    case 'value':
      schema.const = req;
      return;
  }
  if (typeof req === 'number' && isNumeric(schema)) {
    const key = { min_value: 'minimum', max_value: 'maximum', gt_value: 'exclusiveMinimum', lt_value: 'exclusiveMaximum' }[action.type];
    if (key) schema[key] = req;
    return;
  }
  const format = formats[action.type];
  if (format) schema.format = format;
  if (action.type === 'regex' && req instanceof RegExp) {
    const source = pattern(req);
    if (source !== undefined) schema.pattern = source;
    const date = dateFormat(req);
    if (date && !schema.format) schema.format = date;
  }
}
