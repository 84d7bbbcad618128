import { generateLoadSeed, validateSeed } from '../src';

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

  it('refuses impossible sizes with a clear message', () => {
    expect(() => generateLoadSeed({ members: 5, linked: 6 })).toThrow(
      'linked must be a whole number from 0 to members',
    );
    expect(() => generateLoadSeed({ members: 0, linked: 0 })).toThrow(
      'members must be a whole number from 1 to 100000',
    );
  });
});
