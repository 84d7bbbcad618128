// The binds of the mock API: their kinds, what the seed's Roblox accounts earn with them, the
// preview and the editor's lookups. Outcomes the API judges from more than the seed holds (account
// ages, group blocks) and the checks of each request body are the API's own (api/README.md ›
// Rules): the seed states the outcome, and a body is taken as the contract types it.
import {
  BIND_KIND_FIELDS,
  BIND_KINDS,
  NO_RESTRICTIONS,
  type Bind,
  type BindItem,
  type BindKind,
  type BindLookupData,
  type BindsPreviewData,
  type EditBypassRolesRequest,
  type EditRestrictionsRequest,
  type ItemBindKind,
} from '../contract/console';
import {
  bindNickname,
  itemKey,
  judgeBinds,
  type KnownRobloxFacts,
  type RuleBind,
} from '../contract/bindRules';
import {
  fillNicknameTemplate,
  parseNicknameTemplate,
  presetOfTemplate,
  effectiveNicknameTemplate,
} from '../contract/nicknameTemplate';
import type { LinkedAccount, NicknameFormat, NotGivenRole, User } from '../contract/types';
import type {
  MockBind,
  MockDb,
  MockGroupBind,
  MockItemBind,
  MockRobloxUser,
  MockServer,
} from './dbTypes';
import { badRequest, fail, MockHttpError, notFound } from './respond';
import { requireNicknameFormat } from './validation';

export const bindKindOf = (bind: MockBind): BindKind => bind.kind ?? 'group';
export const isGroupBind = (bind: MockBind): bind is MockGroupBind =>
  bind.kind === undefined || bind.kind === 'group';
const ITEM_WORDS: Record<ItemBindKind, string> = {
  badge: 'badge',
  gamepass: 'game pass',
  asset: 'catalog item',
};
const ROBLOX_ID = /^\d{1,19}$/;

export const itemOf = (db: MockDb, kind: ItemBindKind, id: string) =>
  db.robloxItems?.find((i) => i.kind === kind && i.id === id);

const robloxUserOf = (db: MockDb, robloxId: string): MockRobloxUser =>
  db.robloxUsers?.[robloxId] ?? {
    badges: [],
    inventory: [],
    inventory_private: false,
    created: '2015-01-01T00:00:00.000Z',
  };

/** The items the binds name, with their names, for GET …/binds. */
export function bindItemsView(db: MockDb, binds: MockBind[]): BindItem[] {
  const seen = new Set<string>();
  const items: BindItem[] = [];
  for (const b of binds) {
    if (isGroupBind(b) || seen.has(`${b.kind}:${b.item_id}`)) continue;
    seen.add(`${b.kind}:${b.item_id}`);
    items.push({ kind: b.kind, id: b.item_id, name: itemOf(db, b.kind, b.item_id)?.name ?? null });
  }
  return items;
}

/** A saved bind in the contract's shape. */
export function bindView(bind: MockBind, roleName: string): Bind {
  const rule = {
    role_id: bind.role_id,
    role_name: roleName,
    nickname: bind.nickname ?? null,
    priority: bind.priority ?? 0,
  };
  switch (bind.kind) {
    case undefined:
    case 'group':
      return {
        kind: 'group',
        group_id: bind.group_id,
        min_rank: bind.min_rank,
        max_rank: bind.max_rank,
        ...rule,
      };
    case 'badge':
      return { kind: 'badge', badge_id: bind.item_id, ...rule };
    case 'gamepass':
      return { kind: 'gamepass', gamepass_id: bind.item_id, ...rule };
    case 'asset':
      return { kind: 'asset', asset_id: bind.item_id, ...rule };
  }
}

/**
 * A bind's kind, its item and its nickname and priority; the group and role are left to the
 * caller. Answers the item bind, or null for a group bind. Refuses what the editor shows from the
 * answer: an unknown kind, an item Roblox does not know, a template of unknown tokens.
 */
export function itemBindFrom(
  db: MockDb,
  b: Record<string, unknown>,
  at: string,
): Omit<MockItemBind, 'role_id'> | null {
  const kind = b.kind ?? 'group';
  if (typeof kind !== 'string' || !(BIND_KINDS as readonly string[]).includes(kind))
    throw new MockHttpError(badRequest(`${at}.kind must be one of ${BIND_KINDS.join(', ')}.`));
  if (typeof b.nickname === 'string') {
    const parsed = parseNicknameTemplate(b.nickname, `${at}.nickname`);
    if (!parsed.ok) throw new MockHttpError(fail(400, 'invalid_nickname_template', parsed.error));
  }
  const rule = {
    nickname: typeof b.nickname === 'string' ? b.nickname : null,
    priority: typeof b.priority === 'number' ? b.priority : 0,
  };
  if (kind === 'group') return null;
  const itemKind = kind as ItemBindKind;
  const [field] = BIND_KIND_FIELDS[itemKind];
  const raw = b[field];
  const id = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!ROBLOX_ID.test(id) || /^0+$/.test(id))
    throw new MockHttpError(
      badRequest(`${at}.${field} must be a Roblox ${ITEM_WORDS[itemKind]} id (digits).`),
    );
  if (!itemOf(db, itemKind, id))
    throw new MockHttpError(
      notFound(`${at}.${field}: Roblox ${ITEM_WORDS[itemKind]} ${id} does not exist.`),
    );
  return { kind: itemKind, item_id: id, ...rule };
}

