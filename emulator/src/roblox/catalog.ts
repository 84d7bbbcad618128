import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context';
import type { SeedRobloxItem } from '../seed/types';
import { robloxError } from './errors';

const ID = /^\d{1,16}$/;
const CREATED = '2020-05-01T15:05:21.543Z';
/** the creator every seeded game pass and asset shows (the emulator has no creators) */
const CREATOR = { Id: 1, Name: 'Roblox', CreatorType: 'User', CreatorTargetId: 1 };
/** a Hat: the asset type shown for every seeded catalog asset */
const HAT_ASSET_TYPE_ID = 8;
/** the most items the emulator takes in one catalog batch (send Roblox batches this small too) */
export const MAX_CATALOG_ITEMS = 120;

/** The legacy product-info shape (PascalCase) shared by game passes and economy asset details. */
function productInfo(item: SeedRobloxItem, productType: string, assetTypeId: number) {
  return {
    TargetId: item.id,
    ProductType: productType,
    AssetId: assetTypeId === 0 ? 0 : item.id,
    ProductId: item.id + 1_000_000_000,
    Name: item.name,
    Description: '',
    AssetTypeId: assetTypeId,
    Creator: CREATOR,
    IconImageAssetId: 0,
    Created: CREATED,
    Updated: CREATED,
    PriceInRobux: null,
    PriceInTickets: null,
    Sales: 0,
    IsNew: false,
    IsForSale: false,
    IsPublicDomain: false,
    IsLimited: false,
    IsLimitedUnique: false,
    Remaining: null,
    MinimumMembershipLevel: 0,
  };
}

type CatalogRequest = { itemType: 'Asset' | 'Bundle'; id: number };

/** `{items:[{itemType, id}]}` with itemType Asset/Bundle (any case) or 1/2, as catalog.roblox.com */
function readCatalogItems(body: unknown): CatalogRequest[] | string {
  const items = (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items) || items.length === 0)
    return 'The request body must be {"items": [{"itemType": "Asset", "id": 123}]}.';
  if (items.length > MAX_CATALOG_ITEMS) return `Too many items: at most ${MAX_CATALOG_ITEMS}.`;
  const out: CatalogRequest[] = [];
  for (const [i, raw] of items.entries()) {
    const { itemType, id } = (raw ?? {}) as { itemType?: unknown; id?: unknown };
    const type =
      itemType === 1 || String(itemType).toLowerCase() === 'asset'
        ? 'Asset'
        : itemType === 2 || String(itemType).toLowerCase() === 'bundle'
          ? 'Bundle'
          : undefined;
    if (!type) return `items[${i}].itemType must be Asset or Bundle.`;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1)
      return `items[${i}].id must be a positive whole number.`;
    out.push({ itemType: type, id });
  }
  return out;
}

/**
 * Names of game passes and catalog assets:
 * - apis.roblox.com `GET /game-passes/v1/game-passes/{id}/product-info` (also served without the
 *   `/game-passes` prefix, for a base URL that already holds it): the PascalCase product info.
 * - economy.roblox.com `GET /v2/assets/{id}/details`: the same shape for an asset; 400 code 20
 *   when unknown, as the Economy API documents.
 * - catalog.roblox.com `POST /v1/catalog/items/details` `{items:[{itemType, id}]}`: many at once,
 *   unknown ids left out. Like every cookie-era POST it first answers 403 "Token Validation
 *   Failed" with an `x-csrf-token` header; the same call sent again with that header is answered.
 */
export function registerRobloxCatalog(app: FastifyInstance, ctx: EmulatorContext): void {
  const roblox = () => ctx.store.roblox;
  const csrfToken = randomBytes(9).toString('base64url');

  type PassParams = { Params: { gamePassId: string } };
  const gamePassInfo = async (request: FastifyRequest<PassParams>, reply: FastifyReply) => {
    const raw = request.params.gamePassId;
    const pass = ID.test(raw) ? roblox().gamepasses.get(Number(raw)) : undefined;
    if (!pass) return robloxError(reply, 404, 1, 'The game pass does not exist.');
    return productInfo(pass, 'Game Pass', 0);
  };
  app.get<PassParams>('/game-passes/v1/game-passes/:gamePassId/product-info', gamePassInfo);
  app.get<PassParams>('/v1/game-passes/:gamePassId/product-info', gamePassInfo);

  app.get<{ Params: { assetId: string } }>(
    '/v2/assets/:assetId/details',
    async (request, reply) => {
      const raw = request.params.assetId;
      if (!ID.test(raw)) return robloxError(reply, 400, 5, 'The asset id is invalid.');
      const asset = roblox().assets.get(Number(raw));
      if (!asset)
        return robloxError(reply, 400, 20, 'No Product Info found associated with the AssetId.');
      return productInfo(asset, 'User Product', HAT_ASSET_TYPE_ID);
    },
  );

  app.post(
    '/v1/catalog/items/details',
    {
      // before the body is read: clients fetch the token with an empty (or any) body
      onRequest: async (request, reply) => {
        if (request.headers['x-csrf-token'] === csrfToken) return;
        reply.header('x-csrf-token', csrfToken);
        return robloxError(reply, 403, 0, 'Token Validation Failed');
      },
    },
    async (request, reply) => {
      const items = readCatalogItems(request.body);
      if (typeof items === 'string') return robloxError(reply, 400, 0, items);
      const data = [];
      for (const { itemType, id } of items) {
        const asset = itemType === 'Asset' ? roblox().assets.get(id) : undefined;
        if (!asset) continue; // unknown (and every bundle): left out, as Roblox does
        data.push({
          id: asset.id,
          itemType: 'Asset',
          assetType: HAT_ASSET_TYPE_ID,
          name: asset.name,
          description: '',
          productId: asset.id + 1_000_000_000,
          genres: ['All'],
          itemStatus: [],
          itemRestrictions: [],
          creatorHasVerifiedBadge: false,
          creatorType: 'User',
          creatorTargetId: CREATOR.Id,
          creatorName: CREATOR.Name,
          price: null,
          purchaseCount: 0,
          favoriteCount: 0,
          offSaleDeadline: null,
          saleLocationType: 'NotApplicable',
          isOffSale: true,
        });
      }
      return { data };
    },
  );
}
