import { httpRequest, prop, type HttpPolicy, type HttpResponse } from '../http';
import {
  IntegrationError,
  type DiscordRoleConnectionsClient,
  type IntegrationSettings,
} from '../types';
import { versionedBase } from './urls';

type Settings = Pick<
  IntegrationSettings,
  'discordApiBaseUrl' | 'discordBotToken' | 'discordClientId'
>;

/**
 * What Discord said, for the logs: its message and code, never the request (which carries a
 * token in its headers).
 */
function refused(res: HttpResponse, what: string): IntegrationError {
  const message = prop(res.body, 'message');
  const code = prop(res.body, 'code');
  return new IntegrationError(
    'discord',
    res.status === 401 ? 'invalid_grant' : 'unavailable',
    `Discord refused to ${what} (HTTP ${res.status}${typeof message === 'string' ? `: ${message}` : ''}).`,
    typeof code === 'number' ? code : undefined,
    res.status,
  );
}

/**
 * Discord Linked Roles (docs.discord.com › Application Role Connection Metadata, and › User ›
 * Update Current User Application Role Connection): the application's metadata records, with the
 * bot token, and a user's values, with that user's OAuth token (scope `role_connections.write`).
 * Both are PUTs that replace what was there, so repeating one is harmless.
 */
export function createDiscordRoleConnectionsClient(
  settings: Settings,
  policy: HttpPolicy = {},
): DiscordRoleConnectionsClient {
  const api = versionedBase(settings.discordApiBaseUrl);
  const app = encodeURIComponent(settings.discordClientId);
  const put = (url: string, authorization: string, body: unknown) =>
    httpRequest(
      'discord',
      url,
      {
        method: 'PUT',
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      },
      policy,
    );

  const metadataUrl = `${api}/applications/${app}/role-connections/metadata`;

  return {
    async getMetadata() {
      const res = await httpRequest(
        'discord',
        metadataUrl,
        {
          headers: { authorization: `Bot ${settings.discordBotToken}`, accept: 'application/json' },
        },
        policy,
      );
      if (res.status !== 200 || !Array.isArray(res.body))
        throw refused(res, 'read the role-connection metadata');
      return res.body.map((r: unknown) => ({
        type: Number(prop(r, 'type')),
        key: String(prop(r, 'key')),
        name: String(prop(r, 'name')),
        description: String(prop(r, 'description')),
      }));
    },

    async putMetadata(records) {
      const res = await put(metadataUrl, `Bot ${settings.discordBotToken}`, records);
      if (res.status !== 200) throw refused(res, 'register the role-connection metadata');
    },

    async putUserConnection(accessToken, connection) {
      const res = await put(
        `${api}/users/@me/applications/${app}/role-connection`,
        `Bearer ${accessToken}`,
        connection,
      );
      if (res.status !== 200) throw refused(res, "write the user's role connection");
    },
  };
}
