// A DATABASE_URL may name several hosts, as libpq's do: postgres://user:pass@h1:5432,h2:5432/db.
// The service then connects to the one that takes writes and, when a connection drops, looks for
// it again among all of them: a promoted standby is found without a restart.

export interface DatabaseHost {
  host: string;
  port: number;
}

interface DatabaseUrl {
  /** The URL with its first host only, which WHATWG URL can parse (the user, database, query). */
  url: URL;
  hosts: DatabaseHost[];
}

/** Reads a connection URL with one host or several; undefined when it is not a URL. */
export function readDatabaseUrl(raw: string): DatabaseUrl | undefined {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/is.exec(raw);
  if (!match) return undefined;
  const [, scheme = '', authority = '', rest = ''] = match;
  const at = authority.lastIndexOf('@');
  const userinfo = authority.slice(0, at + 1);
  const list = authority.slice(at + 1).split(',');
  let url: URL;
  try {
    url = new URL(scheme + userinfo + list[0] + rest);
  } catch {
    return undefined;
  }
  const hosts: DatabaseHost[] = [];
  for (const entry of list) {
    const part = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/.exec(entry);
    if (!part) return undefined;
    hosts.push({ host: part[1]!, port: Number(part[2] ?? (url.port || 5432)) });
  }
  return { url, hosts };
}

// libpq's names for "a server that takes writes". postgres.js's own `read-write` check reads only
// `default_transaction_read_only`, which a hot standby reports as off; `primary` reads
// `in_hot_standby`, which is what tells a standby apart.
const writable = ['read-write', 'primary'];

/**
 * The `target_session_attrs` the pool asks postgres.js for: `primary` when the URL names several
 * hosts or asks for a writable one, none otherwise. A URL asking for a server that may refuse
 * writes (`standby`, `read-only`, …) cannot serve: the refusal, or undefined.
 */
export function sessionTarget(raw: string): { target?: 'primary'; refusal?: string } {
  const parsed = readDatabaseUrl(raw);
  if (!parsed) return {};
  const asked = parsed.url.searchParams.get('target_session_attrs');
  if (asked !== null && asked !== 'any' && !writable.includes(asked)) {
    return { refusal: `DATABASE_URL: target_session_attrs=${asked} may connect to a server that refuses writes; use read-write` };
  }
  return parsed.hosts.length > 1 || (asked !== null && asked !== 'any') ? { target: 'primary' } : {};
}

/** The file of a server's unix socket: libpq's and Postgres's name for it in its directory. */
export const socketFile = (dir: string, port: number | string): string => `${dir.replace(/\/+$/, '')}/.s.PGSQL.${port}`;

/**
 * A unix socket named as libpq names one, by its directory in the `host` parameter
 * (postgres://user:password@localhost:5432/db?host=/run/postgresql): the socket's path, and the
 * URL without that parameter, which postgres.js would otherwise send the server as a setting.
 */
export function socketOf(raw: string): { url: string; path: string } | undefined {
  const parsed = readDatabaseUrl(raw);
  const dir = parsed?.url.searchParams.get('host');
  if (!parsed || !dir || parsed.hosts.length > 1) return undefined;
  const url = new URL(parsed.url);
  url.searchParams.delete('host');
  return { url: url.toString(), path: socketFile(dir, parsed.hosts[0]!.port) };
}

/** Why a URL's unix socket (its `host` parameter) cannot be used, in one sentence; undefined when it can. */
export function socketRefusal(raw: string): string | undefined {
  const parsed = readDatabaseUrl(raw);
  const dir = parsed?.url.searchParams.get('host');
  if (!parsed || dir === null || dir === undefined) return undefined;
  if (!dir.startsWith('/')) return 'DATABASE_URL: the host parameter names the directory of a unix socket, an absolute path (a host name goes in postgres://user:password@host:port/database)';
  if (parsed.hosts.length > 1) return 'DATABASE_URL: a unix socket (the host parameter) takes one host, not several';
  return undefined;
}

/** host:port of each host of a connection URL, or its socket, for messages (never the password). */
export function whereOf(raw: string): string {
  const parsed = readDatabaseUrl(raw);
  if (!parsed) return 'an unreadable DATABASE_URL';
  return socketOf(raw)?.path ?? parsed.hosts.map((h) => `${h.host}:${h.port}`).join(',');
}
