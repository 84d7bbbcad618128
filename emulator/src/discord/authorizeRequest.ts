import type { EmulatorContext } from '../context';
import { isHttpUrl } from '../html/page';
import { readAuthorizeBasics, text, type Parsed } from '../oauth/clientAuth';

const KNOWN_SCOPES = new Set([
  'identify',
  'email',
  'guilds',
  'guilds.join',
  'guilds.members.read',
  'connections',
  'bot',
  'applications.commands',
  'role_connections.write',
]);

export interface AuthorizeRequest {
  kind: 'login' | 'bot';
  /** a bot invite asking for nothing but `bot` and `applications.commands`: no user token unless the app requires a code grant */
  botOnly: boolean;
  clientId: string;
  scope: string;
  redirectUri: string | undefined;
  responseType: string | undefined;
  state: string | undefined;
  guildId: string | undefined;
  permissions: string;
  /** every parameter to carry through the consent form */
  carry: Record<string, string | undefined>;
}

/** scopes of the bot flow itself; any other turns an invite into a full code grant */
const BOT_FLOW_SCOPES = new Set(['bot', 'applications.commands']);

const CARRIED = [
  'client_id',
  'scope',
  'redirect_uri',
  'response_type',
  'state',
  'guild_id',
  'permissions',
  'integration_type',
  'disable_guild_select',
  'prompt',
] as const;

/** Checks the query (GET) or form (POST) of /oauth2/authorize; returns an error text for the page. */
export function parseAuthorizeRequest(
  ctx: EmulatorContext,
  source: Record<string, unknown>,
): Parsed<AuthorizeRequest> {
  const basics = readAuthorizeBasics(source, {
    clientId: ctx.config.discordClientId,
    word: 'application',
    carried: CARRIED,
  });
  if (!basics.ok) return basics;
  const { clientId, scopes: scope, carry } = basics.value;
  if (scope.length === 0) return { ok: false, error: 'The scope parameter is missing.' };
  const unknown = scope.find((s) => !KNOWN_SCOPES.has(s));
  if (unknown) return { ok: false, error: `Invalid scope: ${unknown}` };
  const kind = scope.includes('bot') ? 'bot' : 'login';
  if (kind === 'login' && !scope.includes('identify'))
    return { ok: false, error: 'A sign-in request needs the identify scope.' };
  const responseType = text(source, 'response_type');
  if (responseType !== undefined && responseType !== 'code')
    return { ok: false, error: `Unsupported response_type: ${responseType}` };
  if (kind === 'login' && responseType !== 'code')
    return { ok: false, error: 'The response_type parameter must be "code".' };
  const redirectUri = text(source, 'redirect_uri');
  if (kind === 'login' && !redirectUri)
    return { ok: false, error: 'The redirect_uri parameter is missing.' };
  if (redirectUri !== undefined && !isHttpUrl(redirectUri))
    return { ok: false, error: 'Invalid OAuth2 redirect_uri: it must be an http(s) URL.' };
  // Discord compares it with the application's registered list, exactly, and never redirects
  // to another (emulator/README.md › Application)
  if (redirectUri !== undefined && !ctx.store.application.redirect_uris.includes(redirectUri))
    return {
      ok: false,
      error: `Invalid OAuth2 redirect_uri: ${redirectUri} is not registered on the application.`,
    };
  const guildId = text(source, 'guild_id');
  if (guildId !== undefined && !/^\d{17,20}$/.test(guildId))
    return { ok: false, error: 'Invalid guild_id: it must be a snowflake.' };
  const permissions = text(source, 'permissions') ?? '0';
  if (!/^\d{1,20}$/.test(permissions))
    return { ok: false, error: 'Invalid permissions: it must be a decimal integer.' };
  return {
    ok: true,
    value: {
      kind,
      botOnly: kind === 'bot' && scope.every((s) => BOT_FLOW_SCOPES.has(s)),
      clientId,
      scope: scope.join(' '),
      redirectUri,
      responseType,
      state: text(source, 'state'),
      guildId,
      permissions,
      carry,
    },
  };
}
