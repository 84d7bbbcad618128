import { useContext, useEffect, useRef } from 'react';
import {
  QueryClientContext,
  useInfiniteQuery,
  useQueries,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { dashboardQuery } from './dashboard';
import {
  auditLogQuery,
  botInviteQuery,
  linkedAccountsQuery,
  robloxStatusQuery,
  serverBindsQuery,
  serverConfigQuery,
  serverEditQuery,
  serverHealthQuery,
  setupStatusQuery,
  userServersQuery,
} from './queries';
import type { AuditFilter } from '../api/endpoints';
import { queryClient } from './queryClient';
import { verificationQuery } from './verification';

/**
 * The page's query cache: the provider's above this component, else the page's own. Any React root
 * (a parcel, the shell, a remote's standalone page, a component test) reads the one cache.
 */
export function usePageQueryClient(): QueryClient {
  return useContext(QueryClientContext) ?? queryClient;
}

/** `enabled: false` for a screen that was handed the data instead (the shell's tabs). */
interface ReadOptions {
  enabled?: boolean;
}

export function useLinkedAccounts({ enabled }: ReadOptions = {}) {
  return useQuery({ ...linkedAccountsQuery(), enabled }, usePageQueryClient());
}

export function useRobloxStatus({ enabled }: ReadOptions = {}) {
  return useQuery({ ...robloxStatusQuery(), enabled }, usePageQueryClient());
}

export function useUserServers({ enabled }: ReadOptions = {}) {
  return useQuery({ ...userServersQuery(), enabled }, usePageQueryClient());
}

/**
 * `showLoaded` shows what the cache holds (data or failure) without reading it again: for the
 * first mount after the page's own start loaded it (the shell's startDashboardLoadEarly).
 */
export function useDashboard({ showLoaded = false }: { showLoaded?: boolean } = {}) {
  return useQuery(
    { ...dashboardQuery(), refetchOnMount: !showLoaded, retryOnMount: !showLoaded },
    usePageQueryClient(),
  );
}

export function useVerification() {
  return useQuery(verificationQuery(), usePageQueryClient());
}

export function useSetupStatus(serverId: string) {
  return useQuery(setupStatusQuery(serverId), usePageQueryClient());
}

/** Several servers' setup status, in the order of `serverIds`. */
export function useSetupStatuses(serverIds: readonly string[]) {
  return useQueries({ queries: serverIds.map(setupStatusQuery) }, usePageQueryClient());
}

export function useServerConfig(serverId: string) {
  return useQuery(serverConfigQuery(serverId), usePageQueryClient());
}

export function useServerEdit(serverId: string) {
  return useQuery(serverEditQuery(serverId), usePageQueryClient());
}

export function useServerBinds(serverId: string) {
  return useQuery(serverBindsQuery(serverId), usePageQueryClient());
}

export function useServerHealth(serverId: string) {
  return useQuery(serverHealthQuery(serverId), usePageQueryClient());
}

/** Several servers' health, in the order of `serverIds`. */
export function useServerHealths(serverIds: readonly string[]) {
  return useQueries({ queries: serverIds.map(serverHealthQuery) }, usePageQueryClient());
}

export function useAuditLog(serverId: string, filter: AuditFilter | null) {
  return useInfiniteQuery(auditLogQuery(serverId, filter), usePageQueryClient());
}

export function useBotInvite(serverId: string, { enabled }: ReadOptions = {}) {
  return useQuery({ ...botInviteQuery(serverId), enabled }, usePageQueryClient());
}

/** What a screen shows for a read: its data, its error, or that it is loading. */
export type LoadPhase = 'loading' | 'failed' | 'ready';

/**
 * A read's phase as the screens show it: loading until it has data; a retry after a failure shows
 * loading again; a failure stays shown until a read succeeds. Data kept from before stays 'ready'
 * while it is read again.
 */
export function loadPhase(read: { isPending: boolean; isError: boolean; isFetching: boolean }) {
  const phase: LoadPhase = read.isError
    ? read.isFetching
      ? 'loading'
      : 'failed'
    : read.isPending
      ? 'loading'
      : 'ready';
  return phase;
}

/**
 * Calls `onFailure` once for each failed read that ends while the component is mounted (not for a
 * failure the cache kept from before it mounted).
 */
export function useEachFailure(
  read: { isError: boolean; error: unknown; errorUpdateCount: number },
  onFailure: (error: unknown) => void,
): void {
  const seen = useRef(read.errorUpdateCount);
  const latest = useRef(onFailure);
  latest.current = onFailure;
  useEffect(() => {
    if (!read.isError || read.errorUpdateCount === seen.current) return;
    seen.current = read.errorUpdateCount;
    latest.current(read.error);
  }, [read.isError, read.error, read.errorUpdateCount]);
}
