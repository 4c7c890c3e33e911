// One walk over every row of the router table: security is declared in the row and enforced by
// the pipeline, so every operation must refuse the unsigned, the other kind and the wrong scope;
// and every resource's visibility rule must hide other workspaces' rows.
import t from 'tap';
import * as v from 'valibot';
import { grantableScopes } from '../../src/auth/scopes.js';
import { pathNames } from '../../src/openapi/parameters.js';
import { operations } from '../../src/operations/index.js';
import type { Operation } from '../../src/operations/operation.js';
import { request, startService } from '../support/harness.js';
import { createClub, createFederation, ownedIds } from '../support/factories.js';

const service = await startService(t);
const federation = await createFederation(service, { scopes: ['federation:profile:read'] });
const club = await createClub(service, federation, { scopes: ['club:profile:read'] });
const tenants = { club, federation };
const otherScope = { club: 'club:changes:read', federation: 'federation:changes:read' } as const;
const narrow = {
  club: await createClub(service, federation, { scopes: [otherScope.club] }),
  federation: await createFederation(service, { scopes: [otherScope.federation] }),
};

const concrete = (path: string) => path.replace(/\{[a-z_]+\}/g, '1');
const bodyFor = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

t.test('every row: unsigned 401, other kind 404, missing scope 403', async (t) => {
  t.ok(operations.length >= 3);
  for (const op of operations) {
    const path = concrete(op.path);
    const body = bodyFor(op.method);
    const unsigned = await request(service.url, op.method, path, { body });
    t.equal(unsigned.body?.code, 'signature_required', `${op.id}: unsigned`);
    if (op.kind !== 'any') {
      const other = op.kind === 'club' ? tenants.federation : tenants.club;
      const res = await other.call(op.method, path, body);
      t.equal(res.status, 404, `${op.id}: other kind`);
      t.equal(res.body.code, 'not_found', `${op.id}: other kind`);
    }
    if (op.scope && op.kind !== 'any') {
      const caller = op.scope === otherScope[op.kind] ? tenants[op.kind] : narrow[op.kind];
      const res = await caller.call(op.method, path, body);
      t.equal(res.status, 403, `${op.id}: without ${op.scope}`);
      t.equal(res.body.code, 'insufficient_scope', op.id);
      t.match(res.body.detail, op.scope, op.id);
    }
    if (op.scope) t.ok(grantableScopes(op.kind === 'any' ? 'club' : op.kind).includes(op.scope), `${op.id}: scope is grantable`);
  }
});

/** A body the operation accepts, so that what answers is the handler, not validation. */
const acceptedBody = (op: Operation) =>
  op.method === 'GET' || op.method === 'DELETE' ? undefined : (op.body ? (v.getExamples(op.body) as unknown[] | undefined)?.[0] : undefined) ?? {};

t.test('every id-bearing row: another workspace\'s ids are 404, exactly as ids that do not exist', async (t) => {
  const caller = { club: await createClub(service), federation: await createFederation(service) };
  for (const op of operations.filter((o) => o.path.includes('{') && o.kind !== 'any')) {
    const kind = op.kind as 'club' | 'federation';
    // Another workspace of the same kind, in the caller's own federation where that matters most.
    const owner = kind === 'club' ? await createClub(service) : await createFederation(service);
    let path = op.path;
    for (const name of pathNames(op.path)) {
      const make = ownedIds[name];
      if (!make) {
        t.fail(`${op.id}: no factory for {${name}} in test/support/factories.ts ownedIds`);
        continue;
      }
      path = path.replace(`{${name}}`, await make(service, owner));
    }
    const res = await caller[kind].call(op.method, path, acceptedBody(op));
    t.equal(res.status, 404, `${op.id}: another ${kind}'s ids`);
    t.equal(res.body?.code, 'not_found', op.id);
    t.notMatch(res.body?.detail, kind === 'club' ? 'in the federation' : 'in the club', `${op.id}: the detail names the caller's scope`);
  }
});
