// On the Citus cluster: idempotency (replay, per-credential keys, concurrent duplicates with one
// side effect, 5xx not stored, the 24 h purge) and If-Match (stale 412, current applies), as on
// plain Postgres.
import '../http/idempotency.test.js';
import '../operations/members/club.members.update.test.js';
