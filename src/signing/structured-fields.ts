// RFC 9651 (Structured Field Values) parsing: strict, any deviation throws StructuredFieldError.
import { fail, parseBareItem, type BareItem, type Cursor } from './structured-fields-items.js';

export { Decimal, DisplayString, SfDate, StructuredFieldError, Token } from './structured-fields-items.js';
export type { BareItem };

/** Read only: parameterless items share one empty map (src/signing/parse-fast.ts). */
export type Params = ReadonlyMap<string, BareItem>;
export interface Item { value: BareItem; params: Params }
export interface InnerList { items: Item[]; params: Params }
export type Member = Item | InnerList;
export type Dictionary = Map<string, Member>;

export const isInnerList = (m: Member): m is InnerList => 'items' in m;

export function parseDictionary(input: string): Dictionary {
  const c = open(input);
  const dict: Dictionary = new Map();
  while (c.i < c.s.length) {
    const key = parseKey(c);
    if (c.s[c.i] === '=') {
      c.i++;
      dict.set(key, parseMember(c));
    } else {
      dict.set(key, { value: true, params: parseParams(c) });
    }
    if (!nextMember(c)) break;
  }
  return dict;
}

export function parseList(input: string): Member[] {
  const c = open(input);
  const list: Member[] = [];
  while (c.i < c.s.length) {
    list.push(parseMember(c));
    if (!nextMember(c)) break;
  }
  return list;
}

export function parseItem(input: string): Item {
  const c = open(input);
  const item = parseItemAt(c);
  while (c.s[c.i] === ' ') c.i++;
  if (c.i < c.s.length) fail(c, 'trailing characters');
  return item;
}

function open(input: string): Cursor {
  const c = { s: input, i: 0 };
  while (c.s[c.i] === ' ') c.i++;
  return c;
}

function nextMember(c: Cursor): boolean {
  while (c.s[c.i] === ' ' || c.s[c.i] === '\t') c.i++;
  if (c.i >= c.s.length) return false;
  if (c.s[c.i] !== ',') fail(c, 'expected ","');
  c.i++;
  while (c.s[c.i] === ' ' || c.s[c.i] === '\t') c.i++;
  if (c.i >= c.s.length) fail(c, 'trailing ","');
  return true;
}

function parseMember(c: Cursor): Member {
  return c.s[c.i] === '(' ? parseInnerList(c) : parseItemAt(c);
}

function parseInnerList(c: Cursor): InnerList {
  c.i++;
  const items: Item[] = [];
  while (c.i < c.s.length) {
    while (c.s[c.i] === ' ') c.i++;
    if (c.s[c.i] === ')') {
      c.i++;
      return { items, params: parseParams(c) };
    }
    items.push(parseItemAt(c));
    if (c.s[c.i] !== ' ' && c.s[c.i] !== ')') fail(c, 'expected " " or ")" in inner list');
  }
  return fail(c, 'unterminated inner list');
}

function parseItemAt(c: Cursor): Item {
  const value = parseBareItem(c);
  return { value, params: parseParams(c) };
}

function parseParams(c: Cursor): Params {
  const params = new Map<string, BareItem>();
  while (c.s[c.i] === ';') {
    c.i++;
    while (c.s[c.i] === ' ') c.i++;
    const key = parseKey(c);
    let value: BareItem = true;
    if (c.s[c.i] === '=') {
      c.i++;
      value = parseBareItem(c);
    }
    params.set(key, value);
  }
  return params;
}

function parseKey(c: Cursor): string {
  const m = /^[a-z*][a-z0-9_.*-]*/.exec(c.s.slice(c.i));
  if (!m) return fail(c, 'expected a key');
  c.i += m[0].length;
  return m[0];
}
