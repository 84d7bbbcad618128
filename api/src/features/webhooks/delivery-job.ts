import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { followAudit, type AuditEvent } from '../../domain/audit/record';
import { webhookEventOf, webhookPayload } from '../../domain/webhooks/events';
import { sendDelivery } from '../../domain/webhooks/send';
import {
  createDelivery,
  findDelivery,
  recordAttempt,
  webhookUrlOf,
  webhookOf,
} from '../../domain/webhooks/store';
import type { JobEngine } from '../../lib/job-engine';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';
/** attempts after the first: with backoff from WEBHOOK_RETRY_DELAY_SECONDS (30 s) about 30 min in all */
export const WEBHOOK_RETRIES = 5;
/** how often the worker looks for retries that came due (a new delivery wakes it at once) */
const POLL_SECONDS = 2;

export interface WebhookDeliveries {
  /** stops following the audit log and taking new work */
  stop(): void;
}

/**
 * Webhook deliveries as jobs (api/README.md › Developer API › Webhooks): each audit entry that is
 * a webhook event, in a server with a webhook, becomes a delivery row and a job; the job POSTs it
 * signed, and a failure (no answer, or not 2xx) is retried by the engine with exponential backoff
 * (pg-boss's retryBackoff) until WEBHOOK_RETRIES are spent. An address that is refused is not
 * retried. Whichever replica recorded the entry queues it; any replica sends it.
 */
export async function startWebhookDeliveries(
  boss: JobEngine,
  ctx: AppContext,
  log: FastifyBaseLogger,
): Promise<WebhookDeliveries> {
  const { allowPrivateWebhooks: allowPrivate, webhookRetryDelaySeconds } =
    ctx.settings.developerApi;
  let stopping = false;

  async function queue(entry: AuditEvent) {
    const event = webhookEventOf(entry);
    if (!event || !(await webhookUrlOf(ctx.db, entry.guildId))) return;
    const id = randomUUID();
    const payload = await webhookPayload(ctx.db, id, event, entry);
    if (!payload) return;
    await createDelivery(ctx.db, {
      id,
      guildId: entry.guildId,
      event,
      body: JSON.stringify(payload),
    });
    await boss.send(
      WEBHOOK_DELIVERY_QUEUE,
      { deliveryId: id },
      { retryLimit: WEBHOOK_RETRIES, retryDelay: webhookRetryDelaySeconds, retryBackoff: true },
    );
    if (!stopping) boss.notifyWorker(workerId);
  }

  /** One attempt; throws to have the engine try again later. */
  async function attempt(deliveryId: string, retryCount: number) {
    const delivery = await findDelivery(ctx.db, deliveryId);
    if (!delivery || delivery.status !== 'pending' || delivery.body === null) return;
    const target = await webhookOf(ctx.db, ctx.settings.encryptionKey, delivery.guildId);
    const last = retryCount >= WEBHOOK_RETRIES;
    if (!target) {
      await recordAttempt(ctx.db, deliveryId, {
        ok: false,
        statusCode: null,
        error: 'The webhook was removed before this was delivered.',
        final: true,
      });
      return;
    }
    const outcome = await sendDelivery(
      target,
      { id: delivery.id, event: delivery.event, body: delivery.body },
      { allowPrivate },
    );
    if (outcome.ok) {
      await recordAttempt(ctx.db, deliveryId, { ...outcome, error: null, final: true });
      return;
    }
    const final = last || outcome.permanent;
    await recordAttempt(ctx.db, deliveryId, { ...outcome, final });
    log.info(
      { deliveryId, guildId: delivery.guildId, status: outcome.statusCode, final },
      'webhook delivery failed',
    );
    if (!final) throw new Error(outcome.error);
  }

  await boss.createQueue(WEBHOOK_DELIVERY_QUEUE);
  // queue() runs only once the audit log is followed, below: workerId is set by then
  const workerId = await boss.work<{ deliveryId: string }>(
    WEBHOOK_DELIVERY_QUEUE,
    { pollingIntervalSeconds: POLL_SECONDS, includeMetadata: true, batchSize: 1 },
    async ([job]) => {
      if (job) await attempt(job.data.deliveryId, job.retryCount);
    },
  );

  const unfollow = followAudit(ctx.db, (entry) => {
    if (stopping) return;
    void queue(entry).catch((err: unknown) =>
      log.warn({ err, guildId: entry.guildId }, 'could not queue a webhook delivery'),
    );
  });

  return {
    stop() {
      stopping = true;
      unfollow();
    },
  };
}
