import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/endpoints';
import type { BindInput, BindKind } from '../contract/console';
import { usePageQueryClient } from './hooks';
import { queryKeys } from './queryKeys';

/**
 * A group's name and ranks, or a badge's, game pass's or catalog item's name. Keyed under the
 * server; a name changes rarely, so an answer is kept for the page's life once read.
 */
export const bindLookupQuery = (serverId: string, kind: BindKind, id: string) =>
  queryOptions({
    queryKey: [...queryKeys.server(serverId), 'bind-lookup', kind, id] as const,
    queryFn: () => api.server.lookupBind(serverId, kind, id),
    staleTime: Infinity,
  });

/** The lookup for `id` once it is a Roblox id (digits); no request while it is null. */
export function useBindLookup(serverId: string, kind: BindKind, id: string | null) {
  return useQuery(
    { ...bindLookupQuery(serverId, kind, id ?? ''), enabled: id !== null && /^\d{1,19}$/.test(id) },
    usePageQueryClient(),
  );
}

/**
 * What a list of binds would change (POST …/binds/preview; nothing is saved). Keyed by the list,
 * so the same list is not asked twice; the last answer stays shown while a new list is asked.
 */
export const bindsPreviewQuery = (serverId: string, binds: BindInput[]) =>
  queryOptions({
    queryKey: [...queryKeys.server(serverId), 'binds-preview', binds] as const,
    queryFn: () => api.server.previewBinds(serverId, { binds }),
  });

/** The preview of `binds`; no request while it is null (a list not ready to send). */
export function useBindsPreview(serverId: string, binds: BindInput[] | null) {
  return useQuery(
    {
      ...bindsPreviewQuery(serverId, binds ?? []),
      enabled: binds !== null,
      placeholderData: keepPreviousData,
    },
    usePageQueryClient(),
  );
}
