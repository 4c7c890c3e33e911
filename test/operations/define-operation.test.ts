// An operation's path is its one statement of kind and parameters: defineOperation reads both off
// it, and a lock can only name a parameter the path has (each `@ts-expect-error` fails the test
// build if its line ever compiles).
import t from 'tap';
import * as v from 'valibot';
import { defineOperation } from '../../src/operations/operation.js';
import { members } from '../../src/resources/members.js';

const unused = async () => ({ data: {} });

t.test('the path gives the kind and the parameters', async (t) => {
  const club = defineOperation({ summary: 's', method: 'GET', path: '/v1/club/samples/{sample_id}/items/{item_id}', scope: null, response: v.unknown(),
    async handler(ctx) {
      const { sample_id, item_id } = ctx.params;
      // @ts-expect-error only the path's parameters are there
      void ctx.params.other_id;
      return { data: { sample_id, item_id } };
    } });
  t.equal(club.kind, 'club');
  t.same(v.parse(club.params!, { sample_id: '1', item_id: '2' }), { sample_id: '1', item_id: '2' });
  t.notOk(v.safeParse(club.params!, { sample_id: '1' }).success, 'each parameter is required');
  const federation = defineOperation({ summary: 's', method: 'GET', path: '/v1/federation/samples', scope: null, response: v.unknown(), handler: unused });
  t.equal(federation.kind, 'federation');
  t.equal(federation.params, undefined, 'no parameters, no schema');
  t.equal(defineOperation({ summary: 's', method: 'GET', path: '/v1/me', scope: null, response: v.unknown(), handler: unused }).kind, 'any');
});

t.test('a lock names one of the path\'s parameters', async (t) => {
  const ok = defineOperation({ summary: 's', method: 'DELETE', path: '/v1/club/samples/{sample_id}', scope: null, response: v.unknown(),
    lock: { store: members, param: 'sample_id' }, handler: unused });
  t.equal(ok.lock?.param, 'sample_id');
  defineOperation({ summary: 's', method: 'PATCH', path: '/v1/club/samples/{sample_id}', scope: null, response: v.unknown(),
    // @ts-expect-error not a parameter of this path
    lock: { store: members, param: 'member_id' }, handler: unused });
});
