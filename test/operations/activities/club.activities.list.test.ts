import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { createClub, createMember, createSeason } from '../../support/factories.js';

const service = await startService(t);
const { sql } = service;

const club = await createClub(service);
const season = await createSeason(service, club.federationId, 'open');
const team = (await club.call('POST', '/v1/club/teams', { name: 'U9', season_id: season, category: 'U9', gender: 'mixed' })).body.data.id;
const at = (day: number, hour: number) => `2030-06-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;
// Created out of start order, with ties on starts_at, so the list order is not the id order.
const specs = [
  { kind: 'match', day: 3, team },
  { kind: 'training', day: 1, team },
  { kind: 'training', day: 3, team: null },
  { kind: 'meeting', day: 2, team: null },
  { kind: 'training', day: 3, team },
  { kind: 'other', day: 5, team: null },
];
const created: any[] = [];
for (const s of specs) {
  const res = await club.call('POST', '/v1/club/activities', { kind: s.kind, title: `${s.kind} ${s.day}`, team_id: s.team, starts_at: at(s.day, 10), ends_at: at(s.day, 12) });
  created.push(res.body.data);
}
const expected = [...created].sort((a, b) => a.starts_at.localeCompare(b.starts_at) || Number(a.id) - Number(b.id)).map((a) => a.id);
const members: string[] = [];
for (let i = 0; i < 3; i++) {
  members.push(await createMember(service, club, { first_name: 'Lars', last_name: 'Visser' }));
}
for (const [m, status] of [[members[0], 'present'], [members[1], 'late'], [members[2], 'present']] as const) {
  await club.call('PUT', `/v1/club/activities/${created[0].id}/attendance/${m}`, { status });
}
await club.call('POST', `/v1/club/activities/${created[5].id}/cancel`, {});
const other = await createClub(service);
await other.call('POST', '/v1/club/activities', { kind: 'match', title: 'Theirs', starts_at: at(3, 10), ends_at: at(3, 12) });

const ids = (res: any) => res.body.data.map((x: any) => x.id);
const list = (q = '') => club.call('GET', `/v1/club/activities${q ? `?${q}` : ''}`);

t.test('ordered by starts_at then id, with attendance_summary instead of attendance', async (t) => {
  const res = await list();
  t.equal(res.status, 200);
  t.same(ids(res), expected);
  t.same(res.body.meta, { next_cursor: null });
  const first = res.body.data.find((a: any) => a.id === created[0].id);
  t.same(first.attendance_summary, { present: 2, absent: 0, excused: 0, late: 1 });
  t.equal(first.attendance, undefined);
  t.equal(first.version, 4);
  t.same(res.body.data.find((a: any) => a.id === created[1].id).attendance_summary, { present: 0, absent: 0, excused: 0, late: 0 });
});

t.test('pages of every size cover the list once, across ties on starts_at', async (t) => {
  for (const limit of [1, 2, 4]) {
    const { ids: seen, pages } = await walkPages(club, `/v1/club/activities?limit=${limit}`);
    t.same(seen, expected, `limit ${limit}`);
    t.equal(pages, Math.ceil(expected.length / limit), `limit ${limit}: full pages`);
  }
  const { ids: seen } = await walkPages(club, '/v1/club/activities?limit=1&kind=training');
  t.same(seen, expected.filter((id) => created.find((a) => a.id === id).kind === 'training'));
});

t.test('filters: from, to, team_id, status, kind, updated_since', async (t) => {
  const only = (pred: (a: any) => boolean) => expected.filter((id) => pred(created.find((a) => a.id === id)));
  t.same(ids(await list(`from=${at(3, 10)}`)), only((a) => a.starts_at >= at(3, 10)));
  t.same(ids(await list(`to=${at(2, 10)}`)), only((a) => a.starts_at <= at(2, 10)));
  t.same(ids(await list(`from=${encodeURIComponent('2030-06-02T11:00:00+01:00')}&to=${at(3, 10)}`)), only((a) => a.starts_at >= at(2, 10) && a.starts_at <= at(3, 10)));
  t.same(ids(await list(`team_id=${team}`)), only((a) => a.team_id === team));
  t.same(ids(await list('status=cancelled')), [created[5].id]);
  t.same(ids(await list('status=scheduled')), only((a) => a.id !== created[5].id));
  t.same(ids(await list('kind=training')), only((a) => a.kind === 'training'));
  t.same(ids(await list('kind=training&team_id=' + team)), only((a) => a.kind === 'training' && a.team_id === team));
  const [{ since }] = await sql`select min(updated_at) as since from activities where id in ${sql([created[0].id, created[5].id])}` as any;
  t.same(ids(await list(`updated_since=${encodeURIComponent(new Date(since).toISOString())}`)), only((a) => a.id === created[0].id || a.id === created[5].id));
  t.same(ids(await list('updated_since=2999-01-01T00:00:00Z')), []);
});

t.test('bad queries are 400 invalid_query', async (t) => {
  for (const q of ['order=desc', 'from=2030-06-01', 'to=tomorrow', 'team_id=0', 'status=done', 'kind=party', 'limit=-1', 'from=2030-02-30T00:00:00Z']) {
    const res = await list(q);
    t.equal(res.status, 400, q);
    t.equal(res.body.code, 'invalid_query');
  }
});

t.test('bad cursors are 400 invalid_cursor: garbage, other filters, forged keys', async (t) => {
  const cursor = (await list('limit=2')).body.meta.next_cursor;
  const [bound] = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  const forge = (keys: unknown[]) => Buffer.from(JSON.stringify([bound, ...keys])).toString('base64url');
  for (const c of ['nope', forge(['not a time', '1']), forge([at(1, 10), 'x']), forge([created[0].id])]) {
    const res = await list(`limit=2&cursor=${c}`);
    t.equal(res.status, 400, c);
    t.equal(res.body.code, 'invalid_cursor');
  }
  t.equal((await list(`limit=2&kind=match&cursor=${cursor}`)).body.code, 'invalid_cursor');
  t.equal((await list(`limit=2&cursor=${forge([at(1, 10), '1'])}`)).body.code, 'invalid_cursor', 'well-formed but not issued');
});
