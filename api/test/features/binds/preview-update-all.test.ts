/**
 * The binds preview says what an update of all members then does: on the emulator's load seed
 * (group ranks, badges, game passes, catalog items, private inventories), binds of every kind
 * are applied by one update-all run, a changed list is previewed, saved and applied by another,
 * and each role's previewed gains and losses are the members who gained and lost it.
 */
import { generateLoadSeed } from '@roconnect/emulator';
import { insertLoadLinks } from '../../support/load-links';
import {
  emulatorState,
  setUpServerAs,
  useStack,
  type HttpSession,
} from '../../support/emulator-flow';
import { until } from '../../support/until';

jest.setTimeout(180_000);

const load = generateLoadSeed({ members: 48, linked: 40, items: true });
const GUILD = load.guild_id;
const [BADGE_1, BADGE_2] = load.items!.badges.map(String);
const [PASS_1, PASS_2] = load.items!.gamepasses.map(String);
const [HAT_1] = load.items!.assets.map(String);
const rank = (r: number) => load.roles.ranks.find((x) => x.rank === r)!.role_id;
const WAIT = { timeoutMs: 120_000, everyMs: 200 };

const { tdb, stack, signIn } = useStack({ seed: load.seed, jobs: true }, 'file');
let owner: HttpSession;

beforeAll(async () => {
  owner = await signIn(load.owner_id);
  await setUpServerAs(owner, GUILD, { syncFirst: true });
  await insertLoadLinks(tdb.database, load.links);
});

async function putBinds(binds: unknown[]) {
  const res = await owner.call('PUT', `/api/v1/server/${GUILD}/binds`, { binds });
  if (res.status !== 200) throw new Error(`binds refused: ${JSON.stringify(res.json)}`);
  return res.json.data;
}

async function updateAll() {
  const started = await owner.call('POST', `/api/v1/server/${GUILD}/members/update`);
  expect(started.status).toBe(202);
  const jobId: string = started.json.data.job_id;
  const job = async () =>
    (await owner.call('GET', `/api/v1/server/${GUILD}/members/update/${jobId}`)).json.data;
  const done = await until('the update to finish', job, (j) => j.status === 'done', WAIT);
  expect(done.failed).toBe(0);
}

/** Each member's roles, from the emulator. */
async function rolesNow(): Promise<Map<string, Set<string>>> {
  const members = (await emulatorState(stack)).discord.guilds[0].members as {
    user_id: string;
    roles: string[];
  }[];
  return new Map(members.map((m) => [m.user_id, new Set(m.roles)]));
}

it('previews per role the gains and losses that the next update of all members makes', async () => {
  // the first list, applied to everyone: every member's facts are read from Roblox once
  const first = await putBinds([
    { group_id: load.group_id, min_rank: 1, max_rank: 1, role_id: rank(1) },
    { group_id: load.group_id, min_rank: 50, max_rank: 50, role_id: rank(50) },
    { group_id: load.group_id, min_rank: 255, max_rank: 255, role_id: rank(255) },
    { kind: 'badge', badge_id: BADGE_1, role_name: 'Badge Role' },
    { kind: 'badge', badge_id: BADGE_2, role_name: 'Badge Role' },
    { kind: 'gamepass', gamepass_id: PASS_1, role_name: 'Pass Role' },
    { kind: 'gamepass', gamepass_id: PASS_2, role_name: 'Other Pass Role' },
    { kind: 'asset', asset_id: HAT_1, role_name: 'Hat Role' },
  ]);
  const roleOf = (name: string) =>
    first.binds.find((b: { role_name: string }) => b.role_name === name).role_id as string;
  await updateAll();
  const before = await rolesNow();

  // the second list: ranges widened, roles swapped between items, one group role dropped
  const second = [
    { group_id: load.group_id, min_rank: 1, max_rank: 50, role_id: rank(1) },
    { group_id: load.group_id, min_rank: 50, max_rank: 255, role_id: rank(50) },
    { kind: 'badge', badge_id: BADGE_2, role_id: roleOf('Badge Role') },
    { kind: 'gamepass', gamepass_id: PASS_1, role_id: roleOf('Hat Role') },
    { kind: 'asset', asset_id: HAT_1, role_id: roleOf('Pass Role') },
    { kind: 'gamepass', gamepass_id: PASS_2, role_id: roleOf('Other Pass Role') },
  ];
  const preview = await owner.call('POST', `/api/v1/server/${GUILD}/binds/preview`, {
    binds: second,
  });
  expect(preview.status).toBe(200);
  expect(preview.json.data).toMatchObject({
    members: load.links.length,
    bypassed: 0,
    restricted: 0,
    cannot_give: [],
  });

  await putBinds(second);
  await updateAll();
  const after = await rolesNow();
  const actual = (roleId: string) => {
    let gain = 0;
    let lose = 0;
    for (const [id, roles] of after) {
      const had = before.get(id)?.has(roleId) ?? false;
      if (roles.has(roleId) && !had) gain++;
      if (!roles.has(roleId) && had) lose++;
    }
    return { gain, lose };
  };
  const previewed = preview.json.data.roles as {
    role_id: string;
    gain: number;
    lose: number;
    unknown: number;
  }[];
  expect(previewed.map((r) => r.role_id)).toEqual([
    rank(1),
    rank(50),
    roleOf('Badge Role'),
    roleOf('Hat Role'),
    roleOf('Pass Role'),
    roleOf('Other Pass Role'),
  ]);
  for (const r of previewed) {
    expect({ role: r.role_id, gain: r.gain, lose: r.lose, unknown: r.unknown }).toEqual({
      role: r.role_id,
      ...actual(r.role_id),
      unknown: 0,
    });
  }
  // the preview moved something: a comparison of zeros would prove nothing
  expect(previewed.reduce((n, r) => n + r.gain + r.lose, 0)).toBeGreaterThan(5);
  // the Owner role left the binds: nobody gained or lost it
  expect(actual(rank(255))).toEqual({ gain: 0, lose: 0 });
});
