import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { headshotUrl } from './errors';

export function registerRobloxUserInfo(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get('/oauth/v1/userinfo', async (request, reply) => {
    const header = request.headers.authorization;
    const token =
      typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const access = token ? ctx.store.robloxOAuth.lookupAccess(token) : undefined;
    const user = access ? ctx.store.roblox.users.get(Number(access.userId)) : undefined;
    if (!access || !user) {
      reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      return reply.code(401).send({
        error: 'invalid_token',
        error_description: 'The access token is invalid or expired.',
      });
    }
    const sub = String(user.id);
    if (!access.scope.split(' ').includes('profile')) return { sub };
    return {
      sub,
      name: user.display_name,
      nickname: user.display_name,
      preferred_username: user.name,
      created_at: Math.floor(Date.parse(user.created ?? '2015-01-01T00:00:00.000Z') / 1000),
      profile: `https://www.roblox.com/users/${sub}/profile`,
      picture: user.has_headshot === false ? null : headshotUrl(ctx.config.publicUrl, user.id),
    };
  });
}
