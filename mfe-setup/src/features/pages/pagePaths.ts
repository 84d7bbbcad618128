import { serverConsolePath } from '@roconnect/shared-lib';

/** `/server/edit/{serverId}/discord`: the console's Discord section. */
export function discordSettingsPath(serverId: string): string {
  return serverConsolePath(serverId, 'discord');
}
