/**
 * A run never kicks or bans more than MAX_UNCONFIRMED_REMOVAL_SHARE of a server's members without
 * the owner (docs/security.md, "kick and ban through the bot"). The attack replayed: a restriction
 * with kick catches 30 of a server's 41 people; an update of every member would remove them all.
 * Here it kicks its share (10 %: 4) through Discord (the emulator: they are gone from the server),
 * only denies the other 26 (still in it), and waits for the owner without a worker; a manager who
 * is not the owner cannot let it go on; the owner can, and it finishes.
 */
import { eq, sql } from 'drizzle-orm';
import { generateLoadSeed } from '@roconnect/emulator';
import { guildConfigs } from '../../../src/db/schema';
import { queryRows, openTestDatabase, type TestDatabase } from '../../support/db';
import { insertLoadLinks } from '../../support/load-links';
import {
  emulatorState,
  loginThroughEmulator,
  startStack,
  type HttpSession,
  type Stack,
} from '../../support/emulator-flow';
import { until } from '../../support/until';
import { refusal } from '../../support/app';

jest.setTimeout(180_000);

const load = generateLoadSeed({ members: 40, linked: 30 });
const GUILD = load.guild_id;
/** not linked, so no restriction catches them: Manage Server, not the owner */
const MANAGER = load.seed.discord.guilds[0]!.members.at(-1)!;
MANAGER.permissions = String(1n << 5n);
/** 41 people (the owner and 40 members; the bot is left out): 10 % is 4 */
const SHARE = 4;
const CAUGHT = load.links.length;
const CAUGHT_IDS = load.links.map((l) => l.discord_id);
/** what the bot's role has from the invite (emulator/README.md › Seed), and Kick Members */
const BOT_PERMISSIONS = 402720768n | (1n << 1n);

let tdb: TestDatabase;
let stack: Stack;
let botId: string;

