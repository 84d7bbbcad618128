import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { DEFAULT_CREATED } from '../store/robloxState';
import { headshotUrl, robloxError } from './errors';

const SIZES = new Set([
  '48x48',
  '50x50',
  '60x60',
  '75x75',
  '100x100',
  '110x110',
  '150x150',
  '180x180',
  '352x352',
  '420x420',
  '720x720',
]);
const FORMATS = new Set(['png', 'jpeg', 'webp']);

export function registerRobloxUsers(app: FastifyInstance, ctx: EmulatorContext): void {
  // static path: Fastify's router matches it before /v1/users/:userId
  app.get('/v1/users/avatar-headshot', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const ids =
      typeof query.userIds === 'string'
        ? query.userIds
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [];
    if (ids.length === 0 || ids.length > 100 || ids.some((id) => !/^\d{1,16}$/.test(id))) {
      return robloxError(
        reply,
        400,
        4,
        'The requested Ids are invalid, of an invalid type or missing.',
      );
    }
    const size = typeof query.size === 'string' ? query.size : '48x48';
    if (!SIZES.has(size))
      return robloxError(
        reply,
        400,
        1,
        'The requested size is invalid. Please see documentation for valid thumbnail size.',
      );
    const format = typeof query.format === 'string' ? query.format.toLowerCase() : 'png';
    if (!FORMATS.has(format))
      return robloxError(
        reply,
        400,
        2,
        'The requested format is invalid. Please see documentation for valid thumbnail format.',
      );
    return {
      data: ids.map((raw) => {
        const id = Number(raw);
        const user = ctx.store.roblox.users.get(id);
        if (!user) return { targetId: id, state: 'Error', imageUrl: '', version: '' };
        if (user.has_headshot === false)
          return { targetId: id, state: 'Blocked', imageUrl: '', version: '' };
        return {
          targetId: id,
          state: 'Completed',
          imageUrl: headshotUrl(ctx.config.publicUrl, id),
          version: 'emulator',
        };
      }),
    };
  });

  app.get<{ Params: { userId: string } }>('/v1/users/:userId', async (request, reply) => {
    const raw = request.params.userId;
    const user = /^\d{1,16}$/.test(raw) ? ctx.store.roblox.users.get(Number(raw)) : undefined;
    if (!user) return robloxError(reply, 404, 3, 'The user id is invalid.');
    return {
      description: '',
      created: user.created ?? DEFAULT_CREATED,
      isBanned: false,
      externalAppDisplayName: null,
      hasVerifiedBadge: false,
      id: user.id,
      name: user.name,
      displayName: user.display_name,
    };
  });
}
