import formbody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { resolveConfig, type EmulatorConfig, type EmulatorOptions } from './config';
import type { EmulatorContext } from './context';
import { registerFaultHook, isRobloxPath } from './control/faultHook';
import { FaultRegistry, parseFaults } from './runtime/faults';
import { registerLatencyHook } from './control/latency';
import { LatencyRegistry } from './runtime/latency';
import { controlPlugin } from './control';
import { CallLog, RobloxCallLog } from './runtime/callLog';
import { snapshot } from './control/state';
import { discordPlugin } from './discord';
import { announceGuildChanges, guildsWithBot } from './gateway/events';
import { RateLimiter } from './runtime/rateLimiter';
import { InteractionSigner } from './runtime/interactionKeys';
import { WebhookLog } from './runtime/webhookLog';
import { GatewayHub } from './runtime/gatewayHub';
import { attachGateway } from './gateway/server';
import { robloxPlugin } from './roblox';
import { loadSeedFile, DEFAULT_SEED_PATH } from './seed/load';
import type { Seed } from './seed/types';
import { validateSeed } from './seed/validate';
import { EmulatorStore } from './store/store';

export interface EmulatorHandle {
  /** the REST side's rate limiter (settings and counters) */
  readonly rateLimiter: RateLimiter;
  /** the public half of the key interactions are signed with, hex */
  readonly interactionsPublicKey: string;
  /** where interactions go from now on (tests start the API after the emulator) */
  setInteractionsUrl(url: string): void;
  readonly config: EmulatorConfig;
  readonly store: EmulatorStore;
  readonly faults: FaultRegistry;
  /** slow answers, like POST /__emulator/latency; cleared by reset */
  readonly latency: LatencyRegistry;
  /** gateway sessions, settings and the fan-out of events (GET /__emulator/gateway) */
  readonly gateway: GatewayHub;
  /** reload the seed (or a new one) and clear faults, like POST /__emulator/reset */
  reset(seed?: Seed): void;
  /** the same JSON as GET /__emulator/state */
  state(): ReturnType<typeof snapshot>;
  /** queue faults, like POST /__emulator/faults; throws on a bad description */
  addFaults(faults: unknown[]): void;
}

export type EmulatorApp = FastifyInstance & { emulator: EmulatorHandle };

export interface CreateEmulatorOptions extends EmulatorOptions {
  /** Fastify logger; default off */
  logger?: boolean;
}

function errorBody(path: string, status: number, message: string) {
  if (path.startsWith('/__emulator'))
    return { error: status >= 500 ? 'internal' : 'bad_request', message };
  if (isRobloxPath(path)) return { errors: [{ code: 0, message }] };
  return { message, code: status === 400 && /JSON/i.test(message) ? 50109 : 0 };
}

/** Builds the emulator (not listening). Without `seed` it loads seeds/demo.json. */
export function createEmulator(options: CreateEmulatorOptions = {}): EmulatorApp {
  const config = resolveConfig(options);
  const seed = options.seed ? validateSeed(options.seed) : loadSeedFile(DEFAULT_SEED_PATH);
  const faults = new FaultRegistry();
  const latency = new LatencyRegistry();
  const botCalls = new CallLog();
  const robloxCalls = new RobloxCallLog();
  const ctx: EmulatorContext = {
    store: new EmulatorStore(seed, config),
    config,
    faults,
    latency,
    seed,
    botCalls,
    robloxCalls,
    rateLimiter: new RateLimiter(config.rateLimits),
    commands: [],
    signer: new InteractionSigner(),
    webhooks: new WebhookLog(),
    gateway: new GatewayHub(config.gateway),
    roleConnectionMetadata: [],
  };

  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.register(formbody);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (status >= 500) request.log.error(error);
    const path = request.url.split('?')[0] ?? '';
    const message = status >= 500 ? '500: Internal Server Error' : error.message;
    return reply.code(status).send(errorBody(path, status, message));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    return reply.code(404).send(errorBody(path, 404, '404: Not Found'));
  });

  // counted from the moment it arrives, so a call held by a latency rule is in flight too
  robloxCalls.register(app);
  // first: a faulted call can be a slow one too
  registerLatencyHook(app, latency);
  registerFaultHook(app, faults);
  app.register(async (scope) => controlPlugin(scope, ctx));
  app.register(async (scope) => discordPlugin(scope, ctx));
  app.register(async (scope) => robloxPlugin(scope, ctx));
  attachGateway(app, ctx);

  const handle: EmulatorHandle = {
    config,
    get store() {
      return ctx.store;
    },
    faults,
    latency,
    gateway: ctx.gateway,
    rateLimiter: ctx.rateLimiter,
    interactionsPublicKey: ctx.signer.publicKeyHex,
    setInteractionsUrl(url: string) {
      ctx.config.interactionsUrl = url;
    },
    reset(next?: Seed) {
      if (next) ctx.seed = validateSeed(next);
      const before = guildsWithBot(ctx);
      ctx.store.reset(ctx.seed);
      announceGuildChanges(ctx, before);
      faults.clear();
      latency.clear();
      botCalls.clear();
      robloxCalls.clear();
      ctx.rateLimiter.configure(ctx.config.rateLimits);
      ctx.webhooks.clear();
      ctx.gateway.resetSettings();
    },
    state: () => snapshot(ctx),
    addFaults(list: unknown[]) {
      const parsed = parseFaults({ faults: list });
      if (!parsed.ok) throw new Error(parsed.message);
      faults.add(parsed.value);
    },
  };
  app.decorate('emulator', handle);
  return app as unknown as EmulatorApp;
}
