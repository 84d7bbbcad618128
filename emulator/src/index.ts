import type { CreateEmulatorOptions, EmulatorApp } from './app';
import { createEmulator } from './app';

export { createEmulator } from './app';
export type { CreateEmulatorOptions, EmulatorApp, EmulatorHandle } from './app';
export { DEFAULTS as EMULATOR_DEFAULTS } from './config';
export type { Seed } from './seed/types';
export { SeedError, validateSeed } from './seed/validate';
export { loadSeedFile, DEFAULT_SEED_PATH } from './seed/load';

export interface RunningEmulator {
  app: EmulatorApp;
  /** e.g. http://127.0.0.1:43121 */
  url: string;
  close(): Promise<void>;
}

/** Creates and starts an emulator; port 0 (the default) picks a free port. For tests. */
export async function startEmulator(
  options: CreateEmulatorOptions & { port?: number; host?: string } = {},
): Promise<RunningEmulator> {
  const { port = 0, host = '127.0.0.1', ...rest } = options;
  const app = createEmulator(rest);
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return { app, url: `http://${host}:${actualPort}`, close: () => app.close() };
}
export {
  generateLoadSeed,
  type LoadSeed,
  type SeedLink,
  type SeedLinkItems,
} from './seed/generate';
export { DISCORD_DEFAULT_LIMITS, type RateLimitSettings } from './runtime/rateLimiter';
export { InteractionSigner } from './runtime/interactionKeys';
