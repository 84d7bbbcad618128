/**
 * Every route of the API as data, one table per resource: its method, its path pattern (with
 * `:name` parameters as Fastify and MSW both read them) and its types: what the call sends (`body`,
 * `query`) and what it gets (`answer`, the `data` of its `{success, data}` answer). The API
 * registers each route at its pattern (with the schemas of ./schemas), the web client derives one
 * typed call per row (shared-lib/src/api/apiCalls.ts), and the MSW handlers answer at the same
 * patterns, typed by the same rows. No TypeBox here: browser code imports this.
 */
import type {
  AuditExportQuery,
  AuditPage,
  AuditPageQuery,
  BindLookupData,
  BindLookupQuery,
  BindsData,
  BindsPreviewData,
  EditBypassRolesRequest,
  EditRestrictionsRequest,
  EditUnverifiedRoleRequest,
  PreviewBindsRequest,
  PutBindsRequest,
  ServerHealth,
  UnlinkData,
  UnlinkQuery,
} from './console';
import type {
  ApiKey,
  CreateApiKeyRequest,
  CreatedApiKey,
  PublicLink,
  PublicUpdate,
  RevokedApiKey,
  WebhookDeliveriesData,
  WebhookDelivery,
  WebhookRequest,
  WebhookSaved,
} from './developerApi';
import type { LinkedRolesData } from './linkedRoles';
import type {
  MemberUpdateJob,
  StartMemberUpdateData,
  StartMemberUpdateRequest,
} from './memberUpdates';
import type {
  EditMessagesData,
  EditVerifyMessageRequest,
  MessagesData,
  PreviewMessagesData,
  PreviewMessagesRequest,
  RemovedVerifyMessage,
  ServerMessages,
  VerifyMessageState,
} from './messages';
import type {
  ConfigBackup,
  ConfigImportQuery,
  ConfigImportResult,
  StaffRoles,
} from './staffAndBackup';
import type {
  AccountExport,
  DeletedAccount,
  LookupData,
  PrivacyChoice,
  PrivacySettingsData,
} from './privacy';
import type { Redirect, TypedRoute, Types } from './routeTypes';
import type {
  AuthUrlData,
  AutomationRequest,
  BotStats,
  DiscordInteraction,
  DiscordInteractionAnswer,
  EditGroupRequest,
  EditNicknameRequest,
  EditVerifiedRoleRequest,
  EmptyData,
  Health,
  InviteUrlData,
  InviteUrlQuery,
  LinkedAccount,
  Liveness,
  LogChannelRequest,
  LogoutRequest,
  ManualSyncData,
  OpenApiDocument,
  PostVerifyMessageRequest,
  RefreshData,
  RefreshRequest,
  RobloxStatusData,
  Server,
  ServerChannelsData,
  ServerConfigData,
  ServerEditData,
  SetupGroupData,
  SetupGroupRequest,
  SetupNicknameData,
  SetupNicknameRequest,
  SetupStatus,
  SetupVerifiedRoleData,
  SetupVerifiedRoleRequest,
  User,
  VerifyInServerRequest,
  VerifyMessageData,
  VerifyResult,
} from './types';

export {
  fillPath,
  type AnswerOf,
  type ApiRoute,
  type BodyOf,
  type CallTypes,
  type HttpMethod,
  type ParamsOf,
  type PathParams,
  type QueryOf,
  type Redirect,
  type TypedRoute,
  type Types,
} from './routeTypes';

export const AUTH_ROUTES = {
  discordUrl: {
    method: 'GET',
    path: '/auth/discord-url',
    credentials: true,
    types: {} as Types<{ answer: AuthUrlData }>,
  },
  /** Discord's redirect after login or a bot invite: a browser navigation */
  callback: {
    method: 'GET',
    path: '/auth/callback',
    bare: true,
    types: {} as Types<{ answer: Redirect }>,
  },
  refresh: {
    method: 'POST',
    path: '/auth/refresh',
    types: {} as Types<{ body: RefreshRequest; answer: RefreshData }>,
  },
  me: { method: 'GET', path: '/auth/me', types: {} as Types<{ answer: User }> },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    types: {} as Types<{ body: LogoutRequest; answer: EmptyData }>,
  },
} as const satisfies Record<string, TypedRoute>;

