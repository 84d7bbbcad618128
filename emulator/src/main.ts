import path from 'node:path';
import { createEmulator } from './app';
import { parseRateLimitSettings } from './runtime/rateLimiter';
import { DEFAULT_SEED_PATH, loadSeedFile } from './seed/load';
import { SeedError } from './seed/validate';

async function main(): Promise<void> {
  const port = Number(process.env.EMULATOR_PORT ?? 3100);
  const host = process.env.EMULATOR_HOST ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`EMULATOR_PORT must be a port number (got ${process.env.EMULATOR_PORT})`);
  const seedPath = process.env.EMULATOR_SEED
    ? path.resolve(process.env.EMULATOR_SEED)
    : DEFAULT_SEED_PATH;
  const seed = loadSeedFile(seedPath);
  const limits = parseRateLimitSettings(process.env.EMULATOR_RATE_LIMITS || 'off');
  if (typeof limits === 'string')
    throw new Error(`EMULATOR_RATE_LIMITS must be "discord" or "off": ${limits}`);
  const whole = (name: string): number | undefined => {
    const raw = process.env[name];
    if (!raw) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n)) throw new Error(`${name} must be a whole number (got ${raw})`);
    return n;
  };
  const app = createEmulator({
    seed,
    discordClientId: process.env.DISCORD_CLIENT_ID || undefined,
    botUserId: process.env.EMULATOR_BOT_USER_ID || undefined,
    redirectUris: process.env.EMULATOR_REDIRECT_URIS
      ? process.env.EMULATOR_REDIRECT_URIS.split(',').map((uri) => uri.trim())
      : undefined,
    discordClientSecret: process.env.DISCORD_CLIENT_SECRET || undefined,
    discordBotToken: process.env.DISCORD_BOT_TOKEN || undefined,
    robloxClientId: process.env.ROBLOX_CLIENT_ID || undefined,
    robloxClientSecret: process.env.ROBLOX_CLIENT_SECRET || undefined,
    publicUrl: process.env.EMULATOR_PUBLIC_URL || `http://localhost:${port}`,
    logger: process.env.EMULATOR_LOG === '1',
    interactionsUrl: process.env.EMULATOR_INTERACTIONS_URL || undefined,
    rateLimits: limits,
    gatewayShards: whole('EMULATOR_GATEWAY_SHARDS'),
    gatewayHeartbeatIntervalMs: whole('EMULATOR_GATEWAY_HEARTBEAT_MS'),
  });
  await app.listen({ port, host });
  const address = app.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`RoConnect emulator (Discord + Roblox) listening on http://${host}:${actual}`);
  console.log(`  seed: ${seedPath}`);
  console.log(`  state: http://${host}:${actual}/__emulator/state`);
  console.log(`  gateway: ws://${host}:${actual}/gateway`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  if (err instanceof SeedError) {
    console.error(err.message);
  } else if (err instanceof Error && (err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Emulator cannot start: ${err.message}. Set EMULATOR_PORT to a free port.`);
  } else {
    console.error(`Emulator cannot start: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exit(1);
});
