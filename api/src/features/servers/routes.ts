import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { configRoutes } from './config-routes';
import { editRoutes } from './edit-routes';
import { setupRoutes } from './setup-routes';
import { unverifiedRoleRoute } from './unverified-role-route';
import { rulesRoutes } from './rules-routes';
import { namedPlugin } from '../../lib/named-plugin';

/** Every /api/v1/server/{id}/* route: the caller must manage the server (see access.ts). */
export const serverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(namedPlugin(configRoutes));
  await app.register(namedPlugin(setupRoutes));
  await app.register(namedPlugin(editRoutes));
  await app.register(namedPlugin(unverifiedRoleRoute));
  await app.register(namedPlugin(rulesRoutes));
};