export const DASHBOARD_ROUTES = {
  userServers: {
    method: 'GET',
    path: '/api/v1/dashboard/user/servers',
    types: {} as Types<{ answer: Server[] }>,
  },
  syncServers: {
    method: 'POST',
    path: '/api/v1/dashboard/user/sync-servers',
    types: {} as Types<{ answer: Server[] }>,
  },
  verificationServers: {
    method: 'GET',
    path: '/api/v1/dashboard/user/verification-servers',
    types: {} as Types<{ answer: Server[] }>,
  },
  linkedAccounts: {
    method: 'GET',
    path: '/api/v1/dashboard/user/linked-accounts',
    types: {} as Types<{ answer: LinkedAccount[] }>,
  },
  unlink: {
    method: 'DELETE',
    path: '/api/v1/dashboard/user/linked-account/:id',
    types: {} as Types<{ query: UnlinkQuery; answer: UnlinkData | EmptyData }>,
  },
  manualSync: {
    method: 'POST',
    path: '/api/v1/dashboard/bot/manual-sync',
    types: {} as Types<{ answer: ManualSyncData }>,
  },
  inviteUrl: {
    method: 'GET',
    path: '/api/v1/dashboard/bot/invite-url',
    credentials: true,
    types: {} as Types<{ query: InviteUrlQuery; answer: InviteUrlData }>,
  },
} as const satisfies Record<string, TypedRoute>;

export const VERIFICATION_ROUTES = {
  verifyInServer: {
    method: 'POST',
    path: '/api/v1/dashboard/bot/verify-in-server',
    types: {} as Types<{ body: VerifyInServerRequest; answer: VerifyResult }>,
  },
} as const satisfies Record<string, TypedRoute>;

/** The member's own privacy and account (docs/security.md › Member privacy). */
export const PRIVACY_ROUTES = {
  privacy: {
    method: 'GET',
    path: '/api/v1/dashboard/user/privacy',
    types: {} as Types<{ answer: PrivacySettingsData }>,
  },
  savePrivacy: {
    method: 'PUT',
    path: '/api/v1/dashboard/user/privacy',
    types: {} as Types<{ body: PrivacyChoice; answer: PrivacySettingsData }>,
  },
  lookups: {
    method: 'GET',
    path: '/api/v1/dashboard/user/lookups',
    types: {} as Types<{ answer: LookupData[] }>,
  },
  /** a JSON file to download, named by its content-disposition */
  exportAccount: {
    method: 'GET',
    path: '/api/v1/dashboard/user/export',
    bare: true,
    types: {} as Types<{ answer: AccountExport }>,
  },
  deleteAccount: {
    method: 'DELETE',
    path: '/api/v1/dashboard/user',
    types: {} as Types<{ answer: DeletedAccount }>,
  },
} as const satisfies Record<string, TypedRoute>;

/** The member's Discord Linked Roles connection (docs/product.md › Linked Roles). */
export const LINKED_ROLES_ROUTES = {
  linkedRoles: {
    method: 'GET',
    path: '/api/v1/account/linked-roles',
    types: {} as Types<{ answer: LinkedRolesData }>,
  },
  /** starts Discord's OAuth, bound to this browser like the sign-in */
  connect: {
    method: 'POST',
    path: '/api/v1/account/linked-roles/connect',
    credentials: true,
    types: {} as Types<{ answer: AuthUrlData }>,
  },
  /** empties the connection at Discord: waits on Discord */
  disconnect: {
    method: 'DELETE',
    path: '/api/v1/account/linked-roles',
    slow: true,
    types: {} as Types<{ answer: LinkedRolesData }>,
  },
} as const satisfies Record<string, TypedRoute>;

export const ROBLOX_ROUTES = {
  authUrl: {
    method: 'GET',
    path: '/roblox/auth-url',
    credentials: true,
    types: {} as Types<{ answer: AuthUrlData }>,
  },
  /** Roblox's redirect after linking: a browser navigation */
  callback: {
    method: 'GET',
    path: '/roblox/callback',
    bare: true,
    types: {} as Types<{ answer: Redirect }>,
  },
  status: {
    method: 'GET',
    path: '/roblox/status',
    types: {} as Types<{ answer: RobloxStatusData }>,
  },
} as const satisfies Record<string, TypedRoute>;

