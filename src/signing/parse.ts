// Reads Signature-Input and Signature and applies this service's profile (auth.md, "Signing every /v1 request").
import { SigningError } from './errors.js';
import { checkComponents, splitTarget, type ComponentId, type SignedRequest } from './components.js';
import { parseSignatureFast } from './parse-fast.js';
import { noncePattern, supportedAlgs, type ParsedSignature } from './profile.js';

export type { ParsedSignature };
import { signatureParamsValue } from './signature-base.js';
import { isInnerList, parseDictionary, StructuredFieldError, type Dictionary, type Member, type Params } from './structured-fields.js';

const invalid = (detail: string) => new SigningError('signature_invalid', detail);

/** The usual shape is read by the fast path; anything else, every refusal included, by the general parser. */
export function parseSignature(req: SignedRequest, hasBody: boolean): ParsedSignature {
  return parseSignatureFast(req, hasBody) ?? parseSignatureGeneral(req, hasBody);
}

/** RFC 9651 parsing of both headers, then the profile's checks. */
export function parseSignatureGeneral(req: SignedRequest, hasBody: boolean): ParsedSignature {
  const inputs = readDictionary(req, 'signature-input');
  const signatures = readDictionary(req, 'signature');
  if (inputs.size !== 1 || signatures.size !== 1) throw invalid('exactly one signature is accepted');
  const [label, input] = [...inputs][0] as [string, Member];
  const sig = signatures.get(label);
  if (!sig) throw invalid('Signature and Signature-Input labels differ');
  if (isInnerList(sig) || !Buffer.isBuffer(sig.value) || sig.value.length === 0) throw invalid('Signature must be a byte sequence');
  if (!isInnerList(input)) throw invalid('Signature-Input must be an inner list');

  const components = input.items.map(({ value, params }) => {
    if (typeof value !== 'string') throw invalid('covered components must be strings');
    return { name: value, params };
  });
  checkComponents(components);
  requireComponents(req, components, hasBody);

  const p = input.params;
  const keyId = param(p, 'keyid', 'string', true);
  const created = param(p, 'created', 'number', true);
  const nonce = param(p, 'nonce', 'string', true);
  const expires = param(p, 'expires', 'number', false);
  const alg = param(p, 'alg', 'string', false);
  if (!noncePattern.test(nonce)) throw invalid('nonce must be 16 to 128 characters of [A-Za-z0-9_-]');
  if (alg !== undefined && !supportedAlgs.has(alg)) throw invalid('alg must be hmac-sha256 or rsa-v1_5-sha256');

  const parsed: ParsedSignature = {
    label, keyId, created, nonce, components,
    signatureParams: signatureParamsValue(components, p),
    signature: sig.value,
  };
  if (expires !== undefined) parsed.expires = expires;
  if (alg !== undefined) parsed.alg = alg;
  return parsed;
}

export function checkWindow(p: ParsedSignature, nowSeconds: number, skewSeconds: number): void {
  if (Math.abs(nowSeconds - p.created) > skewSeconds) throw new SigningError('signature_expired', `created is more than ${skewSeconds} s from the server clock`);
  if (p.expires !== undefined && p.expires <= nowSeconds) throw new SigningError('signature_expired', 'the signature has expired');
}

function readDictionary(req: SignedRequest, name: string): Dictionary {
  const raw = req.headers[name];
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  if (value === undefined || value.trim() === '') throw new SigningError('signature_required', 'Signature and Signature-Input headers are required');
  try {
    return parseDictionary(value);
  } catch (e) {
    if (e instanceof StructuredFieldError) throw invalid(`the ${name} header is malformed`);
    throw e;
  }
}

/** The components this request must cover (auth.md), serialized as in the signature base. */
export function requiredComponents(req: SignedRequest, hasBody: boolean): string[] {
  const required = ['"@method"', '"@path"'];
  if (splitTarget(req.target).query) required.push('"@query"');
  if (hasBody) required.push('"content-digest"');
  return required;
}

function requireComponents(req: SignedRequest, components: ComponentId[], hasBody: boolean): void {
  const bare = new Set(components.filter((c) => c.params.size === 0).map((c) => `"${c.name}"`));
  const required = requiredComponents(req, hasBody);
  const missing = required.find((name) => !bare.has(name));
  if (missing) throw new SigningError('signature_invalid', `the signature must cover ${missing}`, required);
}

function param(p: Params, name: string, type: 'string', required: true): string;
function param(p: Params, name: string, type: 'number', required: true): number;
function param(p: Params, name: string, type: 'string', required: false): string | undefined;
function param(p: Params, name: string, type: 'number', required: false): number | undefined;
function param(p: Params, name: string, type: 'string' | 'number', required: boolean): string | number | undefined {
  const v = p.get(name);
  if (v === undefined) {
    if (required) throw invalid(`the signature parameter "${name}" is required`);
    return undefined;
  }
  // The parser yields plain numbers only for integers (decimals are Decimal objects).
  if (typeof v !== type) throw invalid(`the signature parameter "${name}" must be ${type === 'number' ? 'an integer' : 'a string'}`);
  return v as string | number;
}
