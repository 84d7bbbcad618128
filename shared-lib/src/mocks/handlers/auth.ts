import { HttpResponse } from 'msw';
import { AUTH_ROUTES, ROBLOX_ROUTES } from '../../contract/apiRoutes';
import { API_PATHS } from '../../contract/paths';
import type { MockDb } from '../db';
import { nextToken } from '../db';
import { fail, ok, readJsonObject, requireCaller } from '../respond';
import { handle } from './route';

const DISCORD_AUTHORIZE = 'https://discord.com/oauth2/authorize';
const ROBLOX_AUTHORIZE = 'https://apis.roblox.com/oauth/v1/authorize';

/** The web app's origin for OAuth redirects: the page's own in a browser. */
function appOrigin(): string {
  return typeof window !== 'undefined' ? window.location.origin : 'http://localhost:8080';
}

export function authHandlers(db: MockDb) {
  let loginCheckSeen: string | null = null;
  return [
    handle(AUTH_ROUTES.discordUrl, ({ request }) => {
      // like the API: the tab's login check comes back in the login fragment
      loginCheckSeen = request.headers.get('x-login-check');
      const query = new URLSearchParams({
        client_id: 'mock-client-id',
        response_type: 'code',
        scope: 'identify guilds',
        state: 'mock-state',
        redirect_uri: `${appOrigin()}${API_PATHS.authCallback}`,
      });
      return ok({ auth_url: `${DISCORD_AUTHORIZE}?${query}` });
    }),

    // Discord's redirect target; a browser navigation in real life, so it answers with a redirect.
    handle(AUTH_ROUTES.callback, () => {
      const session = db.sessions.find((s) => !s.revoked);
      if (!session) {
        return HttpResponse.redirect(`${appOrigin()}/auth/callback?error=access_denied`, 302);
      }
      const check = loginCheckSeen ? `&check=${loginCheckSeen}` : '';
      const fragment = `code=mock-code&access_token=${session.access_token}&refresh_token=${session.refresh_token}${check}`;
      return HttpResponse.redirect(`${appOrigin()}/auth/callback#${fragment}`, 302);
    }),

    handle(AUTH_ROUTES.refresh, async ({ request }) => {
      const body = await readJsonObject(request);
      const token = body.refresh_token;
      if (typeof token !== 'string' || !token) {
        return fail(400, 'invalid_request', 'refresh_token is required.');
      }
      const reused = db.sessions.find((s) => s.used_refresh_tokens.includes(token));
      if (reused) {
        // reuse of a rotated token means it leaked: end the whole session
        reused.revoked = true;
        return fail(401, 'refresh_reused', 'This session has been ended. Sign in again.');
      }
      const session = db.sessions.find((s) => s.refresh_token === token && !s.revoked);
      if (!session) return fail(401, 'invalid_refresh_token', 'Sign in again.');
      if (session.discord_expired) {
        return fail(401, 'token_expired', 'Your Discord session has expired.', {
          'x-token-expired': 'true',
        });
      }
      session.used_refresh_tokens.push(token);
      session.access_token = nextToken(db, 'access');
      session.refresh_token = nextToken(db, 'refresh');
      return ok({
        access_token: session.access_token,
        refresh_token: session.refresh_token,
        expires_in: 900,
      });
    }),

    handle(AUTH_ROUTES.me, ({ request }) => ok(requireCaller(db, request).user)),

    handle(AUTH_ROUTES.logout, ({ request }) => {
      requireCaller(db, request).session.revoked = true;
      return ok({});
    }),
  ];
}

export function robloxHandlers(db: MockDb) {
  return [
    handle(ROBLOX_ROUTES.authUrl, ({ request }) => {
      requireCaller(db, request);
      const query = new URLSearchParams({
        client_id: 'mock-roblox-client',
        response_type: 'code',
        scope: 'openid profile',
        code_challenge: 'mock-challenge',
        code_challenge_method: 'S256',
        state: 'mock-roblox-state',
      });
      return ok({ auth_url: `${ROBLOX_AUTHORIZE}?${query}` });
    }),
    handle(ROBLOX_ROUTES.callback, () =>
      HttpResponse.redirect(`${appOrigin()}/roblox/callback?code=success&state=linked`, 302),
    ),
    handle(ROBLOX_ROUTES.status, ({ request }) => {
      requireCaller(db, request);
      return ok({ configured: db.robloxConfigured });
    }),
  ];
}
