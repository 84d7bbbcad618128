import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import type { IntegrationSettings } from './integrations/types';

/** Everything the API reads from its environment, typed and checked once at start. */
export interface Settings {
  port: number;
  host: string;
  appUrl: string;
  apiUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema for the tables and the job queue (several deployments in one database) */
  databaseSchema: string | undefined;
  /**
   * PostgreSQL's connection pool: its size (DATABASE_POOL_MAX), how long a query waits for a free
   * connection (DATABASE_ACQUIRE_TIMEOUT_MS), and the server's own limits on one statement
   * (DATABASE_STATEMENT_TIMEOUT_MS) and on a transaction left idle (DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS).
   * A request that meets one of them answers 503 with Retry-After instead of waiting for good.
   */
  databasePool: {
    max: number;
    acquireTimeoutMs: number;
    statementTimeoutMs: number;
    idleInTransactionTimeoutMs: number;
  };
  logLevel: string;
  /** how long each start step (the database, Redis, the job engine) may take before the start fails */
  startTimeoutMs: number;
  jwtSecret: Uint8Array;
  encryptionKey: Buffer;
  /** requests per minute per user on sync-servers, manual-sync and verify-in-server */
  rateLimitMax: number;
  /** how long an access token lives, in seconds (ACCESS_TOKEN_TTL; short in tests) */
  accessTokenTtlSeconds: number;
  /** requests per minute per client address on the unauthenticated routes that write rows */
  authRateLimitMax: number;
  /** sign-in starts per minute across every client address (AUTH_GLOBAL_RATE_LIMIT_MAX) */
  authGlobalRateLimitMax: number;
  /** how long a manager's Manage Server right, read from Discord, is trusted before a write re-reads it */
  managerRecheckMs: number;
  /**
   * Sync Servers and the bot re-check reuse the bot's shared guild list when it is younger than
   * this (SYNC_BOT_LIST_MAX_AGE_SECONDS): everyone pressing within it shares one read
   */
  syncBotListMaxAgeMs: number;
  /**
   * requests per minute on each of the console routes that call Discord or Roblox or export the
   * audit log (health, edit, binds GET and PUT, audit export): per user (CONSOLE_USER_RATE_LIMIT_MAX)
   * and per server, all its managers together (CONSOLE_SERVER_RATE_LIMIT_MAX)
   */
  consoleUserRateLimitMax: number;
  consoleServerRateLimitMax: number;
  /** the purge deletes audit-log entries older than this (AUDIT_RETENTION_DAYS) */
  auditRetentionDays: number;
  /** the purge deletes finished member updates older than this (JOB_RETENTION_DAYS) */
  jobRetentionDays: number;
  /** the purge deletes /whois and developer-API lookups older than this (LOOKUP_RETENTION_DAYS) */
  lookupRetentionDays: number;
  /** the purge deletes joins and leaves seen longer ago than this (PRESENCE_RETENTION_DAYS) */
  presenceRetentionDays: number;
  /** the purge deletes binds-preview facts read longer ago than this (MEMBER_FACTS_RETENTION_DAYS) */
  memberFactsRetentionDays: number;
  /** the purge deletes API keys revoked longer ago than this (REVOKED_API_KEY_RETENTION_DAYS) */
  revokedApiKeyRetentionDays: number;
  /** the purge deletes developer-API calls recorded longer ago than this (API_KEY_CALL_RETENTION_DAYS) */
  apiKeyCallRetentionDays: number;
  /** when expired states, spent refresh tokens and ended sessions are purged (cron, UTC) */
  purgeCron: string;
  /** Redis for counters shared by replicas (rate limits); undefined = in-memory, one process */
  redisUrl: string | undefined;
  /** Fastify's trustProxy (TRUST_PROXY): whose X-Forwarded-For names the client; false = nobody's */
  trustProxy: boolean | string;
  /** where GET /metrics is served (METRICS_PORT, METRICS_HOST), never the public port; undefined = off */
  metrics: { port: number; host: string } | undefined;
  integrations: IntegrationSettings;
  /** Discord's interaction signatures: the application's Ed25519 public key (DISCORD_PUBLIC_KEY) */
  discordPublicKey: Buffer;
  /** overwrite the slash commands with Discord at start (DISCORD_REGISTER_COMMANDS=true) */
  registerCommandsOnStart: boolean;
  /** a slash command still working after this long answers "thinking…" and edits its reply later */
  interactionDeferMs: number;
  /** Verify button, /verify and /update presses per member a minute (INTERACTION_MEMBER_RATE_LIMIT_MAX) */
  interactionMemberRateLimitMax: number;
  /** the same, every member of a server together (INTERACTION_SERVER_RATE_LIMIT_MAX) */
  interactionServerRateLimitMax: number;
  /** a server-wide member update whose worker is silent this long is taken over (MEMBER_UPDATE_LEASE_SECONDS) */
  memberUpdateLeaseSeconds: number;
  /** how long one job works on a run before queueing the rest, so servers take turns */
  memberUpdateSliceSeconds: number;
  /**
   * how often a worker looks for member updates nobody told it about (MEMBER_UPDATE_POLL_SECONDS;
   * a backstop: every enqueue wakes every replica's worker, see features/member-updates/jobs/member-update-job.ts)
   */
  memberUpdatePollSeconds: number;
  /**
   * the percentage of a server's members one member update may kick or ban before it waits for
   * the server's owner (MAX_UNCONFIRMED_REMOVAL_SHARE; domain/rules/removal-share.ts)
   */
  maxUnconfirmedRemovalShare: number;
  /** how long a Roblox group's name and ranks are reused, by every replica (ROBLOX_GROUP_CACHE_SECONDS) */
  robloxGroupCacheSeconds: number;
  /** the gateway worker (src/gateway): Discord's events → jobs */
  gateway: GatewaySettings;
  /** the scheduled resync of servers that ask for one (features/member-events/resync.ts) */
  resync: ResyncSettings;
  /** the developer API and outbound webhooks (api/README.md › Developer API) */
  developerApi: DeveloperApiSettings;
}

