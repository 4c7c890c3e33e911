// Signature-Input and Signature in the one shape that clients of this profile send, read by
// hand: one label, an inner list of parameterless component names, integer and string
// parameters, all in canonical serialization. Then the member after the label *is* the value of
// "@signature-params" and nothing needs serializing. It only ever accepts: for any other shape,
// or anything the profile refuses, it answers undefined and the general parser decides, so every
// refusal is the general path's own, byte for byte.
import type { ComponentId, SignedRequest } from './components.js';
import { noncePattern, parameterlessDerived as derived, supportedAlgs, type ParsedSignature } from './profile.js';
import type { Params } from './structured-fields.js';

const base64Pattern = /^[A-Za-z0-9+/]+={0,2}$/;

const isLower = (c: number) => c >= 0x61 && c <= 0x7a;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
/** The key characters of RFC 9651 after the first: a-z 0-9 _ - . * */
const isKeyChar = (c: number) => isLower(c) || isDigit(c) || c === 0x5f || c === 0x2d || c === 0x2e || c === 0x2a;
/** Component-name characters that need no escaping in a String ('@' is checked for its place later). */
const isNameChar = (c: number) => isLower(c) || isDigit(c) || c === 0x2d || c === 0x5f || c === 0x2e || c === 0x40;
/** Printable ASCII that a String serializes unescaped. */
const isPlainStringChar = (c: number) => c >= 0x20 && c <= 0x7e && c !== 0x22 && c !== 0x5c;

/** Position after a key starting at `i` ([a-z*][a-z0-9_.*-]*), or -1. */
function keyEnd(s: string, i: number): number {
  const first = s.charCodeAt(i);
  if (!isLower(first) && first !== 0x2a) return -1;
  for (i++; i < s.length && isKeyChar(s.charCodeAt(i)); i++);
  return i;
}

/** Position after a quoted string of plain characters starting at `i`, or -1. */
function stringEnd(s: string, i: number, char: (c: number) => boolean): number {
  if (s.charCodeAt(i) !== 0x22) return -1;
  for (i++; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (!char(c)) return -1;
  }
  return -1;
}

/** Position after a canonical non-negative integer of at most 15 digits starting at `i`, or -1. */
function integerEnd(s: string, i: number): number {
  const start = i;
  while (i < s.length && isDigit(s.charCodeAt(i))) i++;
  const digits = i - start;
  if (digits === 0 || digits > 15 || (digits > 1 && s.charCodeAt(start) === 0x30) || s.charCodeAt(i) === 0x2e) return -1;
  return i;
}

/** The signature as the general parser would read it, when the headers have the usual shape; else undefined. */
export function parseSignatureFast(req: SignedRequest, hasBody: boolean): ParsedSignature | undefined {
  const input = req.headers['signature-input'];
  const signature = req.headers['signature'];
  if (typeof input !== 'string' || typeof signature !== 'string') return undefined;
  // Origin-form without a fragment: the query is what follows the first '?' (an empty one needs no "@query").
  const target = req.target;
  if (target.charCodeAt(0) !== 0x2f || target.includes('#')) return undefined;
  const question = target.indexOf('?');
  const hasQuery = question >= 0 && question < target.length - 1;

  const labelEnd = keyEnd(input, 0);
  if (labelEnd < 0 || input.charCodeAt(labelEnd) !== 0x3d || input.charCodeAt(labelEnd + 1) !== 0x28) return undefined;
  const label = input.slice(0, labelEnd);

  const components: ComponentId[] = [];
  let i = labelEnd + 2;
  if (input.charCodeAt(i) !== 0x29) {
    for (;;) {
      const end = stringEnd(input, i, isNameChar);
      if (end < 0) return undefined;
      if (!plainComponent(input, i + 1, end - 1, components)) return undefined;
      i = end;
      const next = input.charCodeAt(i);
      if (next === 0x29) break;
      if (next !== 0x20) return undefined;
      i++;
    }
  }
  i++;

  let keyId: string | undefined;
  let created: number | undefined;
  let nonce: string | undefined;
  let expires: number | undefined;
  let alg: string | undefined;
  const seen: string[] = [];
  while (i < input.length) {
    if (input.charCodeAt(i) !== 0x3b) return undefined;
    const end = keyEnd(input, i + 1);
    if (end < 0 || input.charCodeAt(end) !== 0x3d) return undefined;
    const key = input.slice(i + 1, end);
    // A repeated key keeps its first place but its last value: not canonical.
    if (seen.includes(key)) return undefined;
    seen.push(key);
    i = end + 1;
    if (input.charCodeAt(i) === 0x22) {
      const stop = stringEnd(input, i, isPlainStringChar);
      if (stop < 0) return undefined;
      const value = input.slice(i + 1, stop - 1);
      if (key === 'keyid') keyId = value;
      else if (key === 'nonce') nonce = value;
      else if (key === 'alg') alg = value;
      else if (key === 'created' || key === 'expires') return undefined;
      i = stop;
    } else {
      const stop = integerEnd(input, i);
      if (stop < 0) return undefined;
      const value = Number(input.slice(i, stop));
      if (key === 'created') created = value;
      else if (key === 'expires') expires = value;
      else if (key === 'keyid' || key === 'nonce' || key === 'alg') return undefined;
      i = stop;
    }
    if (i < input.length && input.charCodeAt(i) !== 0x3b) return undefined;
  }
  if (keyId === undefined || created === undefined || nonce === undefined || !noncePattern.test(nonce)) return undefined;
  if (alg !== undefined && !supportedAlgs.has(alg)) return undefined;
  if (!coversRequired(components, hasQuery, hasBody)) return undefined;

  const bytes = signatureBytes(signature, label);
  if (!bytes) return undefined;
  const parsed: ParsedSignature = { label, keyId, created, nonce, components, signatureParams: input.slice(labelEnd + 1), signature: bytes };
  if (expires !== undefined) parsed.expires = expires;
  if (alg !== undefined) parsed.alg = alg;
  return parsed;
}

// One empty map for every parameterless component: a map each was 570 bytes a request.
const noParams: Params = new Map();

/** Adds the component named by input[from, to) if it is one checkComponents passes without parameters and not yet covered. */
function plainComponent(input: string, from: number, to: number, components: ComponentId[]): boolean {
  if (to === from) return false;
  const name = input.slice(from, to);
  const at = name.indexOf('@');
  if (at > 0 || (at === 0 && !derived.has(name))) return false;
  for (const c of components) if (c.name === name) return false;
  components.push({ name, params: noParams });
  return true;
}

function coversRequired(components: ComponentId[], hasQuery: boolean, hasBody: boolean): boolean {
  let method = false;
  let path = false;
  let query = !hasQuery;
  let digest = !hasBody;
  for (const { name } of components) {
    if (name === '@method') method = true;
    else if (name === '@path') path = true;
    else if (name === '@query') query = true;
    else if (name === 'content-digest') digest = true;
  }
  return method && path && query && digest;
}

/** The bytes of `label=:…:`, the one member of Signature; undefined for anything else. */
function signatureBytes(signature: string, label: string): Buffer | undefined {
  const open = label.length + 1;
  if (!signature.startsWith(label) || signature.charCodeAt(label.length) !== 0x3d || signature.charCodeAt(open) !== 0x3a) return undefined;
  if (signature.indexOf(':', open + 1) !== signature.length - 1) return undefined;
  const b64 = signature.slice(open + 1, -1);
  if (!base64Pattern.test(b64)) return undefined;
  const bytes = Buffer.from(b64, 'base64');
  return bytes.length > 0 ? bytes : undefined;
}
