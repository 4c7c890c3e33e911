import * as v from 'valibot';
import { defineOperation } from '../operation.js';
import { scopeList } from '../schemas.js';

export const meGet = defineOperation({
  id: 'me.get',
  summary: 'The calling credential and its workspace',
  method: 'GET',
  path: '/v1/me',
  kind: 'any',
  scope: null,
  response: v.object({
    workspace: v.object({ id: v.string(), kind: v.picklist(['club', 'federation']), name: v.string() }),
    key_id: v.string(),
    label: v.string(),
    scopes: scopeList,
    algorithm: v.picklist(['hmac-sha256', 'rsa2']),
    rate_limit: v.pipe(
      v.object({ limit: v.number(), window_seconds: v.number() }),
      v.description('Informational: the limit the service enforces is announced on every response in the RateLimit headers.'),
    ),
  }),
  async handler(ctx) {
    const { caller } = ctx;
    return {
      data: {
        workspace: { id: caller.workspace.id, kind: caller.workspace.kind, name: caller.workspace.name },
        key_id: caller.keyId,
        label: caller.label,
        scopes: [...caller.scopes].sort(),
        algorithm: caller.algorithm,
        rate_limit: { limit: ctx.rateLimit.limit, window_seconds: ctx.rateLimit.windowSeconds },
      },
    };
  },
});
