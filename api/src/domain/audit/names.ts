import { inArray } from 'drizzle-orm';
import type { AuditEntry, AuditTextPart } from '@roconnect/shared-lib/contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** The names the audit log shows for a server's roles and channels and for users, by id. */
export interface AuditNames {
  roles: ReadonlyMap<string, string>;
  channels: ReadonlyMap<string, string>;
  users: ReadonlyMap<string, string>;
}

/** A Discord id in an entry's text: 17–20 digits, not part of a longer number. */
const SNOWFLAKE = /(?<!\d)\d{17,20}(?!\d)/g;

/** Settings whose texts name roles or channels when they hold an id with no other hint. */
const ROLE_SETTINGS = new Set([
  'verified_role',
  'unverified_role',
  'bypass_roles',
  'binds',
  'staff_roles',
]);
const CHANNEL_SETTINGS = new Set(['log_channel', 'verify_message']);

/** Where a stored name ends on its left, in texts like `nickname: Staff (1…); roles: none`. */
const NAME_STARTS = ['; ', ', ', ': ', '→ '];

/** The Discord ids an entry's texts and people mention (to look their names up at once). */
export function mentionedIds(entries: readonly AuditEntry[]): string[] {
  const ids = new Set<string>();
  for (const e of entries) {
    if (e.actor) ids.add(e.actor.discord_id);
    if (e.kind === 'verification') ids.add(e.member.discord_id);
    else
      for (const text of [e.before, e.after])
        for (const m of text?.matchAll(SNOWFLAKE) ?? []) ids.add(m[0]);
  }
  ids.delete('');
  return [...ids];
}

/** Users' names as RoConnect last saw them: their display name, else their username. */
export async function userNames(
  db: Db,
  discordIds: readonly string[],
): Promise<Map<string, string>> {
  if (!discordIds.length) return new Map();
  const rows = await db
    .select({ discordId: users.discordId, username: users.username, globalName: users.globalName })
    .from(users)
    .where(inArray(users.discordId, [...discordIds]));
  return new Map(rows.map((r) => [r.discordId, r.globalName || r.username]));
}

/** A stored name that says the name was not known when the entry was made. */
const unknownName = (name: string) => /^#?unknown (role|channel)$/.test(name);

/**
 * A setting change's text as parts: the roles, channels and users it names by their names now
 * (by the name it was stored with when the server no longer has it, by the id when no name is
 * known), each with its id; the words around them as they are.
 */
export function namedParts(text: string, setting: string, names: AuditNames): AuditTextPart[] {
  const parts: AuditTextPart[] = [];
  const words = (t: string) => {
    if (!t) return;
    const last = parts[parts.length - 1];
    if (last && last.id === undefined) last.text += t;
    else parts.push({ text: t });
  };
  let from = 0;
  for (const m of text.matchAll(SNOWFLAKE)) {
    const id = m[0];
    const start = m.index;
    let lead = text.slice(from, start);
    let end = start + id.length;
    let stored: string | null = null;
    // `Name (id)` and `#name (id)`: the stored name goes with its id
    if (lead.endsWith(' (') && text[end] === ')') {
      const body = lead.slice(0, -2);
      const hash = body.lastIndexOf('#');
      const after = (d: string) => {
        const at = body.lastIndexOf(d);
        return at < 0 ? 0 : at + d.length;
      };
      const cut = hash >= 0 ? hash : Math.max(0, ...NAME_STARTS.map(after));
      stored = body.slice(cut);
      lead = body.slice(0, cut);
      end += 1;
    }
    const channelHint = stored?.startsWith('#') ?? false;
    const kind: AuditTextPart['kind'] =
      channelHint || names.channels.has(id)
        ? 'channel'
        : names.roles.has(id)
          ? 'role'
          : names.users.has(id) || /Discord user $/.test(lead)
            ? 'user'
            : ROLE_SETTINGS.has(setting)
              ? 'role'
              : CHANNEL_SETTINGS.has(setting)
                ? 'channel'
                : 'user';
    const known =
      kind === 'channel'
        ? names.channels.get(id)
        : kind === 'role'
          ? names.roles.get(id)
          : names.users.get(id);
    const storedName = stored && !unknownName(stored) ? stored.replace(/^#/, '') : null;
    const name = known ?? storedName;
    words(lead);
    parts.push({ text: name ? `${kind === 'channel' ? '#' : ''}${name}` : id, kind, id });
    from = end;
  }
  words(text.slice(from));
  return parts;
}

/** A role by its name now, else the name it had; with its id when the entry kept it. */
const rolesNamed = (stored: string[], ids: string[], names: AuditNames): AuditTextPart[] =>
  stored.map((name, i) => {
    const id = ids.length === stored.length ? ids[i] : undefined;
    return id ? { text: names.roles.get(id) ?? name, kind: 'role', id } : { text: name };
  });

/** The entry with names: its people's, and its roles', channels' and users' by their names now. */
export function withNames(
  entry: AuditEntry,
  names: AuditNames,
  roleIds?: { added: string[]; removed: string[] },
): AuditEntry {
  const person = <P extends { discord_id: string; username: string }>(p: P) => ({
    ...p,
    name: names.users.get(p.discord_id) || p.username || p.discord_id,
  });
  const actor = entry.actor ? person(entry.actor) : null;
  if (entry.kind === 'verification')
    return {
      ...entry,
      actor,
      member: person(entry.member),
      roles_added_named: rolesNamed(entry.roles_added, roleIds?.added ?? [], names),
      roles_removed_named: rolesNamed(entry.roles_removed, roleIds?.removed ?? [], names),
    };
  return {
    ...entry,
    actor,
    before_named: entry.before === null ? null : namedParts(entry.before, entry.setting, names),
    after_named: entry.after === null ? null : namedParts(entry.after, entry.setting, names),
  };
}

/** The parts' words, as one line (the CSV's name columns). */
export const partsText = (parts: readonly AuditTextPart[] | null | undefined) =>
  parts ? parts.map((p) => p.text).join('') : null;
