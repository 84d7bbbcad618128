import { sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditSource } from '@roconnect/shared-lib/contract';
import type { Db } from '../../db/client';
import { encodeCursor, type AuditCursor } from './cursor';

interface Row {
  kind: 'verification' | 'setting_change';
  id: string;
  at_key: string;
  source: string | null;
  actor_user_id: string | null;
  actor_discord_id: string | null;
  actor_username: string | null;
  member_user_id: string | null;
  member_discord_id: string | null;
  member_username: string | null;
  roblox_id: string | null;
  roblox_username: string | null;
  roles_added: string[] | null;
  roles_removed: string[] | null;
  role_ids_added: string[] | null;
  role_ids_removed: string[] | null;
  nickname_before: string | null;
  nickname_after: string | null;
  dm_sent: boolean | null;
  warnings: string[] | null;
  setting: string | null;
  before: string | null;
  after: string | null;
}

const AT_KEY = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

const beforeCursor = (table: string, c: AuditCursor | null): SQL =>
  c
    ? sql`AND (${sql.raw(`${table}.created_at`)}, ${sql.raw(`${table}.id`)}::text) < (${c.at}::timestamptz, ${c.id})`
    : sql``;

export interface AuditQuery {
  guildId: string;
  /** a Discord user id: their verifications and what they did (setting changes, staff updates) */
  member?: string;
  /** part of the member's or the actor's name (username or display name), in any case */
  name?: string;
  /** 'verification', or one setting's changes */
  action?: AuditAction;
  /** entries at or after this instant */
  from?: Date;
  /** entries before this instant */
  to?: Date;
  before: AuditCursor | null;
  limit: number;
}

/** The roles' ids a verification entry kept beside their names (for the names they have now). */
export type RoleIdsOf = ReadonlyMap<string, { added: string[]; removed: string[] }>;

/** `%text%` for ILIKE, with the pattern's own characters taken as they are. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The name filter: the stored name or the user's names now, of the member or the actor. */
function nameMatch(pattern: string, people: { stored: string; userId: string }[]): SQL {
  const each = people.map(
    ({ stored, userId }) =>
      sql`${sql.raw(stored)} ILIKE ${pattern} OR EXISTS (SELECT 1 FROM users u WHERE u.id = ${sql.raw(userId)} AND (u.username ILIKE ${pattern} OR u.global_name ILIKE ${pattern}))`,
  );
  return sql`AND (${sql.join(each, sql` OR `)})`;
}

const timeRange = (column: string, q: AuditQuery): SQL =>
  sql`${q.from ? sql`AND ${sql.raw(column)} >= ${q.from.toISOString()}::timestamptz` : sql``} ${q.to ? sql`AND ${sql.raw(column)} < ${q.to.toISOString()}::timestamptz` : sql``}`;

/**
 * One page of the server's log, newest first: verifications and setting changes, read as one
 * list ordered by (time, id), so a cursor never skips or repeats an entry.
 */
export async function readAuditPage(
  db: Db,
  q: AuditQuery,
): Promise<{ entries: AuditEntry[]; next_before: string | null; roleIds: RoleIdsOf }> {
  const vMember = q.member
    ? sql`AND (v.member_discord_id = ${q.member} OR v.actor_discord_id = ${q.member})`
    : sql``;
  const sMember = q.member ? sql`AND s.actor_discord_id = ${q.member}` : sql``;
  const pattern = q.name ? containing(q.name) : null;
  const vName = pattern
    ? nameMatch(pattern, [
        { stored: 'v.member_username', userId: 'v.user_id' },
        { stored: 'v.actor_username', userId: 'v.actor_user_id' },
      ])
    : sql``;
  const sName = pattern
    ? nameMatch(pattern, [{ stored: 's.actor_username', userId: 's.actor_user_id' }])
    : sql``;
  const vAction = q.action && q.action !== 'verification' ? sql`AND false` : sql``;
  const sAction = !q.action
    ? sql``
    : q.action === 'verification'
      ? sql`AND false`
      : sql`AND s.setting = ${q.action}`;
  const query = sql`
    SELECT * FROM (
      SELECT 'verification' AS kind, v.id::text AS id, v.created_at, ${AT_KEY('v.created_at')} AS at_key,
        v.source, v.actor_user_id::text AS actor_user_id, v.actor_discord_id, v.actor_username,
        v.user_id::text AS member_user_id, v.member_discord_id, v.member_username,
        v.roblox_id, v.roblox_username, v.roles_added, v.roles_removed,
        v.role_ids_added, v.role_ids_removed,
        v.nickname_before, v.nickname_after, v.dm_sent, v.warnings,
        NULL::text AS setting, NULL::text AS before, NULL::text AS after
      FROM verifications v
      WHERE v.guild_id = ${q.guildId} ${vMember} ${vName} ${vAction} ${timeRange('v.created_at', q)}
        ${beforeCursor('v', q.before)}
      UNION ALL
      SELECT 'setting_change', s.id::text, s.created_at, ${AT_KEY('s.created_at')},
        NULL, s.actor_user_id::text, s.actor_discord_id, s.actor_username,
        NULL, NULL, NULL, NULL, NULL, NULL::jsonb, NULL::jsonb, NULL::jsonb, NULL::jsonb,
        NULL, NULL, NULL::boolean, NULL::jsonb,
        s.setting, s.before, s.after
      FROM setting_changes s
      WHERE s.guild_id = ${q.guildId} ${sMember} ${sName} ${sAction} ${timeRange('s.created_at', q)}
        ${beforeCursor('s', q.before)}
    ) e
    ORDER BY e.created_at DESC, e.id DESC
    LIMIT ${q.limit + 1}`;
  const rows = ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(toEntry),
    next_before:
      rows.length > q.limit && last ? encodeCursor({ at: last.at_key, id: last.id }) : null,
    roleIds: new Map(
      page
        .filter((r) => r.kind === 'verification')
        .map((r) => [r.id, { added: r.role_ids_added ?? [], removed: r.role_ids_removed ?? [] }]),
    ),
  };
}

const actorOf = (r: Row) =>
  r.actor_discord_id
    ? {
        user_id: r.actor_user_id ?? '',
        discord_id: r.actor_discord_id,
        username: r.actor_username ?? '',
      }
    : null;

function toEntry(r: Row): AuditEntry {
  const at = `${r.at_key.slice(0, 23)}Z`;
  if (r.kind === 'setting_change')
    return {
      kind: 'setting_change',
      id: r.id,
      at,
      actor: actorOf(r),
      setting: r.setting ?? '',
      before: r.before,
      after: r.after,
    };
  return {
    kind: 'verification',
    id: r.id,
    at,
    actor: actorOf(r),
    source: (r.source ?? 'website') as AuditSource,
    member: {
      user_id: r.member_user_id ?? '',
      discord_id: r.member_discord_id ?? '',
      username: r.member_username ?? '',
    },
    roblox_account: { roblox_id: r.roblox_id ?? '', username: r.roblox_username ?? '' },
    roles_added: r.roles_added ?? [],
    roles_removed: r.roles_removed ?? [],
    nickname_before: r.nickname_before,
    nickname_after: r.nickname_after,
    dm_sent: r.dm_sent === true,
    warnings: r.warnings ?? [],
  };
}
