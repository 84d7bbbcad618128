import { buildApp } from './app';
import { ConfigError, loadSettings } from './config';
import { createIntegrations } from './integrations';

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
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
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
