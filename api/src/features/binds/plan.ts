import type { AppContext } from '../../context';
import { ApiError, badGateway, badRequest, notFound } from '../../lib/errors';
import { lookupRobloxGroups } from '../../domain/binds/roblox-group-cache';
import { grantRefusal, type GrantContext } from '../../domain/roles/role-safety';
import { findRoleByName } from '../../domain/roles/roles';
import { cleanRoleName } from '../../domain/roles/validate';
import {
  BIND_KIND_FIELDS,
  BIND_KINDS,
  MAX_GROUPS_PER_SERVER,
  MAX_ITEMS_PER_SERVER,
  parseNicknameTemplate,
  parseRobloxGroupInput,
  type BindInputFields,
} from '@roconnect/shared-lib/contract';
import type { NewBind } from '../../domain/binds/store';
import { lookupRobloxItems } from '../../domain/binds/item-names';
import type { RobloxItemKind } from '../../integrations/types';

/** One bind as the route's schema reads it: every kind's fields optional (the contract's). */
export type BindInputBody = BindInputFields;

const ITEM_WORDS = { badge: 'badge', gamepass: 'game pass', asset: 'catalog item' } as const;
const ROBLOX_ID = /^[1-9]\d{0,18}$/;

/** A refusal about one bind names it: `body.binds[2]: …`. */
const about = (i: number, err: ApiError) =>
  new ApiError(err.statusCode, err.code, `body.binds[${i}]: ${err.message}`);

type Planned = Omit<NewBind, 'roleId' | 'roleName' | 'groupName'> & {
  role: { id: string; name: string } | { create: string };
};

/** The bind's rule: its kind's fields, present and alone, and its nickname template. */
function ruleOf(b: BindInputBody, at: string) {
  const kind = b.kind ?? 'group';
  for (const other of BIND_KINDS.filter((k) => k !== kind)) {
    const stray = BIND_KIND_FIELDS[other].find((f) => b[f] !== undefined);
    if (stray) throw badRequest(`${at}.${stray} does not belong to a ${kind} bind.`);
  }
  if (b.nickname) {
    const parsed = parseNicknameTemplate(b.nickname, `${at}.nickname`);
    if (!parsed.ok) throw badRequest(parsed.error, 'invalid_nickname_template');
  }
  const rule = { kind, nickname: b.nickname || null, priority: b.priority ?? 0 };
  if (kind === 'group') {
    for (const field of BIND_KIND_FIELDS.group)
      if (b[field] === undefined) throw badRequest(`${at}.${field} is required for a group bind.`);
    const parsed = parseRobloxGroupInput(String(b.group_id));
    if (!parsed.ok) throw badRequest(`${at}.group_id is not a Roblox group: ${parsed.error}`);
    if (b.min_rank! > b.max_rank!)
      throw badRequest(`${at}.min_rank (${b.min_rank}) must not be above max_rank (${b.max_rank})`);
    return {
      ...rule,
      groupId: parsed.groupId,
      minRank: b.min_rank!,
      maxRank: b.max_rank!,
      itemId: null,
    };
  }
  const field = BIND_KIND_FIELDS[kind][0];
  const raw = b[field];
  if (raw === undefined) throw badRequest(`${at}.${field} is required for a ${kind} bind.`);
  const id = String(raw).trim();
  if (!ROBLOX_ID.test(id))
    throw badRequest(
      `${at}.${field} must be a Roblox ${ITEM_WORDS[kind]} id (a positive whole number).`,
    );
  return { ...rule, groupId: null, minRank: 0, maxRank: 0, itemId: id };
}

/** Checks every bind before anything is created; answers what to save and which roles to make. */
function check(
  inputs: BindInputBody[],
  g: GrantContext,
  unverifiedRoleId: string | null,
  forPreview: boolean,
): Planned[] {
  const seen = new Map<string, number>();
  // the preview lists a role the bot cannot give (or that is gone) with why, instead of refusing
  // the list; a role above the manager's own stays refused: it is the caller's limit
  const refuse = (i: number, refusal: ApiError) => {
    if (!forPreview || refusal.code === 'role_above_manager') throw about(i, refusal);
  };
  const planned = inputs.map((b, i) => {
    const at = `body.binds[${i}]`;
    const rule = ruleOf(b, at);
    if ((b.role_id === undefined) === (b.role_name === undefined))
      throw badRequest(`${at}: send exactly one of role_id or role_name`);
    let role: Planned['role'];
    if (b.role_id !== undefined) {
      const found = g.roles.find((r) => r.id === b.role_id && r.id !== g.guildId);
      if (!found && !forPreview)
        throw notFound(`${at}.role_id: that role does not exist in this server.`, 'role_not_found');
      const refusal = found && grantRefusal(found, g);
      if (refusal) refuse(i, refusal);
      role = { id: b.role_id, name: found?.name ?? b.role_id };
    } else {
      const name = cleanRoleName(b.role_name!, `${at}.role_name`);
      const existing = findRoleByName(g, name);
      if (existing) {
        const refusal = grantRefusal(existing, g);
        if (refusal) refuse(i, refusal);
        role = { id: existing.id, name: existing.name };
      } else role = { create: name };
    }
    if ('id' in role && role.id === unverifiedRoleId)
      throw badRequest(
        `${at}: "${role.name}" is the unverified role, which verification takes away; bind another role.`,
      );
    const what =
      rule.kind === 'group'
        ? `${rule.groupId}:${rule.minRank}:${rule.maxRank}`
        : `${rule.kind}:${rule.itemId}`;
    const key = `${what}:${'id' in role ? role.id : `new:${role.create.toLowerCase()}`}`;
    const first = seen.get(key);
    if (first !== undefined) throw badRequest(`${at} repeats body.binds[${first}]`);
    seen.set(key, i);
    return { ...rule, role };
  });
  // every group costs Roblox reads on each verify and editor load
  const groups = new Set(planned.flatMap((p) => (p.groupId ? [p.groupId] : []))).size;
  if (groups > MAX_GROUPS_PER_SERVER)
    throw badRequest(
      `body.binds names ${groups} Roblox groups; a server may bind at most ${MAX_GROUPS_PER_SERVER}. Remove ${groups - MAX_GROUPS_PER_SERVER} of them and save again.`,
      'too_many_groups',
    );
  // and every game pass or item one Roblox call per member on each verify (docs/security.md › T4)
  const items = new Set(planned.flatMap((p) => (p.itemId ? [`${p.kind}:${p.itemId}`] : []))).size;
  if (items > MAX_ITEMS_PER_SERVER)
    throw badRequest(
      `body.binds names ${items} badges, game passes and catalog items; a server may bind at most ${MAX_ITEMS_PER_SERVER}. Remove ${items - MAX_ITEMS_PER_SERVER} of them and save again.`,
      'too_many_items',
    );
  return planned;
}

