// Preloaded into the service by the volume bench (`--import`): counts the service's round trips to
// Postgres (test/support/postgres-writes.ts). On SIGUSR2 the count so far is appended to
// BENCH_ROUND_TRIPS_FILE, one line each, so the bench reads it at a variant's start and end.
// BENCH_POSTGRES is the server's TCP port or the path of its unix socket.
import { appendFileSync } from 'node:fs';
import { countWrites } from '../support/postgres-writes.js';

const file = process.env.BENCH_ROUND_TRIPS_FILE;
const server = process.env.BENCH_POSTGRES;
if (file && server) {
  const count = countWrites(/^\d+$/.test(server) ? Number(server) : server);
  process.on('SIGUSR2', () => appendFileSync(file, `${count.writes}\n`));
}
