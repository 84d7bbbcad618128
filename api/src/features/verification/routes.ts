import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { perUserLimit } from '../../lib/rate-limit';
import { verifyInServer } from './verify';
import { VERIFICATION_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

export const verificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  serve(
    app,
    VERIFICATION_ENDPOINTS.verifyInServer,
    { onRequest: app.authenticate, config: perUserLimit(ctx.settings) },
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
