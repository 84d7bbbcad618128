import Fastify from 'fastify';
import { loadSettingsOrExit } from '../config';
import { createDatabase } from '../db/client';
import { startJobEngine } from '../lib/job-engine';
import { loggerOptions } from '../plugins/logging';
import { startGatewayWorker } from './worker';

/**
 * The gateway worker as its own process (`npm run start:gateway -w @roconnect/api`): as many as
 * you like beside the API replicas, on the same PostgreSQL; the leases share the shards out.
 */
async function main() {
  const settings = loadSettingsOrExit();
  if (!settings.databaseUrl) {
    console.error(
      'Configuration error: the gateway worker on its own needs DATABASE_URL (PostgreSQL): the embedded PGlite database belongs to the API process. Without PostgreSQL, set GATEWAY_IN_API=true on the API to run the worker inside it.',
    );
    process.exit(1);
  }
  // Fastify's logger (pino with the API's redaction of secrets), without a server
  const log = Fastify({ logger: loggerOptions(settings.logLevel) }).log;
  const database = await createDatabase({
    databaseUrl: settings.databaseUrl,
    searchPath: settings.databaseSchema,
    pool: { ...settings.databasePool, max: Math.min(settings.databasePool.max, 4) },
  });
  const engine = await startJobEngine(database, log);
  const worker = await startGatewayWorker({ settings, database, engine, log });
  log.info({ holder: worker.holder }, 'gateway worker started');

  const close = async (signal: string) => {
    log.info({ signal }, 'gateway worker shutting down');
    await worker.stop().catch((err: unknown) => log.error({ err }, 'gateway stop failed'));
    await engine.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
