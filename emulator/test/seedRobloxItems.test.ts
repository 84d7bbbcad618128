import { createEmulator, type Seed } from '../src';
import { issuesOf, testSeed } from './helpers';

type Mutable = { roblox: Record<string, unknown> & { users: Record<string, unknown>[] } };
const edit = (mutate: (s: Mutable) => void): Seed => {
  const seed = testSeed();
  mutate(seed as unknown as Mutable);
  return seed;
};

describe('seed validation of badges, game passes and assets', () => {
  it('accepts a seed without any of them (every field is optional)', () => {
    const seed = edit((s) => {
      delete s.roblox.badges;
      delete s.roblox.gamepasses;
      delete s.roblox.assets;
      for (const u of s.roblox.users) {
        delete u.badges;
        delete u.inventory;
        delete u.inventory_private;
      }
    });
    expect(issuesOf(seed)).toEqual([]);
    expect(createEmulator({ seed }).emulator.state().roblox).toMatchObject({
      badges: [],
      gamepasses: [],
      assets: [],
      users: [{ badges: [], inventory: [], inventory_private: false }, {}, {}],
    });
  });

  it.each<[string, (s: Mutable) => void, string]>([
    [
      'a badges list that is not a list',
      (s) => {
        s.roblox.badges = { id: 1 };
      },
      'roblox.badges must be an array',
    ],
    [
      'a game pass without a name',
      (s) => {
        s.roblox.gamepasses = [{ id: 8101 }];
      },
      'roblox.gamepasses[0].name must be a non-empty string',
    ],
    [
      'an asset with a bad id',
      (s) => {
        s.roblox.assets = [{ id: 'x', name: 'Hat' }];
      },
      'roblox.assets[0].id must be an integer from 1 to',
    ],
    [
      'a badge id used twice',
      (s) => {
        s.roblox.badges = [
          { id: 1, name: 'A' },
          { id: 1, name: 'B' },
        ];
      },
      'roblox.badges[1].id duplicates id 1',
    ],
    [
      'an item with an unknown field',
      (s) => {
        s.roblox.badges = [{ id: 1, name: 'A', price: 5 }];
      },
      'roblox.badges[0].price is not a field of an item (id, name)',
    ],
    [
      'an asset id that is also a game pass id',
      (s) => {
        s.roblox.assets = [{ id: 8101, name: 'Hat' }];
      },
      'roblox.assets[0].id is also a game pass id (8101)',
    ],
    [
      'a user badge that is not a seeded badge',
      (s) => {
        s.roblox.users[1]!.badges = [8999];
      },
      'roblox.users[1].badges[0] must be the id of a badge in roblox.badges',
    ],
    [
      'a user badge award with a bad date',
      (s) => {
        s.roblox.users[1]!.badges = [{ id: 8001, awarded_date: 'last week' }];
      },
      'roblox.users[1].badges[0].awarded_date must be an ISO 8601 date string',
    ],
    [
      'a user badge award with an unknown field',
      (s) => {
        s.roblox.users[1]!.badges = [{ id: 8001, date: '2020-01-01' }];
      },
      'roblox.users[1].badges[0].date is not allowed (id, awarded_date)',
    ],
    [
      'a badge awarded twice',
      (s) => {
        s.roblox.users[1]!.badges = [8001, { id: 8001 }];
      },
      'roblox.users[1].badges[1] duplicates badge 8001',
    ],
    [
      'an inventory item that is a badge',
      (s) => {
        s.roblox.users[1]!.inventory = [8001];
      },
      'roblox.users[1].inventory[0] must be the id of a game pass in roblox.gamepasses or an asset in roblox.assets',
    ],
    [
      'an inventory item listed twice',
      (s) => {
        s.roblox.users[1]!.inventory = [8101, 8101];
      },
      'roblox.users[1].inventory[1] duplicates item 8101',
    ],
    [
      'an inventory that is not a list',
      (s) => {
        s.roblox.users[1]!.inventory = 8101;
      },
      'roblox.users[1].inventory must be an array',
    ],
    [
      'a non-boolean inventory_private',
      (s) => {
        s.roblox.users[1]!.inventory_private = 'yes';
      },
      'roblox.users[1].inventory_private must be true or false',
    ],
    [
      'a bad created date',
      (s) => {
        s.roblox.users[1]!.created = '31/12/2020';
      },
      'roblox.users[1].created must be an ISO 8601 date string',
    ],
  ])('names the field for %s', (_label, mutate, message) => {
    expect(issuesOf(edit(mutate))).toContainEqual(expect.stringMatching(`^${escape(message)}`));
  });

  it('dates a badge given by id alone with the account’s creation', () => {
    const seed = edit((s) => {
      s.roblox.users[1]!.created = '2019-03-04T05:06:07Z';
      s.roblox.users[1]!.badges = [8002];
    });
    const pete = createEmulator({ seed }).emulator.state().roblox.users[1]!;
    expect(pete.badges).toEqual([{ id: 8002, awarded_date: '2019-03-04T05:06:07.000Z' }]);
  });
});

describe('the demo seed', () => {
  it('has game passes, badges and assets the demo user owns some of, and a private inventory', () => {
    const { roblox } = createEmulator().emulator.state();
    const names = (list: { name: string }[]) => list.map((i) => i.name);
    expect(names(roblox.gamepasses)).toEqual(['VIP', 'Double Coins']);
    expect(roblox.badges.length).toBeGreaterThanOrEqual(2);
    expect(roblox.assets.length).toBeGreaterThanOrEqual(2);
    const [builder, , newbie] = roblox.users;
    const vip = roblox.gamepasses[0]!.id;
    const coins = roblox.gamepasses[1]!.id;
    expect(builder).toMatchObject({ name: 'DemoBuilder', inventory_private: false });
    expect(builder!.inventory).toContain(vip);
    expect(builder!.inventory).not.toContain(coins);
    expect(builder!.badges.length).toBeGreaterThanOrEqual(1);
    expect(newbie).toMatchObject({ name: 'NewPlayer2024', inventory_private: true });
    expect(newbie!.inventory).toContain(vip);
    expect(roblox.users.some((u) => u.inventory.includes(coins))).toBe(false);
  });

  it('has Demo Builders roles to bind the VIP pass and the Obby Champion badge to, below the bot', () => {
    const { discord, roblox } = createEmulator().emulator.state();
    const demoBuilders = discord.guilds.find((g) => g.name === 'Demo Builders')!;
    for (const name of ['VIP', 'Obby Champion']) {
      const role = demoBuilders.roles.find((r) => r.name === name);
      expect(role?.position).toBeLessThan(demoBuilders.bot_highest_role_position);
    }
    const champion = roblox.badges.find((b) => b.name === 'Obby Champion')!;
    const holders = roblox.users.filter((u) => u.badges.some((b) => b.id === champion.id));
    expect(holders.map((u) => u.name)).toEqual(['ObbyFan42']);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
