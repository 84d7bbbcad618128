import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEVELOPER_ROUTES, type WebhookDelivery } from '@roconnect/shared-lib/contract';
import { putWebhookRoute, webhookDeliveriesRoute } from '@roconnect/shared-lib/contract/schemas';
import { authOf } from '../../context';
import { recordSettingChange } from '../../domain/audit/record';
import { requireLiveManager } from '../../domain/guilds/access';
import { checkWebhookUrl } from '../../domain/webhooks/address';
import {
  listDeliveries,
  removeWebhook,
  setWebhook,
  webhookUrlOf,
  type DeliveryRow,
} from '../../domain/webhooks/store';

const toDto = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  response_status: row.lastStatusCode,
  error: row.lastError,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
});

/**
 * A server's outbound webhook (api/README.md › Developer API › Webhooks): its managers set the
 * HTTPS endpoint (its signing secret answered this once) and read the latest deliveries.
 */
export const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };
  const { allowPrivateWebhooks } = ctx.settings.developerApi;

  app.put(
    DEVELOPER_ROUTES.webhook.path,
    { schema: putWebhookRoute, ...authed },
    async (request) => {
      const { userId } = authOf(request);
      const { guild } = await requireLiveManager(ctx, userId, request.params.id);
      const before = (await webhookUrlOf(ctx.db, guild.id))?.url ?? null;
      if (request.body.url === null) {
        await removeWebhook(ctx.db, guild.id);
        await recordSettingChange(ctx.db, {
          guildId: guild.id,
          actorUserId: userId,
          setting: 'webhook',
          before,
          after: null,
        });
        return { success: true as const, data: { url: null, secret: null } };
      }
      const url = (await checkWebhookUrl(request.body.url.trim(), allowPrivateWebhooks)).toString();
      const { secret } = await setWebhook(ctx.db, ctx.settings.encryptionKey, guild.id, url);
      // a new secret with the same address is a change too: the log says so
      await recordSettingChange(ctx.db, {
        guildId: guild.id,
        actorUserId: userId,
        setting: 'webhook',
        before,
        after: before === url ? `${url} (new signing secret)` : url,
      });
      return { success: true as const, data: { url, secret } };
    },
  );

  app.get(
    DEVELOPER_ROUTES.webhookDeliveries.path,
    { schema: webhookDeliveriesRoute, ...authed },
    async (request) => {
      const { guild } = await requireLiveManager(ctx, authOf(request).userId, request.params.id);
      const [webhook, deliveries] = await Promise.all([
        webhookUrlOf(ctx.db, guild.id),
        listDeliveries(ctx.db, guild.id),
      ]);
      return {
        success: true as const,
        data: {
          webhook: webhook
            ? { url: webhook.url, created_at: webhook.createdAt.toISOString() }
            : null,
          deliveries: deliveries.map(toDto),
        },
      };
    },
  );
};
