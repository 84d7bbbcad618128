import { REST, RESTEvents } from '@discordjs/rest';
import {
  Routes,
  type APIGuildChannel,
  type APIMessage,
  type APIGuild,
  type APIGuildMember,
  type APIRole,
  type APIDMChannel,
  type APIUser,
} from 'discord-api-types/v10';
import type {
  DiscordBotClient,
  DiscordChannel,
  DiscordGuild,
  DiscordMember,
  DiscordRole,
  IntegrationSettings,
} from '../types';
import { discord429Responses, discordBotRequests, discordRateLimited } from '../../lib/metrics';
import { IntegrationError } from '../types';
import { toIntegrationError, type BotOperation } from './botErrors';
import { unversionedBase } from './urls';
import { DISCORD_USER_AGENT_APPENDIX } from './userAgent';

export interface BotClientPolicy {
  /** retries of 5xx and timeouts (default 3, as @discordjs/rest) */
  retries?: number;
  /** per-request timeout (default 15 000 ms) */
  timeoutMs?: number;
  /** a 429 asking to wait longer than this fails with kind 'rate_limited' instead of waiting (default 10 000 ms) */
  maxRateLimitWaitMs?: number;
}

type Settings = Pick<
  IntegrationSettings,
  'discordApiBaseUrl' | 'discordBotToken' | 'discordClientId'
>;

function toRole(r: APIRole): DiscordRole {
  return {
    id: r.id,
    name: r.name,
    position: r.position,
    managed: r.managed,
    permissions: r.permissions,
  };
}

