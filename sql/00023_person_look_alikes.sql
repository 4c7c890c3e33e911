-- The person-name key now also drops every format character (General Category Cf, e.g. U+FFF9)
-- and keys a name that mixes scripts by its UTS #39 confusable skeleton (src/resources/person-names.ts,
-- src/resources/look-alikes.ts). As for sql/00014: the flag makes the next instance to start re-key
-- every person and list the pairs that now match; they stay two persons until an operator decides.
insert into person_rekey values (true) on conflict do nothing;
