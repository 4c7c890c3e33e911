import * as v from 'valibot';
import { fromToday, id, list, out, text, timestamp } from '../schemas.js';
import { matchFields } from '../../resources/matches.js';
import { reportFields } from '../../resources/match-details.js';
import { assignmentFields, officialRoles } from '../../resources/officials.js';

const score = v.pipe(v.number(), v.integer('must be an integer'), v.minValue(0, 'must be 0 or more'), v.maxValue(999, 'must be at most 999'));

const matchAnswerFields = {
  ...matchFields,
  reports: v.pipe(v.array(v.object(reportFields)), v.description('The latest report of each club of the match.')),
  officials: v.array(v.object(assignmentFields)),
};

const matchBase = v.object(matchAnswerFields);

const example: v.InferOutput<typeof matchBase> = {
  id: '901', competition_id: '12', round: 3, leg: 1,
  home: { entry_id: '40', club_id: '5', team_id: '88', team_name: 'VV Oranje U15' },
  away: { entry_id: '41', club_id: '6', team_id: '93', team_name: 'SC Blauw U15' },
  scheduled_at: '2026-09-19T13:30:00.000Z', venue: 'Sportpark Noord, veld 2', status: 'played', home_score: 2, away_score: 1,
  result_source: 'reports',
  reports: [{ club_id: '5', home_score: 2, away_score: 1, reported_at: '2026-09-19T15:40:00.000Z' },
    { club_id: '6', home_score: 2, away_score: 1, reported_at: '2026-09-19T16:05:00.000Z' }],
  officials: [{ official_id: '17', role: 'referee' }],
  created_at: '2026-08-20T10:00:00.000Z', updated_at: '2026-09-19T16:05:00.000Z', version: 4,
};

const lineupPlayers = <P extends v.ObjectEntries>(who: P) => v.array(v.object({ ...who, shirt_number: out.integer, starter: v.boolean() }));

export const matchListItemOut = v.pipe(matchBase, v.title('Match'), v.examples([example]));

export const clubMatchOut = v.pipe(v.object({
  ...matchAnswerFields,
  lineup: v.pipe(v.nullable(v.object({ club_id: out.id, players: lineupPlayers({ member_id: out.id }), submitted_at: out.instant })),
    v.description('The club\'s own lineup; null until it submits one.')),
}), v.title('ClubMatch'), v.examples([{
  ...example, lineup: { club_id: '5', players: [{ member_id: '311', shirt_number: 1, starter: true }], submitted_at: '2026-09-18T19:00:00.000Z' },
}]));

export const federationMatchOut = v.pipe(v.object({
  ...matchAnswerFields,
  lineups: v.pipe(v.array(v.object({ club_id: out.id, players: lineupPlayers({ person_id: v.nullable(out.id) }), submitted_at: out.instant })),
    v.description('Both clubs\' lineups, players as persons of the registry.')),
}), v.title('FederationMatch'), v.examples([{
  ...example, lineups: [{ club_id: '5', players: [{ person_id: '2204', shirt_number: 1, starter: true }], submitted_at: '2026-09-18T19:00:00.000Z' }],
}]));

export const scoreBody = (title: string) => v.pipe(v.strictObject({ home_score: score, away_score: score }), v.title(title),
  v.examples([{ home_score: 2, away_score: 1 }]));

export const matchPatchBody = v.pipe(v.strictObject({
  scheduled_at: v.optional(timestamp),
  venue: v.optional(v.nullable(text(1, 200))),
  status: v.optional(v.pipe(v.picklist(['scheduled', 'postponed', 'cancelled'], 'must be one of scheduled, postponed, cancelled'),
    v.description('scheduled ↔ postponed, or cancelled; a result is posted to …/result.'))),
}), v.title('MatchPatch'), v.examples([{ scheduled_at: `${fromToday(14)}T13:30:00.000Z`, status: 'scheduled' }]));

export const officialsPutBody = v.pipe(v.strictObject({
  officials: list(v.strictObject({
    official_id: id,
    role: v.picklist(officialRoles, `must be one of ${officialRoles.join(', ')}`),
  }), 'official', 4),
}), v.description('At most one `referee`, and no official twice.'), v.title('MatchOfficials'), v.examples([{ officials: [{ official_id: '17', role: 'referee' }, { official_id: '21', role: 'assistant_referee' }] }]));

export const lineupPutBody = v.pipe(v.strictObject({
  players: list(v.strictObject({
    member_id: id,
    shirt_number: v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1, 'must be from 1 to 99'), v.maxValue(99, 'must be from 1 to 99')),
    starter: v.boolean(),
  }), 'player', 30, 1),
}), v.title('Lineup'), v.examples([{ players: [{ member_id: '311', shirt_number: 1, starter: true }, { member_id: '312', shirt_number: 14, starter: false }] }]));
