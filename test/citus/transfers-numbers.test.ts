// On the Citus cluster: a transfer between two clubs of one federation, and license and invoice
// numbers with no gap and no duplicate under concurrency, as on plain Postgres.
import '../operations/transfers/federation.transfers.approve.test.js';
import '../operations/licenses/federation.licenses.approve.test.js';
import '../operations/invoices/club.invoices.create.numbering.test.js';