/**
 * The binds to save from the editor's list: at most MAX_GROUPS_PER_SERVER groups, each existing on
 * Roblox (the shared cache, else Roblox), every role one the bot may give; roles asked for by a new name are created
 * last, once per name, so a refused list creates nothing. Answers the group names too.
 * `forPreview`: nothing is created (a new role stands as `new:<name>`, in `newRoles`), and a role
 * the bot cannot give or that is gone stays in the list: the preview says why.
 */
export async function planBinds(
  ctx: AppContext,
  inputs: BindInputBody[],
  g: GrantContext,
  unverifiedRoleId: string | null,
  { forPreview = false }: { forPreview?: boolean } = {},
): Promise<{ binds: NewBind[]; groupNames: Map<string, string>; newRoles: Map<string, string> }> {
  const planned = check(inputs, g, unverifiedRoleId, forPreview);
  const createRoles = !forPreview;
  const groupNames = new Map<string, string>();
  const lookups = await lookupRobloxGroups(
    ctx,
    planned.flatMap((p) => (p.groupId ? [p.groupId] : [])),
    { forSave: true },
  );
  const itemRefs = planned.flatMap((p) =>
    p.kind !== 'group' && p.itemId ? [{ kind: p.kind as RobloxItemKind, id: p.itemId }] : [],
  );
  const items = await lookupRobloxItems(ctx, itemRefs, { forSave: true });
  for (const ref of itemRefs) {
    const found = items.get(`${ref.kind}:${ref.id}`)!;
    const i = planned.findIndex((p) => p.kind === ref.kind && p.itemId === ref.id);
    // Roblox did not answer, or answered without saying the item is gone: saving must not
    // refuse the bind as if it did not exist, nor save one that may not
    if (!found.ok)
      throw badGateway(
        `body.binds[${i}].${BIND_KIND_FIELDS[ref.kind][0]}: Roblox could not tell whether ${ITEM_WORDS[ref.kind]} ${ref.id} exists right now. Try again later.`,
        'roblox_unavailable',
      );
    if (found.name === null) {
      throw notFound(
        `body.binds[${i}].${BIND_KIND_FIELDS[ref.kind][0]}: Roblox ${ITEM_WORDS[ref.kind]} ${ref.id} does not exist.`,
        'item_not_found',
      );
    }
  }
  for (const [groupId, found] of lookups) {
    if (!found.ok) throw found.error;
    if (!found.group) {
      const i = planned.findIndex((p) => p.groupId === groupId);
      throw notFound(
        `body.binds[${i}].group_id: Roblox group ${groupId} does not exist.`,
        'group_not_found',
      );
    }
    groupNames.set(groupId, found.group.name);
  }
  const created = new Map<string, { id: string; name: string }>();
  // the preview creates nothing: a new role stands as `new:<name>`
  const newRoles = new Map<string, string>();
  const binds: NewBind[] = [];
  for (const p of planned) {
    let role: { id: string; name: string };
    if ('create' in p.role) {
      const key = p.role.create.toLowerCase();
      role =
        created.get(key) ??
        (createRoles
          ? await ctx.integrations.discordBot.createRole(g.guildId, p.role.create)
          : { id: `new:${key}`, name: p.role.create });
      created.set(key, role);
      if (!createRoles) newRoles.set(role.id, role.name);
    } else role = p.role;
    const item = p.itemId ? items.get(`${p.kind}:${p.itemId}`) : undefined;
    binds.push({
      kind: p.kind,
      groupId: p.groupId,
      groupName: p.groupId ? (groupNames.get(p.groupId) ?? null) : null,
      minRank: p.minRank,
      maxRank: p.maxRank,
      itemId: p.itemId,
      itemName: item?.ok ? item.name : null,
      nickname: p.nickname,
      priority: p.priority,
      roleId: role.id,
      roleName: role.name,
    });
  }
  return { binds, groupNames, newRoles };
}
