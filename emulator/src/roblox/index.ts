import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { registerRobloxBadges } from './badges';
import { registerRobloxCatalog } from './catalog';
import { registerRobloxConsent } from './consent';
import { registerRobloxGroups } from './groups';
import { registerRobloxInventory } from './inventory';
import { registerRobloxToken } from './token';
import { registerRobloxUserInfo } from './userinfo';
import { registerRobloxUsers } from './users';

/**
 * Roblox OAuth (apis.roblox.com/oauth) and the groups, users, thumbnails, badges, inventory,
 * game pass, economy and catalog web APIs, on one origin.
 */
export async function robloxPlugin(app: FastifyInstance, ctx: EmulatorContext): Promise<void> {
  registerRobloxConsent(app, ctx);
  registerRobloxToken(app, ctx);
  registerRobloxUserInfo(app, ctx);
  registerRobloxGroups(app, ctx);
  registerRobloxUsers(app, ctx);
  registerRobloxBadges(app, ctx);
  registerRobloxInventory(app, ctx);
  registerRobloxCatalog(app, ctx);
}
