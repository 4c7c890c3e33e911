import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sql } from 'postgres';
import { grantableScopes } from '../auth/scopes.js';
import { issueCredential, type Issued } from './credentials.js';
import { createOperator, createWorkspace } from './workspaces.js';

interface DemoSet {
  federation: { id: string; name: string; operator_id: string; season_id: string; category_id: string; credential: Issued };
  clubs: { id: string; name: string; operator_id: string; credential: Issued }[];
}

const demoFile = (dataDir: string) => path.join(dataDir, 'demo.json');

async function ownerWithCredential(sql: Sql, masterKey: Buffer, workspace: { id: string; kind: 'club' | 'federation' }, tag: string) {
  const operator = await createOperator(sql, { workspaceId: workspace.id, email: `owner+${tag}@example.org`, isOwner: true });
  const credential = await issueCredential(sql, masterKey, {
    workspaceId: workspace.id, issuerId: operator.id, label: `demo ${workspace.kind}`,
    algorithm: 'hmac-sha256', scopes: grantableScopes(workspace.kind),
  });
  return { operator_id: operator.id, credential };
}

/** A fresh federation with an open season and a category, and two clubs; each run is independent. */
export async function createDemo(sql: Sql, masterKey: Buffer, dataDir: string): Promise<DemoSet> {
  const tag = Date.now().toString(36);
  const year = new Date().getUTCFullYear();
  const federation = await createWorkspace(sql, { kind: 'federation', name: `Demo Federation ${tag}`, shortName: 'DEMO', country: 'NL' });
  const fed = await ownerWithCredential(sql, masterKey, { id: federation.id, kind: 'federation' }, `${tag}-federation`);
  const [season] = await sql<{ id: string }[]>`
    insert into seasons (federation_id, name, starts_on, ends_on, status)
    values (${federation.id}, ${`${year}/${year + 1}`}, ${`${year}-01-01`}, ${`${year}-12-31`}, 'open') returning id`;
  const [category] = await sql<{ id: string }[]>`
    insert into license_categories (federation_id, code, name, min_age, max_age)
    values (${federation.id}, 'SENIOR', 'Senior', 16, null) returning id`;
  const clubs = [];
  for (const n of [1, 2]) {
    const club = await createWorkspace(sql, { kind: 'club', name: `Demo Club ${n} ${tag}`, federationId: federation.id, country: 'NL' });
    clubs.push({ id: club.id, name: club.name, ...(await ownerWithCredential(sql, masterKey, { id: club.id, kind: 'club' }, `${tag}-club${n}`)) });
  }
  const demo: DemoSet = {
    federation: { id: federation.id, name: federation.name, operator_id: fed.operator_id, season_id: season!.id, category_id: category!.id, credential: fed.credential },
    clubs,
  };
  await mkdir(dataDir, { recursive: true });
  await writeFile(demoFile(dataDir), JSON.stringify(demo, null, 2) + '\n', { mode: 0o600 });
  return demo;
}
