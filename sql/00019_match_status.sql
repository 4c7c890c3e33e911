-- A federation's matches by status (issue 18). `status=scheduled` walked the federation's index by
-- kickoff past every played match before its page: 7 700 at the national set's mid-season, every
-- match of the season at its end. The list writes the status as `= any(…)` and orders by it
-- first (src/resources/match-list.ts), so that this index serves the page from its first row.
create index matches_federation_status_idx on matches (federation_id, status, scheduled_at, id);
