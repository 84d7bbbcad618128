import type { Seed } from './types';

export interface LoadSeedOptions {
  /** members of the load guild besides its owner */
  members: number;
  /** how many of them have a Roblox account (the API side links them) */
  linked: number;
  /** guild id; default 190000000000000001 */
  guildId?: string;
  /**
   * users of the seed who are not in the guild yet, each with a Roblox account (for a join burst:
   * POST /__emulator/guilds/{guild}/members `{user_ids}`); default 0
   */
  newcomers?: number;
  /**
   * also seed badges, game passes and assets (5 of each) and give every Roblox account some of
   * them, item k going to every (k+2)-th account; every 11th keeps its inventory private. Default false.
   */
  items?: boolean;
}

/** what the load seed's Roblox accounts hold when `items` is on */
export interface SeedLinkItems {
  badges: number[];
  /** game passes and assets */
  inventory: number[];
  inventory_private: boolean;
}

/** A Discord member and the Roblox account they are linked with. */
export interface SeedLink {
  discord_id: string;
  discord_username: string;
  roblox_id: number;
  roblox_username: string;
  roblox_display_name: string;
  /** the rank they hold in the load group (0 = not a member) */
  rank: number;
  /** with `items`: their badges, owned game passes and assets, and whether the inventory is private */
  items?: SeedLinkItems;
}

export interface LoadSeed {
  seed: Seed;
  guild_id: string;
  owner_id: string;
  group_id: number;
  /** the seed's roles: a Verified role and one role per group rank, all below the bot's */
  roles: { verified: string; ranks: { rank: number; name: string; role_id: string }[] };
  links: SeedLink[];
  /** the users outside the guild (`newcomers`) and the Roblox accounts they are linked with */
  newcomers: SeedLink[];
  /** with `items`: the seeded badge, game pass and asset ids */
  items?: { badges: number[]; gamepasses: number[]; assets: number[] };
}

const ITEM_KINDS = 5;
const LOAD_ITEMS = {
  badges: Array.from({ length: ITEM_KINDS }, (_, k) => 910_001 + k),
  gamepasses: Array.from({ length: ITEM_KINDS }, (_, k) => 920_001 + k),
  assets: Array.from({ length: ITEM_KINDS }, (_, k) => 930_001 + k),
};

/** the items the n-th Roblox account holds: item k when n is a multiple of k + 2 */
function itemsOf(n: number): SeedLinkItems {
  const held = (ids: number[]) => ids.filter((_, k) => n % (k + 2) === 0);
  return {
    badges: held(LOAD_ITEMS.badges),
    inventory: [...held(LOAD_ITEMS.gamepasses), ...held(LOAD_ITEMS.assets)],
    inventory_private: n % 11 === 0,
  };
}

const pad = (prefix: string, n: number) => prefix + String(n).padStart(18 - prefix.length, '0');
const GROUP_RANKS = [
  { rank: 1, name: 'Member' },
  { rank: 50, name: 'Officer' },
  { rank: 255, name: 'Owner' },
];

/**
 * A seed for load tests and benchmarks: one guild with the bot, its owner and `members` more,
 * of whom `linked` have Roblox accounts in a group (ranks spread over Member, Officer, Owner and
 * a few outsiders), with badges, game passes and assets when `items` is on. Deterministic: the
 * same options give the same seed.
 */
