/**
 * Every route of the API as data, one table per resource: its method and its path pattern, with
 * `:name` parameters as Fastify and MSW both read them. The API registers each route at its
 * pattern (with the schemas of ./schemas), the MSW handlers answer at the same patterns, and
 * API_PATHS (./paths) fills them in for the client. No TypeBox here: browser code imports this.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRoute {
  readonly method: HttpMethod;
  readonly path: string;
}

export const AUTH_ROUTES = {
  discordUrl: { method: 'GET', path: '/auth/discord-url' },
  callback: { method: 'GET', path: '/auth/callback' },
  refresh: { method: 'POST', path: '/auth/refresh' },
  me: { method: 'GET', path: '/auth/me' },
  logout: { method: 'POST', path: '/auth/logout' },
} as const satisfies Record<string, ApiRoute>;

export const DASHBOARD_ROUTES = {
  userServers: { method: 'GET', path: '/api/v1/dashboard/user/servers' },
  syncServers: { method: 'POST', path: '/api/v1/dashboard/user/sync-servers' },
  verificationServers: { method: 'GET', path: '/api/v1/dashboard/user/verification-servers' },
  linkedAccounts: { method: 'GET', path: '/api/v1/dashboard/user/linked-accounts' },
  unlink: { method: 'DELETE', path: '/api/v1/dashboard/user/linked-account/:id' },
  manualSync: { method: 'POST', path: '/api/v1/dashboard/bot/manual-sync' },
  inviteUrl: { method: 'GET', path: '/api/v1/dashboard/bot/invite-url' },
} as const satisfies Record<string, ApiRoute>;

export const VERIFICATION_ROUTES = {
  verifyInServer: { method: 'POST', path: '/api/v1/dashboard/bot/verify-in-server' },
} as const satisfies Record<string, ApiRoute>;

/** The member's own privacy and account (docs/security.md › Member privacy). */
export const PRIVACY_ROUTES = {
  privacy: { method: 'GET', path: '/api/v1/dashboard/user/privacy' },
  savePrivacy: { method: 'PUT', path: '/api/v1/dashboard/user/privacy' },
  lookups: { method: 'GET', path: '/api/v1/dashboard/user/lookups' },
  exportAccount: { method: 'GET', path: '/api/v1/dashboard/user/export' },
  deleteAccount: { method: 'DELETE', path: '/api/v1/dashboard/user' },
} as const satisfies Record<string, ApiRoute>;

export const ROBLOX_ROUTES = {
  authUrl: { method: 'GET', path: '/roblox/auth-url' },
  callback: { method: 'GET', path: '/roblox/callback' },
  status: { method: 'GET', path: '/roblox/status' },
} as const satisfies Record<string, ApiRoute>;

/** One server's configuration and setup (`:id` is the Discord server id). */
export const SERVER_ROUTES = {
  config: { method: 'GET', path: '/api/v1/server/:id/config' },
  setupStatus: { method: 'GET', path: '/api/v1/server/:id/setup' },
  setupNickname: { method: 'POST', path: '/api/v1/server/:id/setup/nickname' },
  setupVerifiedRole: { method: 'POST', path: '/api/v1/server/:id/setup/verified-role' },
  setupGroup: { method: 'POST', path: '/api/v1/server/:id/setup/group' },
  edit: { method: 'GET', path: '/api/v1/server/:id/edit' },
  editNickname: { method: 'PUT', path: '/api/v1/server/:id/edit/nickname' },
  editVerifiedRole: { method: 'PUT', path: '/api/v1/server/:id/edit/verified-role' },
  editGroup: { method: 'PUT', path: '/api/v1/server/:id/edit/group' },
  editUnverifiedRole: { method: 'PUT', path: '/api/v1/server/:id/edit/unverified-role' },
  editBypassRoles: { method: 'PUT', path: '/api/v1/server/:id/edit/bypass-roles' },
  editRestrictions: { method: 'PUT', path: '/api/v1/server/:id/edit/restrictions' },
} as const satisfies Record<string, ApiRoute>;

/** What the bot does inside Discord for one server (api/README.md › Discord settings). */
export const DISCORD_SETTINGS_ROUTES = {
  channels: { method: 'GET', path: '/api/v1/server/:id/channels' },
  logChannel: { method: 'PUT', path: '/api/v1/server/:id/log-channel' },
  automation: { method: 'PUT', path: '/api/v1/server/:id/automation' },
  verifyMessage: { method: 'POST', path: '/api/v1/server/:id/verify-message' },
} as const satisfies Record<string, ApiRoute>;

