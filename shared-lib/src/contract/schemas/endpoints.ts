/**
 * Each row of the route tables (../apiRoutes) with the schema the API validates and documents it
 * with: one object holding the method, the path and the schema, so the API declares a route once
 * from it (api/src/lib/serve.ts) and the three cannot drift apart. Apart from the route tables,
 * which browser code imports and must stay free of TypeBox.
 */
import * as routes from '../apiRoutes';
import type { TypedRoute } from '../routeTypes';
import { auditExportRoute, auditRoute } from './audit';
import { callbackRoute, discordUrlRoute, logoutRoute, meRoute, refreshRoute } from './auth';
import { getBindsRoute, lookupBindRoute, previewBindsRoute, putBindsRoute } from './binds';
import { configExportRoute, configImportRoute } from './configBackup';
import {
  inviteUrlRoute,
  linkedAccountsRoute,
  manualSyncRoute,
  syncServersRoute,
  unlinkRoute,
  userServersRoute,
  verificationServersRoute,
} from './dashboard';
import {
  apiKeysRoute,
  createApiKeyRoute,
  publicMemberRoute,
  publicRobloxRoute,
  putWebhookRoute,
  retryWebhookDeliveryRoute,
  revokeApiKeyRoute,
  testWebhookRoute,
  webhookDeliveriesRoute,
} from './developerApi';
import {
  automationRoute,
  channelsRoute,
  logChannelRoute,
  verifyMessageRoute,
} from './discordSettings';
import { serverHealthRoute } from './health';
import {
  connectLinkedRolesRoute,
  disconnectLinkedRolesRoute,
  getLinkedRolesRoute,
} from './linkedRoles';
import {
  cancelRoute,
  confirmRemovalsRoute,
  jobRoute,
  latestRoute,
  startRoute,
} from './memberUpdates';
import {
  editMessagesRoute,
  editVerifyMessageRoute,
  messagesRoute,
  previewMessagesRoute,
  removeVerifyMessageRoute,
  verifyMessageStateRoute,
} from './messages';
import {
  deleteAccountRoute,
  exportRoute,
  getPrivacyRoute,
  lookupsRoute,
  putPrivacyRoute,
} from './privacy';
import { botStatsRoute, healthRoute, livenessRoute, readinessRoute } from './public';
import { robloxAuthUrlRoute, robloxCallbackRoute, robloxStatusRoute } from './roblox';
import {
  configRoute,
  editBypassRolesRoute,
  editGroupRoute,
  editNicknameRoute,
  editRestrictionsRoute,
  editRoute,
  editStaffRolesRoute,
  editUnverifiedRoleRoute,
  editVerifiedRoleRoute,
  removeGroupRoute,
  setupGroupRoute,
  setupNicknameRoute,
  setupStatusRoute,
  setupVerifiedRoleRoute,
} from './servers';
import { verifyRoute } from './verification';

/** A route of the tables with its schema. */
export type Endpoint<R extends TypedRoute, S> = R & { readonly schema: S };

/**
 * The rows of `routes` named in `schemas`, each with its schema. A name that is not a row of the
 * table does not compile; a row left out (a route the API documents by hand) stays out.
 */
function withSchemas<
  R extends Record<string, TypedRoute>,
  S extends { [K in keyof S]: K extends keyof R ? object : never },
>(routes: R, schemas: S): { [K in keyof S & keyof R]: Endpoint<R[K], S[K]> } {
  const names = Object.keys(schemas) as (keyof S & keyof R)[];
  return Object.fromEntries(
    names.map((name) => [name, { ...routes[name], schema: schemas[name] }]),
  ) as { [K in keyof S & keyof R]: Endpoint<R[K], S[K]> };
}

export const AUTH_ENDPOINTS = withSchemas(routes.AUTH_ROUTES, {
  discordUrl: discordUrlRoute,
  callback: callbackRoute,
  refresh: refreshRoute,
  me: meRoute,
  logout: logoutRoute,
});

export const DASHBOARD_ENDPOINTS = withSchemas(routes.DASHBOARD_ROUTES, {
  userServers: userServersRoute,
  syncServers: syncServersRoute,
  verificationServers: verificationServersRoute,
  linkedAccounts: linkedAccountsRoute,
  unlink: unlinkRoute,
  manualSync: manualSyncRoute,
  inviteUrl: inviteUrlRoute,
});

