import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { robloxError } from './errors';

const ID = /^\d{1,16}$/;

/** inventory.roblox.com's ItemType: the name (any case) or its number */
const ITEM_TYPES = ['Asset', 'GamePass', 'Badge', 'Bundle'] as const;
type ItemType = (typeof ITEM_TYPES)[number];

export function parseItemType(raw: string): ItemType | undefined {
  if (/^\d$/.test(raw)) return ITEM_TYPES[Number(raw)];
  return ITEM_TYPES.find((t) => t.toLowerCase() === raw.toLowerCase());
}

type Params = { Params: { userId: string; itemType: string; itemTargetId: string } };

/**
 * inventory.roblox.com `GET /v1/users/{userId}/items/{itemType}/{itemTargetId}`: the user's copies
 * of one item, `{previousPageCursor, nextPageCursor, data:[{type, id, name, instanceId}]}`, with
 * `data` empty when they do not own it. Errors as the Inventory API v1 documents this route: 400
 * code 1 unknown user, 5 unknown game pass, 6 unknown item type, 7 unknown asset, 10 unknown badge,
 * 12 bundle (the emulator has none); 403 code 4 when the user keeps the inventory private.
 */
export function registerRobloxInventory(app: FastifyInstance, ctx: EmulatorContext): void {
  const roblox = () => ctx.store.roblox;

  app.get<Params>('/v1/users/:userId/items/:itemType/:itemTargetId', async (request, reply) => {
    const { userId, itemType: rawType, itemTargetId } = request.params;
    const user = ID.test(userId) ? roblox().users.get(Number(userId)) : undefined;
    if (!user) return robloxError(reply, 400, 1, 'The specified user does not exist!');
    const type = parseItemType(rawType);
    if (!type) return robloxError(reply, 400, 6, 'The specified item type does not exist.');
    const id = ID.test(itemTargetId) ? Number(itemTargetId) : NaN;

    let item: { id: number; name: string } | undefined;
    if (type === 'GamePass') {
      item = roblox().gamepasses.get(id);
      if (!item)
        return robloxError(
          reply,
          400,
          5,
          'The specified game pass does not exist! Are you using the new game pass ID?',
        );
    } else if (type === 'Asset') {
      item = roblox().assets.get(id);
      if (!item) return robloxError(reply, 400, 7, 'The specified Asset does not exist!');
    } else if (type === 'Badge') {
      item = roblox().badges.get(id);
      if (!item) return robloxError(reply, 400, 10, 'The specified asset is not a badge!');
    } else {
      return robloxError(reply, 400, 12, 'The specified bundle does not exist!');
    }

    // "Who can see my inventory?" set to No one: Roblox refuses rather than answering "not owned"
    if (user.inventory_private)
      return robloxError(reply, 403, 4, "You don't have permissions for the specificed user.");

    const owned =
      type === 'Badge'
        ? roblox().awardedDate(user, item.id) !== undefined
        : roblox().owns(user, item.id);
    return {
      previousPageCursor: null,
      nextPageCursor: null,
      data: owned
        ? [
            {
              type,
              id: item.id,
              name: item.name,
              instanceId: type === 'Asset' ? roblox().instanceId(user, item.id) : null,
            },
          ]
        : [],
    };
  });
}
