import type { FastifyInstance } from 'fastify';
import { bearer, parseRedirect } from './app';

export interface Session {
  access: string;
  refresh: string;
  headers: { authorization: string };
}

/** Signs a fake Discord user in through /auth/discord-url and /auth/callback. */
export async function loginAs(app: FastifyInstance, discordId: string): Promise<Session> {
  const url = (await app.inject({ method: 'GET', url: '/auth/discord-url' })).json().data
    .auth_url as string;
  const state = new URL(url).searchParams.get('state')!;
  const res = await app.inject({
    method: 'GET',
    url: `/auth/callback?code=${encodeURIComponent(`code:${discordId}`)}&state=${encodeURIComponent(state)}`,
  });
  const { fragment } = parseRedirect(res.headers.location as string);
  if (!fragment.access_token || !fragment.refresh_token)
    throw new Error(`login failed: ${res.headers.location}`);
  return {
    access: fragment.access_token,
    refresh: fragment.refresh_token,
    headers: bearer(fragment.access_token),
  };
}

/** Links a fake Roblox account to the signed-in user through /roblox/auth-url and /roblox/callback. */
export async function linkRoblox(app: FastifyInstance, session: Session, robloxId: string) {
  const url = (
    await app.inject({ method: 'GET', url: '/roblox/auth-url', headers: session.headers })
  ).json().data.auth_url as string;
  const state = new URL(url).searchParams.get('state')!;
  const res = await app.inject({
    method: 'GET',
    url: `/roblox/callback?code=rcode:${robloxId}&state=${encodeURIComponent(state)}`,
  });
  return parseRedirect(res.headers.location as string);
}

/** Runs the three setup steps through HTTP. */
export async function completeSetup(
  app: FastifyInstance,
  session: Session,
  guildId: string,
  group: Record<string, unknown> = { skip: true },
  nicknameFormat = 'roblox_username',
) {
  const base = `/api/v1/server/${guildId}/setup`;
  const steps = [
    await app.inject({
      method: 'POST',
      url: `${base}/nickname`,
      headers: session.headers,
      payload: { nickname_format: nicknameFormat },
    }),
    await app.inject({
      method: 'POST',
      url: `${base}/verified-role`,
      headers: session.headers,
      payload: { verified_role_name: 'Verified' },
    }),
    await app.inject({
      method: 'POST',
      url: `${base}/group`,
      headers: session.headers,
      payload: group,
    }),
  ];
  for (const s of steps)
    if (s.statusCode !== 200) throw new Error(`setup failed: ${s.statusCode} ${s.body}`);
  return steps;
}
