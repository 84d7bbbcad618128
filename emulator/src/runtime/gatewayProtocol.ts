/**
 * Discord gateway v10 constants (Discord docs: Topics → Opcodes and Status Codes, Gateway;
 * Topics → Gateway, Gateway Intents and Sharding).
 */

export const GATEWAY_VERSION = '10';

export const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  PresenceUpdate: 3,
  VoiceStateUpdate: 4,
  Resume: 6,
  Reconnect: 7,
  RequestGuildMembers: 8,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
  RequestSoundboardSounds: 31,
} as const;

/** what a client may send; anything else closes with 4001 */
export const CLIENT_OPS = new Set<number>([
  Op.Heartbeat,
  Op.Identify,
  Op.PresenceUpdate,
  Op.VoiceStateUpdate,
  Op.Resume,
  Op.RequestGuildMembers,
  Op.RequestSoundboardSounds,
]);

export const Close = {
  UnknownError: 4000,
  UnknownOpcode: 4001,
  DecodeError: 4002,
  NotAuthenticated: 4003,
  AuthenticationFailed: 4004,
  AlreadyAuthenticated: 4005,
  InvalidSeq: 4007,
  RateLimited: 4008,
  SessionTimedOut: 4009,
  InvalidShard: 4010,
  ShardingRequired: 4011,
  InvalidApiVersion: 4012,
  InvalidIntents: 4013,
  DisallowedIntents: 4014,
} as const;

export const CLOSE_REASONS: Record<number, string> = {
  4000: 'Unknown error.',
  4001: 'Unknown opcode.',
  4002: 'Decode error.',
  4003: 'Not authenticated.',
  4004: 'Authentication failed.',
  4005: 'Already authenticated.',
  4007: 'Invalid seq.',
  4008: 'Rate limited.',
  4009: 'Session timed out.',
  4010: 'Invalid shard.',
  4011: 'Sharding required.',
  4012: 'Invalid API version.',
  4013: 'Invalid intent(s).',
  4014: 'Disallowed intent(s).',
};

export const Intent = {
  Guilds: 1 << 0,
  GuildMembers: 1 << 1,
  /** GUILD_BAN_ADD, GUILD_BAN_REMOVE (and audit log entries) */
  GuildModeration: 1 << 2,
  GuildMessages: 1 << 9,
} as const;

/** every intent bit Discord defines today (0–25); anything above is 4013 Invalid intent(s) */
export const ALL_INTENTS = (1 << 26) - 1;

/** Discord: a session may hold at most 2500 guilds, past that 4011 Sharding required */
export const MAX_GUILDS_PER_SHARD = 2500;

/** Discord: a client payload may be at most 4096 bytes (Gateway, Sending Events), else 4002 */
export const MAX_PAYLOAD_BYTES = 4096;

/** Discord: 120 gateway events per connection every 60 s, then 4008 */
export const SEND_LIMIT = { events: 120, windowMs: 60_000 };

/** Discord's rule for which shard receives a guild's events: (guild_id >> 22) % num_shards */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

export interface GatewayPayload {
  op: number;
  d: unknown;
  s: number | null;
  t: string | null;
}

export function payload(op: number, d: unknown): string {
  return JSON.stringify({ op, d, s: null, t: null });
}
