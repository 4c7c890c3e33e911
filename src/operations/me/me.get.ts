import * as v from 'valibot';
import { defineOperation } from '../operation.js';
import { out, scopeList } from '../schemas.js';
import { workspaceKinds } from '../../workspace.js';

export default defineOperation({
  summary: 'The calling credential and its workspace',
  method: 'GET',
  path: '/v1/me',
  scope: null,
  response: v.pipe(
    v.object({
      workspace: v.object({ id: v.string(), kind: v.picklist(workspaceKinds), name: v.string() }),
      key_id: v.string(),
      label: v.string(),
      scopes: scopeList,
      algorithm: v.picklist(['hmac-sha256', 'rsa2']),
      rate_limit: v.pipe(
        v.object({ limit: out.integer, window_seconds: out.integer }),
        v.description('Informational: the limit the service enforces is announced on every response in the RateLimit headers.'),
      ),
    }),
    v.title('Me'),
    v.examples([{
      workspace: { id: '2', kind: 'club', name: 'FC Example' }, key_id: 'pk_abcdefghijklmnopqrstuvwxyz', label: 'Membership sync',
      scopes: ['club:members:read', 'club:members:write'], algorithm: 'hmac-sha256', rate_limit: { limit: 600, window_seconds: 60 },
    }]),
  ),
  async handler(ctx) {
    const { caller } = ctx;
    return {
      data: {
        workspace: { id: caller.workspace.id, kind: caller.workspace.kind, name: caller.workspace.name },
        key_id: caller.keyId,
        label: caller.label,
        scopes: [...caller.scopes], // sorted when the credential was read
        algorithm: caller.algorithm,
        rate_limit: { limit: ctx.rateLimit.limit, window_seconds: ctx.rateLimit.windowSeconds },
      },
    };
  },
});
