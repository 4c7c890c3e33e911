// The volume bench's requests: signing and sending one, the seeded ids each caller can use (for
// the read variants of test/support/read-variants.ts) and the competitions the fixtures targets
// schedule.
import type { Sql } from '../../src/db/pool.js';
import { signRequest, type SigningKey } from '../../src/signing/client.js';
import type { Req } from '../support/read-variants.js';
import { rawClient, wire, type Answer, type Wire } from './raw-http.js';

export type { Req };
export interface Caller { id: string; kind: 'club' | 'federation'; key: SigningKey }

/** A request signed now and sent later: a variant's requests are signed before its clock starts. */
export type Signed = Wire;

export const sign = (base: string, r: Req): Signed => signText(base, r.method, r.path, r.key, r.body === undefined ? undefined : JSON.stringify(r.body));

/** A request whose JSON body is already text (a large body is encoded once and signed many times). */
export function signText(base: string, method: string, path: string, key: SigningKey, body?: string): Signed {
  const url = new URL(path, base);
  const headers = signRequest({ method, url, headers: body !== undefined ? { 'content-type': 'application/json' } : {}, body, key });
  return wire(url, method.toUpperCase(), headers, body);
}

const client = rawClient();

/** The answer's status and text (decoded when read). */
export const deliver = (s: Signed): Promise<Answer> => client.send(s);

export const parsed = (text: string): any => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
};

export async function send(base: string, r: Req): Promise<{ status: number; json: any }> {
  const { status, text } = await deliver(sign(base, r));
  return { status, json: parsed(text) };
}

/** Ids of seeded rows each caller can see, by parameter name. */
export async function seededIds(sql: Sql, fedId: string, clubId: string) {
  const one = async (q: Promise<{ id: string }[]>) => (await q)[0]?.id;
  const season = await one(sql`select id::text from seasons where federation_id = ${fedId} and status = 'open' limit 1`);
  const common = {
    season_id: season,
    category_id: await one(sql`select id::text from license_categories where federation_id = ${fedId} limit 1`),
    competition_id: await one(sql`select competition_id::text as id from entries where federation_id = ${fedId} and club_id = ${clubId} order by competition_id limit 1`),
    team_id: await one(sql`select team_id::text as id from roster_entries r join teams t on t.federation_id = r.federation_id and t.id = r.team_id where r.federation_id = ${fedId} and t.club_id = ${clubId} limit 1`),
    person_id: await one(sql`select person_id::text as id from members where federation_id = ${fedId} and club_id = ${clubId} and person_id is not null order by id offset 500 limit 1`),
    club_id: clubId,
  };
  // A feed poller's `after`: a change id halfway through the caller's feed.
  const after = (ws: string) => one(sql`select c.id::text as id from changes c where c.federation_id = ${fedId} and c.workspace_id = ${ws} order by c.id offset (select count(*) / 2 from changes where federation_id = ${fedId} and workspace_id = ${ws}) limit 1`);
  const club = {
    ...common,
    member_id: await one(sql`select m.id::text as id from members m where m.federation_id = ${fedId} and m.club_id = ${clubId} order by m.id offset (select count(*) / 2 from members where federation_id = ${fedId} and club_id = ${clubId}) limit 1`),
    invoice_id: await one(sql`select i.id::text as id from invoices i where i.federation_id = ${fedId} and i.club_id = ${clubId} order by i.id desc limit 1`),
    plan_id: await one(sql`select id::text from membership_plans where federation_id = ${fedId} and club_id = ${clubId} limit 1`),
    license_id: await one(sql`select l.id::text as id from licenses l where l.federation_id = ${fedId} and l.club_id = ${clubId} order by l.id desc limit 1`),
    transfer_id: await one(sql`select id::text from transfers where federation_id = ${fedId} and (from_club_id = ${clubId} or to_club_id = ${clubId}) limit 1`),
    match_id: await one(sql`select m.id::text as id from matches m where m.federation_id = ${fedId} and (m.home_club_id = ${clubId} or m.away_club_id = ${clubId}) order by m.id limit 1`),
    after: await after(clubId),
    number: await one(sql`select number as id from invoices where federation_id = ${fedId} and club_id = ${clubId} order by invoices.id offset 10 limit 1`),
  };
  const fed = {
    ...common,
    license_id: await one(sql`select l.id::text as id from licenses l where l.federation_id = ${fedId} order by l.id offset 1000 limit 1`),
    transfer_id: await one(sql`select id::text from transfers where federation_id = ${fedId} limit 1`),
    match_id: await one(sql`select m.id::text as id from matches m where m.federation_id = ${fedId} order by m.id desc limit 1`),
    competition_id: await one(sql`select c.id::text as id from competitions c where c.federation_id = ${fedId} and c.status = 'completed' order by c.id limit 1`),
    after: await after(fedId),
    official_id: await one(sql`select id::text from officials where federation_id = ${fedId} limit 1`),
    sanction_id: await one(sql`select id::text from sanctions where federation_id = ${fedId} limit 1`),
  };
  return { club, fed };
}

/** A closed competition of `entries` accepted entries and 2 legs, from seeded teams. */
export async function fixturesCompetition(sql: Sql, fedId: string, entries: number, offset: number): Promise<string> {
  const [teams] = await sql<{ n: number }[]>`select count(*)::int as n from teams where federation_id = ${fedId}`;
  offset %= Math.max(1, teams!.n - entries); // teams may enter several competitions, as in the seed
  const [c] = await sql<{ id: string }[]>`
    insert into competitions (federation_id, name, season_id, legs, status, max_entries, entry_deadline, starts_on)
    select ${fedId}, ${`Bench fixtures ${entries}/${offset}`}, id, 2, 'closed', ${entries}, '2026-08-15', '2026-09-05'
    from seasons where federation_id = ${fedId} and status = 'open' limit 1 returning id::text`;
  await sql`
    insert into entries (federation_id, competition_id, club_id, team_id, team_name, status)
    select ${fedId}, ${c!.id}, t.club_id, t.id, t.name, 'accepted'
    from (select * from teams t where t.federation_id = ${fedId} order by t.id offset ${offset} limit ${entries}) t`;
  return c!.id;
}