export interface DeveloperApiSettings {
  /** requests per minute per API key on the public API (PUBLIC_API_RATE_LIMIT_MAX) */
  rateLimitMax: number;
  /** requests per minute per server on the public API, all its keys together (PUBLIC_API_SERVER_RATE_LIMIT_MAX) */
  serverRateLimitMax: number;
  /** refused keys (none, unknown, revoked, another server's) per minute per client address (PUBLIC_API_KEY_FAILURE_MAX) */
  keyFailureMax: number;
  /** API keys a server may create per day, revoked ones included (API_KEY_CREATE_MAX_PER_DAY) */
  keyCreateMaxPerDay: number;
  /**
   * webhooks may reach private and loopback addresses, and plain http:// (ALLOW_PRIVATE_WEBHOOKS):
   * for local development and tests only, never where the API shares a network with anything
   */
  allowPrivateWebhooks: boolean;
  /** the first retry of a failed delivery waits this long, each next one about twice as long */
  webhookRetryDelaySeconds: number;
  /** one delivery attempt's whole deadline: connect, headers and body (WEBHOOK_TIMEOUT_SECONDS) */
  webhookTimeoutSeconds: number;
  /** delivery attempts in flight per replica, at most one per server (WEBHOOK_CONCURRENCY) */
  webhookConcurrency: number;
}

export interface GatewaySettings {
  /**
   * run the worker inside the API's process (GATEWAY_IN_API): the embedded PGlite database belongs
   * to one process, so without DATABASE_URL this is the only way to run it beside the API
   */
  inApi: boolean;
  /**
   * how long a shard's lease lasts without renewal (GATEWAY_LEASE_SECONDS); renewed every third of
   * it, so a dead holder's shards are taken over within about 1⅓ leases
   */
  leaseSeconds: number;
  /** the total number of shards (GATEWAY_SHARD_COUNT); null = the count Discord recommends */
  shardCount: number | null;
}

