import { buildApp } from './app';
import { loadSettingsOrExit } from './config';
import { startGatewayWorker, type GatewayWorker } from './gateway/worker';
import { createIntegrations } from './integrations';
import { startMetricsServer } from './plugins/metrics';

async function main() {
  const settings = loadSettingsOrExit();
  const app = await buildApp({ settings, integrations: createIntegrations(settings.integrations) });
  // before the public port opens: a taken METRICS_PORT stops the start, naming the setting
  const metrics = settings.metrics
    ? await startMetricsServer(settings.metrics).catch(async (err: Error) => {
        console.error(err.message);
        await app.close();
        process.exit(1);
      })
    : undefined;
  if (metrics) app.log.info({ url: metrics.url }, `metrics served at ${metrics.url}`);
  let gateway: GatewayWorker | undefined;
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // first: the shards are handed over while the database and the job engine still run
    await gateway?.stop().catch((err: unknown) => app.log.error({ err }, 'gateway stop failed'));
    await metrics?.close();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: settings.port, host: settings.host });
  // GATEWAY_IN_API: the gateway worker beside the API in this process (the only way with PGlite)
  if (settings.gateway.inApi && app.jobs.engine)
    gateway = await startGatewayWorker({
      settings,
      database: app.database,
      engine: app.jobs.engine,
      log: app.log,
    });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
