import type { EmulatorContext } from '../context';
import { isHttpUrl } from '../html/page';
import { readAuthorizeBasics, text, type Parsed } from '../oauth/clientAuth';
import { isValidChallenge } from './pkce';

export interface RobloxAuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | undefined;
  codeChallenge: string;
  carry: Record<string, string | undefined>;
}

const CARRIED = [
  'client_id',
  'redirect_uri',
  'scope',
  'response_type',
  'state',
  'code_challenge',
  'code_challenge_method',
  'nonce',
  'prompt',
] as const;
const SCOPES = new Set(['openid', 'profile']);

export function parseRobloxAuthorize(
  ctx: EmulatorContext,
  source: Record<string, unknown>,
): Parsed<RobloxAuthorizeRequest> {
  const basics = readAuthorizeBasics(source, {
    clientId: ctx.config.robloxClientId,
    word: 'app',
    carried: CARRIED,
  });
  if (!basics.ok) return basics;
  const { clientId, scopes: scope, carry } = basics.value;
  const redirectUri = text(source, 'redirect_uri');
  if (!redirectUri) return { ok: false, error: 'The redirect_uri parameter is missing.' };
  if (!isHttpUrl(redirectUri))
    return { ok: false, error: 'The redirect_uri must be an http(s) URL.' };
  if (text(source, 'response_type') !== 'code')
    return { ok: false, error: 'The response_type parameter must be "code".' };
  if (!scope.includes('openid')) return { ok: false, error: 'The scope must include openid.' };
  const bad = scope.find((s) => !SCOPES.has(s));
  if (bad) return { ok: false, error: `Unsupported scope: ${bad}` };
  const codeChallenge = text(source, 'code_challenge');
  if (!codeChallenge)
    return { ok: false, error: 'PKCE is required: the code_challenge parameter is missing.' };
  if (text(source, 'code_challenge_method') !== 'S256')
    return { ok: false, error: 'PKCE is required: code_challenge_method must be S256.' };
  if (!isValidChallenge(codeChallenge))
    return {
      ok: false,
      error: 'The code_challenge must be 43 base64url characters (an S256 hash).',
    };
  return {
    ok: true,
    value: {
      clientId,
      redirectUri,
      scope: scope.join(' '),
      state: text(source, 'state'),
      codeChallenge,
      carry,
    },
  };
}
