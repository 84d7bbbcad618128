import {
  AUDIT_ROUTES,
  AUTH_ROUTES,
  BIND_ROUTES,
  CONFIG_BACKUP_ROUTES,
  DASHBOARD_ROUTES,
  DEVELOPER_ROUTES,
  DISCORD_SETTINGS_ROUTES,
  LINKED_ROLES_ROUTES,
  MEMBER_UPDATE_ROUTES,
  MESSAGE_ROUTES,
  PRIVACY_ROUTES,
  PUBLIC_ROUTES,
  ROBLOX_ROUTES,
  SERVER_HEALTH_ROUTES,
  SERVER_ROUTES,
  VERIFICATION_ROUTES,
  fillPath,
  type ApiRoute,
} from './apiRoutes';

/** A builder for a route on one server or account: its `:id` filled in, encoded. */
const byId =
  (route: ApiRoute) =>
  (id: string): string =>
    fillPath(route.path, { id });

/**
 * The client's paths of the HTTP contract, filled in from the route table (./apiRoutes), for the
 * API client, the MSW handlers and tests.
 */
export const API_PATHS = {
  discordUrl: AUTH_ROUTES.discordUrl.path,
  authCallback: AUTH_ROUTES.callback.path,
  refresh: AUTH_ROUTES.refresh.path,
  me: AUTH_ROUTES.me.path,
  logout: AUTH_ROUTES.logout.path,
  userServers: DASHBOARD_ROUTES.userServers.path,
  syncServers: DASHBOARD_ROUTES.syncServers.path,
  verificationServers: DASHBOARD_ROUTES.verificationServers.path,
  linkedAccounts: DASHBOARD_ROUTES.linkedAccounts.path,
  linkedAccount: byId(DASHBOARD_ROUTES.unlink),
  privacy: PRIVACY_ROUTES.privacy.path,
  lookups: PRIVACY_ROUTES.lookups.path,
  exportAccount: PRIVACY_ROUTES.exportAccount.path,
  deleteAccount: PRIVACY_ROUTES.deleteAccount.path,
  linkedRoles: LINKED_ROLES_ROUTES.linkedRoles.path,
  linkedRolesConnect: LINKED_ROLES_ROUTES.connect.path,
  manualSync: DASHBOARD_ROUTES.manualSync.path,
  inviteUrl: DASHBOARD_ROUTES.inviteUrl.path,
  verifyInServer: VERIFICATION_ROUTES.verifyInServer.path,
  robloxAuthUrl: ROBLOX_ROUTES.authUrl.path,
  robloxCallback: ROBLOX_ROUTES.callback.path,
  robloxStatus: ROBLOX_ROUTES.status.path,
  serverConfig: byId(SERVER_ROUTES.config),
  serverSetup: byId(SERVER_ROUTES.setupStatus),
  setupNickname: byId(SERVER_ROUTES.setupNickname),
  setupVerifiedRole: byId(SERVER_ROUTES.setupVerifiedRole),
  setupGroup: byId(SERVER_ROUTES.setupGroup),
  serverEdit: byId(SERVER_ROUTES.edit),
  editNickname: byId(SERVER_ROUTES.editNickname),
  editVerifiedRole: byId(SERVER_ROUTES.editVerifiedRole),
  editGroup: byId(SERVER_ROUTES.editGroup),
  editUnverifiedRole: byId(SERVER_ROUTES.editUnverifiedRole),
  editBypassRoles: byId(SERVER_ROUTES.editBypassRoles),
  editRestrictions: byId(SERVER_ROUTES.editRestrictions),
  editStaffRoles: byId(SERVER_ROUTES.editStaffRoles),
  configExport: byId(CONFIG_BACKUP_ROUTES.export),
  configImport: byId(CONFIG_BACKUP_ROUTES.import),
  serverChannels: byId(DISCORD_SETTINGS_ROUTES.channels),
  logChannel: byId(DISCORD_SETTINGS_ROUTES.logChannel),
  automation: byId(DISCORD_SETTINGS_ROUTES.automation),
  verifyMessage: byId(DISCORD_SETTINGS_ROUTES.verifyMessage),
  serverMessages: byId(MESSAGE_ROUTES.messages),
  editMessages: byId(MESSAGE_ROUTES.editMessages),
  previewMessages: byId(MESSAGE_ROUTES.previewMessages),
  serverBinds: byId(BIND_ROUTES.list),
  serverBindsPreview: byId(BIND_ROUTES.preview),
  serverBindsLookup: byId(BIND_ROUTES.lookup),
  serverAudit: byId(AUDIT_ROUTES.page),
  serverAuditExport: byId(AUDIT_ROUTES.export),
  serverHealth: byId(SERVER_HEALTH_ROUTES.check),
  membersUpdate: byId(MEMBER_UPDATE_ROUTES.start),
  membersUpdateJob: (id: string, jobId: string): string =>
    fillPath(MEMBER_UPDATE_ROUTES.job.path, { id, jobId }),
  serverApiKeys: byId(DEVELOPER_ROUTES.apiKeys),
  serverApiKey: (id: string, keyId: string): string =>
    fillPath(DEVELOPER_ROUTES.revokeApiKey.path, { id, key_id: keyId }),
  serverWebhook: byId(DEVELOPER_ROUTES.webhook),
  serverWebhookDeliveries: byId(DEVELOPER_ROUTES.webhookDeliveries),
  botStats: PUBLIC_ROUTES.botStats.path,
  health: PUBLIC_ROUTES.health.path,
  openapi: PUBLIC_ROUTES.openapi.path,
  /** served by the shell's own server, same origin as the page */
  cspNonce: '/api/csp-nonce',
} as const;

/**
 * The web app's route tables (the developer API's and Discord's interactions are other clients'),
 * by the name their calls go under in `apiCalls` (shared-lib/src/api/apiCalls.ts).
 */
export const WEB_APP_ROUTES = {
  auth: AUTH_ROUTES,
  dashboard: DASHBOARD_ROUTES,
  verification: VERIFICATION_ROUTES,
  privacy: PRIVACY_ROUTES,
  linkedRoles: LINKED_ROLES_ROUTES,
  roblox: ROBLOX_ROUTES,
  server: SERVER_ROUTES,
  discordSettings: DISCORD_SETTINGS_ROUTES,
  messages: MESSAGE_ROUTES,
  binds: BIND_ROUTES,
  audit: AUDIT_ROUTES,
  serverHealth: SERVER_HEALTH_ROUTES,
  memberUpdates: MEMBER_UPDATE_ROUTES,
  configBackup: CONFIG_BACKUP_ROUTES,
  developer: DEVELOPER_ROUTES,
  public: PUBLIC_ROUTES,
};
