import type { Seed } from './types';

/** Thrown for a seed that does not match the documented shape; `issues` name each bad field by path. */
export class SeedError extends Error {
  constructor(
    readonly issues: string[],
    source?: string,
  ) {
    super(`${source ? `Invalid seed ${source}` : 'Invalid seed'}:\n  - ${issues.join('\n  - ')}`);
    this.name = 'SeedError';
  }
}

const SNOWFLAKE = /^\d{17,20}$/;
/** Discord's guild channel types the emulator knows: text, voice, category, announcement, stage, forum */
export const CHANNEL_TYPES = [0, 2, 4, 5, 13, 15];
const PERMISSIONS = /^\d{1,20}$/;

type Obj = Record<string, unknown>;

/** Walks the untrusted JSON, recording one message per bad field. */
class Checker {
  readonly issues: string[] = [];

  fail(path: string, what: string): void {
    this.issues.push(`${path} ${what}`);
  }
  object(value: unknown, path: string): Obj | undefined {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Obj;
    this.fail(path, 'must be an object');
    return undefined;
  }
  array(value: unknown, path: string): unknown[] {
    if (Array.isArray(value)) return value;
    this.fail(path, 'must be an array');
    return [];
  }
  string(
    o: Obj,
    key: string,
    path: string,
    opts: { nullable?: boolean; optional?: boolean; max?: number } = {},
  ): void {
    const v = o[key];
    if (v === undefined && opts.optional) return;
    if (v === null && opts.nullable) return;
    if (typeof v !== 'string' || v.length === 0) {
      this.fail(`${path}.${key}`, `must be a non-empty string${opts.nullable ? ' or null' : ''}`);
    } else if (opts.max !== undefined && v.length > opts.max) {
      this.fail(`${path}.${key}`, `must be at most ${opts.max} characters`);
    }
  }
  snowflake(o: Obj, key: string, path: string): string | undefined {
    const v = o[key];
    if (typeof v === 'string' && SNOWFLAKE.test(v)) return v;
    this.fail(`${path}.${key}`, 'must be a snowflake string (17–20 digits)');
    return undefined;
  }
  integer(
    o: Obj,
    key: string,
    path: string,
    min: number,
    max: number,
    optional = false,
  ): number | undefined {
    const v = o[key];
    if (v === undefined && optional) return undefined;
    if (typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max) return v;
    this.fail(`${path}.${key}`, `must be an integer from ${min} to ${max}`);
    return undefined;
  }
  boolean(o: Obj, key: string, path: string, optional = false): void {
    const v = o[key];
    if (v === undefined && optional) return;
    if (typeof v !== 'boolean') this.fail(`${path}.${key}`, 'must be true or false');
  }
  unique(seen: Set<string | number>, id: string | number | undefined, path: string): void {
    if (id === undefined) return;
    if (seen.has(id)) this.fail(path, `duplicates id ${id}`);
    seen.add(id);
  }
}

