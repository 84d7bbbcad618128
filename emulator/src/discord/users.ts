import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { hasScope, identifyCaller, requireBot } from './auth';
import { discordError, DiscordErrors } from './errors';
import { userGuildJson, userJson } from '../views';

function queryOf(value: unknown): Record<string, string | undefined> {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, string | undefined>)
    : {};
}

export function registerDiscordUsers(app: FastifyInstance, ctx: EmulatorContext): void {
  const discord = () => ctx.store.discord;

  app.get('/users/@me', async (request, reply) => {
    const caller = identifyCaller(ctx, request);
    if (!caller) return DiscordErrors.unauthorized(reply);
    const id = caller.kind === 'bot' ? ctx.config.botUserId : caller.access.userId;
    if (caller.kind === 'user' && !hasScope(caller.access, 'identify'))
      return DiscordErrors.unauthorized(reply);
    const user = discord().users.get(id);
    if (!user) return DiscordErrors.unauthorized(reply);
    return userJson(user);
  });

  app.get('/users/@me/guilds', async (request, reply) => {
    const caller = identifyCaller(ctx, request);
    if (!caller) return DiscordErrors.unauthorized(reply);
    if (caller.kind === 'user' && !hasScope(caller.access, 'guilds'))
      return DiscordErrors.missingAccess(reply);
    const userId = caller.kind === 'bot' ? ctx.config.botUserId : caller.access.userId;
    const query = queryOf(request.query);
    const limit = query.limit === undefined ? 200 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
      return DiscordErrors.invalidForm(
        reply,
        'limit',
        'NUMBER_TYPE_MAX',
        'int value should be between 1 and 200.',
      );
    }
    const after = query.after !== undefined && /^\d+$/.test(query.after) ? BigInt(query.after) : 0n;
    const withCounts = query.with_counts === 'true';
    return [...discord().guilds.values()]
      .filter((g) => g.members.has(userId) && (caller.kind === 'user' || g.bot_present))
      .filter((g) => BigInt(g.id) > after)
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
      .slice(0, limit)
      .map((g) => userGuildJson(ctx, g, userId, withCounts));
  });

  app.post('/users/@me/channels', async (request, reply) => {
    if (!requireBot(ctx, request, reply)) return reply;
    const body = request.body as { recipient_id?: unknown } | null | undefined;
    const recipientId = body && typeof body === 'object' ? body.recipient_id : undefined;
    if (typeof recipientId !== 'string' || !/^\d{17,20}$/.test(recipientId)) {
      return DiscordErrors.invalidForm(
        reply,
        'recipient_id',
        'NUMBER_TYPE_COERCE',
        'Value is not snowflake.',
      );
    }
    const recipient = discord().users.get(recipientId);
    if (!recipient || recipient.bot) return discordError(reply, 400, 50033, 'Invalid Recipient(s)');
    // Discord limits how fast a bot opens DMs (emulator/README.md › Discord, 40003)
    if (!ctx.rateLimiter.takeDmOpen())
      return discordError(reply, 403, 40003, 'You are opening direct messages too fast');
    // one stable DM channel per recipient
    let channelId = [...discord().dmChannels].find(([, user]) => user === recipientId)?.[0];
    if (!channelId) {
      channelId = discord().newId();
      discord().dmChannels.set(channelId, recipientId);
    }
    return {
      id: channelId,
      type: 1,
      last_message_id: null,
      flags: 0,
      recipients: [userJson(recipient)],
    };
  });
}
