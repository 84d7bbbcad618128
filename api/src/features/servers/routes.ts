import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { configRoutes } from './config-routes';
import { editRoutes } from './edit-routes';
import { setupRoutes } from './setup-routes';
import { unverifiedRoleRoute } from './unverified-role-route';
import { rulesRoutes } from './rules-routes';

/** Every /api/v1/server/{id}/* route: the caller must manage the server (see access.ts). */
export const serverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(configRoutes);
  await app.register(setupRoutes);
  await app.register(editRoutes);
  await app.register(unverifiedRoleRoute);
  await app.register(rulesRoutes);
};
