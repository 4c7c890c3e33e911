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

/** host:port of each host of a connection URL, for messages (never the password). */
export function whereOf(raw: string): string {
  const parsed = readDatabaseUrl(raw);
  if (!parsed) return 'an unreadable DATABASE_URL';
  const socket = parsed.url.searchParams.get('host');
  return parsed.hosts.map((h) => `${h.host || socket}:${h.port}`).join(',');
}
