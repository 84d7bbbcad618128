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
} from '../contract/apiRoutes';
import { callersOf, type Callers } from './callApi';

/**
 * The web app's route tables (the developer API's and Discord's interactions are other clients'),
 * by the name their calls go under in `apiCalls`.
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

/**
 * One typed function per call of the contract, derived from the route table: its path
 * parameters, query and body as the row's types say, its answer's `data` as the promise's value
 * (`apiCalls.server.config({ params: { id } })`). The files a route sends (bare rows) are fetched
 * with downloadFile instead. The clients of ./endpoints.ts and beside it are thin names over these.
 */
export const apiCalls = Object.fromEntries(
  Object.entries(WEB_APP_ROUTES).map(([name, table]) => [name, callersOf(table)]),
) as ApiCalls;
export type ApiCalls = { [K in keyof WebAppRoutes]: Callers<WebAppRoutes[K]> };
type WebAppRoutes = typeof WEB_APP_ROUTES;
