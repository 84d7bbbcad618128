import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEVELOPER_ROUTES, type WebhookDelivery } from '@roconnect/shared-lib/contract';
import { putWebhookRoute, webhookDeliveriesRoute } from '@roconnect/shared-lib/contract/schemas';
import { authOf } from '../../context';
import { recordSettingChange } from '../../domain/audit/record';
import { requireLiveManager } from '../../domain/guilds/access';
import { checkWebhookUrl, webhookOrigin } from '../../domain/webhooks/address';
import {
  listDeliveries,
  removeWebhook,
  setWebhook,
  webhookUrlOf,
  type DeliveryRow,
} from '../../domain/webhooks/store';
import { ApiError } from '../../lib/errors';

/**
 * Webhook saves a user may make a minute (every server together). Each save resolves the host
 * (DNS) and writes an audit entry that the log channel posts; removing a webhook is not counted.
 * A constant: no deployment has needed another figure.
 */
export const WEBHOOK_SAVES_PER_MINUTE = 10;
const MINUTE_MS = 60_000;

/**
 * The audit entry's after-text: the origin only (webhookOrigin), and, since the path is not shown,
 * what changed besides it.
 */
function savedText(before: string | null, url: string): string {
  const origin = webhookOrigin(url);
  if (before === url) return `${origin} (new signing secret)`;
  if (before !== null && webhookOrigin(before) === origin) return `${origin} (new path)`;
  return origin;
}

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

  // counted per user before anything is read (a stranger's loop is limited too), in the rate
  // limiter's store: Redis when it answers, so every replica counts together
  const saves = app.createRateLimit({
    max: WEBHOOK_SAVES_PER_MINUTE,
    timeWindow: MINUTE_MS,
    keyGenerator: (req) => `webhook-save-${req.auth?.userId ?? req.ip}`,
  });

  app.put(
    DEVELOPER_ROUTES.webhook.path,
    {
      schema: putWebhookRoute,
      ...authed,
      preHandler: async (request) => {
        if ((request.body as { url: string | null }).url === null) return;
        const count = await saves(request);
        if (count.isAllowed || !count.isExceeded) return;
        const seconds = Math.max(1, count.ttlInSeconds);
        throw new ApiError(
          429,
          'rate_limited',
          `You saved a webhook more than ${WEBHOOK_SAVES_PER_MINUTE} times this minute: try again in ${seconds} s.`,
          { 'retry-after': String(seconds) },
        );
      },
    },
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
          before: before === null ? null : webhookOrigin(before),
          after: null,
        });
        return { success: true as const, data: { url: null, secret: null } };
      }
      const url = (await checkWebhookUrl(request.body.url.trim(), allowPrivateWebhooks)).toString();
      const { secret } = await setWebhook(ctx.db, ctx.settings.encryptionKey, guild.id, url);
      // the audit log (and the log channel that posts it) and this log line get the origin only
      await recordSettingChange(ctx.db, {
        guildId: guild.id,
        actorUserId: userId,
        setting: 'webhook',
        before: before === null ? null : webhookOrigin(before),
        after: savedText(before, url),
      });
      request.log.info({ guildId: guild.id, origin: webhookOrigin(url) }, 'webhook saved');
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
