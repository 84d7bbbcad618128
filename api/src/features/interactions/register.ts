import type { IntegrationSettings } from '../../integrations/types';
import { httpRequest } from '../../integrations/http';
import { versionedBase } from '../../integrations/discord/urls';
import { SLASH_COMMANDS } from './commands';

type Settings = Pick<
  IntegrationSettings,
  'discordApiBaseUrl' | 'discordClientId' | 'discordBotToken'
>;

/**
 * Registers the slash commands with Discord's bulk overwrite (PUT replaces the whole set), so
 * running it again, or on every start, changes nothing.
 */
export async function registerSlashCommands(settings: Settings): Promise<string[]> {
  const url = `${versionedBase(settings.discordApiBaseUrl)}/applications/${settings.discordClientId}/commands`;
  const res = await httpRequest('discord', url, {
    method: 'PUT',
    headers: {
      authorization: `Bot ${settings.discordBotToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(SLASH_COMMANDS),
  });
  if (res.status !== 200) {
    throw new Error(
      `Discord refused the slash commands (HTTP ${res.status}): ${JSON.stringify(res.body)}`,
    );
  }
  return (res.body as { name: string }[]).map((c) => c.name);
}
