import fp from 'fastify-plugin';
import { trackRedisLink } from '../lib/metrics';
import { RedisLink } from '../lib/redis';

/**
 * `app.redis`: the link to Redis when REDIS_URL is set (rate-limit counts shared by every
 * replica), null when it is not (one process). Its state is the roconnect_redis_up metric.
 */
export const redisPlugin = fp(
  async (app) => {
    const { redisUrl } = app.ctx.settings;
    const redis = redisUrl ? new RedisLink(redisUrl, app.log) : null;
    if (redis) {
      const untrack = trackRedisLink(() => redis.up);
      app.addHook('onClose', async () => {
        untrack();
        await redis.close();
      });
    }
    app.decorate('redis', redis);
  },
  { name: 'redis', dependencies: ['context'] },
);