export const VERIFICATION_ENDPOINTS = withSchemas(routes.VERIFICATION_ROUTES, {
  verifyInServer: verifyRoute,
});

export const PRIVACY_ENDPOINTS = withSchemas(routes.PRIVACY_ROUTES, {
  privacy: getPrivacyRoute,
  savePrivacy: putPrivacyRoute,
  lookups: lookupsRoute,
  exportAccount: exportRoute,
  deleteAccount: deleteAccountRoute,
});

export const LINKED_ROLES_ENDPOINTS = withSchemas(routes.LINKED_ROLES_ROUTES, {
  linkedRoles: getLinkedRolesRoute,
  connect: connectLinkedRolesRoute,
  disconnect: disconnectLinkedRolesRoute,
});

export const ROBLOX_ENDPOINTS = withSchemas(routes.ROBLOX_ROUTES, {
  authUrl: robloxAuthUrlRoute,
  callback: robloxCallbackRoute,
  status: robloxStatusRoute,
});

export const SERVER_ENDPOINTS = withSchemas(routes.SERVER_ROUTES, {
  config: configRoute,
  setupStatus: setupStatusRoute,
  setupNickname: setupNicknameRoute,
  setupVerifiedRole: setupVerifiedRoleRoute,
  setupGroup: setupGroupRoute,
  edit: editRoute,
  editNickname: editNicknameRoute,
  editVerifiedRole: editVerifiedRoleRoute,
  editGroup: editGroupRoute,
  removeGroup: removeGroupRoute,
  editUnverifiedRole: editUnverifiedRoleRoute,
  editBypassRoles: editBypassRolesRoute,
  editRestrictions: editRestrictionsRoute,
  editStaffRoles: editStaffRolesRoute,
});

export const CONFIG_BACKUP_ENDPOINTS = withSchemas(routes.CONFIG_BACKUP_ROUTES, {
  export: configExportRoute,
  import: configImportRoute,
});

export const DISCORD_SETTINGS_ENDPOINTS = withSchemas(routes.DISCORD_SETTINGS_ROUTES, {
  channels: channelsRoute,
  logChannel: logChannelRoute,
  automation: automationRoute,
  verifyMessage: verifyMessageRoute,
  verifyMessageState: verifyMessageStateRoute,
  editVerifyMessage: editVerifyMessageRoute,
  removeVerifyMessage: removeVerifyMessageRoute,
});

export const MESSAGE_ENDPOINTS = withSchemas(routes.MESSAGE_ROUTES, {
  messages: messagesRoute,
  editMessages: editMessagesRoute,
  previewMessages: previewMessagesRoute,
});

export const BIND_ENDPOINTS = withSchemas(routes.BIND_ROUTES, {
  list: getBindsRoute,
  replace: putBindsRoute,
  preview: previewBindsRoute,
  lookup: lookupBindRoute,
});

export const AUDIT_ENDPOINTS = withSchemas(routes.AUDIT_ROUTES, {
  page: auditRoute,
  export: auditExportRoute,
});

export const SERVER_HEALTH_ENDPOINTS = withSchemas(routes.SERVER_HEALTH_ROUTES, {
  check: serverHealthRoute,
});

export const MEMBER_UPDATE_ENDPOINTS = withSchemas(routes.MEMBER_UPDATE_ROUTES, {
  start: startRoute,
  latest: latestRoute,
  job: jobRoute,
  cancel: cancelRoute,
  confirmRemovals: confirmRemovalsRoute,
});

export const DEVELOPER_ENDPOINTS = withSchemas(routes.DEVELOPER_ROUTES, {
  apiKeys: apiKeysRoute,
  createApiKey: createApiKeyRoute,
  revokeApiKey: revokeApiKeyRoute,
  webhook: putWebhookRoute,
  webhookDeliveries: webhookDeliveriesRoute,
  testWebhook: testWebhookRoute,
  retryWebhookDelivery: retryWebhookDeliveryRoute,
});

/** `update` is served with the API's own description of its one 404 (features/public-api). */
export const PUBLIC_API_ENDPOINTS = withSchemas(routes.PUBLIC_API_ROUTES, {
  member: publicMemberRoute,
  roblox: publicRobloxRoute,
});

export const PUBLIC_ENDPOINTS = withSchemas(routes.PUBLIC_ROUTES, {
  botStats: botStatsRoute,
  health: healthRoute,
  readiness: readinessRoute,
  liveness: livenessRoute,
});
