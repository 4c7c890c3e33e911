// On the Citus cluster: the feed's order tests as on plain Postgres (a poller waits for the
// write that holds a smaller id; a federation reads its own writes in id order; feed_reset).
import '../operations/changes/club.changes.list.test.js';
import '../operations/changes/federation.changes.list.test.js';