/** The seed's account as the bind rules read a member's Roblox facts: every answer known. */
function robloxFactsOf(db: MockDb, server: MockServer, robloxId: string): KnownRobloxFacts {
  const user = robloxUserOf(db, robloxId);
  const ranks = new Map<string, number>();
  for (const group of db.groups) {
    const rank = group.member_ranks?.[robloxId];
    if (rank) ranks.set(group.id, rank);
  }
  const badges = new Map<string, boolean>();
  const owned = new Map<string, boolean>();
  for (const bind of server.binds) {
    if (isGroupBind(bind)) continue;
    if (bind.kind === 'badge') badges.set(bind.item_id, user.badges.includes(bind.item_id));
    else owned.set(itemKey(bind.kind, bind.item_id), user.inventory.includes(bind.item_id));
  }
  return { ranks, badges, owned, inventoryPrivate: user.inventory_private };
}

/**
 * What the binds give one account, and the bound roles it does not get with why: the API's own
 * rules (contract/bindRules.ts) over the seed's facts.
 */
export function evaluateBinds(db: MockDb, server: MockServer, robloxId: string) {
  const roleName = (id: string) => server.roles.find((r) => r.id === id)?.name ?? 'Deleted role';
  const rules = server.binds.map((bind): RuleBind => {
    const rule = {
      roleId: bind.role_id,
      roleName: roleName(bind.role_id),
      nickname: bind.nickname ?? null,
      priority: bind.priority ?? 0,
    };
    if (isGroupBind(bind))
      return {
        kind: 'group',
        groupId: bind.group_id,
        groupName: db.groups.find((g) => g.id === bind.group_id)?.name ?? null,
        minRank: bind.min_rank,
        maxRank: bind.max_rank,
        ...rule,
      };
    return {
      kind: bind.kind,
      groupId: null,
      minRank: 0,
      maxRank: 0,
      itemId: bind.item_id,
      itemName: itemOf(db, bind.kind, bind.item_id)?.name ?? null,
      ...rule,
    };
  });
  const { earned, reasons } = judgeBinds(rules, robloxFactsOf(db, server, robloxId));
  const given = new Set(earned.map((b) => b.roleId));
  const notGiven: NotGivenRole[] = [...reasons].map(
    ([role_id, { roleName: role_name, reason }]) => ({
      role_id,
      role_name,
      reason,
    }),
  );
  const bound = new Set(server.binds.map((b) => b.role_id));
  return {
    add: [...given],
    remove: [...bound].filter((id) => !given.has(id)),
    notGiven,
    nicknameTemplate: bindNickname(earned),
  };
}

/**
 * Why a restriction catches the account here, or null. The mock judges no account ages or group
 * blocks: the scenario states who is caught, in `restricted_accounts` or by naming the account in
 * the blocked list, and verification, the preview and the member updates answer it.
 */
export function restrictionOf(server: MockServer, robloxId: string): string | null {
  const stated = server.restricted_accounts?.[robloxId];
  if (stated) return stated;
  return server.restrictions?.blocked_roblox_user_ids.includes(robloxId)
    ? 'this Roblox account is blocked in this server'
    : null;
}

/** The nickname a verification sets, from the bind's or the server's template. */
export function nicknameOf(
  server: MockServer,
  user: User,
  account: LinkedAccount,
  bindTemplate: string | null,
): string | null {
  const template =
    bindTemplate ?? effectiveNicknameTemplate(server.nickname_format, server.nickname_template);
  const parsed = parseNicknameTemplate(template);
  if (!parsed.ok) return null;
  return fillNicknameTemplate(parsed.parts, {
    'roblox-name': account.roblox_username,
    'display-name': account.roblox_display_name || account.roblox_username,
    'roblox-id': account.roblox_id,
    'discord-name': user.global_name?.trim() || user.username,
    'discord-username': user.username,
    'group-rank': '',
    'server-name': server.server_name,
  });
}

/** PUT …/edit/nickname: exactly one of nickname_format or nickname_template. */
export function applyNicknameBody(server: MockServer, body: Record<string, unknown>): void {
  const hasFormat = body.nickname_format !== undefined;
  const hasTemplate = body.nickname_template !== undefined;
  if (hasFormat === hasTemplate)
    throw new MockHttpError(badRequest('send exactly one of nickname_format or nickname_template'));
  if (hasFormat) {
    server.nickname_format = requireNicknameFormat(body.nickname_format);
    server.nickname_template = null;
    return;
  }
  if (typeof body.nickname_template !== 'string' || !body.nickname_template)
    throw new MockHttpError(badRequest('nickname_template must be a non-empty string.'));
  const parsed = parseNicknameTemplate(body.nickname_template);
  if (!parsed.ok) throw new MockHttpError(fail(400, 'invalid_nickname_template', parsed.error));
  const preset: NicknameFormat | null = presetOfTemplate(body.nickname_template);
  // as the API: one stored form, the default format beside a template of the server's own
  server.nickname_format = preset ?? 'roblox_username';
  server.nickname_template = preset ? null : body.nickname_template;
}

