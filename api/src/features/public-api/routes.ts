import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PUBLIC_API_ROUTES, type PublicLink } from '@roconnect/shared-lib/contract';
import { PUBLIC_API_ENDPOINTS, publicUpdateRoute } from '@roconnect/shared-lib/contract/schemas';
import type { AppContext } from '../../context';
import type { ApiKeyRow } from '../../domain/api-keys/keys';
import { linkedMember } from '../../domain/accounts/linked';
import { getConfig } from '../../domain/config/config-store';
import { findGuild } from '../../domain/guilds/access';
import { mayShowLink } from '../../domain/privacy/consent';
import { lookUpLink, type LookupTarget } from '../../domain/privacy/look-up';
import { updateMember } from '../../domain/verification/update-member';
import { conflict, notFound } from '../../lib/errors';
import { keyAuth } from './key-auth';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/** One answer for "not in the server", "not linked" and "private": a key learns nothing more. */
const noLink = () =>
  notFound('No Roblox account to show for this member in this server.', 'not_found');

/** The update's OpenAPI description: what its one 404 covers, and what still happens then. */
const UPDATE_DESCRIPTION =
  '404 not_found: the member is not in the server, has not linked Roblox, or keeps it private there ' +
  '(one answer for all three). A member who keeps it private still gets the roles the server gives, ' +
  'after the answer; the answer says nothing of it.';

/**
 * A member's link as the developer API answers it: only when their consent lets it be shown in the
 * key's server (domain/privacy), and only for a member of that server (asked of Discord). Null in
 * every other case. The database decides first, so "not linked" and "private" do the same work
 * (no Discord call), and Discord is asked only about a member who would be shown; the lookup of a
 * linked member is recorded for them.
 */
async function lookUp(
  ctx: AppContext,
  key: ApiKeyRow,
  target: LookupTarget,
): Promise<PublicLink | null> {
  const outcome = await lookUpLink(ctx.db, key.guildId, target, {
    kind: 'api_key',
    keyId: key.id,
    name: key.name,
  });
  if (outcome.status !== 'shown') return null;
  if (!(await ctx.integrations.discordBot.getMember(key.guildId, outcome.user.discordId)))
    return null;
  return {
    discord_id: outcome.user.discordId,
    roblox_id: outcome.account.robloxId,
    roblox_username: outcome.account.username,
    roblox_display_name: outcome.account.displayName,
  };
}

/**
 * The developer API other bots and games call with a server's key (api/README.md › Developer
 * API): a member's link by Discord or Roblox id, and an update of a member's roles, through the
 * one member-update path (updateMember) as staff's /update.
 */
export const publicApiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { gate, record } = keyAuth(app, ctx.settings);
  app.addHook('onRequest', gate);
  app.addHook('onSend', async (request, reply, payload) => {
    await record(request, reply);
    return payload;
  });
  const key = (request: { apiKey: ApiKeyRow | null }) => request.apiKey!;

  serve(app, PUBLIC_API_ENDPOINTS.member, {}, async (request) => {
    const link = await lookUp(ctx, key(request), { discordId: request.params.discord_id });
    if (!link) throw noLink();
    return ok(link);
  });

  serve(app, PUBLIC_API_ENDPOINTS.roblox, {}, async (request) => {
    const link = await lookUp(ctx, key(request), { robloxId: request.params.roblox_id });
    if (!link) throw noLink();
    return ok(link);
  });

  /**
   * Updates of members who keep their account private in the key's server, run after the 404
   * answered: one at a time per member (a repeat while one runs starts nothing), and awaited
   * before the app closes. Each was allowed by the key's and the server's rate limits.
   */
  const hidden = new Map<string, Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(hidden.values());
  });
  function updateLater(id: string, work: () => Promise<unknown>) {
    if (hidden.has(id)) return;
    const running = work()
      .then(() => undefined)
      .catch((err: unknown) => app.log.warn({ err }, 'a developer-API update failed'))
      .finally(() => hidden.delete(id));
    hidden.set(id, running);
  }

  app.post(
    PUBLIC_API_ROUTES.update.path,
    { schema: { ...publicUpdateRoute, description: UPDATE_DESCRIPTION } },
    async (request) => {
      const { guildId, id: keyId } = key(request);
      const discordId = request.params.discord_id;
      const [guild, config] = await Promise.all([
        findGuild(ctx.db, guildId),
        getConfig(ctx.db, guildId),
      ]);
      if (!guild || !config?.setupCompleted)
        throw conflict('RoConnect is not set up in this server yet.', 'not_set_up');
      const live = await ctx.integrations.discordBot.getGuild(guildId);
      if (!live)
        throw conflict('The RoConnect bot is no longer in this server.', 'bot_not_in_server');
      // Discord is asked in every case, and the database's answers (linked? shown here?) are read
      // while it answers: "not in the server", "not linked" and "private" take the same time
      const [member, { linked, shown }] = await Promise.all([
        ctx.integrations.discordBot.getMember(guildId, discordId),
        linkedMember(ctx.db, discordId).then(async (found) => ({
          linked: found,
          shown: found ? await mayShowLink(ctx.db, found.user.id, guildId) : false,
        })),
      ]);
      const memberReadAt = Date.now();
      if (!linked || !member) throw noLink();
      const update = async () => {
        const { result } = await updateMember(ctx, {
          trigger: 'api',
          askedBy: { kind: 'api_key', keyId },
          guild: { id: live.id, name: live.name, ownerDiscordId: live.owner_id },
          config,
          user: linked.user,
          account: linked.account,
          member,
          memberReadAt,
        });
        request.log.info({ keyId, guildId }, 'member updated through the developer API');
        return result;
      };
      if (!shown) {
        // Roles are the server's to give, as update-all and resync give them, so a member who
        // keeps their account private here is updated too: after the answer, which is the one a
        // member who never linked gets (docs/security.md › Developer API). Nothing in the answer,
        // its headers or its time says the member linked; the roles are what every member of the
        // server sees anyway, and no nickname is made from the Roblox account.
        updateLater(`${guildId}:${discordId}`, update);
        throw noLink();
      }
      const result = await update();
      return ok({
        discord_id: discordId,
        roles_added: result.roles_added,
        roles_removed: result.roles_removed,
        nickname_updated: result.nickname_updated,
        warnings: result.warnings,
      });
    },
  );
};
