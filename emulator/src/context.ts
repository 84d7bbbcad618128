import type { EmulatorConfig } from './config';
import type { CallLog, RobloxCallLog } from './runtime/callLog';
import type { FaultRegistry } from './runtime/faults';
import type { LatencyRegistry } from './runtime/latency';
import type { RateLimiter } from './runtime/rateLimiter';
import type { GatewayHub } from './runtime/gatewayHub';
import type { InteractionSigner } from './runtime/interactionKeys';
import type { StoredCommand } from './runtime/storedCommand';
import type { WebhookLog } from './runtime/webhookLog';
import type { Seed } from './seed/types';
import type { RoleConnectionMetadata } from './store/roleConnectionMetadata';
import type { EmulatorStore } from './store/store';

/** What every route module gets: the live state, the settings and the fault queue. */
export interface EmulatorContext {
  store: EmulatorStore;
  config: EmulatorConfig;
  faults: FaultRegistry;
  /** slow answers for chosen paths (POST /__emulator/latency) */
  latency: LatencyRegistry;
  /** the bot's REST calls, counted by route */
  botCalls: CallLog;
  /** the Roblox web API calls, counted by route, with the most answered at once */
  robloxCalls: RobloxCallLog;
  /** the seed the emulator was created with (reset goes back to it unless given another) */
  seed: Seed;
  /** the REST side's rate-limit buckets (off unless configured) */
  rateLimiter: RateLimiter;
  /** the application's slash commands (PUT /applications/{app}/commands) */
  commands: StoredCommand[];
  /** signs the interactions the emulator sends */
  signer: InteractionSigner;
  /** interaction tokens and what the API sent through their webhooks */
  webhooks: WebhookLog;
  /** gateway sessions and the fan-out of events to them */
  gateway: GatewayHub;
  /** the application's Linked Roles metadata records (PUT /applications/{app}/role-connections/metadata) */
  roleConnectionMetadata: RoleConnectionMetadata[];
}
