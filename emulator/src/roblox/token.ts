import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context';
import { field, formBody, isFormRequest, readClientCredentials } from '../oauth/clientAuth';
import { FORM_REQUIRED, oauthError } from '../oauth/errors';
import { verifierMatches } from './pkce';

/** An unsigned ID token (alg none): the emulator's clients read /userinfo, not this. */
function idToken(ctx: EmulatorContext, userId: string, clientId: string): string {
  const user = ctx.store.roblox.users.get(Number(userId));
  const now = Math.floor(Date.now() / 1000);
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({
    iss: `${ctx.config.publicUrl}/oauth/`,
    aud: clientId,
    sub: userId,
    iat: now,
    exp: now + 3600,
    name: user?.display_name,
    preferred_username: user?.name,
  })}.`;
}

export function registerRobloxToken(app: FastifyInstance, ctx: EmulatorContext): void {
  const authenticate = (request: FastifyRequest, form: Record<string, unknown>) => {
    const { clientId, clientSecret } = readClientCredentials(request, form);
    return clientId === ctx.config.robloxClientId && clientSecret === ctx.config.robloxClientSecret
      ? clientId
      : undefined;
  };

  app.post('/oauth/v1/token', async (request, reply) => {
    if (!isFormRequest(request)) return oauthError(reply, 400, 'invalid_request', FORM_REQUIRED);
    const form = formBody(request);
    const clientId = authenticate(request, form);
    if (!clientId) return oauthError(reply, 401, 'invalid_client', 'Client authentication failed.');
    const grantType = field(form, 'grant_type');
    const oauth = ctx.store.robloxOAuth;

    if (grantType === 'refresh_token') {
      const token = field(form, 'refresh_token');
      const issued = token ? oauth.useRefreshToken(token, clientId) : undefined;
      if (!issued)
        return oauthError(
          reply,
          400,
          'invalid_grant',
          'The refresh token is invalid, expired or already used.',
        );
      const { grantId: _g, ...tokens } = issued;
      return {
        token_type: 'Bearer',
        ...tokens,
        id_token: idToken(ctx, oauth.lookupAccess(tokens.access_token)?.userId ?? '', clientId),
      };
    }
    if (grantType !== 'authorization_code')
      return oauthError(
        reply,
        400,
        'unsupported_grant_type',
        'grant_type must be authorization_code or refresh_token.',
      );

    const value = field(form, 'code');
    if (!value) return oauthError(reply, 400, 'invalid_request', 'The code parameter is missing.');
    const code = oauth.takeCode(value);
    if (!code || code.clientId !== clientId)
      return oauthError(
        reply,
        400,
        'invalid_grant',
        'Authorization code is invalid, expired or already used.',
      );
    const verifier = field(form, 'code_verifier');
    if (!verifier || !code.codeChallenge || !verifierMatches(verifier, code.codeChallenge)) {
      return oauthError(
        reply,
        400,
        'invalid_grant',
        'The code_verifier does not match the code_challenge.',
      );
    }
    const redirectUri = field(form, 'redirect_uri');
    if (redirectUri !== undefined && redirectUri !== code.redirectUri) {
      return oauthError(
        reply,
        400,
        'invalid_grant',
        'The redirect_uri does not match the authorization request.',
      );
    }
    const { grantId: _g, ...tokens } = oauth.issueTokens({
      userId: code.userId,
      scope: code.scope,
      clientId,
    });
    return { token_type: 'Bearer', ...tokens, id_token: idToken(ctx, code.userId, clientId) };
  });

  app.post('/oauth/v1/token/revoke', async (request, reply) => {
    const form = formBody(request);
    if (!authenticate(request, form))
      return oauthError(reply, 401, 'invalid_client', 'Client authentication failed.');
    const token = field(form, 'token');
    if (token) ctx.store.robloxOAuth.revoke(token);
    return reply.code(200).send();
  });
}
