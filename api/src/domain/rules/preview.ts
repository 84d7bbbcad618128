import type {
  BindsPreviewData,
  PreviewRefusal,
  Restrictions,
} from '@roconnect/shared-lib/contract';
import type { DiscordRole } from '../../integrations/types';
import { dangerousPermission } from '../roles/role-safety';
import { judgeBinds, type RuleBind } from '@roconnect/shared-lib/contract';
import type { StoredMemberFacts } from './member-facts';
import { restrictionReason } from './restrictions';

/** What the preview knows of the server besides its members. */
export interface PreviewServer {
  guildId: string;
  /** the server's live roles and the bot's highest position (role-safety's GrantContext) */
  roles: DiscordRole[];
  botTop: number;
  restrictions: Restrictions;
  roleBypassRoleIds: readonly string[];
  /** roles the binds would create by name: `new:<name>` → name */
  newRoles: ReadonlyMap<string, string>;
}

/** Why the bot cannot give a bound role, as the preview and the verify answer say it. */
export function roleRefusal(
  roleId: string,
  roleName: string,
  server: Pick<PreviewServer, 'guildId' | 'roles' | 'botTop' | 'newRoles'>,
): PreviewRefusal | null {
  if (server.newRoles.has(roleId)) return null;
  const role = server.roles.find((r) => r.id === roleId);
  const refusal = (code: PreviewRefusal['code'], reason: string) => ({
    role_id: roleId,
    role_name: role?.name ?? roleName,
    code,
    reason,
  });
  if (!role || role.id === server.guildId) return refusal('deleted', 'the role was deleted');
  if (role.managed) return refusal('managed', `${role.name} belongs to an integration`);
  const permission = dangerousPermission(role);
  if (permission) return refusal('too_powerful', `${role.name} has the ${permission} permission`);
  if (role.position >= server.botTop)
    return refusal('above_bot', `RoConnect's role is below ${role.name}`);
  return null;
}

/**
 * What a list of binds would do to the verified members, from what each last showed Roblox
 * (docs/product.md › Binds preview), as an update of all members would do it now: a member with
 * a role-bypass role is left alone, one a restriction catches loses every bound role, the others
 * gain each bound role they earn and lose each one they hold and do not. A bind the stored facts
 * cannot answer (an item never asked about) counts the member as unknown for that role.
 */
export function previewBinds(
  members: readonly StoredMemberFacts[],
  binds: readonly RuleBind[],
  server: PreviewServer,
  now: Date,
): BindsPreviewData {
  const counts = new Map<string, { gain: number; lose: number; keep: number; unknown: number }>();
  const names = new Map<string, string>();
  for (const b of binds) {
    if (!counts.has(b.roleId)) counts.set(b.roleId, { gain: 0, lose: 0, keep: 0, unknown: 0 });
    if (!names.has(b.roleId))
      names.set(
        b.roleId,
        server.newRoles.get(b.roleId) ??
          server.roles.find((r) => r.id === b.roleId)?.name ??
          b.roleName,
      );
  }
  const bypass = new Set(server.roleBypassRoleIds);
  const groupName = (id: string) =>
    binds.find((b) => b.groupId === id && b.groupName)?.groupName ?? `group ${id}`;
  let bypassed = 0;
  let restricted = 0;
  let oldest: Date | null = null;
  for (const m of members) {
    if (!oldest || m.readAt < oldest) oldest = m.readAt;
    if (m.roleIds.some((id) => bypass.has(id))) {
      bypassed++;
      continue;
    }
    const held = new Set(m.roleIds);
    const caught = restrictionReason(server.restrictions, m, now, groupName) !== null;
    if (caught) restricted++;
    const judged = caught ? null : judgeBinds(binds, m);
    const earned = new Set(judged?.earned.map((b) => b.roleId));
    for (const [roleId, c] of counts) {
      if (earned.has(roleId) && held.has(roleId)) c.keep++;
      else if (earned.has(roleId)) c.gain++;
      else if (judged?.unknown.has(roleId)) c.unknown++;
      else if (held.has(roleId)) c.lose++;
    }
  }
  const refusals = [...counts.keys()].flatMap((id) => {
    const refusal = roleRefusal(id, names.get(id)!, server);
    return refusal ? [refusal] : [];
  });
  return {
    members: members.length,
    bypassed,
    restricted,
    roles: [...counts].map(([roleId, c]) => ({
      role_id: server.newRoles.has(roleId) ? null : roleId,
      role_name: names.get(roleId)!,
      ...c,
    })),
    cannot_give: refusals,
    data_from: oldest ? oldest.toISOString() : null,
  };
}
