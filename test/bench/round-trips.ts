// Preloaded into the service by the volume bench (`--import`): counts the service's writes to
// Postgres, its round trips. postgres.js sends what a connection has queued in one write (several
// when a batch passes 1 KB), so a pipelined batch of statements counts once. On SIGUSR2 the count
// so far is appended to BENCH_ROUND_TRIPS_FILE, one line each, so the bench reads it at a
// variant's start and end.
import { appendFileSync } from 'node:fs';
import net from 'node:net';

const file = process.env.BENCH_ROUND_TRIPS_FILE;
const port = Number(process.env.BENCH_POSTGRES_PORT);
if (file && port) {
  let writes = 0;
  const write = net.Socket.prototype.write;
  net.Socket.prototype.write = function (this: net.Socket, ...args: Parameters<net.Socket['write']>) {
    if (this.remotePort === port) writes++;
    return write.apply(this, args);
  } as net.Socket['write'];
  process.on('SIGUSR2', () => appendFileSync(file, `${writes}\n`));
}
