import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type ApiKey } from '@roconnect/shared-lib/contract';
import { authOf } from '../../context';
import {
  createApiKey,
  keysCreatedSince,
  listApiKeys,
  liveKeyCount,
  MAX_KEYS_PER_SERVER,
  revokeApiKey,
  type ApiKeyRow,
} from '../../domain/api-keys/keys';
import { recordSettingChange } from '../../domain/audit/record';
import { requireManagingCaller, requireServerAdmin } from '../../domain/guilds/access';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { DEVELOPER_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

const DAY_MS = 24 * 60 * 60 * 1000;

const toDto = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.keyPrefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * A server's developer API keys (api/README.md › Developer API): its managers list, create and
 * revoke them, rights re-read within a minute (a key reads members' links). Creating and revoking
 * are in the server's audit log.
 */
export const apiKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };

  serve(app, DEVELOPER_ENDPOINTS.apiKeys, authed, async (request) => {
    const { guild } = await requireManagingCaller(ctx, request);
    const rows = await listApiKeys(ctx.db, guild.id);
    return ok(rows.filter((r) => !r.revokedAt).map(toDto));
  });

  serve(app, DEVELOPER_ENDPOINTS.createApiKey, authed, async (request, reply) => {
    const { userId } = authOf(request);
    // a key outlives a staff role taken away: only Manage Server makes one (docs/product.md › Staff)
    const { guild } = await requireServerAdmin(ctx, userId, request.params.id);
    const name = request.body.name.trim();
    if (!name) throw badRequest('name must not be blank.');
    if ((await liveKeyCount(ctx.db, guild.id)) >= MAX_KEYS_PER_SERVER)
      throw conflict(
        `This server already has ${MAX_KEYS_PER_SERVER} API keys: revoke one it no longer uses first.`,
        'too_many_api_keys',
      );
    // revoking does not give the day's keys back: creating and revoking in a loop would
    // otherwise make new keys, each with its own rate limit, without end (docs/security.md, T8)
    const perDay = ctx.settings.developerApi.keyCreateMaxPerDay;
    if ((await keysCreatedSince(ctx.db, guild.id, new Date(Date.now() - DAY_MS))) >= perDay)
      throw conflict(
        `This server created ${perDay} API keys in the last 24 hours: try again tomorrow.`,
        'too_many_api_keys_created',
      );
    const { row, key } = await createApiKey(ctx.db, guild.id, name);
    await recordSettingChange(ctx.db, {
      guildId: guild.id,
      actorUserId: userId,
      setting: 'api_keys',
      before: null,
      after: `${name} (${row.keyPrefix}…) created`,
    });
    return reply.code(201).send(ok({ ...toDto(row), key }));
  });

  serve(app, DEVELOPER_ENDPOINTS.revokeApiKey, authed, async (request) => {
    const { userId, guild } = await requireManagingCaller(ctx, request);
    const row = await revokeApiKey(ctx.db, guild.id, request.params.key_id);
    if (!row || row.revokedAt)
      throw notFound(
        'This server has no such API key, or it was revoked already.',
        'api_key_not_found',
      );
    await recordSettingChange(ctx.db, {
      guildId: guild.id,
      actorUserId: userId,
      setting: 'api_keys',
      before: `${row.name} (${row.keyPrefix}…)`,
      after: `${row.name} (${row.keyPrefix}…) revoked`,
    });
    return ok({ id: row.id, revoked_at: new Date().toISOString() });
  });
};
