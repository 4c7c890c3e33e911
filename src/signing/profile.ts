// What this service's signing profile accepts (auth.md, "Signing every /v1 request"), declared
// once for the general parser (parse.ts) and the fast path (parse-fast.ts).
import type { Params } from './structured-fields.js';

export interface ComponentId { name: string; params: Params }

export interface ParsedSignature {
  label: string;
  keyId: string;
  created: number;
  expires?: number;
  nonce: string;
  alg?: string;
  components: ComponentId[];
  /** The exact serialized value used for "@signature-params". */
  signatureParams: string;
  signature: Buffer;
}

export const supportedAlgs: ReadonlySet<string> = new Set(['hmac-sha256', 'rsa-v1_5-sha256']);
export const noncePattern = /^[A-Za-z0-9_-]{16,128}$/;
/** Derived components that take no parameter; `@query-param` also takes its `name`. */
export const parameterlessDerived: ReadonlySet<string> = new Set(['@method', '@target-uri', '@authority', '@scheme', '@request-target', '@path', '@query']);
export const derivedComponents: ReadonlySet<string> = new Set([...parameterlessDerived, '@query-param']);
