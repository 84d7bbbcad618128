import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { WebhookDelivery } from '@roconnect/shared-lib/contract';
import { DEVELOPER_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { authOf } from '../../context';
import { recordSettingChange } from '../../domain/audit/record';
import { requireManagingCaller, requireServerAdmin } from '../../domain/guilds/access';
import { checkWebhookUrl, webhookOrigin } from '../../domain/webhooks/address';
import { webhookTestPayload } from '../../domain/webhooks/events';
import {
  createDelivery,
  findDelivery,
  listDeliveries,
  removeWebhook,
  reopenDelivery,
  setWebhook,
  webhookUrlOf,
  type DeliveryRow,
} from '../../domain/webhooks/store';
import { ApiError, conflict, notFound } from '../../lib/errors';
import type { WebhookDeliveries } from './delivery-job';
import { countOrRefuse, type RequestCount } from '../../lib/route-limits';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

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

const noWebhook = () => conflict('This server has no webhook: save one first.', 'no_webhook');

/**
 * A server's outbound webhook (api/README.md › Developer API › Webhooks): its managers set the
 * HTTPS endpoint (its signing secret answered this once), read the latest deliveries, send a test
 * event and send a failed delivery again.
 */
export const webhookRoutes: FastifyPluginAsyncTypebox<{
  deliveries: WebhookDeliveries | null;
}> = async (app, { deliveries: sender }) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };
  const { allowPrivateWebhooks } = ctx.settings.developerApi;

  // counted per user before anything is read (a stranger's loop is limited too), in the rate
  // limiter's store: Redis when it answers, so every replica counts together
  const limiter = (kind: string) =>
    app.createRateLimit({
      max: WEBHOOK_SAVES_PER_MINUTE,
      timeWindow: MINUTE_MS,
      keyGenerator: (req) => `webhook-${kind}-${req.auth?.userId ?? req.ip}`,
    });
  const limited = (count: RequestCount, what: string) => (request: FastifyRequest) =>
    countOrRefuse(
      count,
      request,
      (seconds) =>
        `You ${what} more than ${WEBHOOK_SAVES_PER_MINUTE} times this minute: try again in ${seconds} s.`,
    );
  const saves = limited(limiter('save'), 'saved a webhook');
  // a test and a retry each POST to the endpoint: counted together, like saves
  const sends = limited(limiter('send'), 'sent webhook deliveries');
  const sending = { ...authed, preHandler: sends };

  /** What sends deliveries; 503 where this API runs no jobs (asked before anything is written). */
  function deliveriesSender(): WebhookDeliveries {
    if (!sender)
      throw new ApiError(
        503,
        'deliveries_unavailable',
        'Webhook deliveries are not running on this API: try again later.',
      );
    return sender;
  }

  serve(
    app,
    DEVELOPER_ENDPOINTS.webhook,
    {
      ...authed,
      preHandler: async (request) => {
        if ((request.body as { url: string | null }).url === null) return;
        await saves(request);
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      // a webhook outlives a staff role taken away: only Manage Server sets one (docs/product.md › Staff)
      const { guild } = await requireServerAdmin(ctx, userId, request.params.id);
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
        return ok({ url: null, secret: null });
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
      return ok({ url, secret });
    },
  );

  serve(app, DEVELOPER_ENDPOINTS.webhookDeliveries, authed, async (request) => {
    const { guild } = await requireManagingCaller(ctx, request);
    const [webhook, deliveries] = await Promise.all([
      webhookUrlOf(ctx.db, guild.id),
      listDeliveries(ctx.db, guild.id),
    ]);
    return ok({
      webhook: webhook ? { url: webhook.url, created_at: webhook.createdAt.toISOString() } : null,
      deliveries: deliveries.map(toDto),
    });
  });

  serve(app, DEVELOPER_ENDPOINTS.testWebhook, sending, async (request, reply) => {
    const { userId, guild } = await requireManagingCaller(ctx, request);
    const webhook = await webhookUrlOf(ctx.db, guild.id);
    if (!webhook) throw noWebhook();
    const send = deliveriesSender();
    const id = randomUUID();
    const delivery = await createDelivery(ctx.db, {
      id,
      guildId: guild.id,
      event: 'webhook.test',
      body: JSON.stringify(webhookTestPayload(id, guild.id)),
    });
    await send.send({ id, guildId: guild.id });
    await recordSettingChange(ctx.db, {
      guildId: guild.id,
      actorUserId: userId,
      setting: 'webhook_test',
      before: null,
      after: `test event sent to ${webhookOrigin(webhook.url)}`,
    });
    return reply.code(202).send(ok(toDto(delivery)));
  });

  serve(app, DEVELOPER_ENDPOINTS.retryWebhookDelivery, sending, async (request, reply) => {
    const { userId, guild } = await requireManagingCaller(ctx, request);
    const found = await findDelivery(ctx.db, request.params.delivery_id);
    // another server's delivery is not told apart from none
    if (!found || found.guildId !== guild.id)
      throw notFound('This server has no such webhook delivery.', 'delivery_not_found');
    if (found.status !== 'failed')
      throw conflict(
        `This delivery is ${found.status}: only a failed delivery can be sent again.`,
        'delivery_not_failed',
      );
    const webhook = await webhookUrlOf(ctx.db, guild.id);
    if (!webhook) throw noWebhook();
    if (found.body === null)
      throw conflict(
        'This delivery can no longer be sent again: its content is not kept.',
        'delivery_not_kept',
      );
    const send = deliveriesSender();
    const reopened = await reopenDelivery(ctx.db, guild.id, found.id);
    if (!reopened)
      throw conflict('This delivery is being sent again already.', 'delivery_not_failed');
    await send.send({ id: reopened.id, guildId: guild.id });
    await recordSettingChange(ctx.db, {
      guildId: guild.id,
      actorUserId: userId,
      setting: 'webhook_retry',
      before: null,
      after: `${found.event} delivery ${found.id} sent again to ${webhookOrigin(webhook.url)}`,
    });
    return reply.code(202).send(ok(toDto(reopened)));
  });
};
