import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { perUserLimit } from '../../lib/rate-limit';
import { VERIFICATION_ROUTES } from '@roconnect/shared-lib/contract';
import { verifyRoute } from '@roconnect/shared-lib/contract/schemas';
import { verifyInServer } from './verify';
import { ok } from '../../lib/answer';

export const verificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.post(
    VERIFICATION_ROUTES.verifyInServer.path,
    { schema: verifyRoute, onRequest: app.authenticate, config: perUserLimit(ctx.settings) },
    async (request) => {
      const { userId } = authOf(request);
      const result = await verifyInServer(
        ctx,
        userId,
        request.body.server_id,
        request.body.account_id,
      );
      request.log.info(
        { userId, guildId: request.body.server_id, warnings: result.warnings.length },
        'verified member',
      );
      return ok(result);
    },
  );
};
