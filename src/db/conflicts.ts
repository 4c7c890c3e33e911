// The unique constraints and unique indexes a partner can hit, with what the 409 says. A static
// map (not filled by imports), checked against the schema by test/db/conflicts.test.ts.
export const conflicts: Readonly<Record<string, string>> = {
  members_external_ref_key: 'another member of the club already has this external_ref',
  roster_entries_shirt_key: 'another player of the team wears this shirt number',
  license_categories_code_key: 'another license category of the federation has this code',
  seasons_one_open_idx: 'another season of the federation is open',
  invoices_number_key: 'another invoice of the club has this number',
  entries_team_key: 'the team is already entered in this competition',
  match_officials_day_key: 'an official is already assigned to another match on that UTC day',
  match_officials_referee_key: 'the match already has a referee',
  licenses_live_key: 'the member already has a requested, approved or suspended license for this season',
  licenses_number_key: 'another license of the federation has this number',
  transfers_open_key: 'the license already has an open transfer',
};
