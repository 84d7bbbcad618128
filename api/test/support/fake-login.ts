import type { FastifyInstance } from 'fastify';
import { bearer, parseRedirect } from './app';

export interface Session {
  access: string;
  refresh: string;
  headers: { authorization: string };
}

/** Signs a fake Discord user in through /auth/discord-url and /auth/callback. */
export async function loginAs(app: FastifyInstance, discordId: string): Promise<Session> {
  const url = (await app.inject({ method: 'GET', url: '/auth/discord-url' })).json().data.auth_url as string;
  const state = new URL(url).searchParams.get('state')!;
  const res = await app.inject({
    method: 'GET',
    url: `/auth/callback?code=${encodeURIComponent(`code:${discordId}`)}&state=${encodeURIComponent(state)}`,
  });
  const { fragment } = parseRedirect(res.headers.location as string);
  if (!fragment.access_token || !fragment.refresh_token) throw new Error(`login failed: ${res.headers.location}`);
  return { access: fragment.access_token, refresh: fragment.refresh_token, headers: bearer(fragment.access_token) };
}
