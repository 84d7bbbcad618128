import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { notFound } from '../../lib/errors';
import { perUserLimit } from '../../lib/rate-limit';
import { bindBrowser } from '../../domain/tokens/browser-binding';
import { createState } from '../../domain/tokens/oauth-state';
import { getUser } from '../../domain/accounts/users';
import { unlinkLinkedAccount } from '../../domain/account-actions/unlink';
import {
  findAccount,
  listLinkedAccounts,
  toLinkedAccountDto,
} from '../../domain/accounts/accounts';
import { requireManager } from '../../domain/guilds/access';
import { announceCleanups, cleanUpAccount } from '../../domain/verification/unlink-cleanup';
import { verifiedInByAccount } from '../../domain/verification/verified-in';
import {
  listManageableServers,
  listUserGuildIds,
  listVerificationServers,
} from '../../domain/guilds/guild-store';
import { serverListCache } from './server-list-cache';
import { recheckBotPresence, syncBotListMaxAge, syncUserGuilds } from '../../domain/guilds/sync';
import { DASHBOARD_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };
  const limited = { ...authed, config: perUserLimit(ctx.settings) };
  const serverLists = serverListCache(ctx.db, app.changes);
  app.addHook('onClose', async () => serverLists.close());

  serve(app, DASHBOARD_ENDPOINTS.userServers, authed, async (request) =>
    ok(await serverLists.list(authOf(request).userId)),
  );

  serve(app, DASHBOARD_ENDPOINTS.syncServers, limited, async (request) => {
    const { userId } = authOf(request);
    await syncUserGuilds(ctx, userId, syncBotListMaxAge(ctx));
    return ok(await listManageableServers(ctx.db, userId));
  });

  serve(app, DASHBOARD_ENDPOINTS.verificationServers, authed, async (request) =>
    ok(await listVerificationServers(ctx.db, authOf(request).userId)),
  );

  serve(app, DASHBOARD_ENDPOINTS.linkedAccounts, authed, async (request) => {
    const accounts = await listLinkedAccounts(ctx.db, authOf(request).userId);
    const verifiedIn = await verifiedInByAccount(
      ctx.db,
      accounts.map((a) => a.id),
    );
    return ok(accounts.map((a) => toLinkedAccountDto(a, verifiedIn.get(a.id))));
  });

  serve(app, DASHBOARD_ENDPOINTS.unlink, authed, async (request) => {
    const { userId } = authOf(request);
    const account = await findAccount(ctx.db, request.params.id);
    if (!account || account.userId !== userId)
      throw notFound('You have no linked account with this id.', 'account_not_found');
    const user = request.query.remove_roles ? await getUser(ctx.db, userId) : null;
    const cleanup = user ? await cleanUpAccount(ctx, user, account) : null;
    if (!(await unlinkLinkedAccount(ctx, userId, account.id)))
      throw notFound('You have no linked account with this id.', 'account_not_found');
    // each server's log channel hears of the clean-up done there (domain/discord-log)
    if (user && cleanup) announceCleanups(ctx, user, account, cleanup);
    return ok(cleanup ? { cleanup } : {});
  });

  serve(app, DASHBOARD_ENDPOINTS.manualSync, limited, async (request) =>
    ok(await recheckBotPresence(ctx, await listUserGuildIds(ctx.db, authOf(request).userId))),
  );

  serve(app, DASHBOARD_ENDPOINTS.inviteUrl, authed, async (request, reply) => {
    const { userId } = authOf(request);
    const guildId = request.query.server_id;
    await requireManager(ctx.db, userId, guildId);
    const state = await createState(ctx.db, ctx.settings.encryptionKey, {
      purpose: 'bot_invite',
      userId,
      guildId,
      browserHash: bindBrowser(request, reply, ctx.settings),
    });
    return ok({ invite_url: ctx.integrations.discordOAuth.botInviteUrl(state, guildId) });
  });
};