export interface ResyncSettings {
  /** the quiet hours, UTC: scheduled resyncs start from RESYNC_HOUR_UTC for RESYNC_WINDOW_HOURS */
  hourUtc: number;
  windowHours: number;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(`Configuration error: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const EMULATOR_URL = 'http://127.0.0.1:3100';
const EMULATOR_PUBLIC_URL = 'http://localhost:3100';

function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v.trim() === '' ? fallback : v.trim();
}

/** unset → fallback; set to an empty string → undefined (explicitly absent) */
function optional(env: Env, name: string, fallback: string | undefined): string | undefined {
  const v = env[name];
  if (v === undefined) return fallback;
  return v.trim() === '' ? undefined : v.trim();
}

function url(env: Env, name: string, fallback: string): string {
  const v = str(env, name, fallback);
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${v}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`${name} must use http or https, got "${parsed.protocol}"`);
  }
  return v.replace(/\/+$/, '');
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim()))
    throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max)
    throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function cron(env: Env, name: string, fallback: string): string {
  const v = str(env, name, fallback);
  if (!/^(\S+\s+){4}\S+$/.test(v))
    throw new ConfigError(`${name} must be a cron expression of five fields, got "${v}"`);
  return v;
}

function databaseSchema(env: Env): string | undefined {
  const v = optional(env, 'DATABASE_SCHEMA', undefined);
  if (v && !/^[a-z_][a-z0-9_]{0,50}$/.test(v))
    throw new ConfigError(
      'DATABASE_SCHEMA must be a lower-case identifier (letters, digits, _), at most 51 characters',
    );
  return v;
}

function redisUrl(env: Env): string | undefined {
  const v = optional(env, 'REDIS_URL', undefined);
  if (v && !/^rediss?:\/\/[^\s]+$/.test(v))
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  return v;
}

/**
 * METRICS_PORT: `off`, or the port /metrics is served on, on METRICS_HOST (127.0.0.1 unless set:
 * reachable from the machine alone). 9464 in production; elsewhere a free port (0), so local
 * stacks and tests that run several APIs at once never collide.
 */
function metrics(env: Env, production: boolean): Settings['metrics'] {
  const raw = str(env, 'METRICS_PORT', '');
  if (raw.toLowerCase() === 'off') return undefined;
  if (raw !== '' && !/^\d+$/.test(raw))
    throw new ConfigError(`METRICS_PORT must be off or a port number, got "${raw}"`);
  const port = int(env, 'METRICS_PORT', production ? 9464 : 0, 0, 65535);
  const host = str(env, 'METRICS_HOST', '127.0.0.1');
  if (isIP(host) === 0 && !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(host))
    throw new ConfigError(`METRICS_HOST must be an address or a host name, got "${host}"`);
  return { port, host };
}

/**
 * TRUST_PROXY: unset or `false` → the socket's address is the client (nothing in front);
 * `true` → believe any X-Forwarded-For (only when nothing reaches the API except through the
 * proxy); otherwise the proxies' addresses or CIDRs (`loopback`, `linklocal`, `uniquelocal`
 * too), separated by commas.
 */
function trustProxy(env: Env): boolean | string {
  const v = str(env, 'TRUST_PROXY', 'false');
  if (v === 'false') return false;
  if (v === 'true') return true;
  const entries = v.split(',').map((e) => e.trim());
  const named = ['loopback', 'linklocal', 'uniquelocal'];
  const valid = (e: string) => {
    const [ip = '', bits, extra] = e.split('/');
    const family = isIP(ip);
    const maxBits = family === 6 ? 128 : 32;
    return (
      named.includes(e) ||
      (family !== 0 &&
        extra === undefined &&
        (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits)))
    );
  };
  if (!entries.every(valid)) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false or the proxies' addresses/CIDRs separated by commas, got "${v}"`,
    );
  }
  return entries.join(',');
}

/**
 * The site-wide ceiling on sign-in starts. Above the per-address limit, or one client address
 * could spend the whole site's budget alone.
 */
function authGlobalRateLimitMax(env: Env): number {
  const perAddress = int(env, 'AUTH_RATE_LIMIT_MAX', 60, 1, 100000);
  const global = int(env, 'AUTH_GLOBAL_RATE_LIMIT_MAX', Math.max(600, perAddress + 1), 2, 1000000);
  if (global <= perAddress)
    throw new ConfigError(
      `AUTH_GLOBAL_RATE_LIMIT_MAX (${global}) must be above AUTH_RATE_LIMIT_MAX (${perAddress}): one client address could otherwise use every sign-in start of the site`,
    );
  return global;
}

function decodeKey(name: string, value: string): Buffer {
  const v = value.trim();
  const buf = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64url');
  if (buf.length !== 32) {
    throw new ConfigError(
      `${name} must be 32 bytes, as 64 hex characters or base64url (got ${buf.length} bytes)`,
    );
  }
  return buf;
}

