import { buildApp } from './app';
import { ConfigError, loadSettings } from './config';
import { createIntegrations } from './integrations';
import { startMetricsServer } from './plugins/metrics';

async function main() {
  let settings;
  try {
    settings = loadSettings();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
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
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await metrics?.close();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: settings.port, host: settings.host });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
