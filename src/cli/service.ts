import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { migrate } from '../db/migrate.js';
import { rekeyPersons } from '../resources/person-keys.js';
import { createLog, type Log } from '../http/log.js';
import { generateOpenApi } from '../openapi/generate.js';
import { operations } from '../operations/index.js';
import { createApp, openDatabase, version } from '../runtime.js';
import { serve } from '../server.js';
import { runCli } from './run.js';
import { removeEmbedded } from '../db/embedded.js';

const help = `partner-service ${version}: the partner API server

Usage:
  partner-service [serve]   migrate if needed, then listen (PORT, default 3020)
  partner-service migrate   apply pending sql/ migrations and exit
  partner-service openapi   print the OpenAPI 3.1 reference as JSON
  partner-service clean     stop the embedded Postgres and remove DATA_DIR (and its cluster outside it)
  partner-service --help | --version

Configuration is read from the environment: see bin/README.md. Exit codes: 0 stopped cleanly,
1 failed (a database still down after DB_START_WAIT_S: worth a retry), 2 configuration or usage.`;

// Listening errors an operator fixes in the configuration, not by retrying.
function listenError(error: unknown, config: Config): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new ConfigError(`PORT ${config.port} on HOST ${config.host} is already in use`);
  if (code === 'EACCES') return new ConfigError(`PORT ${config.port} on HOST ${config.host}: permission denied`);
  if (code === 'EADDRNOTAVAIL') return new ConfigError(`HOST ${config.host} is not an address of this machine`);
  return error;
}

/** Under systemd (RuntimeDirectory=), tells ExecStartPost that the service listens. */
async function announceReady(log: Log): Promise<void> {
  const dir = process.env.RUNTIME_DIRECTORY?.split(':')[0];
  if (!dir) return;
  await writeFile(path.join(dir, 'ready'), String(process.pid), { mode: 0o600 }).catch((error: Error) => log('warn', 'readiness file not written', { fault: error.message }));
}

async function serveCommand(): Promise<number> {
  const config = loadConfig();
  const log = createLog(config.logLevel);
  const db = await openDatabase(config, {
    onWait: (cause) => log('warn', 'waiting for the database', { cause }),
  });
  const running = await createApp(config, db.pool, operations, log);
  const listening = await serve(running.app, log, { port: config.port, host: config.host, tls: config.tls })
    .catch(async (error: unknown) => {
      await running.stop();
      await db.close();
      throw listenError(error, config);
    });
  log('info', 'listening', { port: listening.port, host: config.host, version, tls: Boolean(config.tls), embedded: Boolean(db.embedded) });
  await announceReady(log);
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  log('info', 'stopping');
  await listening.close(10_000);
  await running.stop();
  await db.close();
  log('info', 'stopped');
  return 0;
}

async function migrateCommand(): Promise<number> {
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    const applied = await migrate(db.pool.current);
    const matchingPersons = await rekeyPersons(db.pool.current);
    process.stdout.write(JSON.stringify({ applied, matching_persons: matchingPersons }) + '\n');
  } finally {
    await db.close();
  }
  return 0;
}

async function cleanCommand(): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) throw new ConfigError('clean removes the embedded Postgres: unset DATABASE_URL');
  process.stdout.write(JSON.stringify({ removed: await removeEmbedded(config.dataDir) }) + '\n');
  return 0;
}

runCli('partner-service', process.argv.slice(2), help, {
  serve: serveCommand,
  migrate: migrateCommand,
  clean: cleanCommand,
  openapi: async () => {
    process.stdout.write(JSON.stringify(generateOpenApi(operations, version), null, 2) + '\n');
    return 0;
  },
}, 'serve');
