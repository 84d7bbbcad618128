import type { AppContext } from '../../../src/context';
import {
  announceUpdateRun,
  recordSettingChange,
  recordVerification,
  type VerificationRecord,
} from '../../../src/domain/audit/record';
import { getConfig, saveConfig } from '../../../src/domain/config/config-store';
import { guilds, robloxAccounts, users } from '../../../src/db/schema';
import { startLogPoster, type LogPoster } from '../../../src/domain/discord-log/log-poster';
import { testSettings } from '../../support/app';
import { useTestDatabase } from '../../support/db';
import {
  createFakeIntegrations,
  createWorld,
  type FakeWorld,
} from '../../support/fake-integrations';

const GUILD = '120000000000000001';
const LOGS = '130000000000000002';
const OTHER_GUILD = '120000000000000002';

const tdb = useTestDatabase();
let world: FakeWorld;
let ctx: AppContext;
let poster: LogPoster;
const warnings: object[] = [];

beforeEach(async () => {
  world = createWorld();
  for (const id of [GUILD, OTHER_GUILD])
    world.guilds.set(id, {
      id,
      name: 'Guild',
      icon: null,
      ownerId: '110000000000000001',
      botPresent: true,
      botTop: 10,
      roles: [],
      members: new Map(),
      channels: [
        {
          id: id === GUILD ? LOGS : id,
          name: 'logs',
          type: 0,
          position: 0,
          permission_overwrites: [],
        },
      ],
    });
  ctx = {
    settings: testSettings(),
    db: tdb.database.db,
    integrations: createFakeIntegrations(world),
  };
  warnings.length = 0;
  // a window longer than any test: only flush() posts, so every count below is exact
  poster = startLogPoster(ctx, { windowMs: 60_000, log: { warn: (obj) => warnings.push(obj) } });
  await ctx.db.insert(guilds).values([
    { id: GUILD, name: 'Guild', botPresent: true },
    { id: OTHER_GUILD, name: 'Other', botPresent: true },
  ]);
  await ctx.db
    .insert(users)
    .values({ id: OWNER_ID, discordId: '110000000000000001', username: 'owner' });
  await saveConfig(ctx.db, GUILD, OWNER_ID, { logChannelId: LOGS });
});

const OWNER_ID = '00000000-0000-4000-8000-000000000000';

/** members 1…n, each with a linked Roblox account (the rows a verification refers to) */
async function addMembers(n: number) {
  const records = Array.from({ length: n }, (_, i) => verification(i + 1, 'website'));
  await ctx.db.insert(users).values(records.map((r) => r.member));
  await ctx.db.insert(robloxAccounts).values(
    records.map((r) => ({
      id: r.account.id,
      userId: r.member.id,
      robloxId: r.account.robloxId,
      username: r.account.username,
      displayName: r.account.username,
    })),
  );
}
afterEach(() => poster.close());

function verification(i: number, source: VerificationRecord['source']): VerificationRecord {
  const id = `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
  return {
    guildId: GUILD,
    source,
    // the website's Verify is the member's own; the others here ran with nobody asking
    actorUserId: source === 'website' ? id : null,
    member: {
      id,
      discordId: String(180000000000000000n + BigInt(i)),
      username: `member_${i}`,
      globalName: null,
      avatar: null,
      createdAt: new Date(),
      updatedAt: new Date(),
      lastSeenAt: new Date(),
      privacyDefaultVisible: true,
      roleConnectionsOffAt: null,
    },
    account: {
      id: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
      robloxId: String(600000 + i),
      username: `rbx_${i}`,
    },
    rolesAdded: [{ id: '1', name: 'Verified' }],
    rolesRemoved: [],
    nicknameBefore: null,
    nicknameAfter: `rbx_${i}`,
    nicknameUpdated: true,
    nicknameByBot: true,
    dmSent: false,
    warnings: [],
  };
}

const setting = (guildId = GUILD, after = 'daily') =>
  recordSettingChange(ctx.db, {
    guildId,
    actorUserId: null,
    setting: 'resync',
    before: 'off',
    after,
  });

it('posts one summary for a run of 1,000 members, and none of their verifications', async () => {
  await addMembers(1000);
  for (let i = 1; i <= 1000; i++) await recordVerification(ctx.db, verification(i, 'update_all'));
  announceUpdateRun(ctx.db, GUILD, {
    status: 'done',
    total: 1000,
    done: 998,
    failed: 2,
    error: null,
    startedAt: new Date(),
    finishedAt: new Date(),
  });
  await poster.flush();
  expect(world.posts).toEqual([
    {
      id: expect.any(String),
      channelId: LOGS,
      message: {
        embeds: [
          expect.objectContaining({
            title: 'Member update finished',
            description: '1000 of 1000 members checked, 2 failed.',
          }),
        ],
      },
    },
  ]);
});

it('posts what gathered before a run ended first, then the run’s summary', async () => {
  await setting();
  announceUpdateRun(ctx.db, GUILD, {
    status: 'cancelled',
    total: 10,
    done: 3,
    failed: 0,
    error: null,
    startedAt: null,
    finishedAt: new Date(),
  });
  await poster.flush();
  expect(world.posts.map((p) => p.message.embeds!.map((e) => e.title))).toEqual([
    ['Scheduled resync changed'],
    ['Member update cancelled'],
  ]);
});

it('gathers a window of entries into one message of at most 10 embeds', async () => {
  await addMembers(25);
  for (let i = 1; i <= 25; i++) await recordVerification(ctx.db, verification(i, 'website'));
  expect(world.posts).toEqual([]);
  await poster.flush();
  expect(world.posts).toHaveLength(1);
  const embeds = world.posts[0]!.message.embeds!;
  expect(embeds).toHaveLength(10);
  expect(embeds[0]).toMatchObject({
    title: 'Member verified',
    description: '<@180000000000000001> (member_1) as rbx_1 on Roblox, on the website.',
  });
  expect(embeds[9]!.description).toBe('…and 16 more entries: see the audit log on the dashboard.');
});

it('posts nothing for a server without a log channel, each server apart', async () => {
  await setting(OTHER_GUILD);
  await setting(GUILD);
  await poster.flush();
  expect(world.posts.map((p) => p.channelId)).toEqual([LOGS]);
});

it('never fails the recorded action: a refused post is logged and kept for the health check', async () => {
  world.refusedChannels.add(LOGS);
  await expect(setting()).resolves.toBeUndefined();
  await poster.flush();
  expect(world.posts).toEqual([]);
  expect(warnings).toHaveLength(1);
  expect((await getConfig(ctx.db, GUILD))?.logChannelError).toBe('Missing Permissions');

  world.refusedChannels.clear();
  await setting(GUILD, 'weekly');
  await poster.flush();
  expect(world.posts).toHaveLength(1);
  expect((await getConfig(ctx.db, GUILD))?.logChannelError).toBeNull();
});

it('stops posting once closed', async () => {
  await poster.close();
  await setting();
  await poster.flush();
  expect(world.posts).toEqual([]);
});