export const BIND_ROUTES = {
  list: { method: 'GET', path: '/api/v1/server/:id/binds' },
  replace: { method: 'PUT', path: '/api/v1/server/:id/binds' },
  /** what a list of binds would change, before it is saved (nothing is changed) */
  preview: { method: 'POST', path: '/api/v1/server/:id/binds/preview' },
  /** `?kind=group|badge|gamepass|asset&id=`: a group's name and ranks, an item's name */
  lookup: { method: 'GET', path: '/api/v1/server/:id/binds/lookup' },
} as const satisfies Record<string, ApiRoute>;

export const AUDIT_ROUTES = {
  page: { method: 'GET', path: '/api/v1/server/:id/audit' },
  export: { method: 'GET', path: '/api/v1/server/:id/audit/export' },
} as const satisfies Record<string, ApiRoute>;

/** The bot's health in one server (the API's own readiness is PUBLIC_ROUTES.health). */
export const SERVER_HEALTH_ROUTES = {
  check: { method: 'GET', path: '/api/v1/server/:id/health' },
} as const satisfies Record<string, ApiRoute>;

export const MEMBER_UPDATE_ROUTES = {
  start: { method: 'POST', path: '/api/v1/server/:id/members/update' },
  latest: { method: 'GET', path: '/api/v1/server/:id/members/update' },
  job: { method: 'GET', path: '/api/v1/server/:id/members/update/:jobId' },
  cancel: { method: 'DELETE', path: '/api/v1/server/:id/members/update/:jobId' },
} as const satisfies Record<string, ApiRoute>;

/** A server's developer API keys and outbound webhook (api/README.md › Developer API). */
export const DEVELOPER_ROUTES = {
  apiKeys: { method: 'GET', path: '/api/v1/server/:id/api-keys' },
  createApiKey: { method: 'POST', path: '/api/v1/server/:id/api-keys' },
  revokeApiKey: { method: 'DELETE', path: '/api/v1/server/:id/api-keys/:key_id' },
  webhook: { method: 'PUT', path: '/api/v1/server/:id/webhook' },
  webhookDeliveries: { method: 'GET', path: '/api/v1/server/:id/webhook/deliveries' },
} as const satisfies Record<string, ApiRoute>;

/**
 * What other bots and games call with a server's API key (Authorization: Bearer <key>); not the
 * browser's: documented apart, in its own OpenAPI document.
 */
export const PUBLIC_API_ROUTES = {
  member: { method: 'GET', path: '/api/public/v1/servers/:server_id/members/:discord_id' },
  roblox: { method: 'GET', path: '/api/public/v1/servers/:server_id/roblox/:roblox_id' },
  update: { method: 'POST', path: '/api/public/v1/servers/:server_id/members/:discord_id/update' },
  openapi: { method: 'GET', path: '/api/public/v1/openapi.json' },
} as const satisfies Record<string, ApiRoute>;

export const PUBLIC_ROUTES = {
  botStats: { method: 'GET', path: '/api/bot-stats' },
  health: { method: 'GET', path: '/api/health' },
  /** the operator's probes, out of the OpenAPI document */
  readiness: { method: 'GET', path: '/api/health/ready' },
  liveness: { method: 'GET', path: '/api/health/live' },
  openapi: { method: 'GET', path: '/api/docs/openapi.json' },
} as const satisfies Record<string, ApiRoute>;

/** Discord's, not the browser's: slash commands arrive here, signed (docs/product.md › Slash commands). */
export const INTERACTION_ROUTES = {
  interactions: { method: 'POST', path: '/api/interactions' },
} as const satisfies Record<string, ApiRoute>;

/** The names of a pattern's `:name` parameters, as a union of string literals. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** `/api/v1/server/:id/config` with `{ id: '1/2' }` → `/api/v1/server/1%2F2/config`. */
export function fillPath<P extends string>(
  pattern: P,
  params: Record<PathParams<P>, string>,
): string {
  const values = params as Record<string, string>;
  return pattern.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`fillPath: ${pattern} needs :${name}`);
    return encodeURIComponent(value);
  });
}
