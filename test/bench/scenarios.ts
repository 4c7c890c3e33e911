// The scenarios of one round, in order: where the load goes, which process answers it, and the
// requests it sends (signed before the clock starts).
import type { Shot } from './load.js';
import type { GcCount } from './processes.js';
import { presign, type Late, type Template } from './presign.js';
import type { Club } from './setup.js';

export interface Target {
  base: string;
  pid: number;
  gc?: GcCount;
}

/** The requests a run sends in turn: over again when `cycle`, else signed on demand once used up. */
export interface Source {
  shots: Shot[];
  cycle: boolean;
  late?: Late;
}

export interface Scenario {
  name: string;
  target: Target;
  /** Signs what the run will send; `expected` is the req/s to sign for. */
  prepare(expected: number, seconds: number): Promise<Source>;
}

export interface Setting {
  service: Target;
  bare: Target;
  canned: Target;
  reader: Club;
  writer: Club;
  memberPaths: string[];
  /** Members of the writer club that invoice-create bills in turn. */
  billedMembers: string[];
}

const me: Template = { method: 'GET', path: '/v1/me' };
const newMember = JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', birth_date: '2010-12-10', gender: 'female' });
const newInvoice = (memberId: string) =>
  JSON.stringify({ member_id: memberId, lines: [{ description: 'Membership', amount: 18000 }, { description: 'Kit', amount: 3995 }], currency: 'EUR' });

/** Enough signed requests for the run at `expected` req/s, with a margin. */
const signed = (target: Target, club: Club, algorithm: 'hmac' | 'rsa2', templates: Template[]) =>
  async (expected: number, seconds: number): Promise<Source> => ({
    shots: await presign(target.base, club[algorithm], templates, Math.ceil(expected * seconds * 1.25)),
    cycle: false,
    late: { base: target.base, key: club[algorithm], templates },
  });

export function scenarios(s: Setting): Scenario[] {
  return [
    {
      // The same signed requests over and over: the canned server checks nothing.
      name: 'generator ceiling', target: s.canned,
      prepare: async () => ({ shots: await presign(s.canned.base, s.reader.hmac, [me], 5000), cycle: true }),
    },
    {
      // The same signed requests as the ceiling: bare reads as many bytes per request as the service.
      name: 'bare', target: s.bare,
      prepare: async () => ({ shots: await presign(s.bare.base, s.reader.hmac, [me], 5000), cycle: true }),
    },
    { name: 'me-hmac', target: s.service, prepare: signed(s.service, s.reader, 'hmac', [me]) },
    { name: 'me-rsa2', target: s.service, prepare: signed(s.service, s.reader, 'rsa2', [me]) },
    {
      name: 'members-page', target: s.service,
      prepare: signed(s.service, s.reader, 'hmac', s.memberPaths.map((path) => ({ method: 'GET', path }))),
    },
    {
      name: 'member-create', target: s.service,
      prepare: signed(s.service, s.writer, 'hmac', [{ method: 'POST', path: '/v1/club/members', body: newMember }]),
    },
    {
      // One club's invoices: every create takes the club's counter row for the year until it commits.
      name: 'invoice-create', target: s.service,
      prepare: signed(s.service, s.writer, 'hmac', s.billedMembers.map((id) => ({ method: 'POST', path: '/v1/club/invoices', body: newInvoice(id) }))),
    },
  ];
}
