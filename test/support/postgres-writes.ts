// The round trips a process makes to Postgres, counted as its socket writes to the server's port:
// postgres.js sends what a connection has queued in one write (several when a batch passes 1 KB),
// so a pipelined batch of statements counts once.
import net from 'node:net';

export interface WriteCount {
  readonly writes: number;
  /** Stops counting; the count stays as it is. */
  stop(): void;
}

export function countWrites(port: number): WriteCount {
  const write = net.Socket.prototype.write;
  const count = { writes: 0, stop: () => void (net.Socket.prototype.write = write) };
  net.Socket.prototype.write = function (this: net.Socket, ...args: Parameters<net.Socket['write']>) {
    if (this.remotePort === port) count.writes++;
    return write.apply(this, args);
  } as net.Socket['write'];
  return count;
}
