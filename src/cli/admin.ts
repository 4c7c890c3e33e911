import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Algorithm, Credential } from '../auth/credentials.js';
import { loadConfig } from '../config.js';
import { createDemo } from '../console/demo.js';
import { seed, type Scale } from '../console/seed.js';
import { issueCredential, listCredentials, revokeCredential } from '../console/credentials.js';
import { createOperator, createWorkspace } from '../console/workspaces.js';
import { migrate } from '../db/migrate.js';
import { ApiError, problem } from '../errors.js';
import { isInstant } from '../operations/schemas.js';
import { masterKey, openDatabase } from '../runtime.js';
import { checkSecretKey } from '../startup.js';
import { parseRanges } from '../webhooks/addresses.js';
import { managedWorkspace, type Managed } from '../webhooks/operators.js';
import {
  addEndpoint, enableEndpoint, listDeliveries, listEndpoints, removeEndpoint, replay, rotateSecret, type RegistryPolicy,
} from '../webhooks/registry.js';
import type { Sql } from '../db/pool.js';
import { runCli, UsageError } from './run.js';

const help = `partner-admin: the console's operations (issuance), JSON on stdout

  workspace create --kind club|federation --name NAME [--federation ID] [--short-name S]
                   [--country CC] [--package P] [--subscription-status S] [--modules a,b] [--flags k=v,…]
  operator create --workspace ID --email EMAIL [--owner] [--permissions p1,p2]
  credential issue --workspace ID --issuer OPERATOR_ID --label L --algorithm hmac-sha256|rsa2
                   [--public-key FILE.pem] --scopes s1,s2 [--rate-limit N] [--expires-at RFC3339]
                   [--kind live|legacy|mock]
  credential revoke --key-id K
  credential list --workspace ID
  webhook add --workspace ID --issuer OPERATOR_ID --url URL [--events type.action,…]
                   (default *; prints the whsec_ secret once)
  webhook list --workspace ID --issuer OPERATOR_ID
  webhook remove --issuer OPERATOR_ID --id ID
  webhook rotate-secret --issuer OPERATOR_ID --id ID   (the old secret signs beside the new one for 24 h)
  webhook deliveries --issuer OPERATOR_ID --id ID [--failed] [--limit N]
  webhook replay --issuer OPERATOR_ID --id ID --after CHANGE_ID
  webhook enable --issuer OPERATOR_ID --id ID
  demo
  seed [--scale national|small]   a national federation's volume (set-based SQL, minutes), and credentials

A refusal exits 1 with the flat error JSON on stderr; a usage mistake exits 2 with one line.`;

const list = (value: string | undefined) => (value ? value.split(',').map((s) => s.trim()).filter(Boolean) : []);

const usage = (message: string) => new UsageError(message);

function required(values: Record<string, unknown>, ...names: string[]): void {
  const missing = names.filter((n) => values[n] === undefined);
  if (missing.length) throw usage(`missing --${missing.join(', --')}`);
}

function positiveInteger(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) throw usage(`--${name} must be a positive integer`);
  return Number(raw);
}

function oneOf<T extends string>(raw: string | undefined, name: string, allowed: readonly T[]): T | undefined {
  if (raw !== undefined && !allowed.includes(raw as T)) throw usage(`--${name} must be one of ${allowed.join(', ')}`);
  return raw as T | undefined;
}

/** Opens the database (starting the embedded one if needed), migrates, runs `work`, prints its JSON. */
function withDatabase(work: (sql: Sql, key: () => Buffer, dataDir: string) => Promise<unknown>) {
  return async () => {
    const config = loadConfig();
    const db = await openDatabase(config);
    try {
      await migrate(db.pool.current);
      await checkSecretKey(db.pool.current, masterKey(config));
      const out = await work(db.pool.current, () => masterKey(config), config.dataDir);
      process.stdout.write(JSON.stringify(out, null, 2) + '\n');
      return 0;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      process.stderr.write(JSON.stringify(problem(error, 'cli')) + '\n');
      return 1;
    } finally {
      await db.close();
    }
  };
}

function parse(args: string[], options: NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>['options']>) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values as Record<string, string | boolean | undefined>;
  } catch (error) {
    throw usage((error as Error).message);
  }
}

const s = { type: 'string' } as const;

async function workspaceCommand(args: string[]): Promise<number> {
  if (args[0] !== 'create') throw usage('workspace create …');
  const o = parse(args.slice(1), { kind: s, name: s, federation: s, 'short-name': s, country: s, package: s, 'subscription-status': s, modules: s, flags: s }) as Record<string, string | undefined>;
  required(o, 'kind', 'name');
  const kind = oneOf(o.kind, 'kind', ['club', 'federation'] as const)!;
  return withDatabase((sql) => createWorkspace(sql, {
    kind, name: o.name!, federationId: o.federation, shortName: o['short-name'], country: o.country,
    package: o.package, subscriptionStatus: o['subscription-status'], modules: list(o.modules),
    flags: Object.fromEntries(list(o.flags).map((kv) => [kv.split('=')[0]!, kv.split('=').slice(1).join('=')])),
  }))();
}

async function operatorCommand(args: string[]): Promise<number> {
  if (args[0] !== 'create') throw usage('operator create …');
  const o = parse(args.slice(1), { workspace: s, email: s, owner: { type: 'boolean' }, permissions: s });
  required(o, 'workspace', 'email');
  return withDatabase((sql) => createOperator(sql, {
    workspaceId: o.workspace as string, email: o.email as string, isOwner: o.owner === true, permissions: list(o.permissions as string | undefined),
  }))();
}

