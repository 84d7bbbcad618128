import type {
  AuditEntry,
  AuditPage,
  AuditTextPart,
  BindsData,
  HealthProblem,
  ServerHealth,
} from '../contract/console';
import { AUDIT_ACTIONS, MAX_GROUPS_PER_SERVER } from '../contract/console';
import { parseRobloxGroupInput } from '../contract/robloxGroupInput';
import type { User } from '../contract/types';
import type { MockAuditEntry, MockBind, MockDb, MockServer } from './db';
import { bindItemsView, bindView, evaluateBinds, isGroupBind, itemBindFrom } from './rules';
import { ensureRole, roleAboveBotMessage } from './mutations';
import { badRequest, fail, MockHttpError, notFound } from './respond';

/** GET …/binds: the binds with their roles' names, and the groups they refer to. */
export function bindsView(db: MockDb, server: MockServer): BindsData {
  const groupIds = [...new Set(server.binds.flatMap((b) => (isGroupBind(b) ? [b.group_id] : [])))];
  return {
    binds: server.binds.map((b) =>
      bindView(b, server.roles.find((r) => r.id === b.role_id)?.name ?? 'Deleted role'),
    ),
    groups: groupIds.map((id) => {
      const group = db.groups.find((g) => g.id === id);
      return { id, name: group?.name ?? `Group ${id}`, ranks: group ? [...group.ranks] : [] };
    }),
    items: bindItemsView(db, server.binds),
  };
}

const isRank = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 255;

/**
 * PUT …/binds, as the API: every bind is checked before anything changes; a refusal names the
 * bind (`body.binds[2]…`); roles asked for by a new name are created once per name.
 */
export function planBinds(
  db: MockDb,
  server: MockServer,
  body: Record<string, unknown>,
  { dryRun = false }: { dryRun?: boolean } = {},
) {
  if (!Array.isArray(body.binds)) throw new MockHttpError(badRequest('body.binds must be a list.'));
  const inputs = body.binds as Record<string, unknown>[];
  const planned = inputs.map((b, i) => {
    const at = `body.binds[${i}]`;
    const item = itemBindFrom(db, b, at);
    if (item) {
      checkRole(server, b, at);
      return { groupId: null, item, min: 0, max: 0, role: b, rule: item };
    }
    const rule = {
      nickname: typeof b.nickname === 'string' ? b.nickname : null,
      priority: typeof b.priority === 'number' ? b.priority : 0,
    };
    const parsed = parseRobloxGroupInput(String(b?.group_id ?? ''));
    if (!parsed.ok)
      throw new MockHttpError(badRequest(`${at}.group_id is not a Roblox group: ${parsed.error}`));
    const groupId = parsed.groupId;
    if (!isRank(b.min_rank) || !isRank(b.max_rank))
      throw new MockHttpError(badRequest(`${at}: ranks must be whole numbers from 0 to 255.`));
    if (b.min_rank > b.max_rank)
      throw new MockHttpError(
        badRequest(`${at}.min_rank (${b.min_rank}) must not be above max_rank (${b.max_rank})`),
      );
    if ((b.role_id === undefined) === (b.role_name === undefined))
      throw new MockHttpError(badRequest(`${at}: send exactly one of role_id or role_name`));
    if (!db.groups.some((g) => g.id === groupId))
      throw new MockHttpError(notFound(`${at}.group_id: Roblox group ${groupId} does not exist.`));
    checkRole(server, b, at);
    return { groupId, item: null, min: b.min_rank, max: b.max_rank, role: b, rule };
  });
  const groups = new Set(planned.flatMap((p) => (p.groupId ? [p.groupId] : []))).size;
  if (groups > MAX_GROUPS_PER_SERVER)
    throw new MockHttpError(
      fail(
        400,
        'too_many_groups',
        `body.binds names ${groups} Roblox groups; a server may bind at most ${MAX_GROUPS_PER_SERVER}. Remove ${groups - MAX_GROUPS_PER_SERVER} of them and save again.`,
      ),
    );
  const newRoleNames = new Map<string, string>();
  const roleIdOf = (role: Record<string, unknown>) => {
    if (typeof role.role_id === 'string') return role.role_id;
    const name = String(role.role_name).trim();
    if (!dryRun) return ensureRole(db, server, name);
    const existing = server.roles.find((r) => r.name.toLowerCase() === name.toLowerCase());
    if (existing) return existing.id;
    newRoleNames.set(`new:${name.toLowerCase()}`, name);
    return `new:${name.toLowerCase()}`;
  };
  const binds: MockBind[] = planned.map(({ groupId, item, min, max, role, rule }) =>
    item
      ? { ...item, role_id: roleIdOf(role) }
      : {
          group_id: groupId!,
          min_rank: min as number,
          max_rank: max as number,
          role_id: roleIdOf(role),
          ...(rule.nickname !== null && { nickname: rule.nickname }),
          ...(rule.priority !== 0 && { priority: rule.priority }),
        },
  );
  return { binds, newRoleNames };
}

