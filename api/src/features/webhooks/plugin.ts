import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { startWebhookDeliveries, WEBHOOK_DELIVERY_QUEUE } from './delivery-job';
import { webhookRoutes } from './routes';
import { namedPlugin } from '../../lib/named-plugin';

/** Outbound webhooks: the managers' routes, and the deliveries as jobs on the engine. */
export const webhooks: FastifyPluginAsyncTypebox = async (app) => {
  const deliveries = await app.jobs.register(WEBHOOK_DELIVERY_QUEUE, (engine) =>
    startWebhookDeliveries(engine, app.ctx, app.log),
  );
  if (deliveries) app.addHook('preClose', async () => deliveries.stop());
  await app.register(namedPlugin(webhookRoutes), { deliveries });
};
