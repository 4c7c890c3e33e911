// On the Citus cluster: the tenant isolation walk (every row's signature, kind and scope refusals;
// every path and body id of another club or federation refused; no view carries another
// workspace's ids), as on plain Postgres.
import '../http/security.test.js';
