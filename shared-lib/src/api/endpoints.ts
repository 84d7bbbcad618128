import type {
  ApiSuccess,
  AuthUrlData,
  BotStats,
  EditGroupRequest,
  EditVerifiedRoleRequest,
  EmptyData,
  InviteUrlData,
  LinkedAccount,
  ManualSyncData,
  NicknameFormat,
  RefreshData,
  RobloxStatusData,
  Server,
  ServerConfigData,
  ServerEditData,
  SetupGroupData,
  SetupGroupRequest,
  SetupNicknameData,
  SetupStatus,
  SetupVerifiedRoleData,
  User,
  VerifyInServerRequest,
  VerifyResult,
} from '../contract/types';
import type {
  AuditPage,
  BindKind,
  BindLookupData,
  BindsData,
  BindsPreviewData,
  EditBypassRolesRequest,
  EditRestrictionsRequest,
  PreviewBindsRequest,
  PutBindsRequest,
  ServerHealth,
  UnlinkData,
} from '../contract/console';
import {
  AUTH_ROUTES,
  BIND_ROUTES,
  DASHBOARD_ROUTES,
  SERVER_ROUTES,
  VERIFICATION_ROUTES,
  fillPath,
  type ApiRoute,
  type PathParams,
} from '../contract/apiRoutes';
import { API_PATHS } from '../contract/paths';
import { readBlobRefusal } from './errors';
import { httpClient, type HttpClientKind } from './httpClientLoader';
import { takeEarlyData } from '../earlyLoad/takeEarly';
import { takeInlinedAnswer } from './inlinedAnswers';
import { LOGIN_CHECK_HEADER, loginCheck } from './loginCheck';

async function get<T>(path: string, params?: object): Promise<T> {
  // the page's inline early load may already hold this answer (earlyLoad/)
  if (!params) {
    const early = await takeEarlyData(path);
    if (early !== undefined) return early as T;
  }
  const response = await (await httpClient()).get<ApiSuccess<T>>(path, { params });
  return response.data.data;
}

/**
 * The routes that start an OAuth flow set an HttpOnly cookie binding the flow to this browser
 * (docs/security.md): they are the only calls sent with credentials.
 */
async function startOAuth<T>(path: string, params?: object, headers?: Record<string, string>) {
  const response = await (
    await httpClient()
  ).get<ApiSuccess<T>>(path, {
    params,
    headers,
    withCredentials: true,
  });
  return response.data.data;
}
/** A row of the route table (contract/apiRoutes.ts) that changes something. */
type WriteRoute = ApiRoute & { readonly method: 'POST' | 'PUT' | 'DELETE' };

/**
 * One write of the contract, derived from its row: the row's method at the row's path, each
 * `:name` of the pattern a required parameter (checked by the compiler), the answer unwrapped.
 */
async function send<T, R extends WriteRoute = WriteRoute>(
  route: R,
  params: Record<PathParams<R['path']>, string>,
  body?: unknown,
  { kind = 'standard', query }: { kind?: HttpClientKind; query?: object } = {},
): Promise<T> {
  const http = await httpClient(kind);
  const response = await http.request<ApiSuccess<T>>({
    method: route.method,
    url: fillPath(route.path, params),
    data: route.method === 'DELETE' ? undefined : (body ?? {}),
    params: query,
  });
  return response.data.data;
}

