import { loadConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { createLog } from '../http/log.js';
import { generateOpenApi } from '../openapi/generate.js';
import { operations } from '../operations/index.js';
import { createApp, openDatabase, version } from '../runtime.js';
import { serve } from '../server.js';
import { runCli } from './run.js';

const help = `partner-service ${version}: the partner API server

Usage:
  partner-service [serve]   migrate if needed, then listen (PORT, default 3020)
  partner-service migrate   apply pending sql/ migrations and exit
  partner-service openapi   print the OpenAPI 3.1 reference as JSON
  partner-service --help

Configuration is read from the environment: see README.md.`;

async function serveCommand(): Promise<number> {
  const config = loadConfig();
  const log = createLog(config.logLevel);
  const db = await openDatabase(config);
  const running = await createApp(config, db.sql);
  const listening = await serve(running.app, log, { port: config.port, host: config.host, tls: config.tls });
  log('info', 'listening', { port: listening.port, host: config.host, version, tls: Boolean(config.tls), embedded: Boolean(db.embedded) });
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
    const applied = await migrate(db.sql);
    process.stdout.write(JSON.stringify({ applied }) + '\n');
  } finally {
    await db.close();
  }
  return 0;
}

runCli(process.argv.slice(2), help, {
  serve: serveCommand,
  migrate: migrateCommand,
  openapi: async () => {
    process.stdout.write(JSON.stringify(generateOpenApi(operations, version), null, 2) + '\n');
    return 0;
  },
}, 'serve');
