// GET /metrics on a listener of its own (METRICS_PORT, 127.0.0.1 unless METRICS_HOST), never on
// the partner port. What lives in the database (webhook backlog, feed horizon lag, connections) is
// read when scraped, in one statement with a short timeout: nothing of it touches a request.
import http from 'node:http';
import type { TransactionSql } from 'postgres';
import { listen } from '../listen.js';
import { gauge, render } from './registry.js';

// `database` is src/db's Availability, named by the one member read here, and `transaction` runs
// work on the serving pool of the moment (src/db/transaction.ts): metrics/ sits below db/.
interface Source {
  transaction<T>(work: (tx: TransactionSql) => Promise<T>): Promise<T>;
  database: { readonly up: boolean };
  poolMax: number;
}
let source: Source | undefined;

interface DatabaseState {
  pending: string; oldest: number | null; horizon_lag: number | null; ids_in_flight: string | null; active: string; idle: string;
}

// 500 ms: a scrape that would wait longer on a busy database reports the database families missing.
async function readDatabase(): Promise<DatabaseState | undefined> {
  if (!source?.database.up) return undefined;
  return source.transaction(async (tx) => {
    await tx`set local statement_timeout = 500`;
    const [row] = await tx<DatabaseState[]>`
      select
        (select count(*) from webhook_messages where status in ('pending', 'sending')) as pending,
        (select extract(epoch from now() - min(created_at))::float8 from webhook_messages where status in ('pending', 'sending')) as oldest,
        -- How long the oldest writer holding a feed lock (sql/00013) has held back the horizon.
        (select coalesce(extract(epoch from now() - min(a.xact_start)), 0)::float8 from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.classid = hashtext('partner-service:feed')::oid and l.objsubid = 2 and l.granted) as horizon_lag,
        (select last_value from pg_sequences where schemaname = current_schema() and sequencename = 'changes_id_seq')
          - (select coalesce(max(id), 0) from changes) as ids_in_flight,
        (select count(*) from pg_stat_activity where datname = current_database() and state <> 'idle' and backend_type = 'client backend') as active,
        (select count(*) from pg_stat_activity where datname = current_database() and state = 'idle' and backend_type = 'client backend') as idle`;
    return row;
  });
}

// One reading serves every database family of a scrape.
let reading: Promise<DatabaseState | undefined> | undefined;
const state = () => (reading ??= readDatabase().finally(() => setImmediate(() => (reading = undefined))));
const fromDatabase = (pick: (s: DatabaseState) => number | string | null) => async () => {
  const s = await state();
  if (!s) throw new Error('no reading');
  return Number(pick(s) ?? 0);
};

gauge('partner_database_up', 'Whether the database answers, as this instance sees it (1 up, 0 an outage).', () => (source?.database.up ? 1 : 0));
gauge('partner_database_pool_max', 'Connections this instance\'s pool may open (DB_POOL_MAX).', () => source?.poolMax ?? 0);
gauge('partner_database_connections', 'Client connections to the service\'s database, every instance together, by state.', async () => {
  const s = await state();
  if (!s) throw new Error('no reading');
  return [[{ state: 'active' }, Number(s.active)], [{ state: 'idle' }, Number(s.idle)]];
});
gauge('partner_webhook_messages_pending', 'Webhook messages not yet delivered (pending or being sent).', fromDatabase((s) => s.pending));
gauge('partner_webhook_oldest_pending_age_seconds', 'Age of the oldest undelivered webhook message; 0 when none.', fromDatabase((s) => s.oldest));
gauge('partner_feed_horizon_lag_seconds', 'How long the oldest write holding a change id has kept the feed horizon behind the newest change.', fromDatabase((s) => s.horizon_lag));
gauge('partner_feed_ids_in_flight', 'Change ids handed out and not (yet) committed: the horizon\'s lag in ids.', fromDatabase((s) => s.ids_in_flight));

export interface MetricsListener { port: number; close(): Promise<void> }

export function serveMetrics(options: Source & { port: number; host: string }): Promise<MetricsListener> {
  source = options;
  const server = http.createServer((req, res) => {
    if (req.url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    render().then((text) => {
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(req.method === 'HEAD' ? undefined : text);
    }, () => res.writeHead(500).end());
  });
  return listen(server, options.port, options.host).then((port) => ({
    port,
    close: () => new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    }),
  }));
}
