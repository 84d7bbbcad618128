import { formBody, httpRequest, prop, type HttpPolicy } from '../http';
import {
  IntegrationError,
  type IntegrationSettings,
  type RobloxOAuthClient,
  type RobloxUserInfo,
} from '../types';

export { createPkcePair, pkceChallenge, type PkcePair } from './pkce';

type Settings = Pick<
  IntegrationSettings,
  | 'robloxAuthorizeUrl'
  | 'robloxTokenUrl'
  | 'robloxUserInfoUrl'
  | 'robloxClientId'
  | 'robloxClientSecret'
  | 'robloxRedirectUri'
>;

const NOT_CONFIGURED =
  'Roblox sign-in is not configured on this server (ROBLOX_CLIENT_ID and ROBLOX_CLIENT_SECRET).';

/** Roblox OAuth 2.0 with PKCE S256 (confidential client: secret and verifier both sent). */
export function createRobloxOAuthClient(
  settings: Settings,
  policy: HttpPolicy = {},
): RobloxOAuthClient {
  const clientId = settings.robloxClientId || undefined;
  const clientSecret = settings.robloxClientSecret || undefined;
  const configured = Boolean(clientId && clientSecret);

  const requireConfigured = (): { id: string; secret: string } => {
    if (!clientId || !clientSecret)
      throw new IntegrationError('roblox', 'unavailable', NOT_CONFIGURED);
    return { id: clientId, secret: clientSecret };
  };

  return {
    configured,

    authorizeUrl(state, codeChallenge) {
      const { id } = requireConfigured();
      const url = new URL(settings.robloxAuthorizeUrl);
      url.searchParams.set('client_id', id);
      url.searchParams.set('redirect_uri', settings.robloxRedirectUri);
      url.searchParams.set('scope', 'openid profile');
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },

    async exchangeCode(code, codeVerifier) {
      const { id, secret } = requireConfigured();
      const res = await httpRequest(
        'roblox',
        settings.robloxTokenUrl,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: formBody({
            grant_type: 'authorization_code',
            code,
            code_verifier: codeVerifier,
            client_id: id,
            client_secret: secret,
          }),
        },
        policy,
      );
      const accessToken = prop(res.body, 'access_token');
      if (res.status === 200 && typeof accessToken === 'string')
        return { access_token: accessToken };
      if (
        prop(res.body, 'error') === 'invalid_grant' ||
        (res.status === 400 && prop(res.body, 'error') !== 'invalid_request')
      ) {
        throw new IntegrationError(
          'roblox',
          'invalid_grant',
          'Roblox did not accept the authorization (it expired or was already used). Please link your account again.',
          undefined,
          res.status,
        );
      }
      if (res.status === 401) {
        throw new IntegrationError(
          'roblox',
          'unavailable',
          'Roblox rejected the app credentials: check ROBLOX_CLIENT_ID and ROBLOX_CLIENT_SECRET.',
          undefined,
          401,
        );
      }
      throw new IntegrationError(
        'roblox',
        'unavailable',
        `Roblox refused the sign-in request (HTTP ${res.status}). Try again.`,
        undefined,
        res.status,
      );
    },

    async getUserInfo(accessToken): Promise<RobloxUserInfo> {
      const res = await httpRequest(
        'roblox',
        settings.robloxUserInfoUrl,
        {
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        },
        policy,
      );
      if (res.status === 401) {
        throw new IntegrationError(
          'roblox',
          'invalid_grant',
          'The Roblox authorization expired. Please link your account again.',
          undefined,
          401,
        );
      }
      const sub = prop(res.body, 'sub');
      if (res.status !== 200 || (typeof sub !== 'string' && typeof sub !== 'number')) {
        throw new IntegrationError(
          'roblox',
          'unavailable',
          `Roblox did not return your profile (HTTP ${res.status}). Try again.`,
          undefined,
          res.status,
        );
      }
      const text = (field: string) =>
        typeof prop(res.body, field) === 'string' ? (prop(res.body, field) as string) : undefined;
      const username = text('preferred_username') ?? String(sub);
      return {
        sub: String(sub),
        preferred_username: username,
        name: text('name') ?? text('nickname') ?? username,
        picture: text('picture') || null,
      };
    },
  };
}