interface GeneratedSecrets {
  jwtSecret: string;
  encryptionKey: string;
}

/** The emulator's interaction signing key (public half); it publishes it at /__emulator/interactions/public-key. */
export const EMULATOR_INTERACTIONS_PUBLIC_KEY =
  '84b73f41d7e0bf4641529c1cbb38f38e52242edb125771b284f195e976bbae13';

/** The emulator's development credentials: anything else set means a real Discord application. */
const EMULATOR_DISCORD_CREDENTIALS: Record<string, string> = {
  DISCORD_CLIENT_ID: '100000000000000001',
  DISCORD_CLIENT_SECRET: 'emulator-discord-secret',
  DISCORD_BOT_TOKEN: 'emulator-bot-token',
};

const realDiscordCredentials = (env: Env) =>
  Object.entries(EMULATOR_DISCORD_CREDENTIALS).filter(
    ([name, emulatorValue]) => env[name]?.trim() && env[name]!.trim() !== emulatorValue,
  );

/**
 * The interaction key. The emulator's key is a development default only: its private half is
 * derived from a phrase in the repository, so with real credentials (or in production) it would
 * let anyone sign interactions (docs/security.md).
 */
function publicKey(env: Env, production: boolean): Buffer {
  const v = optional(env, 'DISCORD_PUBLIC_KEY', undefined);
  const real = realDiscordCredentials(env).map(([name]) => name);
  const realWhy = production
    ? 'NODE_ENV=production'
    : `${real.join(', ')} ${real.length > 1 ? 'are' : 'is'} set`;
  if (!v) {
    // production never gets here: requireProductionSettings refused to start
    if (production) throw new ConfigError('DISCORD_PUBLIC_KEY is not set');
    if (real.length)
      throw new ConfigError(
        `DISCORD_PUBLIC_KEY is not set: ${realWhy} (a real Discord application), so the emulator's interaction key is not used. Set your application's public key.`,
      );
    return Buffer.from(EMULATOR_INTERACTIONS_PUBLIC_KEY, 'hex');
  }
  if (!/^[0-9a-f]{64}$/i.test(v))
    throw new ConfigError(
      `DISCORD_PUBLIC_KEY must be the application's Ed25519 public key as 64 hex characters (got ${v.length} characters)`,
    );
  if ((production || real.length) && v.toLowerCase() === EMULATOR_INTERACTIONS_PUBLIC_KEY)
    throw new ConfigError(
      `DISCORD_PUBLIC_KEY is the emulator's key, whose private half is public; ${realWhy}: set your Discord application's public key.`,
    );
  return Buffer.from(v, 'hex');
}

/** GATEWAY_SHARD_COUNT: `auto` (or unset) for Discord's recommended count, else a count. */
function shardCount(env: Env): number | null {
  const v = str(env, 'GATEWAY_SHARD_COUNT', 'auto');
  if (v.toLowerCase() === 'auto') return null;
  if (!/^\d+$/.test(v))
    throw new ConfigError(`GATEWAY_SHARD_COUNT must be auto or a whole number, got "${v}"`);
  return int(env, 'GATEWAY_SHARD_COUNT', 1, 1, 65535);
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const v = str(env, name, String(fallback)).toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${v}"`);
}

/**
 * ALLOW_PRIVATE_WEBHOOKS: webhooks may reach this machine and its private networks. For local
 * development and tests; refused in production, where it would let any server's managers make
 * the API call its neighbours (api/README.md › Developer API › Webhooks).
 */
function allowPrivateWebhooks(env: Env, production: boolean): boolean {
  const allowed = flag(env, 'ALLOW_PRIVATE_WEBHOOKS', false);
  if (allowed && production)
    throw new ConfigError(
      'ALLOW_PRIVATE_WEBHOOKS=true is for local development and tests: with NODE_ENV=production webhooks may only reach public HTTPS addresses. Remove the setting.',
    );
  return allowed;
}

