// Validation messages in one voice: the fuzz test's hostile bodies and queries, and a missing,
// mistyped, empty and overlong value for every member of every body, through the service's own
// validation. No message may carry the library's phrasing or a plural after 1, and every body
// error names its member by JSON Pointer.
import t from 'tap';
import { ApiError, type FieldError } from '../../src/errors.js';
import { validateBody, validateQuery } from '../../src/http/input.js';
import { toJsonSchema, type JsonSchema } from '../../src/openapi/json-schema.js';
import { operations } from '../../src/operations/index.js';
import type { Operation } from '../../src/operations/operation.js';
import { bodyText, queryText, rng } from '../faults/hostile.js';

const libraryPhrasing = /Invalid (key|type|length|value|format|entries|input)|Expected|[Rr]eceived/;
const pluralAfterOne = /(^|[^\d.,])1 (?!is\b|or\b|and\b|to\b)[a-z]+s\b/;

interface Seen { op: string; input: string; error: FieldError | { path: string; message: string } }

function refusal(run: () => unknown): ApiError | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

function collect(seen: Seen[], op: Operation, input: string, error: ApiError | undefined): void {
  if (!error) return;
  seen.push({ op: op.id, input, error: { path: '(detail)', message: error.message } });
  for (const e of error.extras.errors ?? []) seen.push({ op: op.id, input, error: e });
}

const body = (op: Operation, text: string | Buffer) => refusal(() => validateBody(op, 'application/json', Buffer.from(text)));

/** A missing, mistyped, empty, overlong and unknown value for each member of the body. */
function validationInputs(schema: JsonSchema): string[] {
  const inputs = ['{}', '{"unknown_member":1}'];
  for (const name of Object.keys((schema.properties ?? {}) as Record<string, unknown>)) {
    for (const value of ['null', '1', '1.5', '-1', '0', '""', '" "', 'true', '[]', '[1]', '{}', '"x"', JSON.stringify('x'.repeat(5000)), '"2020-02-30"']) {
      inputs.push(`{${JSON.stringify(name)}:${value}}`);
    }
  }
  return inputs;
}

const seen: Seen[] = [];
const ids = () => ['1', '42'];
for (const op of operations) {
  const schema = op.body ? toJsonSchema(op.body) : undefined;
  if (schema) for (const input of validationInputs(schema)) collect(seen, op, input, body(op, input));
  const r = rng(4242 + op.id.length);
  for (let i = 0; i < 60; i++) {
    if (op.body) {
      const text = bodyText(r, schema, ids);
      collect(seen, op, String(text).slice(0, 120), body(op, text));
    }
    const query = queryText(r, op.query && toJsonSchema(op.query), ['garbage'], ids);
    collect(seen, op, query, refusal(() => validateQuery(op.query, new URLSearchParams(query))));
  }
  for (const query of ['limit=0', 'limit=x', 'limit=101', 'updated_since=yesterday', 'status=nope']) {
    collect(seen, op, query, refusal(() => validateQuery(op.query, new URLSearchParams(query))));
  }
}

t.test('the inputs reach the schemas: many refusals, required members and types among them', async (t) => {
  t.ok(seen.length > 3000, `${seen.length} messages`);
  const messages = new Set(seen.map((s) => s.error.message));
  t.ok(messages.has('is required'), 'a missing member is "is required"');
  t.ok(messages.has('must be a string'), 'a mistyped one says the type');
  t.ok([...messages].some((m) => m.startsWith('must be one of ')), 'a value outside a list names the list');
  t.ok(messages.has('must be at least 1 character'), 'an empty text names one character');
  t.comment(`${messages.size} distinct messages`);
});

t.test('no message holds library phrasing or a plural after 1', async (t) => {
  const bad = seen.filter((s) => libraryPhrasing.test(s.error.message) || pluralAfterOne.test(s.error.message));
  t.same(bad.slice(0, 10), [], `${bad.length} of ${seen.length} messages`);
});

t.test('every body error names its member by JSON Pointer', async (t) => {
  const bodyErrors = seen.filter((s) => !s.input.startsWith('?') && !s.input.includes('=') && s.error.path !== '(detail)');
  t.ok(bodyErrors.length > 1000);
  t.same(bodyErrors.filter((s) => s.error.path !== '' && !s.error.path.startsWith('/')).slice(0, 5), []);
});

t.test('the checks themselves catch what they are for', async (t) => {
  t.match('Invalid key: Expected "last_name" but received undefined', libraryPhrasing);
  t.match('must be at least 1 characters', pluralAfterOne);
  t.match('must have at least 1 items', pluralAfterOne);
  t.notMatch('must be at least 1 character', pluralAfterOne);
  t.notMatch('must be at least 10 characters', pluralAfterOne);
  t.notMatch('must be an integer from 1 to 100', pluralAfterOne);
});
