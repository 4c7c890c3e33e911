// RFC 9421 §2: the value of each covered component, derived from the request as received.
import { SigningError } from './errors.js';
import { serializeComponentId, serializeDictionary, serializeList, serializeMember } from './structured-fields-serialize.js';
import { parseDictionary, parseList, StructuredFieldError } from './structured-fields.js';
import { derivedComponents, type ComponentId } from './profile.js';

export type { ComponentId };

export interface SignedRequest {
  method: string;
  /** The raw request-target as received (req.url), e.g. '/v1/me?x=1'. */
  target: string;
  /** From the Host header, lowercased. */
  authority: string;
  scheme: 'http' | 'https';
  headers: Record<string, string | string[] | undefined>;
}

// `sf` needs the field's type; these are the registered Dictionary fields, anything else is parsed as a List.
const dictionaryFields = new Set([
  'signature', 'signature-input', 'accept-signature', 'content-digest', 'repr-digest',
  'want-content-digest', 'want-repr-digest', 'priority',
]);

const invalid = (detail: string) => new SigningError('signature_invalid', detail);

/** Refuses what this service cannot (or must not) reproduce: responses' components, `req`, `tr`, unknown names. */
export function checkComponents(components: readonly ComponentId[]): void {
  const seen = new Set<string>();
  for (const id of components) {
    checkComponent(id);
    const key = serializeComponentId(id);
    if (seen.has(key)) throw invalid(`component ${key} is covered more than once`);
    seen.add(key);
  }
}

function checkComponent({ name, params }: ComponentId): void {
  for (const p of ['req', 'tr']) if (params.has(p)) throw invalid(`component parameter "${p}" is not supported`);
  if (name.startsWith('@')) {
    if (!derivedComponents.has(name)) throw invalid(`derived component "${name}" is not supported`);
    const allowed = name === '@query-param' ? ['name'] : [];
    for (const p of params.keys()) if (!allowed.includes(p)) throw invalid(`parameter "${p}" is not allowed on "${name}"`);
    if (name === '@query-param' && typeof params.get('name') !== 'string') throw invalid('"@query-param" needs a string "name" parameter');
    return;
  }
  if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) throw invalid(`component "${name}" is not a lowercase field name`);
  for (const p of params.keys()) if (!['sf', 'key', 'bs'].includes(p)) throw invalid(`parameter "${p}" is not allowed on "${name}"`);
  if (params.has('sf') && params.get('sf') !== true) throw invalid('parameter "sf" must be true');
  if (params.has('bs') && params.get('bs') !== true) throw invalid('parameter "bs" must be true');
  if (params.has('key') && typeof params.get('key') !== 'string') throw invalid('parameter "key" must be a string');
  if (params.has('bs') && (params.has('sf') || params.has('key'))) throw invalid('parameter "bs" excludes "sf" and "key"');
}

export function componentValue(req: SignedRequest, id: ComponentId): string {
  checkComponent(id);
  const value = id.name.startsWith('@') ? derivedValue(req, id) : fieldValue(req, id);
  // The base is an ASCII document of lines: anything else cannot be signed unambiguously.
  if (/[^\t\x20-\x7e]/.test(value)) throw invalid(`component "${id.name}" has characters that cannot be signed`);
  return value;
}

function derivedValue(req: SignedRequest, { name, params }: ComponentId): string {
  switch (name) {
    case '@method': return req.method;
    case '@target-uri': return req.target.startsWith('/') ? `${req.scheme}://${authority(req)}${req.target}` : req.target;
    case '@authority': return authority(req);
    case '@scheme': return req.scheme;
    case '@request-target': return req.target;
    case '@path': return splitTarget(req.target).path;
    case '@query': return `?${splitTarget(req.target).query ?? ''}`;
    default: return queryParam(splitTarget(req.target).query ?? '', params.get('name') as string);
  }
}

function authority(req: SignedRequest): string {
  const value = req.authority.toLowerCase();
  const defaultPort = req.scheme === 'https' ? ':443' : ':80';
  return value.endsWith(defaultPort) ? value.slice(0, -defaultPort.length) : value;
}

/** Splits an origin-form or absolute-form target into its raw path and query (undefined when there is no `?`). */
export function splitTarget(target: string): { path: string; query: string | undefined } {
  const m = /^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)?(\/[^?#]*)?(?:\?([^#]*))?$/.exec(target);
  if (!m || (m[1] === undefined && !target.includes('://'))) throw invalid('the request target cannot be signed');
  return { path: m[1] ?? '/', query: m[2] };
}

// RFC 9421 §2.2.8: names and values are decoded as form data, then percent-encoded with %20 for space.
function queryParam(query: string, name: string): string {
  const values = [...new URLSearchParams(query)].filter(([n]) => formEncode(n) === name).map(([, v]) => v);
  if (values.length !== 1) throw invalid(`query parameter "${name}" must occur exactly once to be signed`);
  return formEncode(values[0] as string);
}

function formEncode(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const ch = String.fromCharCode(b);
    out += /[A-Za-z0-9*\-._]/.test(ch) ? ch : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function fieldValue(req: SignedRequest, { name, params }: ComponentId): string {
  const raw = Object.hasOwn(req.headers, name) ? req.headers[name] : undefined;
  if (raw === undefined) throw invalid(`covered header "${name}" is missing`);
  const lines = (Array.isArray(raw) ? raw : [raw]).map((v) => v.replace(/\r?\n[ \t]+/g, ' ').trim());
  if (params.has('bs')) return lines.map((v) => `:${Buffer.from(v, 'latin1').toString('base64')}:`).join(', ');
  const value = lines.join(', ');
  if (!params.has('sf') && !params.has('key')) return value;
  try {
    if (params.has('key')) {
      const member = parseDictionary(value).get(params.get('key') as string);
      if (!member) throw invalid(`covered header "${name}" has no key "${String(params.get('key'))}"`);
      return serializeMember(member);
    }
    return dictionaryFields.has(name) ? serializeDictionary(parseDictionary(value)) : serializeList(parseList(value));
  } catch (e) {
    if (e instanceof StructuredFieldError) throw invalid(`covered header "${name}" is not a valid structured field`);
    throw e;
  }
}