/** One server's configuration and setup (`:id` is the Discord server id). */
export const SERVER_ROUTES = {
  config: {
    method: 'GET',
    path: '/api/v1/server/:id/config',
    types: {} as Types<{ answer: ServerConfigData }>,
  },
  setupStatus: {
    method: 'GET',
    path: '/api/v1/server/:id/setup',
    types: {} as Types<{ answer: SetupStatus }>,
  },
  setupNickname: {
    method: 'POST',
    path: '/api/v1/server/:id/setup/nickname',
    types: {} as Types<{ body: SetupNicknameRequest; answer: SetupNicknameData }>,
  },
  setupVerifiedRole: {
    method: 'POST',
    path: '/api/v1/server/:id/setup/verified-role',
    types: {} as Types<{ body: SetupVerifiedRoleRequest; answer: SetupVerifiedRoleData }>,
  },
  setupGroup: {
    method: 'POST',
    path: '/api/v1/server/:id/setup/group',
    slow: true,
    types: {} as Types<{ body: SetupGroupRequest; answer: SetupGroupData }>,
  },
  edit: {
    method: 'GET',
    path: '/api/v1/server/:id/edit',
    types: {} as Types<{ answer: ServerEditData }>,
  },
  editNickname: {
    method: 'PUT',
    path: '/api/v1/server/:id/edit/nickname',
    types: {} as Types<{ body: EditNicknameRequest; answer: ServerConfigData }>,
  },
  editVerifiedRole: {
    method: 'PUT',
    path: '/api/v1/server/:id/edit/verified-role',
    types: {} as Types<{ body: EditVerifiedRoleRequest; answer: ServerConfigData }>,
  },
  editGroup: {
    method: 'PUT',
    path: '/api/v1/server/:id/edit/group',
    slow: true,
    types: {} as Types<{ body: EditGroupRequest; answer: ServerConfigData }>,
  },
  /** removes the group integration: that group's rank binds only, every other bind stays */
  removeGroup: {
    method: 'DELETE',
    path: '/api/v1/server/:id/edit/group',
    types: {} as Types<{ answer: ServerConfigData }>,
  },
  editUnverifiedRole: {
    method: 'PUT',
    path: '/api/v1/server/:id/edit/unverified-role',
    types: {} as Types<{ body: EditUnverifiedRoleRequest; answer: ServerConfigData }>,
  },
  editBypassRoles: {
    method: 'PUT',
    path: '/api/v1/server/:id/edit/bypass-roles',
    types: {} as Types<{ body: EditBypassRolesRequest; answer: ServerConfigData }>,
  },
  editRestrictions: {
    method: 'PUT',
    path: '/api/v1/server/:id/edit/restrictions',
    types: {} as Types<{ body: EditRestrictionsRequest; answer: ServerConfigData }>,
  },
  /** only those who own the server or have Manage Server; a delegated manager gets 403 manage_server_only */
  editStaffRoles: {
    method: 'PUT',
    path: '/api/v1/server/:id/edit/staff-roles',
    types: {} as Types<{ body: StaffRoles; answer: ServerConfigData }>,
  },
} as const satisfies Record<string, TypedRoute>;

/** A server's whole configuration as a file, and back (docs/product.md › Backup and import). */
export const CONFIG_BACKUP_ROUTES = {
  export: {
    method: 'GET',
    path: '/api/v1/server/:id/config/export',
    types: {} as Types<{ answer: ConfigBackup }>,
  },
  /** `dry_run=true` answers what would change and changes nothing */
  import: {
    method: 'POST',
    path: '/api/v1/server/:id/config/import',
    types: {} as Types<{
      query: ConfigImportQuery;
      body: ConfigBackup;
      answer: ConfigImportResult;
    }>,
  },
} as const satisfies Record<string, TypedRoute>;

/** What the bot does inside Discord for one server (api/README.md › Discord settings). */
export const DISCORD_SETTINGS_ROUTES = {
  channels: {
    method: 'GET',
    path: '/api/v1/server/:id/channels',
    types: {} as Types<{ answer: ServerChannelsData }>,
  },
  /** `channel_id: null` stops posting the audit log to Discord */
  logChannel: {
    method: 'PUT',
    path: '/api/v1/server/:id/log-channel',
    types: {} as Types<{ body: LogChannelRequest; answer: ServerConfigData }>,
  },
  /** the fields left out keep their value */
  automation: {
    method: 'PUT',
    path: '/api/v1/server/:id/automation',
    types: {} as Types<{ body: AutomationRequest; answer: ServerConfigData }>,
  },
  /** posts it; a Verify message posted before is deleted once the new one is up (a re-post) */
  verifyMessage: {
    method: 'POST',
    path: '/api/v1/server/:id/verify-message',
    types: {} as Types<{ body: PostVerifyMessageRequest; answer: VerifyMessageData }>,
  },
  /** where it is posted now, and its text */
  verifyMessageState: {
    method: 'GET',
    path: '/api/v1/server/:id/verify-message',
    types: {} as Types<{ answer: VerifyMessageState }>,
  },
  /** edits the posted message in place (Discord's Edit Message) */
  editVerifyMessage: {
    method: 'PUT',
    path: '/api/v1/server/:id/verify-message',
    types: {} as Types<{ body: EditVerifyMessageRequest; answer: VerifyMessageState }>,
  },
  /** deletes it in Discord and forgets it (already deleted there: forgotten all the same) */
  removeVerifyMessage: {
    method: 'DELETE',
    path: '/api/v1/server/:id/verify-message',
    types: {} as Types<{ answer: RemovedVerifyMessage }>,
  },
} as const satisfies Record<string, TypedRoute>;

