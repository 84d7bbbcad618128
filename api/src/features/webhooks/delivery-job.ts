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
import type PgBoss from 'pg-boss';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';
/** attempts after the first: with backoff from WEBHOOK_RETRY_DELAY_SECONDS (30 s) about 30 min in all */
export const WEBHOOK_RETRIES = 5;
/** how often the worker looks for retries that came due (a new delivery wakes it at once) */
const POLL_SECONDS = 2;
/** a delivery whose server already has one in flight here goes to the back, due this much later */
const DEFER_SECONDS = 2;
/** pg-boss may hand a job to another replica this long after its attempt's deadline passed */
const EXPIRY_MARGIN_SECONDS = 30;

/** What a delivery job carries; `retriesBefore`: attempts a deferred job's earlier copies used. */
interface DeliveryJob {
  deliveryId: string;
  guildId?: string;
  retriesBefore?: number;
}

export interface WebhookDeliveries {
  /** queues a delivery row that is pending (a test event, a retry): sent like every other */
  send(delivery: { id: string; guildId: string }): Promise<void>;
  /** stops following the audit log and taking new work; attempts under way are cut short */
  stop(): Promise<void>;
}

/**
 * Webhook deliveries as jobs (api/README.md › Developer API › Webhooks): each audit entry that is
 * a webhook event, in a server with a webhook, becomes a delivery row and a job; the job POSTs it
 * signed, and a failure (no answer, or not 2xx) is retried by the engine with exponential backoff
 * (pg-boss's retryBackoff) until WEBHOOK_RETRIES are spent. An address that is refused is not
 * retried. Whichever replica recorded the entry queues it; any replica sends it.
 *
 * Fair shares (docs/security.md › T3): each replica has WEBHOOK_CONCURRENCY attempts in flight,
 * at most one per server, each cut at WEBHOOK_TIMEOUT_SECONDS. A job for a server that already
 * has one in flight is not held (that would take a slot): it is queued again at the back, so one
 * server's slow endpoint holds one slot and never another server's delivery.
 */
export async function startWebhookDeliveries(
  boss: JobEngine,
  ctx: AppContext,
  log: FastifyBaseLogger,
): Promise<WebhookDeliveries> {
  const {
    allowPrivateWebhooks: allowPrivate,
    webhookRetryDelaySeconds,
    webhookTimeoutSeconds,
    webhookConcurrency,
  } = ctx.settings.developerApi;
  let stopping = false;
  const stopped = new AbortController();

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
    await send({ id, guildId: entry.guildId });
  }

  /** A pending delivery's job, with the full round of retries. */
  async function send(delivery: { id: string; guildId: string }) {
    await boss.send(
      WEBHOOK_DELIVERY_QUEUE,
      { deliveryId: delivery.id, guildId: delivery.guildId } satisfies DeliveryJob,
      jobOptions(WEBHOOK_RETRIES),
    );
    wake();
  }

  const jobOptions = (retryLimit: number, startAfter?: number) => ({
    retryLimit,
    retryDelay: webhookRetryDelaySeconds,
    retryBackoff: true,
    // a replica that dies mid-attempt leaves the job active: another takes it once this passes
    expireInSeconds: webhookTimeoutSeconds + EXPIRY_MARGIN_SECONDS,
    ...(startAfter ? { startAfter } : {}),
  });

  /** One attempt; throws to have the engine try again later. */
  async function attempt(deliveryId: string, retryCount: number) {
    if (stopping) throw new Error('The API is stopping; the delivery is tried again later.');
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
      { allowPrivate, timeoutMs: webhookTimeoutSeconds * 1000, signal: stopped.signal },
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

  /** servers with an attempt in flight in this replica, and the attempts themselves */
  const busyGuilds = new Set<string>();
  const running = new Set<Promise<void>>();
  let woken = false;
  let waiter: (() => void) | null = null;
  function wake() {
    woken = true;
    waiter?.();
  }
  /** Waits for a wake (a new delivery, a freed slot, stop) or the poll interval. */
  async function nap() {
    if (!woken)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_SECONDS * 1000);
        waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    waiter = null;
    woken = false;
  }

  async function run(job: PgBoss.JobWithMetadata<DeliveryJob>) {
    try {
      await attempt(job.data.deliveryId, (job.data.retriesBefore ?? 0) + job.retryCount);
      await boss.complete(WEBHOOK_DELIVERY_QUEUE, job.id);
    } catch (err) {
      // the engine tries again with backoff while retries are left
      await boss
        .fail(WEBHOOK_DELIVERY_QUEUE, job.id, { message: (err as Error).message })
        .catch((failErr: unknown) => log.warn({ err: failErr }, 'could not fail a webhook job'));
    }
  }

  /** Sends a job's attempt, or queues it again at the back when its server has one in flight. */
  async function dispatch(job: PgBoss.JobWithMetadata<DeliveryJob>) {
    const guildId =
      job.data.guildId ?? (await findDelivery(ctx.db, job.data.deliveryId))?.guildId ?? '';
    if (busyGuilds.has(guildId)) {
      const retriesBefore = (job.data.retriesBefore ?? 0) + job.retryCount;
      await boss.send(
        WEBHOOK_DELIVERY_QUEUE,
        { deliveryId: job.data.deliveryId, guildId, retriesBefore } satisfies DeliveryJob,
        jobOptions(Math.max(0, WEBHOOK_RETRIES - retriesBefore), DEFER_SECONDS),
      );
      await boss.complete(WEBHOOK_DELIVERY_QUEUE, job.id);
      return;
    }
    busyGuilds.add(guildId);
    const attempt = run(job)
      .catch((err: unknown) => log.warn({ err, guildId }, 'webhook delivery job failed'))
      .finally(() => {
        busyGuilds.delete(guildId);
        running.delete(attempt);
        wake();
      });
    running.add(attempt);
  }

  async function loop() {
    while (!stopping) {
      if (running.size >= webhookConcurrency) {
        await nap();
        continue;
      }
      try {
        const [job] = await boss.fetch<DeliveryJob>(WEBHOOK_DELIVERY_QUEUE, {
          batchSize: 1,
          includeMetadata: true,
        });
        if (job) await dispatch(job);
        else await nap();
      } catch (err) {
        if (!stopping) log.warn({ err }, 'could not take a webhook delivery');
        await nap();
      }
    }
  }

  await boss.createQueue(WEBHOOK_DELIVERY_QUEUE);
  const looping = loop();

  const unfollow = followAudit(ctx.db, (entry) => {
    if (stopping) return;
    void queue(entry).catch((err: unknown) =>
      log.warn({ err, guildId: entry.guildId }, 'could not queue a webhook delivery'),
    );
  });

  return {
    send,
    async stop() {
      stopping = true;
      unfollow();
      stopped.abort();
      wake();
      await looping;
      await Promise.all(running);
    },
  };
}
