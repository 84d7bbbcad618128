import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest, forbidden, unauthorized } from '../../lib/errors';
import { consoleLimits } from '../../lib/route-limits';
import { getUser } from '../../domain/accounts/users';
import { requireManagingCaller } from '../../domain/guilds/access';
import { loadGrantContext } from '../../domain/roles/role-safety';
import { requireBot } from '../../domain/roles/validate';
import { getConfig } from '../../domain/config/config-store';
import { requireRemovalChoice } from '../../domain/rules/removal-rights';
import {
  applyImport,
  exportConfig,
  planImport,
  readLiveServer,
} from '../../domain/config-backup/backup';
import {
  CONFIG_BACKUP_ENDPOINTS,
  CONFIG_BACKUP_VERSION,
  CONFIG_IMPORT_MAX_BYTES,
} from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/**
 * GET …/config/export and POST …/config/import?dry_run= (docs/product.md › Backup and import).
 * Both read the server's roles and channels through the bot, so both are limited like the edit
 * page. An import is held to what the caller could set by hand: roles the bot gives pass the role
 * checks, kick or ban needs the caller's own right, and staff roles need Manage Server.
 */
export const configBackupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const limits = consoleLimits(app, ctx.settings, 'config-backup');

  serve(app, CONFIG_BACKUP_ENDPOINTS.export, limits.options, async (request) => {
    const { guild } = await requireManagingCaller(ctx, request, limits);
    requireBot(guild);
    return ok(await exportConfig(ctx, await readLiveServer(ctx, guild.id)));
  });

  serve(
    app,
    CONFIG_BACKUP_ENDPOINTS.import,
    {
      ...limits.options,
      bodyLimit: CONFIG_IMPORT_MAX_BYTES,
      // an unknown version is named as such, before the schema of version 1 judges its fields
      preValidation: async (request) => {
        const version = (request.body as { version?: unknown } | null)?.version;
        if (version !== CONFIG_BACKUP_VERSION)
          throw badRequest(
            version === undefined
              ? 'body.version is missing: this is not a RoConnect configuration backup.'
              : `body.version: this backup is version ${JSON.stringify(version)}; RoConnect reads version ${CONFIG_BACKUP_VERSION}.`,
            'unsupported_version',
          );
      },
    },
    async (request) => {
      const { userId, guild, membership, delegated } = await requireManagingCaller(
        ctx,
        request,
        limits,
      );
      requireBot(guild);
      const dryRun = request.query.dry_run;
      const live = await readLiveServer(ctx, guild.id);
      const grant = await loadGrantContext(ctx, guild.id, userId, membership.owner);
      const plan = await planImport(ctx, live, request.body, grant, dryRun);
      if (plan.staffChanged && delegated)
        throw forbidden(
          'body.staff_roles: only the server owner and members with Manage Server or Administrator can change the staff roles. Leave them as they are in the file, or ask one of them to import it.',
          'manage_server_only',
        );
      const action = request.body.restrictions.action;
      const current = await getConfig(ctx.db, guild.id);
      if (action !== 'deny') {
        // the same checks as PUT …/edit/restrictions: the caller could do it, and so can the bot
        const caller = await getUser(ctx.db, userId);
        if (!caller) throw unauthorized();
        await requireRemovalChoice(ctx, guild.id, caller.discordId, action);
        if (
          current?.restrictionAction !== action ||
          current.restrictionChosenBy !== caller.discordId
        )
          plan.patch.restrictionChosenBy = caller.discordId;
      }
      if (dryRun) return ok(plan.result);
      await applyImport(ctx.db, guild.id, userId, plan);
      request.log.info(
        { guildId: guild.id, changes: plan.result.changes.length },
        'configuration imported',
      );
      return ok({ ...plan.result, applied: true });
    },
  );
};
