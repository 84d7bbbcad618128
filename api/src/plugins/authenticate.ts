import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors';
import { findLiveSession } from '../features/auth/sessions';
import { verifyAccessToken } from '../features/auth/tokens';

/** Decorates `app.authenticate`: Bearer access token → live server-side session → `request.auth`. */
export function registerAuthenticate(app: FastifyInstance) {
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
    const claims = await verifyAccessToken(app.ctx.settings.jwtSecret, match[1]!);
    if (!claims)
      throw unauthorized('Your access token is not valid or has expired.', 'invalid_token');
    const session = await findLiveSession(app.ctx.db, claims.sessionId);
    if (!session || session.userId !== claims.userId) {
      throw unauthorized('This session has ended. Please sign in again.', 'session_revoked');
    }
    request.auth = { userId: claims.userId, sessionId: claims.sessionId };
  });
}