/** A server's own words (docs/product.md › Messages). */
export const MESSAGE_ROUTES = {
  messages: {
    method: 'GET',
    path: '/api/v1/server/:id/messages',
    types: {} as Types<{ answer: MessagesData }>,
  },
  /** null keeps RoConnect's text; the posted Verify message is edited in place */
  editMessages: {
    method: 'PUT',
    path: '/api/v1/server/:id/edit/messages',
    types: {} as Types<{ body: ServerMessages; answer: EditMessagesData }>,
  },
  /** the texts (given, else saved) as a member of the server would read them */
  previewMessages: {
    method: 'POST',
    path: '/api/v1/server/:id/edit/messages/preview',
    types: {} as Types<{ body: PreviewMessagesRequest; answer: PreviewMessagesData }>,
  },
} as const satisfies Record<string, TypedRoute>;

export const BIND_ROUTES = {
  list: {
    method: 'GET',
    path: '/api/v1/server/:id/binds',
    types: {} as Types<{ answer: BindsData }>,
  },
  /** creating roles by name and asking Roblox for each group can take a while */
  replace: {
    method: 'PUT',
    path: '/api/v1/server/:id/binds',
    slow: true,
    types: {} as Types<{ body: PutBindsRequest; answer: BindsData }>,
  },
  /** what a list of binds would change, before it is saved (nothing is changed) */
  preview: {
    method: 'POST',
    path: '/api/v1/server/:id/binds/preview',
    types: {} as Types<{ body: PreviewBindsRequest; answer: BindsPreviewData }>,
  },
  /** `?kind=group|badge|gamepass|asset&id=`: a group's name and ranks, an item's name */
  lookup: {
    method: 'GET',
    path: '/api/v1/server/:id/binds/lookup',
    types: {} as Types<{ query: BindLookupQuery; answer: BindLookupData }>,
  },
} as const satisfies Record<string, TypedRoute>;

export const AUDIT_ROUTES = {
  page: {
    method: 'GET',
    path: '/api/v1/server/:id/audit',
    types: {} as Types<{ query: AuditPageQuery; answer: AuditPage }>,
  },
  /** the CSV file, named by its content-disposition */
  export: {
    method: 'GET',
    path: '/api/v1/server/:id/audit/export',
    bare: true,
    types: {} as Types<{ query: AuditExportQuery; answer: string }>,
  },
} as const satisfies Record<string, TypedRoute>;

/** The bot's health in one server (the API's own readiness is PUBLIC_ROUTES.health). */
export const SERVER_HEALTH_ROUTES = {
  /** with credentials: a missing permission's re-invite link is an OAuth start */
  check: {
    method: 'GET',
    path: '/api/v1/server/:id/health',
    credentials: true,
    types: {} as Types<{ answer: ServerHealth }>,
  },
} as const satisfies Record<string, TypedRoute>;

export const MEMBER_UPDATE_ROUTES = {
  start: {
    method: 'POST',
    path: '/api/v1/server/:id/members/update',
    types: {} as Types<{ body: StartMemberUpdateRequest; answer: StartMemberUpdateData }>,
  },
  /** the server's latest run, or null when it never had one */
  latest: {
    method: 'GET',
    path: '/api/v1/server/:id/members/update',
    types: {} as Types<{ answer: MemberUpdateJob | null }>,
  },
  job: {
    method: 'GET',
    path: '/api/v1/server/:id/members/update/:jobId',
    types: {} as Types<{ answer: MemberUpdateJob }>,
  },
  cancel: {
    method: 'DELETE',
    path: '/api/v1/server/:id/members/update/:jobId',
    types: {} as Types<{ answer: MemberUpdateJob }>,
  },
  /** the server's owner lets a run waiting for them kick or ban the members it held back */
  confirmRemovals: {
    method: 'POST',
    path: '/api/v1/server/:id/members/update/:jobId/confirm-removals',
    types: {} as Types<{ answer: MemberUpdateJob }>,
  },
} as const satisfies Record<string, TypedRoute>;

