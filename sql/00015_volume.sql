-- Volume (issue 18). A competition's fixtures are thousands of rows in one statement, and every
-- foreign key is a lookup per row: the eight of a match and the two of a change row were more
-- than half the time of a 64-entry, two-leg schedule.
--
-- A match side names its entry, and the entry already holds the federation, competition, club
-- and team (each checked by the entry's own keys): one composite key per side says all of it,
-- and says more than the eight did, since a side's club and team can no longer disagree with its entry.
create unique index entries_side_key on entries (id, federation_id, competition_id, club_id, team_id);

alter table matches
  drop constraint matches_federation_id_fkey,
  drop constraint matches_competition_id_fkey,
  drop constraint matches_home_entry_id_fkey,
  drop constraint matches_home_club_id_fkey,
  drop constraint matches_home_team_id_fkey,
  drop constraint matches_away_entry_id_fkey,
  drop constraint matches_away_club_id_fkey,
  drop constraint matches_away_team_id_fkey,
  add constraint matches_home_side_fkey foreign key (home_entry_id, federation_id, competition_id, home_club_id, home_team_id)
    references entries (id, federation_id, competition_id, club_id, team_id),
  add constraint matches_away_side_fkey foreign key (away_entry_id, federation_id, competition_id, away_club_id, away_team_id)
    references entries (id, federation_id, competition_id, club_id, team_id);

-- The change feed is an append-only log written by one function (src/resources/changes.ts) from
-- ids its own transaction just read; workspaces and credentials are never deleted. Its keys
-- checked that again for every row of every write (two lookups per row, a member create's three
-- rows included).
alter table changes
  drop constraint changes_workspace_id_fkey,
  drop constraint changes_credential_id_fkey;
