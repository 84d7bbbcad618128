import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors';
import { liveSessionCache } from '../domain/sessions/session-cache';
import { accessTokenVerifier } from '../domain/sessions/tokens';

/** Decorates `app.authenticate`: Bearer access token → live server-side session → `request.auth`. */
export function registerAuthenticate(app: FastifyInstance) {
  const sessions = liveSessionCache(app.ctx.db, app.changes);
  app.addHook('onClose', async () => sessions.close());
  const verify = accessTokenVerifier(app.ctx.settings.jwtSecret);
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match =
      typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/.exec(header) : null;
    if (!match)
      throw unauthorized(
        'Sign in to continue: send Authorization: Bearer <access_token>.',
        'missing_token',
      );
    const claims = await verify(match[1]!);
    if (!claims)
      throw unauthorized('Your access token is not valid or has expired.', 'invalid_token');
    const session = await sessions.find(claims.sessionId);
    if (!session || session.userId !== claims.userId) {
      throw unauthorized('This session has ended. Please sign in again.', 'session_revoked');
    }
    request.auth = { userId: claims.userId, sessionId: claims.sessionId };
  });
}
