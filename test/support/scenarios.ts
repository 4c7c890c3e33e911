// For every operation, a request that succeeds, made of the factories: the caller, the path with
// ids it holds (a transition's row in a state it leaves), and a body it accepts (the schema's
// example, with the ids it names replaced by rows the caller can use). The live contract test
// (test/openapi/live-contract.test.ts) sends each.
import * as v from 'valibot';
import type { Operation } from '../../src/operations/operation.js';
import { pathNames } from '../../src/openapi/parameters.js';
import {
  addToRoster, createCategory, createClub, createClubWorkspace, createCompetition, createEntry, createFederation, createLicense,
  createMatch, createMember, createOfficial, createSeason, createTeam, inState, licenseNumberOf, newClub, openSeasonOf, ownedIds, type Tenant,
} from './factories.js';
import type { Service } from './harness.js';

export interface Scenario { as: Tenant; path: string; body?: unknown }

type Build = (service: Service, as: Tenant, ids: Record<string, string>) => Promise<{ ids?: Record<string, string>; body?: unknown }>;

const example = (op: Operation) => (op.body ? (v.getExamples(op.body) as unknown[] | undefined)?.[0] : undefined);

/** What the example alone cannot make work: ids of rows the caller holds, a state a rule asks for. */
const builds: Record<string, Build> = {
  'club.activities.create': async (service, club) => ({ body: { kind: 'training', title: 'Training', team_id: await createTeam(service, club), starts_at: '2030-06-01T17:30:00.000Z', ends_at: '2030-06-01T19:00:00.000Z' } }),
  'federation.competitions.create': async (service, fed) => ({
    body: { name: 'League', season_id: await createSeason(service, fed.id, 'open', 2030), category_id: await createCategory(service, fed.id, { code: 'U15' }), legs: 2, entry_deadline: '2030-08-15', starts_on: '2030-09-05', max_entries: 12 },
  }),
  'federation.competitions.schedule': async (service, fed) => {
    const competition = await createCompetition(service, fed.id, { status: 'closed' });
    for (const club of [await newClub(service, fed.id), await newClub(service, fed.id)]) await createEntry(service, club, competition, { status: 'accepted' });
    return { ids: { competition_id: competition }, body: { first_round_on: '2030-09-07', days_between_rounds: 7, kickoff_time: '13:30' } };
  },
  'federation.competitions.update': async (service, fed) => ({ ids: { competition_id: await createCompetition(service, fed.id, { status: 'draft' }) }, body: { max_entries: 14 } }),
  'club.entries.create': async (service, club) => {
    const season = await openSeasonOf(service, club.federationId);
    const competition = await createCompetition(service, club.federationId, { status: 'open', season_id: season });
    return { ids: { competition_id: competition }, body: { team_id: await createTeam(service, club, { season_id: season }) } };
  },
  'club.invoices.create': async (service, club) => ({ body: { member_id: await createMember(service, club), lines: [{ description: 'Fee', amount: 1500 }], currency: 'EUR' } }),
  'club.invoices.pay': async () => ({ body: { amount: 500, method: 'bank_transfer' } }),
  'club.licenses.request': async (service, club) => ({
    body: { member_id: await createMember(service, club), season_id: await openSeasonOf(service, club.federationId), category_id: await createCategory(service, club.federationId, { code: 'SEN' }) },
  }),
  'club.lineups.put': async (service, club) => {
    const match = await createMatch(service, club, undefined, { scheduled_at: '2099-05-02T13:00:00.000Z' });
    const [row] = await service.sql<{ team: string }[]>`select home_team_id as team from matches where id = ${match}`;
    const season = await openSeasonOf(service, club.federationId);
    const member = await createMember(service, club);
    await addToRoster(service, row!.team, member);
    await createLicense(service, club.id, { member_id: member, status: 'approved', season_id: season });
    return { ids: { match_id: match }, body: { players: [{ member_id: member, shirt_number: 1, starter: true }] } };
  },
  'club.results.report': async (service, club) => ({ ids: { match_id: await createMatch(service, club, undefined, { scheduled_at: '2020-05-02T13:00:00.000Z' }) }, body: { home_score: 2, away_score: 1 } }),
  'federation.matches.officials': async (service, fed) => ({
    body: { officials: [{ official_id: await createOfficial(service, fed.id), role: 'referee' }, { official_id: await createOfficial(service, fed.id), role: 'assistant_referee' }] },
  }),
  'federation.matches.update': async () => ({ body: { scheduled_at: '2030-09-26T13:30:00.000Z' } }),
  'club.plans.create': async (service, club) => ({ body: { name: 'Senior', season_id: await createSeason(service, club.federationId, 'planned'), amount: 18000, currency: 'EUR' } }),
  'club.roster.remove': async (service, _club, ids) => {
    await addToRoster(service, ids.team_id!, ids.member_id!);
    return {};
  },
  'federation.sanctions.create': async (service, fed) => ({ body: { subject_type: 'club', club_id: await createClubWorkspace(service, fed.id), kind: 'warning', reason: 'Late kickoff' } }),
  'federation.seasons.create': async () => ({ body: { name: '2091/92', starts_on: '2091-08-01', ends_on: '2092-06-30' } }),
  'club.teams.create': async (service, club) => ({ body: { name: 'U14 Girls', season_id: await openSeasonOf(service, club.federationId), category: 'U14', gender: 'female' } }),
  'club.transfers.request': async (service, club) => {
    const origin = await createClubWorkspace(service, club.federationId);
    return { body: { license_number: await licenseNumberOf(service, await createLicense(service, origin, { status: 'approved' })) } };
  },
};

/** A fresh caller of the operation's kind, the ids its path needs and a body the operation accepts. */
export async function successScenario(service: Service, op: Operation): Promise<Scenario> {
  const as = op.kind === 'federation' ? await createFederation(service) : await createClub(service);
  const ids: Record<string, string> = {};
  for (const name of pathNames(op.path)) {
    const transition = op.transition;
    const make = transition && pathNames(op.path).length === 1 ? inState[transition.machine.type] : undefined;
    if (make) {
      const from = transition!.machine.transitions[transition!.action]!.from as readonly string[];
      ids[name] = await make(service, as, from[0]!, transition!.action);
    } else {
      ids[name] = await ownedIds[name]!(service, as);
    }
  }
  const built: Awaited<ReturnType<Build>> = builds[op.id] ? await builds[op.id]!(service, as, ids) : {};
  Object.assign(ids, built.ids);
  const path = op.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => ids[name]!);
  const body = 'body' in built ? built.body : op.method === 'GET' || op.method === 'DELETE' ? undefined : example(op) ?? {};
  return { as, path, body };
}
