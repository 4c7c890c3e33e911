import t from 'tap';
import { generateKeyPairSync } from 'node:crypto';
import { refuseScopes } from '../../src/auth/grant.js';
import { grantableScopes, scopeCatalog } from '../../src/auth/scopes.js';
import { issueCredential } from '../../src/console/credentials.js';
import { createOperator, createWorkspace } from '../../src/console/workspaces.js';
import { ApiError } from '../../src/errors.js';
import { setClubStatus, setCommercials, type Commercials } from '../support/factories.js';
import { startService } from '../support/harness.js';

const service = await startService(t);
const { sql, masterKey } = service;
const federation = await createWorkspace(sql, { kind: 'federation', name: 'Grant federation' });
const club = await createWorkspace(sql, { kind: 'club', name: 'Grant club', federationId: federation.id });
const owner = await createOperator(sql, { workspaceId: club.id, email: 'owner@grant.test', isOwner: true });
const viewer = await createOperator(sql, { workspaceId: club.id, email: 'viewer@grant.test', permissions: ['members.view'] });
const issue = (issuerId: string, scopes: string[], extra = {}) =>
  issueCredential(sql, masterKey, { workspaceId: club.id, issuerId, label: 'grant test', algorithm: 'hmac-sha256', scopes, ...extra });
const refusalOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('not refused');
};

t.test('the rules refuse unknown, staff-only, unmapped and unpermitted scopes, all named at once', async (t) => {
  const before = (await sql`select count(*)::int as n from credentials where workspace_id = ${club.id}`)[0]!.n;
  const error = await refusalOf(issue(viewer.id, ['club:members:read', 'club:nonsense', 'federation:clubs:read', 'club:payouts:read', 'club:members:write']));
  t.equal(error.code, 'rule_violation');
  t.equal(error.extras.reason, 'scopes_refused');
  t.same(error.extras.errors, [
    { path: '/scopes/1', message: 'club:nonsense is refused', reason: 'scope_unknown' },
    { path: '/scopes/2', message: 'federation:clubs:read is refused', reason: 'scope_unknown' },
    { path: '/scopes/3', message: 'club:payouts:read is refused', reason: 'scope_unmapped' },
    { path: '/scopes/4', message: 'club:members:write is refused', reason: 'scope_not_permitted' },
  ]);
  t.equal((await sql`select count(*)::int as n from credentials where workspace_id = ${club.id}`)[0]!.n, before, 'nothing written');
  t.same(refuseScopes('federation', ['federation:audit:read', 'federation:persons:sensitive:read', 'federation:payouts:read'], { isOwner: true, permissions: [] }), [
    { scope: 'federation:audit:read', reason: 'scope_staff_only' },
    { scope: 'federation:persons:sensitive:read', reason: 'scope_staff_only' },
    { scope: 'federation:payouts:read', reason: 'scope_unmapped' },
  ]);
  const granted = await issue(viewer.id, ['club:members:read']);
  t.same(granted.scopes, ['club:members:read']);
});

t.test('an owner may grant every mapped scope of the kind; the catalog is complete', async (t) => {
  t.equal(Object.keys(scopeCatalog).length, 37);
  t.equal(grantableScopes('club').length, 15);
  t.equal(grantableScopes('federation').length, 18);
  const issued = await issue(owner.id, grantableScopes('club'));
  t.same(issued.scopes, [...grantableScopes('club')].sort());
  t.match(issued.key_id, /^pk_[a-z2-7]{26}$/);
  t.match(issued.secret, /^sk_[A-Za-z0-9_-]{43}$/);
});

t.test('package, subscription, modules, rates and flags change no grant', async (t) => {
  const requested = ['club:members:read', 'club:billing:write', 'club:payouts:read'];
  const baseline = await refusalOf(issue(viewer.id, requested));
  const variants: Commercials[] = [
    { package: 'enterprise', subscription_status: 'active', modules: ['billing', 'payouts'], flags: { payouts: 'on', grant_all: 'true' } },
    { package: null, subscription_status: 'cancelled', modules: [], flags: {} },
    { package: null, subscription_status: 'past_due', modules: [], flags: { rate: '9999' }, status: 'suspended' },
  ];
  for (const commercials of variants) {
    await setCommercials(service, club.id, commercials);
    const error = await refusalOf(issue(viewer.id, requested));
    t.same(error.extras.errors, baseline.extras.errors);
    t.same((await issue(owner.id, ['club:billing:write'])).scopes, ['club:billing:write']);
  }
  await setClubStatus(service, club.id, 'active');
});

t.test('secrets are sealed at rest; rsa2 keys are checked', async (t) => {
  const issued = await issue(owner.id, ['club:profile:read']);
  const [row] = await sql`select secret_sealed, public_key from credentials where key_id = ${issued.key_id}`;
  t.notOk(row!.secret_sealed.toString('latin1').includes(issued.secret!.slice(3, 20)), 'not stored in the clear');
  t.equal(row!.public_key, null);
  const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
  for (const [name, pem] of [['1024-bit', weak], ['ec', ec], ['garbage', 'not a key'], ['missing', undefined]] as const) {
    const error = await refusalOf(issue(owner.id, ['club:profile:read'], { algorithm: 'rsa2', publicKeyPem: pem }));
    t.equal(error.code, 'validation_failed', name);
    t.equal(error.extras.errors?.[0]?.path, '/public_key', name);
  }
  const strong = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const rsa = await issue(owner.id, ['club:profile:read'], { algorithm: 'rsa2', publicKeyPem: strong });
  t.equal(rsa.secret, undefined, 'rsa2 has no secret');
});