function readPublicKey(file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw usage(`--public-key ${file} is not a readable file`);
  }
}

function issueCommand(rest: string[]): Promise<number> {
  const o = parse(rest, { workspace: s, issuer: s, label: s, algorithm: s, 'public-key': s, scopes: s, 'rate-limit': s, 'expires-at': s, kind: s }) as Record<string, string | undefined>;
  required(o, 'workspace', 'issuer', 'label', 'algorithm', 'scopes');
  const expiresAt = o['expires-at'] === undefined ? undefined : new Date(o['expires-at']);
  if (expiresAt && !isInstant(o['expires-at']!)) throw usage('--expires-at must be an RFC 3339 timestamp, e.g. 2030-01-31T00:00:00Z');
  const input = {
    workspaceId: o.workspace!, issuerId: o.issuer!, label: o.label!,
    algorithm: oneOf(o.algorithm, 'algorithm', ['hmac-sha256', 'rsa2'] as const) as Algorithm,
    publicKeyPem: readPublicKey(o['public-key']),
    scopes: list(o.scopes), rateLimit: positiveInteger(o['rate-limit'], 'rate-limit'), expiresAt,
    kind: oneOf(o.kind, 'kind', ['live', 'legacy', 'mock'] as const) as Credential['kind'] | undefined,
  };
  return withDatabase((sql, key) => issueCredential(sql, key(), input))();
}

async function credentialCommand(args: string[]): Promise<number> {
  const [verb, ...rest] = args;
  if (verb === 'issue') return issueCommand(rest);
  if (verb === 'revoke') {
    const o = parse(rest, { 'key-id': s });
    required(o, 'key-id');
    return withDatabase((sql) => revokeCredential(sql, o['key-id'] as string))();
  }
  if (verb === 'list') {
    const o = parse(rest, { workspace: s });
    required(o, 'workspace');
    return withDatabase((sql) => listCredentials(sql, o.workspace as string))();
  }
  throw usage('credential issue|revoke|list …');
}

/** The registry's policy from the configuration: what `webhook add` accepts. */
function webhookPolicy(): RegistryPolicy {
  const { allowHttp, allowAddresses, endpointsMax } = loadConfig().webhooks;
  return { allowHttp, allowed: parseRanges(allowAddresses), endpointsMax };
}

/** `--events`: absent is every event; given, its comma-separated types (an empty list is refused by the registry). */
const eventList = (raw: string | undefined) => (raw === undefined ? undefined : raw.split(',').map((e) => e.trim()).filter(Boolean));

async function webhookCommand(args: string[]): Promise<number> {
  const [verb, ...rest] = args;
  // Every command names the acting operator; it reaches only the endpoints of the workspace it manages.
  type Options = Record<string, string | undefined> & { failed?: boolean };
  const asOperator = (names: string[], options: Parameters<typeof parse>[1], work: (sql: Sql, ws: Managed, o: Options, key: () => Buffer) => Promise<unknown>) => {
    const o = parse(rest, { issuer: s, ...options }) as Options;
    required(o, 'issuer', ...names);
    positiveInteger(o.limit, 'limit'); // a usage mistake exits 2 before the database is opened
    return withDatabase(async (sql, key) => work(sql, await managedWorkspace(sql, o.issuer!, o.workspace), o, key))();
  };
  if (verb === 'add') {
    const policy = webhookPolicy();
    return asOperator(['workspace', 'url'], { workspace: s, url: s, events: s }, (sql, ws, o, key) =>
      addEndpoint(sql, key(), policy, ws, { url: o.url!, events: eventList(o.events) }));
  }
  if (verb === 'list') return asOperator(['workspace'], { workspace: s }, (sql, ws) => listEndpoints(sql, ws));
  if (verb === 'remove') return asOperator(['id'], { id: s }, (sql, ws, o) => removeEndpoint(sql, ws, o.id!));
  if (verb === 'enable') return asOperator(['id'], { id: s }, (sql, ws, o) => enableEndpoint(sql, ws, o.id!));
  if (verb === 'rotate-secret') return asOperator(['id'], { id: s }, (sql, ws, o, key) => rotateSecret(sql, key(), ws, o.id!));
  if (verb === 'replay') return asOperator(['id', 'after'], { id: s, after: s }, (sql, ws, o) => replay(sql, ws, o.id!, o.after!));
  if (verb === 'deliveries') {
    return asOperator(['id'], { id: s, failed: { type: 'boolean' }, limit: s }, (sql, ws, o) =>
      listDeliveries(sql, ws, o.id!, { failed: o.failed === true, limit: positiveInteger(o.limit, 'limit') }));
  }
  throw usage('webhook add|list|remove|rotate-secret|deliveries|replay|enable …');
}

runCli('partner-admin', process.argv.slice(2), help, {
  workspace: workspaceCommand,
  operator: operatorCommand,
  credential: credentialCommand,
  webhook: webhookCommand,
  demo: withDatabase((sql, key, dataDir) => createDemo(sql, key(), dataDir)),
  seed: seedCommand,
});

async function seedCommand(args: string[]): Promise<number> {
  const o = parse(args, { scale: s });
  const scale: Scale = oneOf(o.scale as string | undefined, 'scale', ['national', 'small'] as const) ?? 'national';
  return withDatabase((sql, key) => seed(sql, key(), scale))();
}
