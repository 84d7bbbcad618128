import { sql } from 'drizzle-orm';
import { queryRows } from '../../support/db';
import { type Session } from '../../support/fake-login';
import {
  EXTRA_ROLE,
  GROUP2,
  linkedAccountId,
  RANGER,
  useConsole,
  verifyAs,
} from '../../support/console';
import { GROUP, GUILD_A, MAX, PETE, ROLE_LOW, RUBY } from '../../support/world';

const { t, cast } = useConsole({ setUp: GUILD_A });

const A = `/api/v1/server/${GUILD_A}`;
const putBinds = async (binds: unknown[]) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `${A}/binds`,
    headers: cast.owner.headers,
    payload: { binds },
  });
  if (res.statusCode !== 200) throw new Error(`binds refused: ${res.body}`);
  return res.json().data.binds as { role_id: string; role_name: string }[];
};
const guild = () => t.world.guilds.get(GUILD_A)!;
const rolesOf = (userId: string) =>
  guild()
    .members.get(userId)!
    .roles.map((id) => guild().roles.find((r) => r.id === id)!.name)
    .sort();
const verify = async (s: Session, robloxId: string) => {
  const res = await verifyAs(t.app, s, GUILD_A, await linkedAccountId(t.app, s, robloxId));
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
/** Max's linked Roblox account is switched to another Roblox user's ranks. */
const setRank = (group: string, robloxId: string, rank: number) =>
  t.world.groups.get(group)!.members.set(robloxId, rank);

describe('verification applies every bind', () => {
  it('gives each bound role whose range holds the rank, at the range’s edges', async () => {
    await putBinds([
      { group_id: GROUP, min_rank: 1, max_rank: 49, role_name: 'Juniors' },
      { group_id: GROUP, min_rank: 50, max_rank: 255, role_name: 'Seniors' },
      { group_id: GROUP, min_rank: 2, max_rank: 255, role_name: 'Not Pete' },
    ]);
    const data = await verify(cast.member, PETE); // rank 1: the lowest edge of 1–49
    expect(data.roles_added).toEqual(['Verified', 'Juniors']);
    expect(rolesOf(MAX)).toEqual(['Juniors', 'Verified']);
    setRank(GROUP, PETE, 49);
    expect((await verify(cast.member, PETE)).roles_added).toEqual(['Not Pete']);
    setRank(GROUP, PETE, 50); // the lowest edge of 50–255
    const up = await verify(cast.member, PETE);
    expect(up.roles_added).toEqual(['Seniors']);
    expect(up.roles_removed).toEqual(['Juniors']);
    expect(rolesOf(MAX)).toEqual(['Not Pete', 'Seniors', 'Verified']);
  });

  it('applies several groups from one read of the member’s Roblox groups', async () => {
    await putBinds([
      { group_id: GROUP, min_rank: 1, max_rank: 1, role_name: 'Members' },
      { group_id: GROUP2, min_rank: 10, max_rank: 99, role_name: 'Recruits' },
      { group_id: GROUP2, min_rank: 100, max_rank: 255, role_name: 'Rangers' },
      { group_id: GROUP2, min_rank: 1, max_rank: 255, role_name: 'In Group 2' },
    ]);
    t.world.calls.length = 0;
    const data = await verify(cast.member, PETE); // rank 1 in GROUP, rank 10 in GROUP2
    expect(data.roles_added).toEqual(['Verified', 'Members', 'Recruits', 'In Group 2']);
    // every bound group is read from the one answer of /v2/users/{id}/groups/roles
    expect(t.world.calls.filter((c) => /^(rank|user groups) /.test(c))).toEqual([
      `user groups ${PETE}`,
    ]);
  });

  it('keeps a role bound in several ranges while any of them holds the rank', async () => {
    const [first] = await putBinds([
      { group_id: GROUP, min_rank: 1, max_rank: 1, role_id: ROLE_LOW },
      { group_id: GROUP2, min_rank: 10, max_rank: 10, role_id: ROLE_LOW },
    ]);
    expect(first!.role_name).toBe('Low');
    await verify(cast.member, PETE);
    expect(rolesOf(MAX)).toEqual(['Low', 'Verified']);
    setRank(GROUP, PETE, 50); // out of the first range, still in the second
    expect((await verify(cast.member, PETE)).roles_removed).toEqual([]);
    expect(rolesOf(MAX)).toEqual(['Low', 'Verified']);
    setRank(GROUP2, PETE, 11); // out of both
    expect((await verify(cast.member, PETE)).roles_removed).toEqual(['Low']);
    expect(rolesOf(MAX)).toEqual(['Verified']);
  });

  it('removes bound roles a member had before and no longer qualifies for, leaving others alone', async () => {
    await putBinds([{ group_id: GROUP, min_rank: 200, max_rank: 255, role_id: ROLE_LOW }]);
    guild().members.get(MAX)!.roles.push(ROLE_LOW, EXTRA_ROLE);
    const data = await verify(cast.member, PETE);
    expect(data.roles_removed).toEqual(['Low']);
    expect(rolesOf(MAX)).toEqual(['Extra', 'Verified']);
  });

  it('binds rank 0 to people outside the group and says when no rank role was given', async () => {
    await putBinds([
      { group_id: GROUP2, min_rank: 0, max_rank: 0, role_name: 'Visitors' },
      { group_id: GROUP, min_rank: 1, max_rank: 255, role_name: 'Group Members' },
    ]);
    const data = await verify(cast.manager, RANGER); // not in GROUP, rank 100 in GROUP2
    expect(data.roles_added).toEqual(['Verified']);
    expect(data.warnings).toEqual([
      'You are not a member of the Roblox group Test Group, so no rank role was given.',
    ]);
    const pete = await verify(cast.member, PETE);
    expect(pete.roles_added).toEqual(['Verified', 'Group Members']);
    setRank(GROUP2, PETE, 0);
    expect((await verify(cast.member, PETE)).roles_added).toEqual(['Visitors']);
  });

  it('records roles added and removed, nicknames before and after, the source and the actor', async () => {
    await putBinds([{ group_id: GROUP, min_rank: 1, max_rank: 1, role_id: ROLE_LOW }]);
    guild().members.get(MAX)!.nick = 'maxie';
    await verify(cast.member, PETE);
    const rows = await queryRows(
      t.tdb.database,
      sql`SELECT source, actor_username, member_discord_id, roblox_username, roles_added,
            role_ids_added, nickname_before, nickname_after, nickname_by_bot, dm_sent
          FROM verifications`,
    );
    expect(rows).toEqual([
      {
        source: 'website',
        actor_username: 'member_max',
        member_discord_id: MAX,
        roblox_username: 'PlainPete',
        roles_added: ['Verified', 'Low'],
        role_ids_added: [expect.any(String), ROLE_LOW],
        nickname_before: 'maxie',
        nickname_after: 'PlainPete',
        nickname_by_bot: true,
        dm_sent: true,
      },
    ]);
    expect(RUBY).toBeDefined();
  });
});
