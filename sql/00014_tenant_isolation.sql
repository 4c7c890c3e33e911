-- A feed row shows key_id and request_id only when a credential of the feed's own workspace made
-- the change (src/resources/changes.ts writes new rows so): rows already written lose the other
-- workspaces' credential and request id.
update changes ch set credential_id = null, request_id = null
from credentials c
where c.id = ch.credential_id and c.workspace_id <> ch.workspace_id;

-- The person-name key now also folds compatibility forms (NFKC) and drops default-ignorable code
-- points (src/resources/person-names.ts). The key is computed in TypeScript: while this flag stands,
-- the next instance to start re-keys every person (src/resources/person-keys.ts) and lists the pairs
-- of persons that now match, which stay two persons until an operator decides.
create table person_rekey (pending boolean primary key check (pending));
insert into person_rekey values (true);
