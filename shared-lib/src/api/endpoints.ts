import { AUDIT_ROUTES } from '../contract/apiRoutes';
import type { AuditAction, AuditPageQuery, BindKind } from '../contract/console';
import type {
  BotStats,
  EditGroupRequest,
  EditVerifiedRoleRequest,
  NicknameFormat,
  SetupGroupRequest,
  VerifyInServerRequest,
} from '../contract/types';
import type {
  EditBypassRolesRequest,
  EditRestrictionsRequest,
  PreviewBindsRequest,
  PutBindsRequest,
} from '../contract/console';
import { API_PATHS } from '../contract/paths';
import { apiCalls } from './apiCalls';
import { downloadFile } from './callApi';
import { takeInlinedAnswer } from './inlinedAnswers';
import { LOGIN_CHECK_HEADER, loginCheck } from './loginCheck';

export { apiCalls, WEB_APP_ROUTES, type ApiCalls } from './apiCalls';
export { callApi, downloadFile, filenameFrom, type CallArgs, type DownloadedFile } from './callApi';

const { auth, dashboard, verification, roblox, server, binds, audit, serverHealth } = apiCalls;

/**
 * The calls the screens make, by the names they have always had: each a thin name over its
 * route's call (./apiCalls.ts, derived from contract/apiRoutes.ts), with what is the screen's and
 * not the route's (the login check, the page's inlined counts, a file's fallback name).
 */
export const api = {
  auth: {
    /**
     * with this tab's login check, which the callback page then checks (./loginCheck.ts);
     * `returnTo`: the page of this site the callback page goes to once signed in
     */
    discordUrl: (returnTo?: string) =>
      auth.discordUrl({ headers: { [LOGIN_CHECK_HEADER]: loginCheck.create(returnTo) } }),
    refresh: (refreshToken: string) => auth.refresh({ body: { refresh_token: refreshToken } }),
    me: () => auth.me(),
    /** The refresh token in the body lets the API end the session after the access token expired. */
    logout: (refreshToken?: string | null) =>
      auth.logout({ body: refreshToken ? { refresh_token: refreshToken } : {} }),
  },
  dashboard: {
    servers: () => dashboard.userServers(),
    syncServers: () => dashboard.syncServers(),
    verificationServers: () => dashboard.verificationServers(),
    linkedAccounts: () => dashboard.linkedAccounts(),
    /** With `removeRoles`, the bot also takes back the roles and nickname it gave with the account. */
    unlinkAccount: (id: string, options: { removeRoles?: boolean } = {}) =>
      dashboard.unlink({
        params: { id },
        query: options.removeRoles ? { remove_roles: true } : undefined,
      }),
    manualSync: () => dashboard.manualSync(),
    inviteUrl: (serverId: string) => dashboard.inviteUrl({ query: { server_id: serverId } }),
    verifyInServer: (body: VerifyInServerRequest) => verification.verifyInServer({ body }),
  },
  roblox: {
    authUrl: () => roblox.authUrl(),
    status: () => roblox.status(),
  },
  server: {
    config: (id: string) => server.config({ params: { id } }),
    setupStatus: (id: string) => server.setupStatus({ params: { id } }),
    setupNickname: (id: string, nickname_format: NicknameFormat) =>
      server.setupNickname({ params: { id }, body: { nickname_format } }),
    setupVerifiedRole: (id: string, verified_role_name: string) =>
      server.setupVerifiedRole({ params: { id }, body: { verified_role_name } }),
    setupGroup: (id: string, body: SetupGroupRequest) =>
      server.setupGroup({ params: { id }, body }),
    edit: (id: string) => server.edit({ params: { id } }),
    editNickname: (id: string, nickname_format: NicknameFormat) =>
      server.editNickname({ params: { id }, body: { nickname_format } }),
    editVerifiedRole: (id: string, body: EditVerifiedRoleRequest) =>
      server.editVerifiedRole({ params: { id }, body }),
    editGroup: (id: string, body: EditGroupRequest) => server.editGroup({ params: { id }, body }),
    editUnverifiedRole: (id: string, unverifiedRoleId: string | null) =>
      server.editUnverifiedRole({ params: { id }, body: { unverified_role_id: unverifiedRoleId } }),
    binds: (id: string) => binds.list({ params: { id } }),
    /** What a list of binds would change, from members' last known Roblox data; nothing is saved. */
    previewBinds: (id: string, body: PreviewBindsRequest) =>
      binds.preview({ params: { id }, body }),
    /** A group's name and ranks, or a badge's, game pass's or catalog item's name. */
    lookupBind: (id: string, kind: BindKind, itemId: string) =>
      binds.lookup({ params: { id }, query: { kind, id: itemId } }),
    editNicknameTemplate: (id: string, nickname_template: string) =>
      server.editNickname({ params: { id }, body: { nickname_template } }),
    editBypassRoles: (id: string, body: EditBypassRolesRequest) =>
      server.editBypassRoles({ params: { id }, body }),
    editRestrictions: (id: string, body: EditRestrictionsRequest) =>
      server.editRestrictions({ params: { id }, body }),
    putBinds: (id: string, body: PutBindsRequest) => binds.replace({ params: { id }, body }),
    audit: (id: string, query: AuditQuery = {}) =>
      audit.page({ params: { id }, query: auditParams(query) }),
    /** The CSV export, fetched with the session's auth header (never a token in the URL). */
    auditExport: (id: string, query: AuditFilter = {}) =>
      downloadFile(AUDIT_ROUTES.export, `roconnect-audit-${id}.csv`, {
        params: { id },
        query: auditParams(query),
      }),
    health: (id: string) => serverHealth.check({ params: { id } }),
  },
  public: {
    /** The landing's counts: the page's inlined answer the first time, when the server sent one. */
    botStats: async (): Promise<BotStats> => {
      const inlined = takeInlinedAnswer<BotStats>(API_PATHS.botStats);
      return inlined ? inlined.data : apiCalls.public.botStats();
    },
    /** The page's inlined counts, taken now (a first render can show them), or undefined. */
    takeInlinedBotStats: (): BotStats | undefined =>
      takeInlinedAnswer<BotStats>(API_PATHS.botStats)?.data,
  },
};
export type Api = typeof api;

/** What the audit log shows: all of it, or what these filters keep (a null or empty one is off). */
export interface AuditFilter {
  /** a member's Discord user id */
  member?: string | null;
  /** part of the member's or actor's name */
  name?: string | null;
  action?: AuditAction | null;
  /** ISO 8601: entries at or after this */
  from?: string | null;
  /** ISO 8601: entries before this (a date: to its end) */
  to?: string | null;
}

export interface AuditQuery extends AuditFilter {
  /** `next_before` of the previous page */
  before?: string | null;
  limit?: number;
}

/** The filters that are set, as the route's query (a null or empty one is left out). */
function auditParams({
  before,
  limit,
  member,
  name,
  action,
  from,
  to,
}: AuditQuery): AuditPageQuery {
  return {
    ...(before ? { before } : {}),
    ...(limit ? { limit } : {}),
    ...(member ? { member } : {}),
    ...(name ? { name } : {}),
    ...(action ? { action } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}