function checkDiscord(c: Checker, discord: Obj): void {
  const userIds = new Set<string>();
  c.array(discord.users, 'discord.users').forEach((raw, i) => {
    const path = `discord.users[${i}]`;
    const u = c.object(raw, path);
    if (!u) return;
    c.unique(userIds, c.snowflake(u, 'id', path), `${path}.id`);
    c.string(u, 'username', path, { max: 32 });
    c.string(u, 'global_name', path, { nullable: true, optional: true, max: 32 });
    c.string(u, 'avatar', path, { nullable: true, optional: true });
    c.boolean(u, 'accepts_dms', path, true);
  });

  const guildIds = new Set<string>();
  /** channel id → where it was declared, to catch ids shared across guilds */
  const channelIds = new Map<string, { path: string; guildId: unknown }>();
  c.array(discord.guilds, 'discord.guilds').forEach((raw, gi) => {
    const path = `discord.guilds[${gi}]`;
    const g = c.object(raw, path);
    if (!g) return;
    c.unique(guildIds, c.snowflake(g, 'id', path), `${path}.id`);
    c.string(g, 'name', path, { max: 100 });
    c.string(g, 'icon', path, { nullable: true, optional: true });
    const owner = c.snowflake(g, 'owner_id', path);
    if (owner && !userIds.has(owner))
      c.fail(`${path}.owner_id`, `must be the id of a user in discord.users (got ${owner})`);
    c.boolean(g, 'bot_present', path);
    c.integer(g, 'bot_role_position', path, 1, 250, true);
    c.integer(g, 'member_count', path, 0, 10_000_000, true);
    c.integer(g, 'mfa_level', path, 0, 1, true);

    const roleIds = new Set<string>();
    c.array(g.roles ?? [], `${path}.roles`).forEach((rawRole, ri) => {
      const rp = `${path}.roles[${ri}]`;
      const r = c.object(rawRole, rp);
      if (!r) return;
      c.unique(roleIds, c.snowflake(r, 'id', rp), `${rp}.id`);
      c.string(r, 'name', rp, { max: 100 });
      c.integer(r, 'position', rp, 0, 250);
      c.boolean(r, 'managed', rp, true);
      if (
        r.permissions !== undefined &&
        (typeof r.permissions !== 'string' || !PERMISSIONS.test(r.permissions))
      ) {
        c.fail(`${rp}.permissions`, 'must be a decimal string such as "8" or "268435456"');
      }
    });

    c.array(g.channels ?? [], `${path}.channels`).forEach((rawChannel, ci) => {
      const cp = `${path}.channels[${ci}]`;
      const ch = c.object(rawChannel, cp);
      if (!ch) return;
      const id = c.snowflake(ch, 'id', cp);
      if (id !== undefined) {
        if (channelIds.has(id)) c.fail(`${cp}.id`, `duplicates id ${id}`);
        else channelIds.set(id, { path: `${cp}.id`, guildId: g.id });
      }
      c.string(ch, 'name', cp, { max: 100 });
      if (typeof ch.type !== 'number' || !CHANNEL_TYPES.includes(ch.type))
        c.fail(
          `${cp}.type`,
          `must be a channel type: ${CHANNEL_TYPES.join(', ')} (0 text, 2 voice, 4 category, 5 announcement, 13 stage, 15 forum)`,
        );
      c.boolean(ch, 'bot_can_send', cp, true);
    });

    const memberIds = new Set<string>();
    c.array(g.members ?? [], `${path}.members`).forEach((rawMember, mi) => {
      const mp = `${path}.members[${mi}]`;
      const m = c.object(rawMember, mp);
      if (!m) return;
      const uid = c.snowflake(m, 'user_id', mp);
      if (uid && !userIds.has(uid))
        c.fail(`${mp}.user_id`, `must be the id of a user in discord.users (got ${uid})`);
      c.unique(memberIds, uid, `${mp}.user_id`);
      if (
        m.permissions !== undefined &&
        (typeof m.permissions !== 'string' || !PERMISSIONS.test(m.permissions))
      ) {
        c.fail(`${mp}.permissions`, 'must be a decimal string such as "8" or "32"');
      }
      c.string(m, 'nick', mp, { nullable: true, optional: true, max: 32 });
      c.array(m.roles ?? [], `${mp}.roles`).forEach((roleId, ri) => {
        if (typeof roleId !== 'string' || !roleIds.has(roleId)) {
          c.fail(`${mp}.roles[${ri}]`, `must be the id of a role in ${path}.roles`);
        }
      });
    });

    // a banned user cannot be in the guild: Discord removes them with the ban
    const bannedIds = new Set<string>();
    c.array(g.bans ?? [], `${path}.bans`).forEach((rawBan, bi) => {
      const bp = `${path}.bans[${bi}]`;
      const b = c.object(rawBan, bp);
      if (!b) return;
      const extra = Object.keys(b).find((k) => k !== 'user_id' && k !== 'reason');
      if (extra !== undefined)
        c.fail(`${bp}.${extra}`, 'is not a field of a ban (user_id, reason)');
      const uid = c.snowflake(b, 'user_id', bp);
      if (uid && !userIds.has(uid))
        c.fail(`${bp}.user_id`, `must be the id of a user in discord.users (got ${uid})`);
      else if (uid && (uid === owner || memberIds.has(uid)))
        c.fail(
          `${bp}.user_id`,
          `is ${uid === owner ? 'the owner' : 'a member'} of this guild; a banned user is neither`,
        );
      c.unique(bannedIds, uid, `${bp}.user_id`);
      c.string(b, 'reason', bp, { nullable: true, optional: true, max: 512 });
    });
  });
  // a guild without channels gets `general` with the guild's id: no other channel may take it
  for (const [id, where] of channelIds)
    if (guildIds.has(id) && where.guildId !== id)
      c.fail(where.path, `is the id of another guild (${id}); channel ids must be unique`);
}