/** A server's developer API keys and outbound webhook (api/README.md › Developer API). */
export const DEVELOPER_ROUTES = {
  apiKeys: {
    method: 'GET',
    path: '/api/v1/server/:id/api-keys',
    types: {} as Types<{ answer: ApiKey[] }>,
  },
  /** the answer holds the key itself, the only time it is sent */
  createApiKey: {
    method: 'POST',
    path: '/api/v1/server/:id/api-keys',
    types: {} as Types<{ body: CreateApiKeyRequest; answer: CreatedApiKey }>,
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/api/v1/server/:id/api-keys/:key_id',
    types: {} as Types<{ answer: RevokedApiKey }>,
  },
  /** `url: null` removes the webhook; otherwise the answer holds a new signing secret, sent once */
  webhook: {
    method: 'PUT',
    path: '/api/v1/server/:id/webhook',
    types: {} as Types<{ body: WebhookRequest; answer: WebhookSaved }>,
  },
  webhookDeliveries: {
    method: 'GET',
    path: '/api/v1/server/:id/webhook/deliveries',
    types: {} as Types<{ answer: WebhookDeliveriesData }>,
  },
  /** a signed webhook.test event, delivered like the others (202 with the delivery) */
  testWebhook: {
    method: 'POST',
    path: '/api/v1/server/:id/webhook/test',
    types: {} as Types<{ answer: WebhookDelivery }>,
  },
  /** a failed delivery, sent again with a new round of attempts (202 with the delivery) */
  retryWebhookDelivery: {
    method: 'POST',
    path: '/api/v1/server/:id/webhook/deliveries/:delivery_id/retry',
    types: {} as Types<{ answer: WebhookDelivery }>,
  },
} as const satisfies Record<string, TypedRoute>;

/**
 * What other bots and games call with a server's API key (Authorization: Bearer <key>); not the
 * browser's: documented apart, in its own OpenAPI document.
 */
export const PUBLIC_API_ROUTES = {
  member: {
    method: 'GET',
    path: '/api/public/v1/servers/:server_id/members/:discord_id',
    types: {} as Types<{ answer: PublicLink }>,
  },
  roblox: {
    method: 'GET',
    path: '/api/public/v1/servers/:server_id/roblox/:roblox_id',
    types: {} as Types<{ answer: PublicLink }>,
  },
  update: {
    method: 'POST',
    path: '/api/public/v1/servers/:server_id/members/:discord_id/update',
    types: {} as Types<{ answer: PublicUpdate }>,
  },
  openapi: {
    method: 'GET',
    path: '/api/public/v1/openapi.json',
    bare: true,
    types: {} as Types<{ answer: OpenApiDocument }>,
  },
} as const satisfies Record<string, TypedRoute>;

export const PUBLIC_ROUTES = {
  botStats: { method: 'GET', path: '/api/bot-stats', types: {} as Types<{ answer: BotStats }> },
  /** 200 while ready, 503 with the same envelope when not */
  health: { method: 'GET', path: '/api/health', types: {} as Types<{ answer: Health }> },
  /** the operator's probes, out of the OpenAPI document */
  readiness: { method: 'GET', path: '/api/health/ready', types: {} as Types<{ answer: Health }> },
  liveness: { method: 'GET', path: '/api/health/live', types: {} as Types<{ answer: Liveness }> },
  openapi: {
    method: 'GET',
    path: '/api/docs/openapi.json',
    bare: true,
    types: {} as Types<{ answer: OpenApiDocument }>,
  },
} as const satisfies Record<string, TypedRoute>;

/** Discord's, not the browser's: slash commands arrive here, signed (docs/product.md › Slash commands). */
export const INTERACTION_ROUTES = {
  interactions: {
    method: 'POST',
    path: '/api/interactions',
    bare: true,
    types: {} as Types<{ body: DiscordInteraction; answer: DiscordInteractionAnswer }>,
  },
} as const satisfies Record<string, TypedRoute>;