/** One typed function per call of the HTTP contract (spec/api-contract.md). */
export const api = {
  auth: {
    discordUrl: () =>
      startOAuth<AuthUrlData>(API_PATHS.discordUrl, undefined, {
        [LOGIN_CHECK_HEADER]: loginCheck.create(),
      }),
    refresh: (refreshToken: string) =>
      send<RefreshData>(AUTH_ROUTES.refresh, {}, { refresh_token: refreshToken }),
    me: () => get<User>(API_PATHS.me),
    /** The refresh token in the body lets the API end the session after the access token expired. */
    logout: (refreshToken?: string | null) =>
      send<EmptyData>(AUTH_ROUTES.logout, {}, refreshToken ? { refresh_token: refreshToken } : {}),
  },
  dashboard: {
    servers: () => get<Server[]>(API_PATHS.userServers),
    syncServers: () => send<Server[]>(DASHBOARD_ROUTES.syncServers, {}),
    verificationServers: () => get<Server[]>(API_PATHS.verificationServers),
    linkedAccounts: () => get<LinkedAccount[]>(API_PATHS.linkedAccounts),
    /** With `removeRoles`, the bot also takes back the roles and nickname it gave with the account. */
    unlinkAccount: (id: string, options: { removeRoles?: boolean } = {}) =>
      send<UnlinkData | EmptyData>(DASHBOARD_ROUTES.unlink, { id }, undefined, {
        query: options.removeRoles ? { remove_roles: true } : undefined,
      }),
    manualSync: () => send<ManualSyncData>(DASHBOARD_ROUTES.manualSync, {}),
    inviteUrl: (serverId: string) =>
      startOAuth<InviteUrlData>(API_PATHS.inviteUrl, { server_id: serverId }),
    verifyInServer: (body: VerifyInServerRequest) =>
      send<VerifyResult>(VERIFICATION_ROUTES.verifyInServer, {}, body),
  },
  roblox: {
    authUrl: () => startOAuth<AuthUrlData>(API_PATHS.robloxAuthUrl),
    status: () => get<RobloxStatusData>(API_PATHS.robloxStatus),
  },
  server: {
    config: (id: string) => get<ServerConfigData>(API_PATHS.serverConfig(id)),
    setupStatus: (id: string) => get<SetupStatus>(API_PATHS.serverSetup(id)),
    setupNickname: (id: string, nickname_format: NicknameFormat) =>
      send<SetupNicknameData>(SERVER_ROUTES.setupNickname, { id }, { nickname_format }),
    setupVerifiedRole: (id: string, verified_role_name: string) =>
      send<SetupVerifiedRoleData>(SERVER_ROUTES.setupVerifiedRole, { id }, { verified_role_name }),
    setupGroup: (id: string, body: SetupGroupRequest) =>
      send<SetupGroupData>(SERVER_ROUTES.setupGroup, { id }, body, { kind: 'long' }),
    edit: (id: string) => get<ServerEditData>(API_PATHS.serverEdit(id)),
    editNickname: (id: string, nickname_format: NicknameFormat) =>
      send<ServerConfigData>(SERVER_ROUTES.editNickname, { id }, { nickname_format }),
    editVerifiedRole: (id: string, body: EditVerifiedRoleRequest) =>
      send<ServerConfigData>(SERVER_ROUTES.editVerifiedRole, { id }, body),
    editGroup: (id: string, body: EditGroupRequest) =>
      send<ServerConfigData>(SERVER_ROUTES.editGroup, { id }, body, { kind: 'long' }),
    editUnverifiedRole: (id: string, unverifiedRoleId: string | null) =>
      send<ServerConfigData>(
        SERVER_ROUTES.editUnverifiedRole,
        { id },
        {
          unverified_role_id: unverifiedRoleId,
        },
      ),
    binds: (id: string) => get<BindsData>(API_PATHS.serverBinds(id)),
    /** What a list of binds would change, from members' last known Roblox data; nothing is saved. */
    previewBinds: (id: string, body: PreviewBindsRequest) =>
      send<BindsPreviewData>(BIND_ROUTES.preview, { id }, body),
    /** A group's name and ranks, or a badge's, game pass's or catalog item's name. */
    lookupBind: (id: string, kind: BindKind, itemId: string) =>
      get<BindLookupData>(API_PATHS.serverBindsLookup(id), { kind, id: itemId }),
    editNicknameTemplate: (id: string, nickname_template: string) =>
      send<ServerConfigData>(SERVER_ROUTES.editNickname, { id }, { nickname_template }),
    editBypassRoles: (id: string, body: EditBypassRolesRequest) =>
      send<ServerConfigData>(SERVER_ROUTES.editBypassRoles, { id }, body),
    editRestrictions: (id: string, body: EditRestrictionsRequest) =>
      send<ServerConfigData>(SERVER_ROUTES.editRestrictions, { id }, body),
    /** Creating roles by name and asking Roblox for each group can take a while. */
    putBinds: (id: string, body: PutBindsRequest) =>
      send<BindsData>(BIND_ROUTES.replace, { id }, body, { kind: 'long' }),
    audit: (id: string, query: AuditQuery = {}) =>
      get<AuditPage>(API_PATHS.serverAudit(id), auditParams(query)),
    /** The CSV export, fetched with the session's auth header (never a token in the URL). */
    auditExport: async (id: string, query: Pick<AuditQuery, 'member'> = {}) => {
      const response = await (
        await httpClient()
      )
        .get<Blob>(API_PATHS.serverAuditExport(id), {
          params: auditParams(query),
          responseType: 'blob',
        })
        .catch(async (error: unknown) => {
          await readBlobRefusal(error);
          throw error;
        });
      return {
        blob: response.data,
        filename:
          filenameFrom(response.headers['content-disposition']) ?? `roconnect-audit-${id}.csv`,
      };
    },
    /** sent with credentials: a missing permission's re-invite link is an OAuth start bound to this browser */
    health: (id: string) => startOAuth<ServerHealth>(API_PATHS.serverHealth(id)),
  },
  public: {
    /** The landing's counts: the page's inlined answer the first time, when the server sent one. */
    botStats: async () => {
      const inlined = takeInlinedAnswer<BotStats>(API_PATHS.botStats);
      return inlined ? inlined.data : get<BotStats>(API_PATHS.botStats);
    },
    /** The page's inlined counts, taken now (a first render can show them), or undefined. */
    takeInlinedBotStats: (): BotStats | undefined =>
      takeInlinedAnswer<BotStats>(API_PATHS.botStats)?.data,
  },
};
export type Api = typeof api;

export interface AuditQuery {
  /** `next_before` of the previous page */
  before?: string | null;
  limit?: number;
  /** a member's Discord user id */
  member?: string | null;
}

function auditParams({ before, limit, member }: AuditQuery): Record<string, string | number> {
  return {
    ...(before ? { before } : {}),
    ...(limit ? { limit } : {}),
    ...(member ? { member } : {}),
  };
}

/** The file name of a `content-disposition: attachment; filename="…"` header. */
export function filenameFrom(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /filename="?([^";]+)"?/i.exec(header);
  return match ? match[1]!.trim() : null;
}