/** The bind's role: an existing one the bot may give, or a new name it may create. */
function checkRole(server: MockServer, b: Record<string, unknown>, at: string): void {
  {
    if ((b.role_id === undefined) === (b.role_name === undefined))
      throw new MockHttpError(badRequest(`${at}: send exactly one of role_id or role_name`));
    if (typeof b.role_id === 'string') {
      if (!server.roles.some((r) => r.id === b.role_id && r.id !== server.server_id))
        throw new MockHttpError(
          notFound(`${at}.role_id: that role does not exist in this server.`),
        );
      const refused = roleAboveBotMessage(server, { id: b.role_id });
      if (refused) throw new MockHttpError(fail(409, 'role_above_bot', `${at}: ${refused}`));
      if (b.role_id === server.unverified_role_id)
        throw new MockHttpError(
          badRequest(`${at}: that is the unverified role, which verification takes away.`),
        );
    } else {
      const name = typeof b.role_name === 'string' ? b.role_name.trim() : '';
      if (!name || name.length > 100 || name === '@everyone')
        throw new MockHttpError(badRequest(`${at}.role_name must be 1–100 characters.`));
      const refused = roleAboveBotMessage(server, { name });
      if (refused) throw new MockHttpError(fail(409, 'role_above_bot', `${at}: ${refused}`));
    }
  }
}

const rolesName = (server: MockServer, id: string | null) =>
  server.roles.find((r) => r.id === id)?.name ?? null;

/** GET …/health, from the mock server's state. */
/** The log and Verify channels, when the bot can no longer post there (as the API says it). */
function channelProblems(server: MockServer): HealthProblem[] {
  const problems: HealthProblem[] = [];
  const check = (id: string | null) => {
    if (!id) return null;
    const channel = server.channels.find((c) => c.id === id);
    if (!channel) return { label: `the deleted channel ${id}`, ok: false };
    return { label: `#${channel.name}`, ok: channel.bot_can_post };
  };
  const log = check(server.log_channel_id);
  if (log && !log.ok)
    problems.push({
      code: 'log_channel_unpostable',
      message: `The log channel ${log.label} no longer lets the bot's role View Channel or Send Messages.`,
      fix: `Let the bot's role View Channel, Send Messages and Embed Links in ${log.label}, or choose another log channel.`,
      reinvite_url: null,
    });
  const verify = check(server.verify_channel_id);
  if (verify && !verify.ok)
    problems.push({
      code: 'verify_channel_unpostable',
      message: `The Verify message's channel ${verify.label} no longer lets the bot's role View Channel or Send Messages.`,
      fix: `Let the bot's role View Channel and Send Messages in ${verify.label}, or post the Verify message in another channel.`,
      reinvite_url: null,
    });
  return problems;
}

export function healthOf(server: MockServer, origin: string): ServerHealth {
  const checked_at = new Date().toISOString();
  const reinvite = `${origin}/api/v1/dashboard/bot/invite-url?server_id=${server.server_id}`;
  if (!server.bot_added)
    return {
      ok: false,
      checked_at,
      problems: [
        {
          code: 'bot_missing',
          message: 'The RoConnect bot is not in this server.',
          fix: 'Add the bot to the server again with the invite button.',
          reinvite_url: reinvite,
        },
      ],
    };
  const problems: HealthProblem[] = [];
  const permissions = [
    ['manage_roles', 'missing_manage_roles', 'Manage Roles'],
    ['manage_nicknames', 'missing_manage_nicknames', 'Manage Nicknames'],
  ] as const;
  for (const [key, code, name] of permissions) {
    if (server.bot_permissions[key]) continue;
    problems.push({
      code,
      message: `The RoConnect bot does not have the ${name} permission.`,
      fix: `Re-invite the bot with the button below, or give its role ${name} in Server Settings → Roles.`,
      reinvite_url: reinvite,
    });
  }
  if (server.verified_role_id && !rolesName(server, server.verified_role_id))
    problems.push({
      code: 'verified_role_missing',
      message: `The verified role "${server.verified_role_name}" no longer exists in this server.`,
      fix: 'Choose or create the verified role again under Verified role.',
      reinvite_url: null,
    });
  if (server.unverified_role_id && !rolesName(server, server.unverified_role_id))
    problems.push({
      code: 'unverified_role_missing',
      message: 'The unverified role no longer exists in this server.',
      fix: 'Choose another unverified role, or turn it off.',
      reinvite_url: null,
    });
  const given = [
    server.verified_role_id,
    server.unverified_role_id,
    ...server.binds.map((b) => b.role_id),
  ];
  const tooLow = [
    ...new Set(
      server.roles
        .filter((r) => given.includes(r.id) && r.position >= server.bot_role_position)
        .map((r) => r.name),
    ),
  ];
  if (tooLow.length)
    problems.push({
      code: 'bot_role_too_low',
      message: `The RoConnect role sits below ${tooLow.map((n) => `"${n}"`).join(', ')}.`,
      fix: 'In Server Settings → Roles, drag the RoConnect role above every role it gives.',
      reinvite_url: null,
    });
  problems.push(...channelProblems(server));
  return { ok: problems.length === 0, problems, checked_at };
}

