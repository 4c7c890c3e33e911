// The id members a body schema declares, at any depth, read from the valibot schema itself: an
// example body leaves optional members out, so a walk over an example's keys misses them.

/** A member named `*_id` and where it sits: object keys, with `*` for "an element of this array". */
export interface IdMember {
  name: string;
  at: string[];
}

interface Node {
  type: string;
  entries?: Record<string, Node>;
  item?: Node;
  wrapped?: Node;
  pipe?: Node[];
}

const objects = new Set(['object', 'strict_object', 'loose_object']);
const wrappers = new Set(['optional', 'nullable', 'nullish', 'exact_optional', 'undefinedable', 'non_optional', 'non_nullable', 'non_nullish']);
const isSchema = (x: unknown) => (x as { kind?: unknown } | null)?.kind === 'schema';
/** A schema holding other schemas the walk does not read (a union's options, a tuple's items) could hide an id. */
const holdsSchemas = (x: unknown) => isSchema(x) || (typeof x === 'object' && x !== null && Object.values(x).some(isSchema));

/** Every `*_id` member of `schema` (a pipe keeps its root's node), in declaration order. */
export function idMembers(schema: unknown, at: string[] = []): IdMember[] {
  const node = schema as Node;
  if (objects.has(node.type)) {
    return Object.entries(node.entries!).flatMap(([key, inner]) => [
      ...(key.endsWith('_id') ? [{ name: key, at: [...at, key] }] : []),
      ...idMembers(inner, [...at, key]),
    ]);
  }
  // An array from `list()` is judged by length first: its items are those of the pipe's last array.
  if (node.type === 'array') return idMembers((node.pipe ?? []).filter((p) => p.type === 'array').at(-1)?.item ?? node.item, [...at, '*']);
  if (wrappers.has(node.type)) return idMembers(node.wrapped, at);
  const unread = Object.entries(node).filter(([key, inner]) => key !== 'pipe' && holdsSchemas(inner)).map(([key]) => key);
  if (unread.length > 0) throw new Error(`body-ids: a ${node.type} schema at /${at.join('/')} holds schemas the walk does not read (${unread.join(', ')})`);
  return [];
}

/** The places of `member` that `body` holds, as JSON pointer segments: one per element of each array. */
export function placesIn(body: unknown, at: string[], done: string[] = []): string[][] {
  if (at.length === 0) return body === undefined ? [] : [done];
  const [key, ...rest] = at as [string, ...string[]];
  if (key === '*') return Array.isArray(body) ? body.flatMap((item, i) => placesIn(item, rest, [...done, String(i)])) : [];
  return body && typeof body === 'object' ? placesIn((body as Record<string, unknown>)[key], rest, [...done, key]) : [];
}

/** A copy of `body` with `value` at `place`. */
export function setAt(body: object, place: string[], value: string): object {
  const copy = structuredClone(body) as Record<string, unknown>;
  const parent = place.slice(0, -1).reduce((node, key) => node[key] as Record<string, unknown>, copy);
  parent[place.at(-1)!] = value;
  return copy;
}

/** The JSON pointer of a place, or of an id member with `*` for its array elements. */
export const pointer = (place: string[]) => `/${place.join('/')}`;
