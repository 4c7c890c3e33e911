import * as v from 'valibot';
import { ApiError, fieldList, invalidFields, type FieldError } from '../errors.js';
import type { Operation } from '../operations/operation.js';
import { isStorableText, unstorableMessage } from '../operations/schemas.js';
import { jsonPointer, repeatedMember } from './body.js';
import { crowdedError, crowdedPath } from './crowded.js';
import { fieldMessage } from './field-messages.js';
import { refuseUnstorable } from './unstorable.js';

function pointer(issue: v.BaseIssue<unknown>): string {
  return jsonPointer(issue.path?.map((item) => String(item.key)) ?? []);
}

function fieldErrors(issues: v.BaseIssue<unknown>[]): FieldError[] {
  return issues.map((issue) => ({ path: pointer(issue), message: fieldMessage(issue) }));
}

/**
 * The query as an object: a repeated parameter is a list, which no schema accepts by accident.
 * No prototype, so `__proto__` is a parameter like any other (and unknown).
 */
function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const key of new Set(query.keys())) {
    const all = query.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

export function validateQuery<T>(schema: v.GenericSchema<unknown, T> | undefined, query: URLSearchParams): T {
  if (query.size === 0 && !schema) return undefined as T;
  const value = queryObject(query);
  const unstorable = [...query].filter(([name, text]) => !isStorableText(name) || !isStorableText(text)).map(([name]) => name);
  if (unstorable.length > 0) {
    throw new ApiError('invalid_query', `invalid query parameter ${unstorable.join(', ')}`,
      { errors: unstorable.map((name) => ({ path: name, message: unstorableMessage })) });
  }
  if (!schema) {
    const names = Object.keys(value);
    if (names.length > 0) {
      throw new ApiError('invalid_query', `unknown query parameter ${names.join(', ')}`,
        { errors: names.map((name) => ({ path: name, message: 'unknown parameter' })) });
    }
    return undefined as T;
  }
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const errors = fieldErrors(result.issues).map((e) => ({ path: e.path.slice(1), message: e.message }));
  throw new ApiError('invalid_query', `invalid query parameter ${fieldList(errors)}`, { errors });
}

const jsonTypes = new Set(['application/json']);
const patchTypes = new Set(['application/json', 'application/merge-patch+json']);

function mediaType(header: string | undefined): string | undefined {
  return header?.split(';')[0]?.trim().toLowerCase();
}

function charsetIsUtf8(header: string): boolean {
  const charset = /;\s*charset=("?)([^";]+)\1/i.exec(header);
  return !charset || charset[2]!.toLowerCase() === 'utf-8';
}

/** Parses and validates a request body against the operation's schema (400 / 415 / 422). */
export function validateBody(op: Operation, contentType: string | undefined, raw: Buffer): unknown {
  if (op.method === 'GET' || op.method === 'DELETE') {
    if (raw.length > 0) throw new ApiError('invalid_request', `a ${op.method} request takes no body`);
    return undefined;
  }
  if (!op.body) {
    if (raw.length > 0) throw new ApiError('invalid_request', 'this operation takes no body');
    return undefined;
  }
  let value: unknown = {};
  if (raw.length > 0) {
    const type = mediaType(contentType);
    const accepted = op.method === 'PATCH' ? patchTypes : jsonTypes;
    if (!type || !accepted.has(type) || !charsetIsUtf8(contentType!)) {
      throw new ApiError('unsupported_media_type', `send ${[...accepted].join(' or ')} in UTF-8`);
    }
    const crowded = crowdedPath(raw);
    if (crowded) throw crowdedError(op.body, crowded);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
      value = JSON.parse(text);
    } catch {
      throw new ApiError('invalid_request', 'the body is not valid UTF-8 JSON');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new ApiError('invalid_request', 'the body must be a JSON object');
    }
    const repeated = repeatedMember(text);
    if (repeated !== undefined) throw new ApiError('invalid_request', `the body names the member ${repeated} twice`);
    refuseUnstorable(value);
  }
  const result = v.safeParse(op.body, value);
  if (result.success) return result.output;
  throw invalidFields(fieldErrors(result.issues));
}

export function validateParams<T>(schema: v.GenericSchema<unknown, T> | undefined, params: Record<string, string>): T {
  if (!schema) return undefined as T;
  const result = v.safeParse(schema, params);
  // The router already admits only well-formed ids, so a failure here is a table bug.
  if (!result.success) throw new ApiError('not_found', 'no such resource');
  return result.output;
}
