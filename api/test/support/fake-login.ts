import type { FastifyInstance } from 'fastify';
import { bearer, parseRedirect } from './app';

export interface Session {
  access: string;
  refresh: string;
  headers: { authorization: string };
  /** the browser's OAuth binding cookie, as a Cookie header value */
  cookie: string;
}

/** A call to the app as `s`, with `payload` as its JSON body when there is one. */
export function callAs(
  app: FastifyInstance,
  s: Session,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: s.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** What /auth/me answers with `headers`: 200 while the session they name lasts, else 401. */
export async function meStatus(
  app: FastifyInstance,
  headers: { authorization: string },
): Promise<number> {
  return (await app.inject({ method: 'GET', url: '/auth/me', headers })).statusCode;
}

/** The `name=value` of the cookie a response set (the browser binding), for the next request. */
export function cookieFrom(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (typeof first !== 'string') throw new Error('no cookie was set');
  return first.split(';')[0]!;
}

/** Starts a Discord login as a browser would: the authorize URL's state and the binding cookie. */
export async function startLogin(app: FastifyInstance, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: '/auth/discord-url', headers });
  const state = new URL(res.json().data.auth_url).searchParams.get('state')!;
  return { state, cookie: cookieFrom(res) };
}

/** Signs a fake Discord user in through /auth/discord-url and /auth/callback, in one browser. */
export async function loginAs(app: FastifyInstance, discordId: string): Promise<Session> {
  const { state, cookie } = await startLogin(app);
  const res = await app.inject({
    method: 'GET',
    url: `/auth/callback?code=${encodeURIComponent(`code:${discordId}`)}&state=${encodeURIComponent(state)}`,
    headers: { cookie },
  });
  const { fragment } = parseRedirect(res.headers.location as string);
  if (!fragment.access_token || !fragment.refresh_token)
    throw new Error(`login failed: ${res.headers.location}`);
  return {
    access: fragment.access_token,
    refresh: fragment.refresh_token,
    headers: bearer(fragment.access_token),
    cookie,
  };
}

export interface LinkedAccount {
  id: string;
  roblox_id: string;
  verified: boolean;
  roblox_avatar: string | null;
  [more: string]: unknown;
}

/** The signed-in user's linked Roblox accounts, as the dashboard lists them. */
export async function linkedAccountsOf(
  app: FastifyInstance,
  s: { headers: Record<string, string> },
): Promise<LinkedAccount[]> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/dashboard/user/linked-accounts',
    headers: s.headers,
  });
  if (res.statusCode !== 200) throw new Error(`linked-accounts: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** The URL a route answers (`data[field]`) when the session asks for it in its own browser. */
async function urlAnswered(
  app: FastifyInstance,
  session: Session,
  url: string,
  field: string,
): Promise<URL> {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { ...session.headers, cookie: session.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return new URL(res.json().data[field]);
}

/** Starts a Roblox link in the session's browser: the authorize URL /roblox/auth-url answers. */
export const robloxAuthUrl = (app: FastifyInstance, session: Session) =>
  urlAnswered(app, session, '/roblox/auth-url', 'auth_url');

/** Starts adding the bot to `guildId` in the session's browser: the invite URL the API answers. */
export const botInviteUrl = (app: FastifyInstance, session: Session, guildId: string) =>
  urlAnswered(app, session, `/api/v1/dashboard/bot/invite-url?server_id=${guildId}`, 'invite_url');

/** Links a fake Roblox account to the signed-in user through /roblox/auth-url and /roblox/callback. */
export async function linkRoblox(app: FastifyInstance, session: Session, robloxId: string) {
  const state = (await robloxAuthUrl(app, session)).searchParams.get('state')!;
  const res = await app.inject({
    method: 'GET',
    url: `/roblox/callback?code=rcode:${robloxId}&state=${encodeURIComponent(state)}`,
    headers: { cookie: session.cookie },
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