/** Development secrets, generated once into DATA_DIR so restarts keep sessions and tokens readable. */
function loadOrCreateSecrets(dataDir: string): GeneratedSecrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<GeneratedSecrets>;
    if (typeof parsed.jwtSecret === 'string' && typeof parsed.encryptionKey === 'string') {
      return { jwtSecret: parsed.jwtSecret, encryptionKey: parsed.encryptionKey };
    }
    throw new ConfigError(`${file} is not a valid secrets file; delete it to generate new secrets`);
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets: GeneratedSecrets = {
    jwtSecret: randomBytes(32).toString('base64url'),
    encryptionKey: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** Settings production may not run without: nothing is generated and nothing points at the emulator. */
const PRODUCTION_REQUIRED = [
  ['JWT_SECRET', 'signs access tokens; 32+ random characters shared by every replica'],
  ['TOKEN_ENCRYPTION_KEY', 'encrypts Discord tokens at rest; 32 bytes as hex or base64url'],
  ['DISCORD_CLIENT_ID', "your Discord application's client id"],
  ['DISCORD_CLIENT_SECRET', "your Discord application's client secret"],
  ['DISCORD_BOT_TOKEN', "your Discord application's bot token"],
  ['DISCORD_PUBLIC_KEY', "your Discord application's public key (interaction signatures)"],
] as const;

function requireProductionSettings(env: Env): void {
  const missing = PRODUCTION_REQUIRED.filter(([name]) => !env[name]?.trim());
  if (missing.length === 0) return;
  throw new ConfigError(
    'NODE_ENV=production will not start without these settings:\n' +
      missing.map(([name, what]) => `  ${name} is not set (${what})`).join('\n'),
  );
}

/** Where Discord and Roblox are: the emulator in development, the real services in production. */
function providerOrigins(env: Env, production: boolean) {
  if (production) {
    return {
      discordApi: 'https://discord.com/api',
      discordAuthorize: 'https://discord.com/oauth2/authorize',
      robloxOAuth: 'https://apis.roblox.com/oauth/v1',
      robloxGroups: 'https://groups.roblox.com',
      robloxThumbnails: 'https://thumbnails.roblox.com',
      robloxUsers: 'https://users.roblox.com',
      robloxBadges: 'https://badges.roblox.com',
      robloxInventory: 'https://inventory.roblox.com',
      robloxEconomy: 'https://economy.roblox.com',
      robloxGamePasses: 'https://apis.roblox.com/game-passes',
    };
  }
  const emulator = url(env, 'EMULATOR_URL', EMULATOR_URL);
  const emulatorPublic = url(env, 'EMULATOR_PUBLIC_URL', EMULATOR_PUBLIC_URL);
  return {
    discordApi: `${emulator}/api`,
    discordAuthorize: `${emulatorPublic}/oauth2/authorize`,
    robloxOAuth: `${emulator}/oauth/v1`,
    robloxOAuthPublic: `${emulatorPublic}/oauth/v1`,
    robloxGroups: emulator,
    robloxThumbnails: emulator,
    robloxUsers: emulator,
    robloxBadges: emulator,
    robloxInventory: emulator,
    robloxEconomy: emulator,
    robloxGamePasses: emulator,
  };
}

export function loadSettings(env: Env = process.env): Settings {
  const production = env.NODE_ENV === 'production';
  if (production) requireProductionSettings(env);
  const apiUrl = url(env, 'API_URL', 'http://localhost:3000');
  const dataDir = path.resolve(str(env, 'DATA_DIR', './.data'));
  const origins = providerOrigins(env, production);
  // development credentials are the emulator's; production has none to fall back to
  const devDefault = (value: string) => (production ? undefined : value);

  const jwtEnv = optional(env, 'JWT_SECRET', undefined);
  const keyEnv = optional(env, 'TOKEN_ENCRYPTION_KEY', undefined);
  const generated = jwtEnv && keyEnv ? undefined : loadOrCreateSecrets(dataDir);
  const jwtRaw = jwtEnv ?? generated!.jwtSecret;
  if (Buffer.byteLength(jwtRaw) < 32)
    throw new ConfigError('JWT_SECRET must be at least 32 characters');

  const databaseUrl = optional(env, 'DATABASE_URL', undefined);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }

  return {
    port: int(env, 'PORT', 3000, 0, 65535),
    host: str(env, 'HOST', '127.0.0.1'),
    appUrl: url(env, 'APP_URL', 'http://localhost:8080'),
    apiUrl,
    dataDir,
    databaseUrl,
    databaseSchema: databaseSchema(env),
    databasePool: {
      max: int(env, 'DATABASE_POOL_MAX', 10, 1, 1000),
      acquireTimeoutMs: int(env, 'DATABASE_ACQUIRE_TIMEOUT_MS', 5000, 100, 600_000),
      statementTimeoutMs: int(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 100, 3_600_000),
      idleInTransactionTimeoutMs: int(
        env,
        'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
        10_000,
        100,
        3_600_000,
      ),
    },
    logLevel: str(env, 'LOG_LEVEL', 'info'),
    // Fastify's own 10 s cut PGlite's first start on a busy machine (docs/production.md)
    startTimeoutMs: int(env, 'START_TIMEOUT_SECONDS', 300, 1, 3600) * 1000,
    jwtSecret: new TextEncoder().encode(jwtRaw),
    encryptionKey: decodeKey(
      keyEnv ? 'TOKEN_ENCRYPTION_KEY' : 'generated encryption key',
      keyEnv ?? generated!.encryptionKey,
    ),
    rateLimitMax: int(env, 'RATE_LIMIT_MAX', 20, 1, 100000),
    // up to a day: an access token cannot be revoked by forgetting it, only by its session
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL', 900, 1, 86400),
    authRateLimitMax: int(env, 'AUTH_RATE_LIMIT_MAX', 60, 1, 100000),
    authGlobalRateLimitMax: authGlobalRateLimitMax(env),
    managerRecheckMs: 60_000,
    syncBotListMaxAgeMs: int(env, 'SYNC_BOT_LIST_MAX_AGE_SECONDS', 15, 0, 300) * 1000,
    consoleUserRateLimitMax: int(env, 'CONSOLE_USER_RATE_LIMIT_MAX', 60, 1, 100000),
    consoleServerRateLimitMax: int(env, 'CONSOLE_SERVER_RATE_LIMIT_MAX', 60, 1, 100000),
    auditRetentionDays: int(env, 'AUDIT_RETENTION_DAYS', 365, 1, 36500),
    jobRetentionDays: int(env, 'JOB_RETENTION_DAYS', 30, 1, 36500),
    lookupRetentionDays: int(env, 'LOOKUP_RETENTION_DAYS', 90, 1, 36500),
    presenceRetentionDays: int(env, 'PRESENCE_RETENTION_DAYS', 30, 1, 36500),
    memberFactsRetentionDays: int(env, 'MEMBER_FACTS_RETENTION_DAYS', 180, 1, 36500),
    revokedApiKeyRetentionDays: int(env, 'REVOKED_API_KEY_RETENTION_DAYS', 30, 1, 36500),
    apiKeyCallRetentionDays: int(env, 'API_KEY_CALL_RETENTION_DAYS', 14, 1, 36500),
    purgeCron: cron(env, 'PURGE_CRON', '17 * * * *'),
    redisUrl: redisUrl(env),
    trustProxy: trustProxy(env),
    metrics: metrics(env, production),
    discordPublicKey: publicKey(env, production),
    registerCommandsOnStart: flag(env, 'DISCORD_REGISTER_COMMANDS', false),
    // Discord waits 3 s for the first answer
    interactionDeferMs: int(env, 'INTERACTION_DEFER_MS', 2000, 0, 2500),
    interactionMemberRateLimitMax: int(env, 'INTERACTION_MEMBER_RATE_LIMIT_MAX', 6, 1, 100000),
    interactionServerRateLimitMax: int(env, 'INTERACTION_SERVER_RATE_LIMIT_MAX', 120, 1, 100000),
    memberUpdateLeaseSeconds: int(env, 'MEMBER_UPDATE_LEASE_SECONDS', 20, 2, 600),
    memberUpdateSliceSeconds: int(env, 'MEMBER_UPDATE_SLICE_SECONDS', 10, 1, 300),
    memberUpdatePollSeconds: int(env, 'MEMBER_UPDATE_POLL_SECONDS', 30, 1, 3600),
    maxUnconfirmedRemovalShare: int(env, 'MAX_UNCONFIRMED_REMOVAL_SHARE', 10, 0, 100),
    robloxGroupCacheSeconds: int(env, 'ROBLOX_GROUP_CACHE_SECONDS', 600, 0, 86400),
    gateway: {
      inApi: flag(env, 'GATEWAY_IN_API', false),
      leaseSeconds: int(env, 'GATEWAY_LEASE_SECONDS', 20, 2, 300),
      shardCount: shardCount(env),
    },
    resync: {
      hourUtc: int(env, 'RESYNC_HOUR_UTC', 4, 0, 23),
      windowHours: int(env, 'RESYNC_WINDOW_HOURS', 4, 1, 24),
    },
    developerApi: {
      rateLimitMax: int(env, 'PUBLIC_API_RATE_LIMIT_MAX', 60, 1, 100000),
      serverRateLimitMax: int(env, 'PUBLIC_API_SERVER_RATE_LIMIT_MAX', 120, 1, 100000),
      keyFailureMax: int(env, 'PUBLIC_API_KEY_FAILURE_MAX', 10, 1, 100000),
      keyCreateMaxPerDay: int(env, 'API_KEY_CREATE_MAX_PER_DAY', 10, 1, 1000),
      allowPrivateWebhooks: allowPrivateWebhooks(env, production),
      webhookRetryDelaySeconds: int(env, 'WEBHOOK_RETRY_DELAY_SECONDS', 30, 1, 3600),
      webhookTimeoutSeconds: int(env, 'WEBHOOK_TIMEOUT_SECONDS', 10, 1, 60),
      webhookConcurrency: int(env, 'WEBHOOK_CONCURRENCY', 8, 1, 64),
    },
    integrations: {
      discordApiBaseUrl: url(env, 'DISCORD_API_BASE_URL', origins.discordApi),
      discordAuthorizeUrl: url(env, 'DISCORD_AUTHORIZE_URL', origins.discordAuthorize),
      discordClientId: str(env, 'DISCORD_CLIENT_ID', '100000000000000001'),
      discordClientSecret: str(env, 'DISCORD_CLIENT_SECRET', 'emulator-discord-secret'),
      discordBotToken: str(env, 'DISCORD_BOT_TOKEN', 'emulator-bot-token'),
      discordRedirectUri: `${apiUrl}/auth/callback`,
      robloxAuthorizeUrl: url(
        env,
        'ROBLOX_AUTHORIZE_URL',
        `${origins.robloxOAuthPublic ?? origins.robloxOAuth}/authorize`,
      ),
      robloxTokenUrl: url(env, 'ROBLOX_TOKEN_URL', `${origins.robloxOAuth}/token`),
      robloxUserInfoUrl: url(env, 'ROBLOX_USERINFO_URL', `${origins.robloxOAuth}/userinfo`),
      robloxGroupsBaseUrl: url(env, 'ROBLOX_GROUPS_BASE_URL', origins.robloxGroups),
      robloxThumbnailsBaseUrl: url(env, 'ROBLOX_THUMBNAILS_BASE_URL', origins.robloxThumbnails),
      robloxUsersBaseUrl: url(env, 'ROBLOX_USERS_BASE_URL', origins.robloxUsers),
      robloxBadgesBaseUrl: url(env, 'ROBLOX_BADGES_BASE_URL', origins.robloxBadges),
      robloxInventoryBaseUrl: url(env, 'ROBLOX_INVENTORY_BASE_URL', origins.robloxInventory),
      robloxEconomyBaseUrl: url(env, 'ROBLOX_ECONOMY_BASE_URL', origins.robloxEconomy),
      robloxGamePassesBaseUrl: url(env, 'ROBLOX_GAME_PASSES_BASE_URL', origins.robloxGamePasses),
      robloxClientId: optional(env, 'ROBLOX_CLIENT_ID', devDefault('emulator-roblox-client')),
      robloxClientSecret: optional(
        env,
        'ROBLOX_CLIENT_SECRET',
        devDefault('emulator-roblox-secret'),
      ),
      robloxRedirectUri: `${apiUrl}/roblox/callback`,
      robloxMaxConcurrentRequests: int(env, 'ROBLOX_MAX_CONCURRENT_REQUESTS', 6, 1, 64),
      robloxOwnershipCacheSeconds: int(env, 'ROBLOX_OWNERSHIP_CACHE_SECONDS', 300, 0, 3600),
    },
  };
}

/**
 * The settings of a process that starts from the command line: a configuration error is printed
 * (its message names the setting) and the process exits 1 instead of throwing a stack trace.
 */
export function loadSettingsOrExit(env: Env = process.env): Settings {
  try {
    return loadSettings(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
