import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EmulatorContext } from '../context';
import type { SeedRobloxGroup } from '../seed/types';
import { robloxError } from './errors';

type GroupParams = { Params: { groupId: string } };

function findGroup(
  ctx: EmulatorContext,
  raw: string,
  reply: FastifyReply,
): SeedRobloxGroup | undefined {
  const group = /^\d{1,16}$/.test(raw) ? ctx.store.roblox.groups.get(Number(raw)) : undefined;
  if (!group) robloxError(reply, 400, 1, 'Group is invalid or does not exist.');
  return group;
}

export function registerRobloxGroups(app: FastifyInstance, ctx: EmulatorContext): void {
  const roblox = () => ctx.store.roblox;
  const memberCount = (g: SeedRobloxGroup, roleId?: number) =>
    g.members.filter((m) => roleId === undefined || m.role_id === roleId).length;

  app.get<GroupParams>('/v1/groups/:groupId', async (request, reply) => {
    const group = findGroup(ctx, request.params.groupId, reply);
    if (!group) return reply;
    const owner = roblox().owner(group);
    return {
      id: group.id,
      name: group.name,
      description: group.description ?? '',
      owner: owner
        ? {
            hasVerifiedBadge: false,
            userId: owner.id,
            username: owner.name,
            displayName: owner.display_name,
          }
        : null,
      shout: null,
      memberCount: memberCount(group),
      isBuildersClubOnly: false,
      publicEntryAllowed: true,
      hasVerifiedBadge: false,
    };
  });

  app.get<GroupParams>('/v1/groups/:groupId/roles', async (request, reply) => {
    const group = findGroup(ctx, request.params.groupId, reply);
    if (!group) return reply;
    return {
      groupId: group.id,
      roles: [...group.roles]
        .sort((a, b) => a.rank - b.rank)
        .map((r) => ({
          id: r.id,
          name: r.name,
          rank: r.rank,
          memberCount: memberCount(group, r.id),
        })),
    };
  });

  app.get<{ Params: { userId: string } }>(
    '/v2/users/:userId/groups/roles',
    async (request, reply) => {
      const raw = request.params.userId;
      const userId = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
      if (!roblox().users.has(userId))
        return robloxError(reply, 400, 3, 'The user is invalid or does not exist.');
      const data = [];
      for (const group of roblox().groups.values()) {
        const role = roblox().roleOf(group, userId);
        if (!role) continue;
        data.push({
          group: {
            id: group.id,
            name: group.name,
            memberCount: memberCount(group),
            hasVerifiedBadge: false,
          },
          role: { id: role.id, name: role.name, rank: role.rank },
        });
      }
      return { data };
    },
  );
}
