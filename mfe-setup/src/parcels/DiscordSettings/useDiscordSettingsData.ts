import { useEffect } from 'react';
import {
  dashboardPath,
  navigate,
  session,
  toast,
  type JoinHandling,
  type ResyncSchedule,
  type ServerConfig,
} from '@roconnect/shared-lib';
import { useEachFailure, useServerConfig } from '@roconnect/shared-lib/query';

export const LOAD_FAILED_MESSAGE = 'Failed to load Discord settings';

export interface DiscordSettingsData {
  serverName: string;
  joinHandling: JoinHandling;
  joinDm: boolean;
  logChannelId: string | null;
  resync: ResyncSchedule;
}

function leave() {
  toast.error(LOAD_FAILED_MESSAGE);
  navigate(dashboardPath('servers'));
}

type DataState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: DiscordSettingsData };

/** The saved settings, with the defaults a server that never set them has. */
function settingsOf(config: ServerConfig): DiscordSettingsData {
  return {
    serverName: config.server_name,
    joinHandling: config.join_handling ?? 'verify',
    joinDm: config.join_dm ?? false,
    logChannelId: config.log_channel_id ?? null,
    resync: config.resync ?? 'off',
  };
}

/**
 * The server's saved configuration, from the page's query cache. A failed load says so and goes to
 * the Servers tab, as the server page does (docs/product.md › Server configuration).
 */
export function useDiscordSettingsData(serverId: string): { state: DataState } {
  const read = useServerConfig(serverId);
  const config = read.data?.server_config;
  const usable = typeof config === 'object' && config !== null;
  const invalid = read.data !== undefined && !usable;
  useEachFailure(read, () => {
    if (usable) return;
    // Signed out by a 401: the session rules are taking the user to /login already.
    if (!session.isAuthenticated()) return;
    leave();
  });
  // an answer without the configuration counts as a failed load
  useEffect(() => {
    if (invalid) leave();
  }, [invalid, read.dataUpdatedAt]);

  if (usable) return { state: { status: 'ready', data: settingsOf(config) } };
  if (invalid || (read.isError && !read.isFetching)) return { state: { status: 'failed' } };
  return { state: { status: 'loading' } };
}
