/**
 * Roblox revokes the authorization session the token belongs to (its OAuth 2.0 reference,
 * POST v1/token/revoke), unlike Discord, which ends every token of the user for the app.
 */
import { createHash, randomBytes } from 'node:crypto';
import { form, location, useEmulator } from './helpers';

const CLIENT = { client_id: 'emulator-roblox-client', client_secret: 'emulator-roblox-secret' };

const app = useEmulator();

/** one sign-in of `userId` through the consent page and the token exchange */
async function session(userId: string): Promise<{ access_token: string; refresh_token: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const consent = await app.inject({
    method: 'POST',
    url: '/oauth/v1/authorize',
    ...form({
      client_id: CLIENT.client_id,
      redirect_uri: 'http://localhost:3000/roblox/callback',
      scope: 'openid profile',
      response_type: 'code',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      user_id: userId,
    }),
  });
  const code = location(consent).searchParams.get('code')!;
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/v1/token',
    ...form({ grant_type: 'authorization_code', code, code_verifier: verifier, ...CLIENT }),
  });
  return res.json();
}

const userinfo = (accessToken: string) =>
  app.inject({ url: '/oauth/v1/userinfo', headers: { authorization: `Bearer ${accessToken}` } });

it("revoking a Roblox token ends its own session only, not the same user's other sessions", async () => {
  const first = await session('501');
  const second = await session('501');
  const revoked = await app.inject({
    method: 'POST',
    url: '/oauth/v1/token/revoke',
    ...form({ token: first.refresh_token, ...CLIENT }),
  });
  expect(revoked.statusCode).toBe(200);
  expect((await userinfo(first.access_token)).statusCode).toBe(401);
  const kept = await userinfo(second.access_token);
  expect(kept.statusCode).toBe(200);
  expect(kept.json().sub).toBe('501');
});
