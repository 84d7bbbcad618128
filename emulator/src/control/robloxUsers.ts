import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EmulatorContext } from '../context';
import type { RobloxUser } from '../store/robloxState';

const ID = /^\d{1,16}$/;
type Obj = Record<string, unknown>;
type UserParams = { Params: { userId: string } };
type UserItemParams = { Params: { userId: string; itemId: string } };

const isDate = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));

function bad(reply: FastifyReply, message: string) {
  return reply.code(400).send({ error: 'invalid_roblox_change', message });
}

function notFound(reply: FastifyReply, message: string) {
  return reply.code(404).send({ error: 'not_found', message });
}

/** the body as an object whose keys are all in `allowed`, else the message naming what is wrong */
function readBody(body: unknown, allowed: string[]): Obj | string {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return `send a JSON object {${allowed.join(', ')}}`;
  const extra = Object.keys(body).find((k) => !allowed.includes(k));
  return extra === undefined ? (body as Obj) : `body.${extra} is not allowed`;
}

/** what the control answers show: the user's items as GET /__emulator/state does */
const view = (user: RobloxUser) => ({
  id: user.id,
  name: user.name,
  created: user.created,
  badges: user.badges,
  inventory: user.inventory,
  inventory_private: user.inventory_private,
});

/**
 * Roblox changes at run time, as a player would make them: earn a badge, buy a game pass or
 * asset, lose one, hide the inventory, or (for account-age rules) change when the account was made.
 * - `POST /__emulator/roblox/users/{id}/badges` `{badge_id, awarded_date?}`, `DELETE …/badges/{badge_id}`
 * - `POST /__emulator/roblox/users/{id}/inventory` `{item_id}`, `DELETE …/inventory/{item_id}`
 * - `PUT /__emulator/roblox/users/{id}` `{inventory_private?, created?}`
 */
export function registerRobloxUserControl(app: FastifyInstance, ctx: EmulatorContext): void {
  const roblox = () => ctx.store.roblox;
  const findUser = (raw: string, reply: FastifyReply): RobloxUser | undefined => {
    const user = ID.test(raw) ? roblox().users.get(Number(raw)) : undefined;
    if (!user) notFound(reply, `There is no Roblox user ${raw}.`);
    return user;
  };
  /** `DELETE …/{list}/{item_id}`: the item taken from the user, else 404 "{name} {notHeld} {id}." */
  const removeItem = (
    list: 'badges' | 'inventory',
    remove: (user: RobloxUser, id: number) => boolean,
    notHeld: string,
  ) =>
    app.delete<UserItemParams>(
      `/__emulator/roblox/users/:userId/${list}/:itemId`,
      async (request, reply) => {
        const user = findUser(request.params.userId, reply);
        if (!user) return reply;
        const raw = request.params.itemId;
        if (!ID.test(raw) || !remove(user, Number(raw)))
          return notFound(reply, `${user.name} ${notHeld} ${raw}.`);
        return view(user);
      },
    );

  app.post<UserParams>('/__emulator/roblox/users/:userId/badges', async (request, reply) => {
    const user = findUser(request.params.userId, reply);
    if (!user) return reply;
    const body = readBody(request.body, ['badge_id', 'awarded_date']);
    if (typeof body === 'string') return bad(reply, body);
    const { badge_id: badgeId, awarded_date: date } = body;
    if (typeof badgeId !== 'number' || !roblox().badges.has(badgeId))
      return bad(reply, 'body.badge_id must be the id of a badge in roblox.badges');
    if (date !== undefined && !isDate(date))
      return bad(reply, 'body.awarded_date must be an ISO 8601 date string');
    roblox().award(user, badgeId, date as string | undefined);
    return view(user);
  });

  removeItem('badges', (user, id) => roblox().revokeBadge(user, id), 'does not hold badge');

  app.post<UserParams>('/__emulator/roblox/users/:userId/inventory', async (request, reply) => {
    const user = findUser(request.params.userId, reply);
    if (!user) return reply;
    const body = readBody(request.body, ['item_id']);
    if (typeof body === 'string') return bad(reply, body);
    const id = body.item_id;
    if (typeof id !== 'number' || !(roblox().gamepasses.has(id) || roblox().assets.has(id)))
      return bad(
        reply,
        'body.item_id must be the id of a game pass in roblox.gamepasses or an asset in roblox.assets',
      );
    roblox().grant(user, id);
    return view(user);
  });

  removeItem('inventory', (user, id) => roblox().revokeItem(user, id), 'does not own item');

  app.put<UserParams>('/__emulator/roblox/users/:userId', async (request, reply) => {
    const user = findUser(request.params.userId, reply);
    if (!user) return reply;
    const body = readBody(request.body, ['inventory_private', 'created']);
    if (typeof body === 'string') return bad(reply, body);
    const { inventory_private: hidden, created } = body;
    if (hidden !== undefined && typeof hidden !== 'boolean')
      return bad(reply, 'body.inventory_private must be true or false');
    if (created !== undefined && !isDate(created))
      return bad(reply, 'body.created must be an ISO 8601 date string');
    if (hidden !== undefined) user.inventory_private = hidden;
    if (created !== undefined) user.created = new Date(created as string).toISOString();
    return view(user);
  });
}
