// RFC 9421 §2.5: one line per covered component, then "@signature-params"; LF-separated, no trailing LF.
import { componentValue, type ComponentId, type SignedRequest } from './components.js';
import { serializeComponentId, serializeInnerList } from './structured-fields-serialize.js';
import type { Params } from './structured-fields.js';

/**
 * `signature` is a ParsedSignature (parseSignature has checked its set of components) or the pair
 * the client assembles from its fixed components; each component is checked again as its value is derived.
 */
export function signatureBase(
  req: SignedRequest,
  { components, signatureParams }: { components: readonly ComponentId[]; signatureParams: string },
): string {
  const lines = components.map((id) => `${serializeComponentId(id)}: ${componentValue(req, id)}`);
  lines.push(`"@signature-params": ${signatureParams}`);
  return lines.join('\n');
}

/** The value of "@signature-params", which is also the Signature-Input member for the signature. */
export function signatureParamsValue(components: readonly ComponentId[], params: Params): string {
  return serializeInnerList({ items: components.map((id) => ({ value: id.name, params: id.params })), params });
}