const ID_MAX = Number.MAX_SAFE_INTEGER;
const isDate = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));

/** `roblox.badges`, `roblox.gamepasses` or `roblox.assets`: `[{id, name}]` with unique ids */
function checkItems(c: Checker, raw: unknown, path: string): Set<number> {
  const ids = new Set<number>();
  if (raw === undefined) return ids;
  c.array(raw, path).forEach((rawItem, i) => {
    const ip = `${path}[${i}]`;
    const item = c.object(rawItem, ip);
    if (!item) return;
    const extra = Object.keys(item).find((k) => k !== 'id' && k !== 'name');
    if (extra !== undefined) c.fail(`${ip}.${extra}`, 'is not a field of an item (id, name)');
    c.unique(ids, c.integer(item, 'id', ip, 1, ID_MAX), `${ip}.id`);
    c.string(item, 'name', ip, { max: 100 });
  });
  return ids;
}

interface KnownItems {
  badges: Set<number>;
  gamepasses: Set<number>;
  assets: Set<number>;
}

/** a user's `badges`, `inventory` and `inventory_private`, against the seed's items */
function checkUserItems(c: Checker, u: Obj, path: string, known: KnownItems): void {
  if (u.badges !== undefined) {
    const seen = new Set<number>();
    c.array(u.badges, `${path}.badges`).forEach((entry, bi) => {
      const bp = `${path}.badges[${bi}]`;
      let id: unknown = entry;
      if (typeof entry === 'object' && entry !== null && !Array.isArray(entry)) {
        const award = entry as Obj;
        const extra = Object.keys(award).find((k) => k !== 'id' && k !== 'awarded_date');
        if (extra !== undefined) c.fail(`${bp}.${extra}`, 'is not allowed (id, awarded_date)');
        if (award.awarded_date !== undefined && !isDate(award.awarded_date))
          c.fail(`${bp}.awarded_date`, 'must be an ISO 8601 date string');
        id = award.id;
        if (!(typeof id === 'number' && Number.isInteger(id) && id >= 1)) {
          c.fail(`${bp}.id`, 'must be the id of a badge in roblox.badges');
          return;
        }
      }
      if (typeof id !== 'number' || !known.badges.has(id)) {
        c.fail(bp, 'must be the id of a badge in roblox.badges, or {id, awarded_date}');
        return;
      }
      if (seen.has(id)) c.fail(bp, `duplicates badge ${id}`);
      seen.add(id);
    });
  }
  if (u.inventory !== undefined) {
    const seen = new Set<number>();
    c.array(u.inventory, `${path}.inventory`).forEach((id, ii) => {
      const ip = `${path}.inventory[${ii}]`;
      if (typeof id !== 'number' || !(known.gamepasses.has(id) || known.assets.has(id))) {
        c.fail(
          ip,
          'must be the id of a game pass in roblox.gamepasses or an asset in roblox.assets',
        );
        return;
      }
      if (seen.has(id)) c.fail(ip, `duplicates item ${id}`);
      seen.add(id);
    });
  }
  c.boolean(u, 'inventory_private', path, true);
}

