// Every field error in the project's own voice ("is required", "must be one of …"): a schema's
// own message is kept; the library's default text ("Invalid key: Expected … but received …") is
// rewritten from the issue, so no partner ever reads valibot's phrasing.
import type * as v from 'valibot';
import { count } from '../operations/schemas.js';

const libraryDefault = /^Invalid [a-z ]+: (?:Expected [\s\S]* but r|R)eceived /;

const shapes: Record<string, string> = {
  string: 'a string', number: 'a number', bigint: 'an integer', boolean: 'true or false', null: 'null',
  Array: 'an array', Object: 'an object', Date: 'a date', never: 'absent',
};

/** `"a" | "b"` → `one of a, b`; `(string | null)` → `a string or null`. */
function expectation(expected: string): string {
  const parts = expected.replace(/^\((.*)\)$/, '$1').split(' | ').filter((p) => p !== 'undefined');
  const literals = parts.filter((p) => /^".*"$/.test(p)).map((p) => p.slice(1, -1));
  if (literals.length === parts.length && parts.length > 1) return `one of ${literals.join(', ')}`;
  return parts.map((p) => (/^".*"$/.test(p) ? p.slice(1, -1) : shapes[p] ?? p)).join(' or ');
}

function size(issue: v.BaseIssue<unknown>, comparison: string): string {
  const n = Number(issue.requirement);
  return `must ${Array.isArray(issue.input) ? `have ${comparison} ${count(n, 'item')}` : `be ${comparison} ${count(n, 'character')}`}`;
}

const validations: Record<string, (issue: v.BaseIssue<unknown>) => string> = {
  min_length: (issue) => size(issue, 'at least'),
  max_length: (issue) => size(issue, 'at most'),
  length: (issue) => size(issue, 'exactly'),
  min_value: (issue) => `must be at least ${String(issue.requirement)}`,
  max_value: (issue) => `must be at most ${String(issue.requirement)}`,
  integer: () => 'must be an integer',
  safe_integer: () => 'must be an integer',
  email: () => 'must be an email address',
  non_empty: () => 'must not be empty',
  iso_date: () => 'must be a date (YYYY-MM-DD)',
  iso_timestamp: () => 'must be an RFC 3339 timestamp',
  to_number: () => 'must be a number',
};

/** The message of one issue: the schema's own, or the library default said the project's way. */
export function fieldMessage(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === 'schema' && issue.expected === 'never' && issue.path?.length) return 'unknown member';
  if (!libraryDefault.test(issue.message)) return issue.message;
  if (issue.kind === 'schema') {
    const missing = /^(object|strict_object|loose_object)$/.test(issue.type) && issue.input === undefined && issue.path?.length;
    return missing ? 'is required' : `must be ${expectation(issue.expected ?? 'a valid value')}`;
  }
  return validations[issue.type]?.(issue) ?? 'is invalid';
}
