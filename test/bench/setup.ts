// What the scenarios need in the database: a club with two credentials, for members-page 100 000
// members, the cursors of deep pages and the plans of the list query, and members to invoice.
import { generateKeyPairSync } from 'node:crypto';
import { grantableScopes } from '../../src/auth/scopes.js';
import { issueCredential } from '../../src/console/credentials.js';
import { createOperator, createWorkspace } from '../../src/console/workspaces.js';
import type { Sql } from '../../src/db/pool.js';
import { memberListQuery } from '../../src/operations/members/club.members.list.js';
import { cursorSigner, page } from '../../src/operations/paging.js';
import { signRequest, type SigningKey } from '../../src/signing/client.js';
import type { Workspace } from '../../src/workspace.js';

export type KeySpec =
  | { keyId: string; algorithm: 'hmac-sha256'; secret: string }
  | { keyId: string; algorithm: 'rsa2'; privateKeyPem: string };

export interface Club {
  id: string;
  /** The club as the handlers see it. */
  workspace: Workspace;
  hmac: KeySpec & { algorithm: 'hmac-sha256' };
  rsa2: KeySpec & { algorithm: 'rsa2' };
}

/** A federation, its club, the club's owner, and an hmac-sha256 and an rsa2 credential with every club scope. */
export async function createClub(sql: Sql, masterKey: Buffer, name: string): Promise<Club> {
  const federation = await createWorkspace(sql, { kind: 'federation', name: `${name} Federation`, shortName: 'BF', country: 'NL' });
  const club = await createWorkspace(sql, { kind: 'club', name, federationId: federation.id, country: 'NL' });
  const owner = await createOperator(sql, { workspaceId: club.id, email: 'owner@bench.example', isOwner: true });
  const scopes = grantableScopes('club');
  if (!scopes.includes('club:members:read')) throw new Error('club:members:read is not a grantable club scope');
  const issue = (algorithm: 'hmac-sha256' | 'rsa2', publicKeyPem?: string) =>
    issueCredential(sql, masterKey, { workspaceId: club.id, issuerId: owner.id, label: `bench ${algorithm}`, algorithm, scopes, publicKeyPem });
  const hmac = await issue('hmac-sha256');
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const rsa2 = await issue('rsa2', pair.publicKey);
  return {
    id: club.id,
    workspace: { id: club.id, kind: 'club', federationId: federation.id },
    hmac: { keyId: hmac.key_id, algorithm: 'hmac-sha256', secret: hmac.secret! },
    rsa2: { keyId: rsa2.key_id, algorithm: 'rsa2', privateKeyPem: pair.privateKey },
  };
}

/** One signed GET, body as text. */
export async function signedGet(base: string, path: string, key: KeySpec): Promise<{ status: number; text: string }> {
  const signing: SigningKey = key.algorithm === 'rsa2' ? { keyId: key.keyId, algorithm: 'rsa2', privateKey: key.privateKeyPem } : key;
  const url = new URL(path, base);
  const response = await fetch(url, { headers: signRequest({ method: 'GET', url, key: signing }) });
  return { status: response.status, text: await response.text() };
}

export async function insertMembers(sql: Sql, clubId: string, count: number): Promise<void> {
  await sql`
    insert into members (federation_id, club_id, first_name, last_name, birth_date, gender)
    select (select federation_id from workspaces where id = ${clubId}), ${clubId}, 'First' || g, 'Last' || g, date '1960-01-01' + (g % 20000),
           (array['female', 'male', 'non_binary', 'undisclosed'])[1 + g % 4]
    from generate_series(1, ${count}::int) g`;
  // More than the bare `analyze`: vacuum sets the visibility map and the checkpoint writes the
  // dirty pages now, so neither autovacuum nor a checkpoint lands inside the measured window.
  await sql`vacuum analyze members`;
  await sql`checkpoint`;
}

export async function memberIds(sql: Sql, clubId: string): Promise<string[]> {
  return (await sql<{ id: string }[]>`select id from members where club_id = ${clubId} order by id`).map((r) => r.id);
}

/**
 * Cursors of the last 20 full pages, made with the service's own cursor encoder and checked with
 * one request; if the service does not take them, cursors collected by walking pages 2 to 21.
 */
export async function deepCursors(sql: Sql, base: string, club: Club, masterKey: Buffer): Promise<{ cursors: string[]; deepestAfter: string; how: string }> {
  const rows = await sql<{ id: string }[]>`
    select id from (select id, row_number() over (order by id desc) as n from members where club_id = ${club.id}) s
    where n % 25 = 0 and n <= 525 and n > 25 order by id`;
  const list = { operationId: 'club.members.list', workspace: club, cursors: cursorSigner(masterKey) };
  const crafted = rows.map((r) => (page(list, { limit: 1 }, [r, r], (x) => [x.id]).meta!.next_cursor as string));
  const probe = await signedGet(base, `/v1/club/members?limit=25&cursor=${crafted[0]}`, club.hmac);
  if (probe.status === 200 && (JSON.parse(probe.text) as { data: unknown[] }).data.length === 25) {
    return { cursors: crafted, deepestAfter: rows[rows.length - 1]!.id, how: 'the last 20 full pages (cursors near the end of 100 000 rows)' };
  }
  const walked: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++) {
    const r = await signedGet(base, `/v1/club/members?limit=25${cursor ? `&cursor=${cursor}` : ''}`, club.hmac);
    cursor = (JSON.parse(r.text) as { meta: { next_cursor: string | null } }).meta.next_cursor;
    if (r.status !== 200 || !cursor) break;
    walked.push(cursor);
  }
  const [last] = await sql<{ id: string }[]>`select max(id)::text as id from members where club_id = ${club.id}`;
  return { cursors: walked, deepestAfter: String(BigInt(last!.id) - 50n), how: `pages 2 to ${walked.length + 1} (crafted deep cursors were refused: ${probe.status})` };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the members list's own query. */
export async function explainList(sql: Sql, club: Workspace, after: string | undefined): Promise<{ source: string; plan: string[] }> {
  const rows = await sql`explain (analyze, buffers) ${memberListQuery(sql, club, {}, after, 26)}`;
  return {
    source: 'memberListQuery of src/operations/members/club.members.list.ts',
    plan: rows.map((r) => r['QUERY PLAN'] as string),
  };
}
