// The round trips a process makes to Postgres, counted as its socket writes to the server (its TCP
// port, or the path of its unix socket): postgres.js sends what a connection has queued in one
// write (several when a batch passes 1 KB), so a pipelined batch of statements counts once.
import net from 'node:net';

export interface WriteCount {
  readonly writes: number;
  /** Stops counting; the count stays as it is. */
  stop(): void;
}

export function countWrites(server: number | string): WriteCount {
  const { write, connect } = net.Socket.prototype;
  // A unix socket shows no remote address: it is known by the path postgres.js connects it to.
  const toPath = new WeakSet<net.Socket>();
  const count = {
    writes: 0,
    stop: () => void Object.assign(net.Socket.prototype, { write, connect }),
  };
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    if (args[0] === server) toPath.add(this);
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as net.Socket['connect'];
  net.Socket.prototype.write = function (this: net.Socket, ...args: Parameters<net.Socket['write']>) {
    if (this.remotePort === server || toPath.has(this)) count.writes++;
    return write.apply(this, args);
  } as net.Socket['write'];
  return count;
}
