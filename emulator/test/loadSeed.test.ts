import { createEmulator, generateLoadSeed, validateSeed } from '../src';

describe('generateLoadSeed', () => {
  it('makes a valid seed with the members asked for, some linked, deterministically', () => {
    const load = generateLoadSeed({ members: 500, linked: 300 });
    expect(() => validateSeed(load.seed)).not.toThrow();
    const guild = load.seed.discord.guilds[0]!;
    expect(guild.members).toHaveLength(501);
    expect(load.links).toHaveLength(300);
    expect(new Set(load.links.map((l) => l.discord_id)).size).toBe(300);
    expect(load.seed.roblox.users).toHaveLength(300);
    const ranks = new Set(load.links.map((l) => l.rank));
    expect([...ranks].sort((a, b) => a - b)).toEqual([0, 1, 50, 255]);
    expect(generateLoadSeed({ members: 500, linked: 300 })).toEqual(load);
  });

  it('adds newcomers outside the guild who can join it in one burst', async () => {
    const load = generateLoadSeed({ members: 10, linked: 5, newcomers: 1000 });
    expect(() => validateSeed(load.seed)).not.toThrow();
    expect(load.newcomers).toHaveLength(1000);
    const guild = load.seed.discord.guilds[0]!;
    const inGuild = new Set(guild.members.map((m) => m.user_id));
    expect(load.newcomers.filter((n) => inGuild.has(n.discord_id))).toEqual([]);
    const app = createEmulator({ seed: load.seed });
    const res = await app.inject({
      method: 'POST',
      url: `/__emulator/guilds/${load.guild_id}/members`,
      payload: { user_ids: load.newcomers.map((n) => n.discord_id) },
    });
    // the owner, the 10 members and the bot, then the 1000 newcomers (no gateway session: no dispatch)
    expect(res.json()).toEqual({ added: 1000, member_count: 1012, dispatched: 0 });
    await app.close();
    expect(() => generateLoadSeed({ members: 1, linked: 0, newcomers: -1 })).toThrow(
      'newcomers must be a whole number from 0 to 100000',
    );
  });

  it('refuses impossible sizes with a clear message', () => {
    expect(() => generateLoadSeed({ members: 5, linked: 6 })).toThrow(
      'linked must be a whole number from 0 to members',
    );
    expect(() => generateLoadSeed({ members: 0, linked: 0 })).toThrow(
      'members must be a whole number from 1 to 100000',
    );
  });
});
