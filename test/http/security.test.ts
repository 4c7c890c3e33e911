// One walk over every row of the router table: security is declared in the row and enforced by
// the pipeline, so every operation must refuse the unsigned, the other kind and the wrong scope.
import t from 'tap';
import { grantableScopes } from '../../src/auth/scopes.js';
import { operations } from '../../src/operations/index.js';
import { request, startService } from '../support/harness.js';
import { createClub, createFederation } from '../support/factories.js';

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