const person = (user: User) => ({
  user_id: user.id,
  discord_id: user.discord_id,
  username: user.username,
});

type NewAuditEntry = AuditEntry extends infer E
  ? E extends AuditEntry
    ? Omit<E, 'id' | 'at'> & { at?: string }
    : never
  : never;

/** Adds an entry to a server's log and answers it. */
export function recordAudit(db: MockDb, server: MockServer, entry: NewAuditEntry): MockAuditEntry {
  db.nextId += 1;
  const full = {
    ...entry,
    id: `audit-${db.nextId}`,
    at: entry.at ?? new Date().toISOString(),
    server_id: server.server_id,
  } as MockAuditEntry;
  db.audit.push(full);
  return full;
}

export function recordSettingChange(
  db: MockDb,
  server: MockServer,
  user: User,
  setting: string,
  before: string | null,
  after: string | null,
): void {
  if (before === after) return;
  recordAudit(db, server, { kind: 'setting_change', actor: person(user), setting, before, after });
}

const bindsSummary = (server: MockServer, binds: MockBind[]) =>
  binds.length
    ? binds
        .map(
          (b) =>
            `${isGroupBind(b) ? `${b.group_id} ${b.min_rank}–${b.max_rank}` : `${b.kind} ${b.item_id}`} → ${rolesName(server, b.role_id) ?? b.role_id}`,
        )
        .join('; ')
    : null;

export function recordBindsChange(
  db: MockDb,
  server: MockServer,
  user: User,
  before: MockBind[],
): void {
  recordSettingChange(
    db,
    server,
    user,
    'binds',
    bindsSummary(server, before),
    bindsSummary(server, server.binds),
  );
}

/** The log's filters as the API takes them, refused with its 400s. */
function logFilters(url: URL) {
  const get = (name: string) => url.searchParams.get(name);
  const name = get('name');
  if (name !== null && !name.trim())
    throw new MockHttpError(
      fail(400, 'invalid_name', 'querystring.name must hold at least one letter or digit.'),
    );
  const action = get('action');
  if (action !== null && !(AUDIT_ACTIONS as readonly string[]).includes(action))
    throw new MockHttpError(badRequest(`querystring.action must be one of the log's actions.`));
  const day = (field: 'from' | 'to') => {
    const text = get(field);
    if (text === null) return null;
    const at = /^\d{4}-\d\d-\d\d$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Date.parse(text);
    if (Number.isNaN(at))
      throw new MockHttpError(
        fail(
          400,
          'invalid_date',
          `querystring.${field} must be an ISO 8601 date (2025-08-01) or date and time with its offset (2025-08-01T09:00:00Z), got "${text}".`,
        ),
      );
    return field === 'to' && /^\d{4}-\d\d-\d\d$/.test(text) ? at + 86_400_000 : at;
  };
  const from = day('from');
  const to = day('to');
  if (from !== null && to !== null && from >= to)
    throw new MockHttpError(
      fail(
        400,
        'invalid_date_range',
        `querystring.from (${get('from')}) must be before querystring.to (${get('to')}).`,
      ),
    );
  return { member: get('member'), name: name?.trim().toLowerCase() ?? null, action, from, to };
}

