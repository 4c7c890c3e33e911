// Following the primary among the hosts of a DATABASE_URL (src/db/hosts.ts), for the pool and
// the LISTEN connection alike.
//
// postgres.js handles several hosts itself, but while none of them takes writes (the primary has
// died, the standby is not promoted yet) it tries them in turn, without pause and without failing
// the waiting query: each attempt a full login on the standby, every request waiting for its
// deadline, and anything awaited outside a deadline waiting for the promotion. Here postgres.js
// sees one host and gets its sockets from `connect` below, which opens each new connection to the
// host that last worked. A refused or timed-out connection, or a login that shows a standby,
// moves that choice on to the next host; the query itself fails at once like any other on an
// unreachable database (503, the availability probe every 100 ms), and the next connection tries
// the next host. A switchover is followed within a probe or two.
import net from 'node:net';
import { readDatabaseUrl, sessionTarget, socketOf, type DatabaseHost } from './hosts.js';

// The ParameterStatus message a standby sends at login (PostgreSQL 14 and later) that rules it out.
// Not `default_transaction_read_only`: the read pool's own sessions ask for it (src/db/pool.ts).
const refusesWrites = [Buffer.from('in_hot_standby\0on\0')];
const reported = Buffer.from('in_hot_standby\0');
const sniffBytes = 8192;

interface Followed {
  /** The URL postgres.js is given: the first host only (user, database and query unchanged). */
  url: string;
  /** postgres.js options: the socket source or a unix socket's path, and `primary` as its own check of each login. */
  options: { socket?: () => net.Socket; path?: string; target_session_attrs?: 'primary' };
}

/** How to connect to the writable host of `raw`; a one-host URL is passed through, its unix socket translated. */
export function followPrimary(raw: string): Followed {
  const parsed = readDatabaseUrl(raw);
  const { target } = sessionTarget(raw);
  if (!parsed || parsed.hosts.length < 2) {
    const socket = socketOf(raw);
    return { url: socket?.url ?? raw, options: { ...(socket && { path: socket.path }), ...(target && { target_session_attrs: target }) } };
  }
  const hosts = parsed.hosts;
  let preferred = 0;
  const moveOn = (from: number) => {
    if (preferred === from) preferred = (from + 1) % hosts.length;
  };
  const connect = (): net.Socket => {
    const index = preferred;
    const { host, port } = hosts[index] as DatabaseHost;
    const socket = net.connect(port, host.replace(/^\[(.*)\]$/, '$1'));
    // postgres.js reads the host for TLS's server name from the socket it is given.
    Object.assign(socket, { host });
    let connected = false;
    let seen = 0;
    socket.once('connect', () => (connected = true));
    socket.once('close', () => connected || moveOn(index));
    const sniff = (chunk: Buffer) => {
      seen += chunk.length;
      if (refusesWrites.some((marker) => chunk.includes(marker))) moveOn(index);
      if (seen > sniffBytes || chunk.includes(reported)) socket.off('data', sniff);
    };
    socket.on('data', sniff);
    return socket;
  };
  return { url: parsed.url.toString(), options: { socket: connect, target_session_attrs: 'primary' } };
}
