// DATABASE_URL with several hosts: read, refused when it could pick a server that refuses
// writes, and handed to postgres.js as one host with a socket source of our own.
import t from 'tap';
import { ConfigError, loadConfig } from '../../src/config.js';
import { followPrimary } from '../../src/db/failover.js';
import { readDatabaseUrl, sessionTarget, socketOf, whereOf } from '../../src/db/hosts.js';

const key = Buffer.alloc(32, 1).toString('base64');
const config = (url: string) => () => loadConfig({ DATABASE_URL: url, PARTNER_SECRET_KEY: key });
const refusal = (url: string): string | undefined => {
  try {
    config(url)();
  } catch (error) {
    return error instanceof ConfigError ? error.message : `not a ConfigError: ${String(error)}`;
  }
  return undefined;
};

t.test('a URL with several hosts is read host by host, the first one giving the rest its shape', async (t) => {
  const parsed = readDatabaseUrl('postgres://u:p%40ss@db1:5433,db2,[::1]:6000/partner?sslmode=require');
  t.same(parsed?.hosts, [{ host: 'db1', port: 5433 }, { host: 'db2', port: 5433 }, { host: '[::1]', port: 6000 }]);
  t.equal(parsed?.url.password, 'p%40ss');
  t.equal(parsed?.url.pathname, '/partner');
  t.equal(readDatabaseUrl('postgres://u:p@db1:5432,db2:x/partner'), undefined, 'a malformed port');
  t.equal(readDatabaseUrl('not a url'), undefined);
  t.equal(whereOf('postgres://u:secret@db1:5433,db2:5434/partner'), 'db1:5433,db2:5434', 'messages name the hosts, never the password');
});

t.test('the configuration takes several hosts and refuses a target that may not take writes', async (t) => {
  t.equal(config('postgres://u:p@db1:5432,db2:5432/partner')().databaseUrl, 'postgres://u:p@db1:5432,db2:5432/partner');
  t.doesNotThrow(config('postgres://u:p@db1,db2/partner?target_session_attrs=read-write'));
  for (const attr of ['standby', 'read-only', 'prefer-standby']) {
    t.match(refusal(`postgres://u:p@db1,db2/partner?target_session_attrs=${attr}`), `target_session_attrs=${attr} may connect to a server that refuses writes`);
  }
  t.match(refusal('postgres://u:p@db1:5432,db2:nope/partner'), 'DATABASE_URL must be a URL', 'a malformed host list');
});

t.test('several hosts, or a writable target, make postgres.js check each login for a primary', async (t) => {
  t.same(sessionTarget('postgres://u:p@db1/partner'), {}, 'one host: nothing asked');
  t.same(sessionTarget('postgres://u:p@db1,db2/partner'), { target: 'primary' });
  t.same(sessionTarget('postgres://u:p@db1/partner?target_session_attrs=read-write'), { target: 'primary' });
  const one = followPrimary('postgres://u:p@db1/partner');
  t.same(one, { url: 'postgres://u:p@db1/partner', options: {} }, 'one host: passed through');
  const two = followPrimary('postgres://u:p@db1:5433,db2:5434/partner');
  t.equal(two.url, 'postgres://u:p@db1:5433/partner', 'postgres.js sees the first host only');
  t.equal(two.options.target_session_attrs, 'primary');
  t.type(two.options.socket, 'function');
});

t.test('a unix socket named as libpq names one: its path for postgres.js, the parameter kept from the server', async (t) => {
  const url = 'postgres://u:secret@localhost:5433/partner?host=%2Frun%2Fpostgresql%2F&sslmode=disable';
  t.same(socketOf(url), { url: 'postgres://u:secret@localhost:5433/partner?sslmode=disable', path: '/run/postgresql/.s.PGSQL.5433' });
  t.same(followPrimary(url), { url: 'postgres://u:secret@localhost:5433/partner?sslmode=disable', options: { path: '/run/postgresql/.s.PGSQL.5433' } });
  t.equal(socketOf('postgres:///partner?host=/tmp')?.path, '/tmp/.s.PGSQL.5432', 'the default port');
  t.equal(socketOf('postgres://u:p@db1/partner'), undefined, 'no socket named');
  t.equal(whereOf(url), '/run/postgresql/.s.PGSQL.5433', 'messages name the socket, never the password');
  t.doesNotThrow(config(url));
  t.match(refusal('postgres://u:p@localhost/partner?host=db1'), 'the host parameter names the directory of a unix socket, an absolute path');
  t.match(refusal('postgres://u:p@db1,db2/partner?host=/tmp'), 'a unix socket (the host parameter) takes one host, not several');
});
