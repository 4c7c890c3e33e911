// An operator's slip: a credential issued already expired (or past what Postgres stores) is
// refused with the field named, and nothing is written; partner-admin says so and exits 1 (2 for
// a time that is not RFC 3339 at all: a usage mistake).
import t from 'tap';
import { issueCredential } from '../../src/console/credentials.js';
import { ApiError } from '../../src/errors.js';
import { createClub } from '../support/factories.js';
import { startService } from '../support/harness.js';
import { baseEnv, run } from '../support/processes.js';

const service = await startService(t);
const club = await createClub(service);
const issue = (expiresAt: Date) => issueCredential(service.sql, service.masterKey, {
  workspaceId: club.id, issuerId: club.operatorId, label: 'expiry', algorithm: 'hmac-sha256', scopes: ['club:members:read'], expiresAt,
});
const count = async () => (await service.sql`select count(*)::int as n from credentials where workspace_id = ${club.id}`)[0]!.n as number;

t.test('an expiry in the past, now, or after 9999 is refused; one in the future is issued', async (t) => {
  const before = await count();
  for (const at of [new Date(Date.now() - 1000), new Date(Date.now()), new Date('+010000-01-01T00:00:00Z')]) {
    const error = await issue(at).catch((e: unknown) => e);
    t.ok(error instanceof ApiError, at.toISOString());
    t.match(error, { code: 'validation_failed', extras: { errors: [{ path: '/expires_at' }] } });
  }
  t.equal(await count(), before, 'nothing written');
  t.match(await issue(new Date(Date.now() + 3_600_000)), { key_id: /^pk_/ });
});

t.test('partner-admin credential issue --expires-at refuses the past and what is not RFC 3339', async (t) => {
  const base = ['credential', 'issue', '--workspace', club.id, '--issuer', club.operatorId, '--label', 'cli', '--algorithm', 'hmac-sha256', '--scopes', 'club:members:read'];
  const past = await run('partner-admin', [...base, '--expires-at', '2001-02-03T04:05:06Z'], baseEnv());
  t.equal(past.code, 1);
  t.match(JSON.parse(past.stderr), { code: 'validation_failed', errors: [{ path: '/expires_at' }] });
  const vague = await run('partner-admin', [...base, '--expires-at', 'tomorrow'], baseEnv());
  t.equal(vague.code, 2, 'a usage mistake');
  t.match(vague.stderr, /--expires-at must be an RFC 3339 timestamp/);
  t.equal(past.stdout + vague.stdout, '');
});
