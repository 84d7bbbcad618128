import { createEmulator, generateLoadSeed, validateSeed } from '../src';

describe('generateLoadSeed with items', () => {
  it('seeds 5 badges, game passes and assets and spreads them over the accounts, deterministically', () => {
    const load = generateLoadSeed({ members: 100, linked: 60, newcomers: 10, items: true });
    expect(() => validateSeed(load.seed)).not.toThrow();
    expect(load.items!.badges).toHaveLength(5);
    expect(load.seed.roblox.gamepasses).toHaveLength(5);
    expect(load.seed.roblox.assets).toHaveLength(5);
    // item k goes to every (k+2)-th account: half hold the first badge, a sixth the last
    const holders = (id: number) => load.links.filter((l) => l.items!.badges.includes(id)).length;
    expect(holders(load.items!.badges[0]!)).toBe(30);
    expect(holders(load.items!.badges[4]!)).toBe(10);
    expect(load.links.filter((l) => l.items!.inventory_private)).toHaveLength(5);
    expect(load.newcomers.every((l) => l.items !== undefined)).toBe(true);
    expect(generateLoadSeed({ members: 100, linked: 60, newcomers: 10, items: true })).toEqual(
      load,
    );
  });

  it('is off by default, so existing load seeds stay as they were', () => {
    const load = generateLoadSeed({ members: 20, linked: 10 });
    expect(load.items).toBeUndefined();
    expect(load.seed.roblox.badges).toBeUndefined();
    expect(load.links.every((l) => l.items === undefined)).toBe(true);
  });

  it('the emulator answers what the links say', async () => {
    const load = generateLoadSeed({ members: 30, linked: 22, items: true });
    const app = createEmulator({ seed: load.seed });
    try {
      const [firstBadge] = load.items!.badges;
      const [pass] = load.items!.gamepasses;
      const holder = load.links.find((l) => l.items!.badges.includes(firstBadge!))!;
      const dates = await app.inject({
        url: `/v1/users/${holder.roblox_id}/badges/awarded-dates?badgeIds=${load.items!.badges.join(',')}`,
      });
      expect((dates.json() as { data: { badgeId: number }[] }).data.map((d) => d.badgeId)).toEqual(
        holder.items!.badges,
      );
      const hidden = load.links.find((l) => l.items!.inventory_private)!;
      const refused = await app.inject({
        url: `/v1/users/${hidden.roblox_id}/items/GamePass/${pass}`,
      });
      expect(refused.statusCode).toBe(403);
      const owner = load.links.find(
        (l) => !l.items!.inventory_private && l.items!.inventory.includes(pass!),
      )!;
      const owned = await app.inject({
        url: `/v1/users/${owner.roblox_id}/items/GamePass/${pass}`,
      });
      expect((owned.json() as { data: unknown[] }).data).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
