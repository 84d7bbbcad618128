import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmulator, DEFAULT_SEED_PATH, loadSeedFile, SeedError } from '../src';
import { issuesOf, TEST_SEED_PATH, testSeed } from './helpers';

describe('seed validation', () => {
  it('accepts the demo and test seeds', () => {
    expect(() => loadSeedFile(DEFAULT_SEED_PATH)).not.toThrow();
    expect(() => loadSeedFile(TEST_SEED_PATH)).not.toThrow();
  });

  it('the demo seed has what the demo needs', () => {
    const state = createEmulator().emulator.state();
    const demo = state.discord.users[0]!.id;
    const [owned, managed, member] = state.discord.guilds;
    expect(owned).toMatchObject({ owner_id: demo, bot_present: true });
    expect(managed).toMatchObject({ bot_present: false });
    expect(managed!.owner_id).not.toBe(demo);
    expect(member).toMatchObject({ bot_present: true });
    expect(member!.owner_id).not.toBe(demo);
    const ranks = state.roblox.groups[0]!.roles.map((r) => r.rank);
    expect(ranks).toEqual([0, 1, 50, 255]);
    expect(
      new Set(state.roblox.groups[0]!.members.map((m) => m.role_id)).size,
    ).toBeGreaterThanOrEqual(2);
  });

  it.each<[string, (seed: ReturnType<typeof testSeed>) => void, string]>([
    [
      'a bad member user id',
      (s) => {
        (s.discord.guilds[1]!.members[0] as { user_id: unknown }).user_id = 12;
      },
      'discord.guilds[1].members[0].user_id must be a snowflake string (17–20 digits)',
    ],
    [
      'a member who is not a seeded user',
      (s) => {
        s.discord.guilds[0]!.members[0]!.user_id = '199999999999999999';
      },
      'discord.guilds[0].members[0].user_id must be the id of a user in discord.users (got 199999999999999999)',
    ],
    [
      'a member role that is not a guild role',
      (s) => {
        s.discord.guilds[0]!.members[1]!.roles = ['130000000000000009'];
      },
      'discord.guilds[0].members[1].roles[0] must be the id of a role in discord.guilds[0].roles',
    ],
    [
      'a duplicate user id',
      (s) => {
        s.discord.users[1]!.id = s.discord.users[0]!.id;
      },
      'discord.users[1].id duplicates id 110000000000000001',
    ],
    [
      'an unknown owner',
      (s) => {
        s.discord.guilds[0]!.owner_id = '199999999999999999';
      },
      'discord.guilds[0].owner_id must be the id of a user in discord.users',
    ],
    [
      'a non-boolean bot_present',
      (s) => {
        (s.discord.guilds[0] as { bot_present: unknown }).bot_present = 'yes';
      },
      'discord.guilds[0].bot_present must be true or false',
    ],
    [
      'a bad permissions string',
      (s) => {
        s.discord.guilds[0]!.members[0]!.permissions = '0x20';
      },
      'discord.guilds[0].members[0].permissions must be a decimal string',
    ],
    [
      'a rank above 255',
      (s) => {
        s.roblox.groups[0]!.roles[0]!.rank = 256;
      },
      'roblox.groups[0].roles[0].rank must be an integer from 0 to 255',
    ],
    [
      'a group member with an unknown role',
      (s) => {
        s.roblox.groups[0]!.members[0]!.role_id = 1;
      },
      'roblox.groups[0].members[0].role_id must be the id of a role in roblox.groups[0].roles',
    ],
    [
      'a string Roblox user id',
      (s) => {
        (s.roblox.users[0] as { id: unknown }).id = '501';
      },
      'roblox.users[0].id must be an integer',
    ],
    [
      'channels that are not an array',
      (s) => {
        (s.discord.guilds[0] as { channels?: unknown }).channels = { id: '1' };
      },
      'discord.guilds[0].channels must be an array',
    ],
    [
      'a channel with a bad id',
      (s) => {
        s.discord.guilds[0]!.channels = [{ id: 'general', name: 'general', type: 0 }];
      },
      'discord.guilds[0].channels[0].id must be a snowflake string (17–20 digits)',
    ],
    [
      'a channel without a name',
      (s) => {
        s.discord.guilds[0]!.channels = [{ id: '150000000000000001', name: '', type: 0 }];
      },
      'discord.guilds[0].channels[0].name must be a non-empty string',
    ],
    [
      'an unknown channel type',
      (s) => {
        s.discord.guilds[0]!.channels = [{ id: '150000000000000001', name: 'dm', type: 1 }];
      },
      'discord.guilds[0].channels[0].type must be a channel type: 0, 2, 4, 5, 13, 15',
    ],
    [
      'a non-boolean bot_can_send',
      (s) => {
        s.discord.guilds[0]!.channels = [
          { id: '150000000000000001', name: 'rules', type: 0, bot_can_send: 'no' as never },
        ];
      },
      'discord.guilds[0].channels[0].bot_can_send must be true or false',
    ],
    [
      'a channel id used in two guilds',
      (s) => {
        s.discord.guilds[0]!.channels = [{ id: '150000000000000001', name: 'a', type: 0 }];
        s.discord.guilds[1]!.channels = [{ id: '150000000000000001', name: 'b', type: 0 }];
      },
      'discord.guilds[1].channels[0].id duplicates id 150000000000000001',
    ],
    [
      'a channel id that is another guild’s id (its default channel)',
      (s) => {
        s.discord.guilds[0]!.channels = [{ id: s.discord.guilds[1]!.id, name: 'a', type: 0 }];
      },
      'discord.guilds[0].channels[0].id is the id of another guild (120000000000000002); channel ids must be unique',
    ],
    [
      'a missing roblox section',
      (s) => {
        delete (s as { roblox?: unknown }).roblox;
      },
      'roblox must be an object',
    ],
  ])('names the field for %s', (_label, mutate, message) => {
    const seed = testSeed();
    mutate(seed);
    expect(issuesOf(seed).some((issue) => issue.startsWith(message))).toBe(true);
  });

  it('accepts channels, including one whose id is its own guild’s', () => {
    const seed = testSeed();
    seed.discord.guilds[0]!.channels = [
      { id: seed.discord.guilds[0]!.id, name: 'general', type: 0 },
      { id: '150000000000000001', name: 'verify', type: 0, bot_can_send: false },
    ];
    expect(issuesOf(seed)).toEqual([]);
  });

  it('createEmulator refuses a bad seed object', () => {
    expect(() => createEmulator({ seed: {} as never })).toThrow(SeedError);
  });

  it('loadSeedFile names the file for missing files and bad JSON', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'seed-'));
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, '{"discord": ');
    expect(() => loadSeedFile(broken)).toThrow(`Invalid seed ${broken}`);
    expect(() => loadSeedFile(broken)).toThrow('is not valid JSON');
    expect(() => loadSeedFile(path.join(dir, 'missing.json'))).toThrow('cannot be read');
  });
});

describe('main.ts with a bad seed file', () => {
  it('prints the bad field and exits 1 without a stack trace', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'seed-'));
    const file = path.join(dir, 'bad.json');
    const seed = testSeed();
    (seed.discord.guilds[1]!.members[0] as { user_id: unknown }).user_id = 'nope';
    writeFileSync(file, JSON.stringify(seed));
    const tsx = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');
    const run = spawnSync(tsx, [path.join(__dirname, '..', 'src', 'main.ts')], {
      env: { ...process.env, EMULATOR_SEED: file, EMULATOR_PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Invalid seed ${file}`);
    expect(run.stderr).toContain('discord.guilds[1].members[0].user_id must be a snowflake string');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 35_000);
});
