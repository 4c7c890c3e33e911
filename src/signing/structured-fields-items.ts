// RFC 9651 §4.2.3: bare items. Shares the cursor of the container parsers in structured-fields.ts.

export class StructuredFieldError extends Error {
  override name = 'StructuredFieldError';
}
export class Token { constructor(readonly value: string) {} }
// Decimals and dates get their own types so that re-serialization reproduces `1.0` and `@1`.
export class Decimal { constructor(readonly value: number) {} }
export class SfDate { constructor(readonly seconds: number) {} }
export class DisplayString { constructor(readonly value: string) {} }

export type BareItem = number | string | boolean | Buffer | Token | Decimal | SfDate | DisplayString;

export interface Cursor { s: string; i: number }

export function fail(c: Cursor, why: string): never {
  throw new StructuredFieldError(`${why} at offset ${c.i}`);
}

export function parseBareItem(c: Cursor): BareItem {
  const ch = c.s[c.i] ?? '';
  if (ch === '-' || (ch >= '0' && ch <= '9')) return parseNumber(c);
  if (ch === '"') return parseString(c);
  if (/^[A-Za-z*]$/.test(ch)) return parseToken(c);
  if (ch === ':') return parseBytes(c);
  if (ch === '?') return parseBoolean(c);
  if (ch === '@') {
    c.i++;
    const n = parseNumber(c);
    return n instanceof Decimal ? fail(c, 'a date must be an integer') : new SfDate(n);
  }
  if (ch === '%') return parseDisplayString(c);
  return fail(c, 'expected an item');
}

function parseNumber(c: Cursor): number | Decimal {
  const m = /^(-?)(\d+)(?:\.(\d+))?/.exec(c.s.slice(c.i));
  if (!m) return fail(c, 'expected a number');
  const [all, sign = '', int = '', frac] = m;
  if (frac === undefined && int.length > 15) fail(c, 'integer too long');
  if (frac !== undefined && (int.length > 12 || frac.length > 3)) fail(c, 'decimal too long');
  c.i += all.length;
  if (frac === undefined) return Number(sign + int);
  return new Decimal(Number(`${sign}${int}.${frac}`));
}

function parseString(c: Cursor): string {
  let out = '';
  for (c.i++; c.i < c.s.length; c.i++) {
    const ch = c.s[c.i] as string;
    if (ch === '"') {
      c.i++;
      return out;
    }
    if (ch === '\\') {
      const next = c.s[++c.i];
      if (next !== '"' && next !== '\\') fail(c, 'bad escape in string');
      out += next;
    } else if (ch < ' ' || ch > '~') fail(c, 'bad character in string');
    else out += ch;
  }
  return fail(c, 'unterminated string');
}

function parseToken(c: Cursor): Token {
  const m = /^[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*/.exec(c.s.slice(c.i)) as RegExpExecArray;
  c.i += m[0].length;
  return new Token(m[0]);
}

function parseBytes(c: Cursor): Buffer {
  const end = c.s.indexOf(':', c.i + 1);
  if (end < 0) fail(c, 'unterminated byte sequence');
  const b64 = c.s.slice(c.i + 1, end);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) fail(c, 'bad byte sequence');
  c.i = end + 1;
  return Buffer.from(b64, 'base64');
}

function parseBoolean(c: Cursor): boolean {
  const v = c.s[c.i + 1];
  if (v !== '0' && v !== '1') fail(c, 'bad boolean');
  c.i += 2;
  return v === '1';
}

function parseDisplayString(c: Cursor): DisplayString {
  if (c.s[c.i + 1] !== '"') fail(c, 'bad display string');
  const bytes: number[] = [];
  for (c.i += 2; c.i < c.s.length; c.i++) {
    const ch = c.s[c.i] as string;
    if (ch < ' ' || ch > '~') fail(c, 'bad character in display string');
    if (ch === '"') {
      c.i++;
      try {
        return new DisplayString(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes)));
      } catch {
        return fail(c, 'display string is not UTF-8');
      }
    }
    if (ch === '%') {
      const hex = c.s.slice(c.i + 1, c.i + 3);
      if (!/^[0-9a-f]{2}$/.test(hex)) fail(c, 'bad percent-encoding in display string');
      bytes.push(parseInt(hex, 16));
      c.i += 2;
    } else bytes.push(ch.charCodeAt(0));
  }
  return fail(c, 'unterminated display string');
}
