import {
  basicAuth,
  formBody,
  httpRequest,
  prop,
  type HttpPolicy,
  type HttpResponse,
} from '../http';
import {
  IntegrationError,
  type DiscordOAuthClient,
  type DiscordTokenSet,
  type DiscordUser,
  type DiscordUserGuild,
  type IntegrationSettings,
} from '../types';
import { BOT_PERMISSIONS, unversionedBase, versionedBase } from './urls';

type Settings = Pick<
  IntegrationSettings,
  | 'discordApiBaseUrl'
  | 'discordAuthorizeUrl'
  | 'discordClientId'
  | 'discordClientSecret'
  | 'discordRedirectUri'
>;

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function toTokenSet(body: unknown): DiscordTokenSet {
  const accessToken = prop(body, 'access_token');
  if (typeof accessToken !== 'string') {
    throw new IntegrationError(
      'discord',
      'unavailable',
      'Discord answered the sign-in with an unexpected response. Try again.',
    );
  }
  return {
    access_token: accessToken,
    refresh_token: str(prop(body, 'refresh_token')),
    expires_in:
      typeof prop(body, 'expires_in') === 'number' ? (prop(body, 'expires_in') as number) : 604800,
    scope: str(prop(body, 'scope')),
    ...(typeof prop(prop(body, 'guild'), 'id') === 'string'
      ? { guild_id: prop(prop(body, 'guild'), 'id') as string }
      : {}),
  };
}

const USER_GUILD_PAGE = 200;

function toUserGuild(g: unknown): DiscordUserGuild {
  return {
    id: str(prop(g, 'id')),
    name: str(prop(g, 'name')),
    icon: typeof prop(g, 'icon') === 'string' ? (prop(g, 'icon') as string) : null,
    owner: prop(g, 'owner') === true,
    permissions: str(prop(g, 'permissions'), '0'),
    approximate_member_count:
      typeof prop(g, 'approximate_member_count') === 'number'
        ? (prop(g, 'approximate_member_count') as number)
        : 0,
  };
}

/** Discord's OAuth2 for people: authorize URLs, token calls (form-encoded) and Bearer reads. */
export function createDiscordOAuthClient(
  settings: Settings,
  policy: HttpPolicy = {},
): DiscordOAuthClient {
  const tokenUrl = `${unversionedBase(settings.discordApiBaseUrl)}/oauth2/token`;
  const api = versionedBase(settings.discordApiBaseUrl);
  const auth = basicAuth(settings.discordClientId, settings.discordClientSecret);

  const tokenCall = async (form: Record<string, string>, path = ''): Promise<HttpResponse> =>
    httpRequest(
      'discord',
      `${tokenUrl}${path}`,
      {
        method: 'POST',
        headers: {
          authorization: auth,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: formBody(form),
      },
      policy,
    );

  const tokenError = (res: HttpResponse, whenGrantRefused: string): IntegrationError => {
    const error = str(prop(res.body, 'error'));
    if (error === 'invalid_grant')
      return new IntegrationError(
        'discord',
        'invalid_grant',
        whenGrantRefused,
        undefined,
        res.status,
      );
    if (error === 'invalid_client' || res.status === 401) {
      return new IntegrationError(
        'discord',
        'unavailable',
        'Discord rejected the app credentials: check DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET.',
        undefined,
        res.status,
      );
    }
    const detail = str(prop(res.body, 'error_description'), error || `HTTP ${res.status}`);
    return new IntegrationError(
      'discord',
      'unavailable',
      `Discord refused the sign-in request: ${detail}.`,
      undefined,
      res.status,
    );
  };

  const bearerGet = async (path: string, accessToken: string): Promise<unknown> => {
    const res = await httpRequest(
      'discord',
      `${api}${path}`,
      { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
      policy,
    );
    if (res.status === 401) {
      throw new IntegrationError(
        'discord',
        'invalid_grant',
        'Your Discord sign-in has expired or was revoked. Please sign in again.',
        0,
        401,
      );
    }
    if (res.status !== 200) {
      const code = prop(res.body, 'code');
      throw new IntegrationError(
        'discord',
        res.status === 403 ? 'missing_access' : 'unavailable',
        `Discord refused to share your account details (${str(prop(res.body, 'message'), `HTTP ${res.status}`)}). Please sign in again.`,
        typeof code === 'number' ? code : undefined,
        res.status,
      );
    }
    return res.body;
  };

  const authorizeUrl = (params: Record<string, string>) => {
    const url = new URL(settings.discordAuthorizeUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  };

  return {
    loginUrl(state) {
      return authorizeUrl({
        client_id: settings.discordClientId,
        response_type: 'code',
        redirect_uri: settings.discordRedirectUri,
        // role_connections.write: RoConnect writes the user's Linked Roles values at verification
        scope: 'identify guilds role_connections.write',
        state,
      });
    },

    botInviteUrl(state, guildId) {
      return authorizeUrl({
        client_id: settings.discordClientId,
        permissions: BOT_PERMISSIONS,
        response_type: 'code',
        redirect_uri: settings.discordRedirectUri,
        integration_type: '0',
        scope: 'bot',
        guild_id: guildId,
        disable_guild_select: 'true',
        state,
      });
    },

    async exchangeCode(code) {
      const res = await tokenCall({
        grant_type: 'authorization_code',
        code,
        redirect_uri: settings.discordRedirectUri,
      });
      if (res.status !== 200)
        throw tokenError(
          res,
          'Discord did not accept the sign-in (the code expired or was already used). Please sign in again.',
        );
      return toTokenSet(res.body);
    },

    async refresh(refreshToken) {
      const res = await tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken });
      if (res.status !== 200)
        throw tokenError(res, 'Your Discord sign-in has expired. Please sign in again.');
      return toTokenSet(res.body);
    },

    async revoke(token) {
      const res = await tokenCall({ token }, '/revoke');
      // 400 means the token is already unknown to Discord, which is what revoking wants
      if (res.status !== 200 && res.status !== 400)
        throw tokenError(res, 'Discord did not accept the token.');
    },

    async getCurrentUser(accessToken): Promise<DiscordUser> {
      const body = await bearerGet('/users/@me', accessToken);
      return {
        id: str(prop(body, 'id')),
        username: str(prop(body, 'username')),
        global_name:
          typeof prop(body, 'global_name') === 'string'
            ? (prop(body, 'global_name') as string)
            : null,
        avatar: typeof prop(body, 'avatar') === 'string' ? (prop(body, 'avatar') as string) : null,
      };
    },

    /** Every page of the user's guilds (Discord gives 200 at most per page; Nitro users have more). */
    async getCurrentUserGuilds(accessToken): Promise<DiscordUserGuild[]> {
      const guilds: DiscordUserGuild[] = [];
      for (let after = '0'; ;) {
        const body = await bearerGet(
          `/users/@me/guilds?with_counts=true&limit=${USER_GUILD_PAGE}&after=${after}`,
          accessToken,
        );
        if (!Array.isArray(body))
          throw new IntegrationError(
            'discord',
            'unavailable',
            'Discord answered with an unexpected server list. Try again.',
          );
        guilds.push(...body.map(toUserGuild));
        if (body.length < USER_GUILD_PAGE) return guilds;
        after = guilds[guilds.length - 1]!.id;
      }
    },
  };
}