/** The bot's REST calls through @discordjs/rest, which queues per bucket, waits out 429s and retries 5xx. */
export function createDiscordBotClient(
  settings: Settings,
  policy: BotClientPolicy = {},
): DiscordBotClient {
  const maxWait = policy.maxRateLimitWaitMs ?? 10_000;
  const rest = new REST({
    api: unversionedBase(settings.discordApiBaseUrl),
    version: '10',
    retries: policy.retries ?? 3,
    timeout: policy.timeoutMs ?? 15_000,
    rejectOnRateLimit: (data) => data.retryAfter > maxWait,
    userAgentAppendix: DISCORD_USER_AGENT_APPENDIX,
  });
  rest.on(RESTEvents.RateLimited, (info) => discordRateLimited.inc({ route: info.route }));
  // RateLimited also fires for waits the client chose itself; this counts Discord's real 429s
  rest.on(RESTEvents.Response, (request, response) => {
    if (response.status === 429)
      discord429Responses.inc({
        route: request.route,
        global: String(response.headers.get('x-ratelimit-global') === 'true'),
      });
  });

  async function call<T>(operation: BotOperation, run: () => Promise<unknown>): Promise<T> {
    // @discordjs/rest forgets the token after any 401; set it each time so one bad answer is not fatal
    rest.setToken(settings.discordBotToken);
    try {
      const result = (await run()) as T;
      discordBotRequests.inc({ operation, outcome: 'ok' });
      return result;
    } catch (error) {
      const failure = toIntegrationError(error, operation);
      discordBotRequests.inc({
        operation,
        outcome: failure instanceof IntegrationError ? failure.kind : 'error',
      });
      throw failure;
    }
  }

  /** null for the codes that mean "not there"; rethrows anything else */
  async function orNull<T>(
    operation: BotOperation,
    codes: string[],
    run: () => Promise<T>,
  ): Promise<T | null> {
    try {
      return await run();
    } catch (error) {
      const mapped = toIntegrationError(error, operation);
      if (codes.includes(mapped.kind)) return null;
      throw mapped;
    }
  }

  const listRoles = (guildId: string) =>
    call<APIRole[]>('list_roles', () => rest.get(Routes.guildRoles(guildId))).then((roles) =>
      roles.map(toRole),
    );

  const getMember = (guildId: string, userId: string) =>
    orNull('get_member', ['unknown_member'], async (): Promise<DiscordMember> => {
      const m = await call<APIGuildMember>('get_member', () =>
        rest.get(Routes.guildMember(guildId, userId)),
      );
      return { user_id: m.user?.id ?? userId, nick: m.nick ?? null, roles: [...m.roles] };
    });

  /**
   * The bot's own user id, read once from Discord (`GET /users/@me` with the bot token) and kept
   * for the life of the client: apps made before 2019 have a bot user whose id is not the
   * application id, so the client id cannot stand in for it.
   */
  let botUserId: Promise<string> | undefined;
  const getBotUserId = (): Promise<string> => {
    botUserId ??= call<APIUser>('get_bot_user', () => rest.get(Routes.user())).then(
      (user) => user.id,
    );
    // a failed read is not kept: the next lookup asks again
    botUserId.catch(() => {
      botUserId = undefined;
    });
    return botUserId;
  };
  const getBotMember = async (guildId: string) => getMember(guildId, await getBotUserId());

  /** Discord pages the bot's guild list 200 at a time, by id. */
  const GUILD_PAGE = 200;
  const listBotGuildIds = async () => {
    const ids: string[] = [];
    for (let after = '0'; ;) {
      const page = await call<{ id: string }[]>('list_bot_guilds', () =>
        rest.get(Routes.userGuilds(), {
          query: new URLSearchParams({ limit: String(GUILD_PAGE), after }),
        }),
      );
      ids.push(...page.map((g) => g.id));
      if (page.length < GUILD_PAGE) return ids;
      after = page[page.length - 1]!.id;
    }
  };

  return {
    getBotUserId,
    getBotMember,
    listBotGuildIds,

    getGuild: (guildId) =>
      orNull('get_guild', ['unknown_guild', 'missing_access'], async (): Promise<DiscordGuild> => {
        const g = await call<APIGuild>('get_guild', () =>
          rest.get(Routes.guild(guildId), { query: new URLSearchParams({ with_counts: 'true' }) }),
        );
        return {
          id: g.id,
          name: g.name,
          icon: g.icon,
          owner_id: g.owner_id,
          approximate_member_count: g.approximate_member_count ?? 0,
        };
      }),

    listRoles,

    async getBotHighestRolePosition(guildId) {
      const [member, roles] = await Promise.all([getBotMember(guildId), listRoles(guildId)]);
      if (!member) return 0;
      return roles
        .filter((r) => member.roles.includes(r.id))
        .reduce((best, r) => Math.max(best, r.position), 0);
    },

    createRole: (guildId, name) =>
      call<APIRole>('create_role', () =>
        rest.post(Routes.guildRoles(guildId), {
          body: { name, permissions: '0', mentionable: false, hoist: false },
        }),
      ).then(toRole),

    getMember,

    async addMemberRole(guildId, userId, roleId) {
      await call('add_role', () => rest.put(Routes.guildMemberRole(guildId, userId, roleId)));
    },

    async removeMemberRole(guildId, userId, roleId) {
      await call('remove_role', () => rest.delete(Routes.guildMemberRole(guildId, userId, roleId)));
    },

    async editMember(guildId, userId, changes, reason) {
      await call('edit_member', () =>
        rest.patch(Routes.guildMember(guildId, userId), { body: changes, reason }),
      );
    },

    async kickMember(guildId, userId, reason) {
      await call('kick_member', () => rest.delete(Routes.guildMember(guildId, userId), { reason }));
    },

    async banMember(guildId, userId, reason) {
      await call('ban_member', () =>
        rest.put(Routes.guildBan(guildId, userId), { body: {}, reason }),
      );
    },

    async setMemberNickname(guildId, userId, nick) {
      await call('set_nickname', () =>
        rest.patch(Routes.guildMember(guildId, userId), { body: { nick } }),
      );
    },

    async sendDirectMessage(userId, content) {
      const channel = await call<APIDMChannel>('send_dm', () =>
        rest.post(Routes.userChannels(), { body: { recipient_id: userId } }),
      );
      // a server's own words may name people: a DM pings nobody (Discord's allowed_mentions)
      await call('send_dm', () =>
        rest.post(Routes.channelMessages(channel.id), {
          body: { content, allowed_mentions: { parse: [] } },
        }),
      );
    },

    listChannels: (guildId) =>
      call<(APIGuildChannel & { position?: number })[]>('list_channels', () =>
        rest.get(Routes.guildChannels(guildId)),
      ).then((channels) =>
        channels.map((c): DiscordChannel => ({
          id: c.id,
          name: c.name ?? '',
          type: c.type,
          position: c.position ?? 0,
          permission_overwrites: (c.permission_overwrites ?? []).map((o) => ({
            id: o.id,
            type: o.type,
            allow: o.allow,
            deny: o.deny,
          })),
        })),
      ),

    async postMessage(channelId, message) {
      const posted = await call<APIMessage>('post_message', () =>
        rest.post(Routes.channelMessages(channelId), {
          // the log names members and staff: it must never ping them
          body: { ...message, allowed_mentions: { parse: [] } },
        }),
      );
      return { id: posted.id };
    },

    async editMessage(channelId, messageId, message) {
      // every part is sent, so an edit replaces the text, the embeds and the button alike
      const body = { content: '', embeds: [], ...message, allowed_mentions: { parse: [] } };
      await call('edit_message', () =>
        rest.patch(Routes.channelMessage(channelId, messageId), { body }),
      );
    },

    async deleteMessage(channelId, messageId) {
      await call('delete_message', () => rest.delete(Routes.channelMessage(channelId, messageId)));
    },

    isBanned: (guildId, userId) =>
      orNull('get_ban', ['unknown_ban'], () =>
        call('get_ban', () => rest.get(Routes.guildBan(guildId, userId))),
      ).then((ban) => ban !== null),
  };
}
