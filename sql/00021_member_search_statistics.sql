-- The member search's estimate of a substring (`q=`) comes from the statistics of its index's name
-- expression. At the default target, 101 histogram bounds from a sample of 30 000 rows, 2 of 50
-- runs of `analyze members` on the national set made `last12` (1.2 % of the big club) look rarer
-- than it is: the planner then read the club's trigram matches through sql/00020's index, 33 ms a
-- request, instead of walking the club's ids, 0.67 ms. At 1 000, ANALYZE samples 300 000 rows and
-- keeps 1 001 bounds: 50 of 50 chose the walk. (The persons' search chose its walk in 100 of 100.)
alter index members_club_name_trgm_idx alter column 2 set statistics 1000;