function checkRoblox(c: Checker, roblox: Obj): void {
  const known: KnownItems = {
    badges: checkItems(c, roblox.badges, 'roblox.badges'),
    gamepasses: checkItems(c, roblox.gamepasses, 'roblox.gamepasses'),
    assets: checkItems(c, roblox.assets, 'roblox.assets'),
  };
  // a user's `inventory` is one list of ids for both kinds, so an id must say which kind it is
  if (Array.isArray(roblox.assets))
    roblox.assets.forEach((a, i) => {
      const id = (a as Obj | null)?.id;
      if (typeof id === 'number' && known.gamepasses.has(id))
        c.fail(
          `roblox.assets[${i}].id`,
          `is also a game pass id (${id}); inventory lists both kinds, so their ids must differ`,
        );
    });

  const userIds = new Set<number>();
  c.array(roblox.users, 'roblox.users').forEach((raw, i) => {
    const path = `roblox.users[${i}]`;
    const u = c.object(raw, path);
    if (!u) return;
    c.unique(userIds, c.integer(u, 'id', path, 1, ID_MAX), `${path}.id`);
    c.string(u, 'name', path, { max: 20 });
    c.string(u, 'display_name', path, { max: 20 });
    if (u.created !== undefined && !isDate(u.created)) {
      c.fail(`${path}.created`, 'must be an ISO 8601 date string');
    }
    c.boolean(u, 'has_headshot', path, true);
    checkUserItems(c, u, path, known);
  });

  const groupIds = new Set<number>();
  c.array(roblox.groups, 'roblox.groups').forEach((raw, gi) => {
    const path = `roblox.groups[${gi}]`;
    const g = c.object(raw, path);
    if (!g) return;
    c.unique(groupIds, c.integer(g, 'id', path, 1, Number.MAX_SAFE_INTEGER), `${path}.id`);
    c.string(g, 'name', path, { max: 50 });
    c.string(g, 'description', path, { optional: true });
    const roleIds = new Set<number>();
    const ranks = new Set<number>();
    c.array(g.roles, `${path}.roles`).forEach((rawRole, ri) => {
      const rp = `${path}.roles[${ri}]`;
      const r = c.object(rawRole, rp);
      if (!r) return;
      c.unique(roleIds, c.integer(r, 'id', rp, 1, Number.MAX_SAFE_INTEGER), `${rp}.id`);
      c.string(r, 'name', rp, { max: 100 });
      const rank = c.integer(r, 'rank', rp, 0, 255);
      if (rank !== undefined && ranks.has(rank)) c.fail(`${rp}.rank`, `duplicates rank ${rank}`);
      if (rank !== undefined) ranks.add(rank);
    });
    const memberIds = new Set<number>();
    c.array(g.members ?? [], `${path}.members`).forEach((rawMember, mi) => {
      const mp = `${path}.members[${mi}]`;
      const m = c.object(rawMember, mp);
      if (!m) return;
      const uid = c.integer(m, 'user_id', mp, 1, Number.MAX_SAFE_INTEGER);
      if (uid !== undefined && !userIds.has(uid))
        c.fail(`${mp}.user_id`, `must be the id of a user in roblox.users (got ${uid})`);
      c.unique(memberIds, uid, `${mp}.user_id`);
      const rid = c.integer(m, 'role_id', mp, 1, Number.MAX_SAFE_INTEGER);
      if (rid !== undefined && !roleIds.has(rid))
        c.fail(`${mp}.role_id`, `must be the id of a role in ${path}.roles`);
    });
  });
}

/** Checks untrusted JSON against the seed shape; throws SeedError listing every bad field. */
export function validateSeed(input: unknown, source?: string): Seed {
  const c = new Checker();
  const root = c.object(input, 'seed');
  if (root) {
    const discord = c.object(root.discord, 'discord');
    if (discord) checkDiscord(c, discord);
    const roblox = c.object(root.roblox, 'roblox');
    if (roblox) checkRoblox(c, roblox);
  }
  if (c.issues.length > 0) throw new SeedError(c.issues, source);
  return input as Seed;
}