/** A person's display name as the API gives it: their global name, else their username. */
function named<P extends { discord_id: string; username: string }>(db: MockDb, person: P) {
  const user = db.users.find((u) => u.discord_id === person.discord_id);
  return { ...person, name: user?.global_name || person.username };
}

/** `Name (id)` in a setting's text: the server's role or channel by its name now, with its id. */
function namedParts(server: MockServer, text: string | null): AuditTextPart[] | null {
  if (text === null) return null;
  const parts: AuditTextPart[] = [];
  let from = 0;
  for (const m of text.matchAll(/([^;,:→()]+?) \((\d{17,20})\)/g)) {
    const id = m[2]!;
    const stored = m[1]!.trim();
    if (m.index! + m[0].indexOf(stored) > from)
      parts.push({ text: text.slice(from, m.index! + m[0].indexOf(stored)) });
    const channel = stored.startsWith('#');
    const now = channel ? undefined : server.roles.find((r) => r.id === id)?.name;
    parts.push({ text: now ?? stored, kind: channel ? 'channel' : 'role', id });
    from = m.index! + m[0].length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}

/** A server's log, newest first, filtered as the API filters it. */
function serverLog(db: MockDb, serverId: string, url: URL): MockAuditEntry[] {
  const f = logFilters(url);
  const nameOf = (p: { discord_id: string; username: string } | null) =>
    p ? `${p.username} ${named(db, p).name}`.toLowerCase() : '';
  return db.audit
    .filter((e) => {
      if (e.server_id !== serverId) return false;
      if (f.member && !(e.kind === 'verification' && e.member.discord_id === f.member))
        return false;
      if (f.action && (e.kind === 'verification' ? 'verification' : e.setting) !== f.action)
        return false;
      const at = Date.parse(e.at);
      if ((f.from !== null && at < f.from) || (f.to !== null && at >= f.to)) return false;
      if (f.name) {
        const who = `${nameOf(e.actor)} ${e.kind === 'verification' ? nameOf(e.member) : ''}`;
        if (!who.includes(f.name)) return false;
      }
      return true;
    })
    .sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at)));
}

/** An entry as the API answers it: people by name, roles and channels by their names now. */
function withNames(db: MockDb, server: MockServer, entry: MockAuditEntry): AuditEntry {
  const { server_id: _s, ...e } = entry;
  const actor = e.actor ? named(db, e.actor) : null;
  if (e.kind === 'verification') return { ...e, actor, member: named(db, e.member) };
  return {
    ...e,
    actor,
    before_named: namedParts(server, e.before),
    after_named: namedParts(server, e.after),
  };
}

/** GET …/audit?before=&limit=&member=&name=&action=&from=&to= (the cursor is the last entry's id). */
export function auditPage(db: MockDb, server: MockServer, url: URL): AuditPage {
  const limitText = url.searchParams.get('limit');
  const limit = limitText === null ? 25 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new MockHttpError(badRequest('querystring.limit must be from 1 to 100.'));
  const log = serverLog(db, server.server_id, url);
  const before = url.searchParams.get('before');
  let start = 0;
  if (before) {
    const index = log.findIndex((e) => e.id === before);
    if (index < 0) throw new MockHttpError(badRequest('querystring.before is not a valid cursor.'));
    start = index + 1;
  }
  const entries = log.slice(start, start + limit).map((e) => withNames(db, server, e));
  const more = start + limit < log.length;
  return { entries, next_before: more ? entries[entries.length - 1]!.id : null };
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** GET …/audit/export: the whole log (or one member's) as CSV. */
export function auditCsv(db: MockDb, server: MockServer, url: URL): string {
  const header = [
    'at',
    'kind',
    'actor',
    'member',
    'roblox_account',
    'roles_added',
    'roles_removed',
    'nickname_before',
    'nickname_after',
    'dm_sent',
    'setting',
    'before',
    'after',
  ];
  const rows = serverLog(db, server.server_id, url).map((e) =>
    e.kind === 'verification'
      ? [
          e.at,
          e.kind,
          e.actor?.username,
          e.member.username,
          e.roblox_account.username,
          e.roles_added.join('; '),
          e.roles_removed.join('; '),
          e.nickname_before,
          e.nickname_after,
          e.dm_sent,
          '',
          '',
          '',
        ]
      : [e.at, e.kind, e.actor?.username, '', '', '', '', '', '', '', e.setting, e.before, e.after],
  );
  return `${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The bound roles an account qualifies for, those it does not, and why (./rules). */
export const bindsFor = (db: MockDb, server: MockServer, robloxId: string) =>
  evaluateBinds(db, server, robloxId);
