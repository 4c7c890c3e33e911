-- A feed row shows key_id and request_id only when a credential of the feed's own workspace made
-- the change (src/resources/changes.ts writes new rows so): rows already written lose the other
-- workspaces' credential and request id.
update changes ch set credential_id = null, request_id = null
from credentials c
where c.id = ch.credential_id and c.workspace_id <> ch.workspace_id;