export function generateLoadSeed(options: LoadSeedOptions): LoadSeed {
  const { members, linked } = options;
  if (!Number.isInteger(members) || members < 1 || members > 100_000)
    throw new Error('members must be a whole number from 1 to 100000');
  if (!Number.isInteger(linked) || linked < 0 || linked > members)
    throw new Error('linked must be a whole number from 0 to members');
  const newcomers = options.newcomers ?? 0;
  if (!Number.isInteger(newcomers) || newcomers < 0 || newcomers > 100_000)
    throw new Error('newcomers must be a whole number from 0 to 100000');
  const guildId = options.guildId ?? '190000000000000001';
  const ownerId = '180000000000000000';
  const groupId = 9001;
  const verified = '170000000000000001';
  const ranks = GROUP_RANKS.map((r, i) => ({ ...r, role_id: pad('1700000000000001', i) }));

  const users: Seed['discord']['users'] = [
    { id: ownerId, username: 'load_owner', global_name: 'Load Owner', avatar: null },
  ];
  const guildMembers: Seed['discord']['guilds'][number]['members'] = [
    { user_id: ownerId, permissions: '8', nick: null, roles: [] },
  ];
  const robloxUsers: Seed['roblox']['users'] = [];
  const groupMembers: { user_id: number; role_id: number }[] = [];
  const links: SeedLink[] = [];
  /**
   * A Roblox account (the n-th of its range, with the items that gives), in the load group at
   * `rank` (0: not in it), and its link with the Discord user.
   */
  const linkRoblox = (
    discord: { id: string; username: string },
    roblox: { id: number; name: string; display: string; n: number },
    rank: number,
  ): SeedLink => {
    const items = options.items ? itemsOf(roblox.n) : undefined;
    robloxUsers.push({ id: roblox.id, name: roblox.name, display_name: roblox.display, ...items });
    if (rank) groupMembers.push({ user_id: roblox.id, role_id: groupId * 10 + rank });
    return {
      discord_id: discord.id,
      discord_username: discord.username,
      roblox_id: roblox.id,
      roblox_username: roblox.name,
      roblox_display_name: roblox.display,
      rank,
      ...(items ? { items } : {}),
    };
  };
  for (let i = 1; i <= members; i++) {
    const id = pad('18', i);
    const username = `member_${String(i).padStart(5, '0')}`;
    users.push({
      id,
      username,
      global_name: `Member ${i}`,
      avatar: null,
      accepts_dms: i % 10 !== 0,
    });
    guildMembers.push({ user_id: id, permissions: '0', nick: null, roles: [] });
    if (i > linked) continue;
    const rank = i % 7 === 0 ? 0 : GROUP_RANKS[i % GROUP_RANKS.length]!.rank;
    links.push(
      linkRoblox(
        { id, username },
        { id: 600000 + i, name: `rbx_${i}`, display: `Rbx ${i}`, n: i },
        rank,
      ),
    );
  }

  const newcomerLinks: SeedLink[] = [];
  for (let i = 1; i <= newcomers; i++) {
    const id = pad('16', i);
    const username = `newcomer_${String(i).padStart(5, '0')}`;
    users.push({ id, username, global_name: `Newcomer ${i}`, avatar: null });
    newcomerLinks.push(
      linkRoblox(
        { id, username },
        { id: 700000 + i, name: `rbx_new_${i}`, display: `New ${i}`, n: i },
        GROUP_RANKS[i % GROUP_RANKS.length]!.rank,
      ),
    );
  }

  const seed: Seed = {
    discord: {
      users,
      guilds: [
        {
          id: guildId,
          name: 'Load Guild',
          icon: null,
          owner_id: ownerId,
          bot_present: true,
          bot_role_position: 10,
          roles: [
            { id: verified, name: 'Verified', position: 1 },
            ...ranks.map((r, i) => ({ id: r.role_id, name: r.name, position: 2 + i })),
          ],
          members: guildMembers,
        },
      ],
    },
    roblox: {
      users: robloxUsers,
      groups: [
        {
          id: groupId,
          name: 'Load Group',
          roles: [
            { id: groupId * 10, name: 'Guest', rank: 0 },
            ...GROUP_RANKS.map((r) => ({ id: groupId * 10 + r.rank, name: r.name, rank: r.rank })),
          ],
          members: groupMembers,
        },
      ],
      ...(options.items
        ? {
            badges: LOAD_ITEMS.badges.map((id, k) => ({ id, name: `Load Badge ${k + 1}` })),
            gamepasses: LOAD_ITEMS.gamepasses.map((id, k) => ({ id, name: `Load Pass ${k + 1}` })),
            assets: LOAD_ITEMS.assets.map((id, k) => ({ id, name: `Load Asset ${k + 1}` })),
          }
        : {}),
    },
  };
  return {
    seed,
    guild_id: guildId,
    owner_id: ownerId,
    group_id: groupId,
    roles: { verified, ranks },
    links,
    newcomers: newcomerLinks,
    ...(options.items ? { items: LOAD_ITEMS } : {}),
  };
}
