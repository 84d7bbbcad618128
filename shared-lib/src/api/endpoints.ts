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
async function send<T>(
  method: 'post' | 'put' | 'delete',
  path: string,
  body?: unknown,
  kind: HttpClientKind = 'standard',
): Promise<T> {
  const http = await httpClient(kind);
  const response =
    method === 'delete'
      ? await http.delete<ApiSuccess<T>>(path)
      : await http[method]<ApiSuccess<T>>(path, body ?? {});
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
      send<RefreshData>('post', API_PATHS.refresh, { refresh_token: refreshToken }),
    me: () => get<User>(API_PATHS.me),
    /** The refresh token in the body lets the API end the session after the access token expired. */
    logout: (refreshToken?: string | null) =>
      send<EmptyData>(
        'post',
        API_PATHS.logout,
        refreshToken ? { refresh_token: refreshToken } : {},
      ),
  },
  dashboard: {
    servers: () => get<Server[]>(API_PATHS.userServers),
    syncServers: () => send<Server[]>('post', API_PATHS.syncServers),
    verificationServers: () => get<Server[]>(API_PATHS.verificationServers),
    linkedAccounts: () => get<LinkedAccount[]>(API_PATHS.linkedAccounts),
    /** With `removeRoles`, the bot also takes back the roles and nickname it gave with the account. */
    unlinkAccount: async (
      id: string,
      options: { removeRoles?: boolean } = {},
    ): Promise<UnlinkData | EmptyData> => {
      const response = await (
        await httpClient()
      ).delete<ApiSuccess<UnlinkData | EmptyData>>(
        API_PATHS.linkedAccount(id),
        options.removeRoles ? { params: { remove_roles: true } } : undefined,
      );
      return response.data.data;
    },
    manualSync: () => send<ManualSyncData>('post', API_PATHS.manualSync),
    inviteUrl: (serverId: string) =>
      startOAuth<InviteUrlData>(API_PATHS.inviteUrl, { server_id: serverId }),
    verifyInServer: (body: VerifyInServerRequest) =>
      send<VerifyResult>('post', API_PATHS.verifyInServer, body),
  },
  roblox: {
    authUrl: () => startOAuth<AuthUrlData>(API_PATHS.robloxAuthUrl),
    status: () => get<RobloxStatusData>(API_PATHS.robloxStatus),
  },
  server: {
    config: (id: string) => get<ServerConfigData>(API_PATHS.serverConfig(id)),
    setupStatus: (id: string) => get<SetupStatus>(API_PATHS.serverSetup(id)),
    setupNickname: (id: string, nickname_format: NicknameFormat) =>
      send<SetupNicknameData>('post', API_PATHS.setupNickname(id), { nickname_format }),
    setupVerifiedRole: (id: string, verified_role_name: string) =>
      send<SetupVerifiedRoleData>('post', API_PATHS.setupVerifiedRole(id), { verified_role_name }),
    setupGroup: (id: string, body: SetupGroupRequest) =>
      send<SetupGroupData>('post', API_PATHS.setupGroup(id), body, 'long'),
    edit: (id: string) => get<ServerEditData>(API_PATHS.serverEdit(id)),
    editNickname: (id: string, nickname_format: NicknameFormat) =>
      send<ServerConfigData>('put', API_PATHS.editNickname(id), { nickname_format }),
    editVerifiedRole: (id: string, body: EditVerifiedRoleRequest) =>
      send<ServerConfigData>('put', API_PATHS.editVerifiedRole(id), body),
    editGroup: (id: string, body: EditGroupRequest) =>
      send<ServerConfigData>('put', API_PATHS.editGroup(id), body, 'long'),
    editUnverifiedRole: (id: string, unverifiedRoleId: string | null) =>
      send<ServerConfigData>('put', API_PATHS.editUnverifiedRole(id), {
        unverified_role_id: unverifiedRoleId,
      }),
    binds: (id: string) => get<BindsData>(API_PATHS.serverBinds(id)),
    /** What a list of binds would change, from members' last known Roblox data; nothing is saved. */
    previewBinds: (id: string, body: PreviewBindsRequest) =>
      send<BindsPreviewData>('post', API_PATHS.serverBindsPreview(id), body),
    /** A group's name and ranks, or a badge's, game pass's or catalog item's name. */
    lookupBind: (id: string, kind: BindKind, itemId: string) =>
      get<BindLookupData>(API_PATHS.serverBindsLookup(id), { kind, id: itemId }),
    editNicknameTemplate: (id: string, nickname_template: string) =>
      send<ServerConfigData>('put', API_PATHS.editNickname(id), { nickname_template }),
    editBypassRoles: (id: string, body: EditBypassRolesRequest) =>
      send<ServerConfigData>('put', API_PATHS.editBypassRoles(id), body),
    editRestrictions: (id: string, body: EditRestrictionsRequest) =>
      send<ServerConfigData>('put', API_PATHS.editRestrictions(id), body),
    /** Creating roles by name and asking Roblox for each group can take a while. */
    putBinds: (id: string, body: PutBindsRequest) =>
      send<BindsData>('put', API_PATHS.serverBinds(id), body, 'long'),
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
