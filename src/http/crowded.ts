// A body's values counted before it is parsed. 1 MiB of `[{},{},…]` is 350 000 objects: parsing,
// walking and validating them took the event loop for seconds. No request schema admits more than a
// few hundred values (every array has a maxItems), so a body over the budget is refused after
// reading at most the budget's worth of its bytes, whatever its size.
import * as v from 'valibot';
import { invalidField, type ApiError } from '../errors.js';
import { jsonPointer } from './body.js';
import { maxBodyDepth, tooDeep } from './unstorable.js';

/** Most JSON values (object members and array items, at any depth) a request body may hold. */
export const maxBodyValues = 4096;

const [quote, backslash, comma, openBrace, closeBrace, openBracket, closeBracket] = [...'"\\,{}[]'].map((c) => c.charCodeAt(0));
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

interface Frame { object: boolean; count: number; nameStart: number; nameEnd: number }

/** The index just past the string opening at `start`. */
function afterString(raw: Buffer, start: number): number {
  let i = start + 1;
  while (i < raw.length && raw[i] !== quote) i += raw[i] === backslash ? 2 : 1;
  return i + 1;
}

function keysTo(raw: Buffer, frames: Frame[], last: number): string[] {
  return frames.slice(0, last + 1).map((f) => {
    if (!f.object) return String(f.count - 1);
    try {
      return String(JSON.parse(raw.toString('utf8', f.nameStart, f.nameEnd)));
    } catch {
      return '';
    }
  });
}

/**
 * The path to the container holding the most values once the body holds more than `budget`;
 * `undefined` when it holds no more; 400 once it nests deeper than `maxBodyDepth`. Reads bytes
 * only up to that point; malformed JSON is left to JSON.parse.
 */
export function crowdedPath(raw: Buffer, budget: number = maxBodyValues): string[] | undefined {
  const frames: Frame[] = [];
  let total = 0;
  let fresh = false;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i]!;
    if (isSpace(b)) continue;
    const frame = frames.at(-1);
    if (fresh && b !== closeBrace && b !== closeBracket && frame) {
      frame.count++;
      total++;
    }
    fresh = false;
    if (b === comma && frame) {
      frame.count++;
      total++;
      if (frame.object) frame.nameStart = -1;
    } else if (b === quote) {
      const end = afterString(raw, i);
      if (frame?.object && frame.nameStart === -1) [frame.nameStart, frame.nameEnd] = [i, end];
      i = end - 1;
    } else if (b === openBrace || b === openBracket) {
      if (frames.length >= maxBodyDepth) throw tooDeep();
      frames.push({ object: b === openBrace, count: 0, nameStart: -1, nameEnd: -1 });
      fresh = true;
    } else if (b === closeBrace || b === closeBracket) {
      frames.pop();
    }
    if (total > budget) {
      const most = frames.reduce((best, f, at) => (f.count > frames[best]!.count ? at : best), 0);
      return keysTo(raw, frames, most - 1);
    }
  }
  return undefined;
}

function nest(keys: string[], leaf: unknown): unknown {
  return keys.reduceRight<unknown>((inner, key) => {
    if (!/^(0|[1-9][0-9]*)$/.test(key)) return { [key]: inner };
    const items: unknown[] = [];
    items[Number(key)] = inner;
    return items;
  }, leaf);
}

/**
 * 422 naming the crowded container with the schema's own message for it ("must have at most
 * 4 guardians"), judged on a stand-in of `budget + 1` empty items; a generic message where the
 * schema says nothing of its length there.
 */
export function crowdedError(schema: v.GenericSchema, keys: string[], budget: number = maxBodyValues): ApiError {
  const at = jsonPointer(keys);
  const probe = v.safeParse(schema, nest(keys, new Array(budget + 1).fill(null)));
  const own = probe.issues?.find((issue) => issue.type === 'max_length' && jsonPointer((issue.path ?? []).map((p) => String(p.key))) === at);
  return invalidField(at, own?.message ?? `holds more than ${budget} values`);
}