beforeAll(async () => {
  tdb = await openTestDatabase();
  stack = await startStack(tdb.database, {
    seed: load.seed,
    env: { MEMBER_UPDATE_LEASE_SECONDS: '2', MEMBER_UPDATE_SLICE_SECONDS: '1' },
    jobs: true,
    policies: {},
  });
  // the owner gives the bot's role Kick Members by hand (Server Settings → Roles), as the
  // product asks (the invite does not)
  const discord = (await emulatorState(stack)).discord;
  botId = discord.bot_user_id as string;
  const botRole = discord.guilds
    .find((g: { id: string }) => g.id === GUILD)
    .members.find((m: { user_id: string }) => m.user_id === botId).roles[0] as string;
  const granted = await fetch(`${stack.emulator.url}/__emulator/guilds/${GUILD}/roles/${botRole}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ permissions: String(BOT_PERMISSIONS) }),
  });
  expect(granted.status).toBe(200);
});
afterAll(async () => {
  await stack?.close();
  await tdb?.cleanup();
});

const UPDATE = `/api/v1/server/${GUILD}/members/update`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function setUp(owner: HttpSession) {
  expect((await owner.call('POST', '/api/v1/dashboard/user/sync-servers')).status).toBe(200);
  const setup = `/api/v1/server/${GUILD}/setup`;
  await owner.call('POST', `${setup}/nickname`, { nickname_format: 'roblox_username' });
  await owner.call('POST', `${setup}/verified-role`, { verified_role_name: 'Verified' });
  await owner.call('POST', `${setup}/group`, { skip: true });
  await insertLoadLinks(tdb.database, load.links);
  // every linked account blocked, with kick, chosen by the owner (who may kick anyone): the
  // choice passes every check of who may kick, so only the share stands in the way
  await tdb.database.db
    .update(guildConfigs)
    .set({
      blockedRobloxUserIds: load.links.map((l) => String(l.roblox_id)),
      restrictionAction: 'kick',
      restrictionChosenBy: load.owner_id,
    })
    .where(eq(guildConfigs.guildId, GUILD));
}

const runRow = async (jobId: string) =>
  (
    await queryRows<{ worker: string | null; heartbeat_at: string | null; held: number }>(
      tdb.database,
      sql`SELECT worker, heartbeat_at,
            (SELECT count(*)::int FROM member_update_items WHERE run_id = r.id AND state = 'held') AS held
          FROM member_update_runs r WHERE id = ${jobId}`,
    )
  )[0]!;

/**
 * The guild as Discord (the emulator) holds it now: who is still a member, and whom the bot
 * kicked, in order, with the reason it gave Discord's audit log.
 */
async function discordGuild() {
  const guild = (await emulatorState(stack)).discord.guilds.find(
    (g: { id: string }) => g.id === GUILD,
  );
  const kicks = (
    guild.audit_log as { action_type: number; user_id: string; target_id: string; reason: string }[]
  ).filter((e) => e.action_type === 20);
  return {
    members: new Set<string>(guild.members.map((m: { user_id: string }) => m.user_id)),
    kicked: kicks.map((e) => e.target_id),
    kicks,
  };
}

/** the caught members still in the server */
const caughtStillThere = async () => {
  const { members } = await discordGuild();
  return CAUGHT_IDS.filter((id) => members.has(id));
};

const removalAudit = () =>
  queryRows<{ actor_discord_id: string; before: string; after: string }>(
    tdb.database,
    sql`SELECT actor_discord_id, before, after FROM setting_changes
        WHERE setting = 'restrictions' AND after LIKE '%allowed%'`,
  );

it('kicks its share, waits for the owner, refuses a manager, and finishes once the owner allows it', async () => {
  const owner = await loginThroughEmulator(stack, load.owner_id);
  await setUp(owner);
  const manager = await loginThroughEmulator(stack, MANAGER.user_id);
  expect((await manager.call('POST', '/api/v1/dashboard/user/sync-servers')).status).toBe(200);

  const started = await owner.call('POST', UPDATE);
  expect(started.status).toBe(202);
  const jobId: string = started.json.data.job_id;
  const job = async (who: HttpSession = owner) =>
    (await who.call('GET', `${UPDATE}/${jobId}`)).json.data;

  const waiting = await until(
    'the run to stop at its share',
    job,
    (j) => !['queued', 'running'].includes(j.status),
    { timeoutMs: 120_000, everyMs: 200 },
  );
  expect(waiting).toMatchObject({
    status: 'waiting_for_owner',
    removed: SHARE,
    removals_waiting: CAUGHT - SHARE,
    caller_is_owner: true,
    finished_at: null,
  });
  expect(waiting.done + waiting.failed).toBe(waiting.total - (CAUGHT - SHARE));
  // Discord kicked its share, the bot giving the restriction as the reason; the held are still in
  const first = await discordGuild();
  expect(first.kicked).toHaveLength(SHARE);
  expect(new Set(first.kicked).size).toBe(SHARE);
  for (const kick of first.kicks)
    expect(kick).toMatchObject({ user_id: botId, reason: expect.stringMatching(/^RoConnect: /) });
  for (const id of first.kicked) expect(first.members.has(id)).toBe(false);
  expect((await caughtStillThere()).sort()).toEqual(
    CAUGHT_IDS.filter((id) => !first.kicked.includes(id)).sort(),
  );
  expect(first.members.has(load.owner_id)).toBe(true);
  expect(first.members.has(MANAGER.user_id)).toBe(true);
  // nobody holds it: no worker, no lease, and no sweep takes it up again
  expect(await runRow(jobId)).toMatchObject({ worker: null, heartbeat_at: null, held: 26 });
  await sleep(3000);
  expect(await job()).toMatchObject({ status: 'waiting_for_owner', removed: SHARE });
  expect((await discordGuild()).kicked).toHaveLength(SHARE);
  expect(await caughtStillThere()).toHaveLength(CAUGHT - SHARE);
  // pressing "Update all members" again follows the waiting run
  expect((await owner.call('POST', UPDATE)).json.data.job_id).toBe(jobId);

  // a manager who is not the owner is told why, and nothing changes
  expect((await job(manager)).caller_is_owner).toBe(false);
  const refused = await manager.call('POST', `${UPDATE}/${jobId}/confirm-removals`);
  expect(refused.status).toBe(403);
  expect(refused.json).toEqual(
    refusal(
      'owner_only',
      'Only the server owner can allow this update to remove 26 members. Ask the owner to open this page, or cancel the update.',
    ),
  );
  await sleep(1500);
  expect(await job()).toMatchObject({ status: 'waiting_for_owner', removals_waiting: 26 });
  expect((await discordGuild()).kicked).toHaveLength(SHARE);
  expect(await caughtStillThere()).toHaveLength(CAUGHT - SHARE);
  expect(await removalAudit()).toEqual([]);

  // the owner allows it: the run goes on and kicks the 26 it held back, no one twice
  const allowed = await owner.call('POST', `${UPDATE}/${jobId}/confirm-removals`);
  expect(allowed.status).toBe(200);
  expect(allowed.json.data).toMatchObject({ status: 'queued', removals_waiting: 0 });
  const done = await until('the run to finish', job, (j) => j.status === 'done', {
    timeoutMs: 120_000,
    everyMs: 200,
  });
  expect(done).toMatchObject({ removed: CAUGHT, removals_waiting: 0 });
  expect(done.done + done.failed).toBe(done.total);
  const last = await discordGuild();
  expect(new Set(last.kicked)).toEqual(new Set(CAUGHT_IDS));
  expect(last.kicked).toHaveLength(CAUGHT);
  expect(await caughtStillThere()).toEqual([]);
  // nobody else: the owner, the manager and every member no restriction caught are still in
  // the owner, the 40 members and the bot, less the kicked
  expect(last.members.size).toBe(41 + 1 - CAUGHT);
  expect(await removalAudit()).toEqual([
    {
      actor_discord_id: load.owner_id,
      before: `Update of all members ${jobId}: 26 members waiting to be kicked or banned`,
      after: `Update of all members ${jobId}: the owner allowed 26 members to be kicked or banned`,
    },
  ]);
  // allowed once: a second confirmation finds nothing waiting
  const again = await owner.call('POST', `${UPDATE}/${jobId}/confirm-removals`);
  expect(again.status).toBe(409);
  expect(again.json.error).toBe('no_removals_waiting');
});
