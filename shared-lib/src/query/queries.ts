import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, type AuditFilter } from '../api/endpoints';
import type { ServerEditData } from '../contract/types';
import { queryKeys } from './queryKeys';

/** One read per API call the screens make: its key and how to fetch it. */

export const linkedAccountsQuery = () =>
  queryOptions({
    queryKey: queryKeys.linkedAccounts(),
    queryFn: () => api.dashboard.linkedAccounts(),
  });

export const robloxStatusQuery = () =>
  queryOptions({ queryKey: queryKeys.robloxStatus(), queryFn: () => api.roblox.status() });

export const userServersQuery = () =>
  queryOptions({ queryKey: queryKeys.userServers(), queryFn: () => api.dashboard.servers() });

export const verificationServersQuery = () =>
  queryOptions({
    queryKey: queryKeys.verificationServers(),
    queryFn: () => api.dashboard.verificationServers(),
  });

export const setupStatusQuery = (serverId: string) =>
  queryOptions({
    queryKey: queryKeys.setupStatus(serverId),
    queryFn: () => api.server.setupStatus(serverId),
  });

export const serverConfigQuery = (serverId: string) =>
  queryOptions({
    queryKey: queryKeys.serverConfig(serverId),
    queryFn: () => api.server.config(serverId),
  });

/**
 * Edit data without its server_config is invalid and counts as a failed load (docs/product.md ›
 * Server configuration); missing roles and group read as none.
 */
export function requireEditData(data: ServerEditData | undefined): ServerEditData {
  if (!data || typeof data.server_config !== 'object' || data.server_config === null) {
    throw new Error('Invalid server configuration data');
  }
  return { ...data, roles: Array.isArray(data.roles) ? data.roles : [], group: data.group ?? null };
}

export const serverEditQuery = (serverId: string) =>
  queryOptions({
    queryKey: queryKeys.serverEdit(serverId),
    queryFn: async () => requireEditData(await api.server.edit(serverId)),
  });

export const serverBindsQuery = (serverId: string) =>
  queryOptions({
    queryKey: queryKeys.serverBinds(serverId),
    queryFn: () => api.server.binds(serverId),
  });

export const serverHealthQuery = (serverId: string) =>
  queryOptions({
    queryKey: queryKeys.serverHealth(serverId),
    queryFn: () => api.server.health(serverId),
  });

// ten entries keep the audit log section within two screens at 1280 × 900 (Load more for the rest)
export const AUDIT_PAGE_SIZE = 10;

/** The audit log, newest first, a page at a time, with the filters that are set. */
export const auditLogQuery = (serverId: string, filter: AuditFilter | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.auditLog(serverId, filter),
    queryFn: ({ pageParam }) =>
      api.server.audit(serverId, { ...filter, before: pageParam, limit: AUDIT_PAGE_SIZE }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });

/**
 * Discord's address to add the bot: each call starts an OAuth flow bound to this browser by a
 * cookie (docs/security.md), so an answer is used by the screen that asked and never kept.
 */
export const botInviteQuery = (serverId: string) =>
  queryOptions({
    queryKey: queryKeys.botInvite(serverId),
    queryFn: () => api.dashboard.inviteUrl(serverId),
    gcTime: 0,
  });