/** PUT …/edit/bypass-roles: both lists, as sent. */
export function applyBypassBody(server: MockServer, body: EditBypassRolesRequest): void {
  server.nickname_bypass_role_ids = [...new Set(body.nickname_bypass_role_ids)];
  server.role_bypass_role_ids = [...new Set(body.role_bypass_role_ids)];
}

/** PUT …/edit/restrictions: as sent; required_group_ids and ban_evasion left out keep their value. */
export function applyRestrictionsBody(server: MockServer, body: EditRestrictionsRequest): void {
  const kept = server.restrictions ?? NO_RESTRICTIONS;
  server.restrictions = {
    ...body,
    required_group_ids: body.required_group_ids ?? kept.required_group_ids,
    ban_evasion: body.ban_evasion ?? kept.ban_evasion,
  };
}

/** GET …/binds/lookup?kind=&id= */
export function lookup(db: MockDb, url: URL): BindLookupData {
  const kind = url.searchParams.get('kind') ?? '';
  const id = url.searchParams.get('id') ?? '';
  if (!(BIND_KINDS as readonly string[]).includes(kind))
    throw new MockHttpError(
      badRequest(`querystring.kind must be one of ${BIND_KINDS.join(', ')}.`),
    );
  if (!ROBLOX_ID.test(id)) throw new MockHttpError(badRequest('querystring.id must be digits.'));
  if (kind === 'group') {
    const group = db.groups.find((g) => g.id === id);
    if (!group) throw new MockHttpError(notFound(`Roblox group ${id} does not exist.`));
    return { kind, id, name: group.name, ranks: [...group.ranks] };
  }
  const item = itemOf(db, kind as ItemBindKind, id);
  if (!item)
    throw new MockHttpError(
      notFound(`Roblox ${ITEM_WORDS[kind as ItemBindKind]} ${id} does not exist.`),
    );
  return { kind: kind as BindKind, id, name: item.name, ranks: [] };
}

/**
 * POST …/binds/preview: the binds as they would be, over every member who verified here (their
 * linked accounts), against the roles they hold now. Nothing is saved.
 */
export function previewBinds(
  db: MockDb,
  server: MockServer,
  binds: MockBind[],
  newRoleNames: Map<string, string>,
): BindsPreviewData {
  const trial: MockServer = { ...server, binds };
  const members = db.linkedAccounts.filter((a) =>
    a.verified_in.some((v) => v.server_id === server.server_id),
  );
  const bypass = new Set(server.role_bypass_role_ids ?? []);
  const counts = new Map<string, { gain: number; lose: number; keep: number }>();
  for (const b of binds) counts.set(b.role_id, { gain: 0, lose: 0, keep: 0 });
  let bypassed = 0;
  let restricted = 0;
  for (const account of members) {
    const held = new Set(server.member_roles[account.owner_id] ?? []);
    if ([...held].some((id) => bypass.has(id))) {
      bypassed++;
      continue;
    }
    const caught = restrictionOf(server, account.roblox_id) !== null;
    if (caught) restricted++;
    const earned = new Set(caught ? [] : evaluateBinds(db, trial, account.roblox_id).add);
    for (const [roleId, c] of counts) {
      if (earned.has(roleId) && held.has(roleId)) c.keep++;
      else if (earned.has(roleId)) c.gain++;
      else if (held.has(roleId)) c.lose++;
    }
  }
  const cannot = binds
    .map(
      (b) =>
        server.roles.find((r) => r.id === b.role_id) ?? {
          id: b.role_id,
          name: newRoleNames.get(b.role_id),
          position: -1,
        },
    )
    .filter((r, i, all) => all.findIndex((o) => o.id === r.id) === i);
  return {
    members: members.length,
    bypassed,
    restricted,
    roles: [...counts].map(([roleId, c]) => ({
      role_id: newRoleNames.has(roleId) ? null : roleId,
      role_name:
        newRoleNames.get(roleId) ??
        server.roles.find((r) => r.id === roleId)?.name ??
        'Deleted role',
      ...c,
      unknown: 0,
    })),
    cannot_give: cannot
      .filter((r) => r.position >= server.bot_role_position)
      .map((r) => ({
        role_id: r.id,
        role_name: r.name ?? r.id,
        code: 'above_bot' as const,
        reason: `RoConnect's role is below ${r.name}`,
      })),
    data_from: members.length ? new Date().toISOString() : null,
  };
}
