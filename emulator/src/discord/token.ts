import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context';
import { field, formBody, isFormRequest, readClientCredentials } from '../oauth/clientAuth';
import { FORM_REQUIRED, oauthError } from '../oauth/errors';
import { guildJson } from '../views';

export function registerDiscordToken(app: FastifyInstance, ctx: EmulatorContext): void {
  const authenticate = (request: FastifyRequest, form: Record<string, unknown>) => {
    const { clientId, clientSecret } = readClientCredentials(request, form);
    return clientId === ctx.config.discordClientId &&
      clientSecret === ctx.config.discordClientSecret
      ? clientId
      : undefined;
  };

  app.post('/oauth2/token', async (request, reply) => {
    // Discord reads only form bodies: a JSON body arrives as "no grant_type".
    if (!isFormRequest(request))
      return oauthError(reply, 400, 'unsupported_grant_type', 'Invalid "grant_type" in request.');
    const form = formBody(request);
    const grantType = field(form, 'grant_type');
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      return oauthError(reply, 400, 'unsupported_grant_type', 'Invalid "grant_type" in request.');
    }
    const clientId = authenticate(request, form);
    if (!clientId) return oauthError(reply, 401, 'invalid_client');
    const oauth = ctx.store.discordOAuth;

    if (grantType === 'refresh_token') {
      const token = field(form, 'refresh_token');
      if (!token)
        return oauthError(reply, 400, 'invalid_request', 'Missing "refresh_token" in request.');
      const issued = token ? oauth.useRefreshToken(token, clientId) : undefined;
      if (!issued) return oauthError(reply, 400, 'invalid_grant');
      const { grantId: _g, ...tokens } = issued;
      return { token_type: 'Bearer', ...tokens };
    }

    const value = field(form, 'code');
    if (!value) return oauthError(reply, 400, 'invalid_request', 'Missing "code" in request.');
    const code = oauth.takeCode(value);
    if (!code || code.clientId !== clientId)
      return oauthError(reply, 400, 'invalid_grant', 'Invalid "code" in request.');
    if (code.redirectUri !== undefined && field(form, 'redirect_uri') !== code.redirectUri) {
      return oauthError(reply, 400, 'invalid_grant', 'Invalid "redirect_uri" in request.');
    }
    const { grantId: _g, ...tokens } = oauth.issueTokens({
      userId: code.userId,
      scope: code.scope,
      clientId,
      guildId: code.guildId,
    });
    const guild = code.guildId ? ctx.store.discord.guilds.get(code.guildId) : undefined;
    return {
      token_type: 'Bearer',
      ...tokens,
      ...(guild ? { guild: guildJson(ctx, guild, false) } : {}),
    };
  });

  app.post('/oauth2/token/revoke', async (request, reply) => {
    if (!isFormRequest(request)) return oauthError(reply, 400, 'invalid_request', FORM_REQUIRED);
    const form = formBody(request);
    if (!authenticate(request, form)) return oauthError(reply, 401, 'invalid_client');
    const token = field(form, 'token');
    if (!token) return oauthError(reply, 400, 'invalid_request', 'Missing "token" in request.');
    ctx.store.discordOAuth.revoke(token);
    return {};
  });
}
