// RFC 9651 serialization: the signature base depends on it byte for byte.
import {
  Decimal, DisplayString, isInnerList, SfDate, StructuredFieldError, Token,
  type BareItem, type Dictionary, type InnerList, type Item, type Member, type Params,
} from './structured-fields.js';

export function serializeDictionary(dict: Dictionary): string {
  return [...dict].map(([key, m]) =>
    !isInnerList(m) && m.value === true ? serializeKey(key) + serializeParams(m.params) : `${serializeKey(key)}=${serializeMember(m)}`,
  ).join(', ');
}

export function serializeList(list: Member[]): string {
  return list.map(serializeMember).join(', ');
}

export function serializeMember(m: Member): string {
  return isInnerList(m) ? serializeInnerList(m) : serializeItem(m);
}

export function serializeInnerList(list: InnerList): string {
  return `(${list.items.map(serializeItem).join(' ')})${serializeParams(list.params)}`;
}

function serializeItem(item: Item): string {
  return serializeBareItem(item.value) + serializeParams(item.params);
}

/** A component identifier is a String item with parameters, e.g. `"@query-param";name="a"`. */
export function serializeComponentId(id: { name: string; params: Params }): string {
  return serializeItem({ value: id.name, params: id.params });
}

function serializeParams(params: Params): string {
  if (params.size === 0) return '';
  return [...params].map(([k, v]) => `;${serializeKey(k)}${v === true ? '' : `=${serializeBareItem(v)}`}`).join('');
}

function serializeKey(key: string): string {
  if (!/^[a-z*][a-z0-9_.*-]*$/.test(key)) throw new StructuredFieldError(`invalid key "${key}"`);
  return key;
}

function serializeBareItem(v: BareItem): string {
  if (typeof v === 'number') return serializeInteger(v);
  if (typeof v === 'string') return serializeString(v);
  if (typeof v === 'boolean') return v ? '?1' : '?0';
  if (Buffer.isBuffer(v)) return `:${v.toString('base64')}:`;
  if (v instanceof Token) {
    if (!/^[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*$/.test(v.value)) throw new StructuredFieldError('invalid token');
    return v.value;
  }
  if (v instanceof Decimal) return serializeDecimal(v.value);
  if (v instanceof SfDate) return `@${serializeInteger(v.seconds)}`;
  if (v instanceof DisplayString) return serializeDisplayString(v.value);
  throw new StructuredFieldError('unsupported item type');
}

function serializeInteger(n: number): string {
  if (!Number.isInteger(n) || Math.abs(n) > 999_999_999_999_999) throw new StructuredFieldError('integer out of range');
  return String(n);
}

function serializeString(s: string): string {
  if (/^[\x20\x21\x23-\x5b\x5d-\x7e]*$/.test(s)) return `"${s}"`; // the common case: nothing to escape
  if (/[^\x20-\x7e]/.test(s)) throw new StructuredFieldError('string has characters outside printable ASCII');
  return `"${s.replace(/[\\"]/g, '\\$&')}"`;
}

function serializeDecimal(value: number): string {
  const scaled = roundHalfEven(Math.abs(value) * 1000);
  const int = Math.floor(scaled / 1000);
  if (!Number.isFinite(value) || int > 999_999_999_999) throw new StructuredFieldError('decimal out of range');
  const frac = String(scaled % 1000).padStart(3, '0').replace(/0+$/, '') || '0';
  return `${value < 0 && scaled !== 0 ? '-' : ''}${int}.${frac}`;
}

function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff > 0.5) return floor + 1;
  if (diff < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

function serializeDisplayString(s: string): string {
  let out = '%"';
  for (const b of Buffer.from(s, 'utf8')) {
    out += b === 0x25 || b === 0x22 || b < 0x20 || b > 0x7e ? `%${b.toString(16).padStart(2, '0')}` : String.fromCharCode(b);
  }
  return `${out}"`;
}
