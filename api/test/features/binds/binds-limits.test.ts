/**
 * The binds' share of Roblox (docs/security.md › Threats and defences, N4): a cap on distinct groups per server, and group
 * names and ranks kept in the database for ROBLOX_GROUP_CACHE_SECONDS. The same through the real
 * emulator, counted: roblox-fan-out.test.ts.
 */
import { sql } from 'drizzle-orm';
import { MAX_GROUPS_PER_SERVER, MAX_ITEMS_PER_SERVER } from '@roconnect/shared-lib/contract';
import { IntegrationError } from '../../../src/integrations/types';
import { testSettings } from '../../support/app';
import { queryRows } from '../../support/db';
import { loginAs, type Session } from '../../support/fake-login';
import type { FakeWorld } from '../../support/fake-integrations';
import { useFakeApp } from '../../support/harness';
import { GROUP, GUILD_A, OLIVIA, ROLE_LOW } from '../../support/world';
import { TEST_GROUP } from '../../support/server-config';

const t = useFakeApp();
let olivia: Session;
beforeEach(async () => {
  olivia = await loginAs(t.app, OLIVIA);
});

const BINDS = `/api/v1/server/${GUILD_A}/binds`;
const groupIds = (n: number) => Array.from({ length: n }, (_, i) => String(9001 + i));
function addGroups(world: FakeWorld, ids: string[]) {
  for (const id of ids)
    world.groups.set(id, {
      name: `Group ${id} on Roblox`,
      roles: [
        { id: `${id}0`, name: 'Guest', rank: 0 },
        { id: `${id}1`, name: 'Member', rank: 1 },
      ],
      members: new Map(),
    });
}
const bindsFor = (ids: string[]) =>
  ids.map((id) => ({ group_id: id, min_rank: 1, max_rank: 1, role_id: ROLE_LOW }));
const put = (binds: unknown[]) =>
  t.app.inject({ method: 'PUT', url: BINDS, headers: olivia.headers, payload: { binds } });
const get = () => t.app.inject({ method: 'GET', url: BINDS, headers: olivia.headers });
/** Roblox group reads (name or ranks) since the test began */
const groupReads = () => t.world.calls.filter((c) => /^group (roles )?\d+$/.test(c)).length;
const age = (seconds: number) =>
  t.tdb.database.db.execute(
    sql`UPDATE roblox_group_cache SET fetched_at = now() - make_interval(secs => ${seconds})`,
  );

describe('the cap on distinct groups per server', () => {
  it(`answers 400 naming the limit for ${MAX_GROUPS_PER_SERVER + 1} groups, and saves nothing`, async () => {
    const ids = groupIds(MAX_GROUPS_PER_SERVER + 1);
    addGroups(t.world, ids);
    // many ranges of one group count once
    const res = await put([...bindsFor(ids), { ...bindsFor(ids)[0]!, min_rank: 0, max_rank: 0 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'too_many_groups',
      message: `body.binds names ${MAX_GROUPS_PER_SERVER + 1} Roblox groups; a server may bind at most ${MAX_GROUPS_PER_SERVER}. Remove 1 of them and save again.`,
    });
    expect(groupReads()).toBe(0);
    expect((await get()).json().data).toEqual({ binds: [], groups: [], items: [] });
  });

  it(`saves ${MAX_GROUPS_PER_SERVER} groups`, async () => {
    const ids = groupIds(MAX_GROUPS_PER_SERVER);
    addGroups(t.world, ids);
    const res = await put(bindsFor(ids));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.groups).toHaveLength(MAX_GROUPS_PER_SERVER);
  });
});

describe('the cap on distinct badges, game passes and catalog items per server (docs/security.md › T4)', () => {
  const kinds = ['badge', 'gamepass', 'asset'] as const;
  /** `n` distinct items, the three kinds in turn, each known to Roblox */
  function items(n: number) {
    return Array.from({ length: n }, (_, i) => {
      const kind = kinds[i % 3]!;
      const id = String(9500 + i);
      t.world.robloxItems.set(`${kind}:${id}`, `Item ${id}`);
      return { kind, [`${kind}_id`]: id, role_id: ROLE_LOW };
    });
  }
  const itemReads = () => t.world.calls.filter((c) => c.startsWith('item ')).length;

  it(`answers 400 too_many_items for ${MAX_ITEMS_PER_SERVER + 1} items, asks Roblox nothing and saves nothing`, async () => {
    const binds = items(MAX_ITEMS_PER_SERVER + 1);
    // a second role for one item is still one item
    const res = await put([...binds, { ...binds[0]!, role_id: undefined, role_name: 'Extra' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'too_many_items',
      message: `body.binds names ${MAX_ITEMS_PER_SERVER + 1} badges, game passes and catalog items; a server may bind at most ${MAX_ITEMS_PER_SERVER}. Remove 1 of them and save again.`,
    });
    expect(itemReads()).toBe(0);
    expect((await get()).json().data).toEqual({ binds: [], groups: [], items: [] });
  });

  it(`saves ${MAX_ITEMS_PER_SERVER} items beside groups, which count apart`, async () => {
    const res = await put([...items(MAX_ITEMS_PER_SERVER), ...bindsFor([GROUP])]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toHaveLength(MAX_ITEMS_PER_SERVER);
  });
});

describe('group names and ranks from the shared cache', () => {
  beforeEach(async () => {
    expect((await put(bindsFor([GROUP]))).statusCode).toBe(200);
  });

  it('reuses them within ROBLOX_GROUP_CACHE_SECONDS (default 600) and reads Roblox again after', async () => {
    const readsAfterSave = groupReads();
    t.world.groups.get(GROUP)!.name = 'Renamed Group';
    expect((await get()).json().data.groups[0].name).toBe('Test Group');
    await age(599);
    expect((await get()).json().data.groups[0].name).toBe('Test Group');
    expect(groupReads()).toBe(readsAfterSave);
    await age(601);
    expect((await get()).json().data.groups[0].name).toBe('Renamed Group');
    expect(groupReads()).toBe(readsAfterSave + 2);
  });

  it('reads Roblox every time with ROBLOX_GROUP_CACHE_SECONDS=0', async () => {
    const app = await t.restartWith(testSettings({ ROBLOX_GROUP_CACHE_SECONDS: '0' }));
    const before = groupReads();
    for (let i = 0; i < 2; i++)
      expect(
        (await app.inject({ method: 'GET', url: BINDS, headers: olivia.headers })).statusCode,
      ).toBe(200);
    expect(groupReads()).toBe(before + 4);
  });

  it('answers the last known names and ranks when Roblox cannot answer', async () => {
    await age(3600);
    const roblox = t.app.ctx.integrations.roblox;
    roblox.getGroup = roblox.getGroupRoles = async () => {
      throw new IntegrationError('roblox', 'unavailable', 'Roblox could not load the group.');
    };
    expect((await get()).json().data.groups).toEqual([TEST_GROUP]);
  });

  it('keeps a bound group Roblox no longer has as missing, but a save asks Roblox again', async () => {
    const group = t.world.groups.get(GROUP)!;
    t.world.groups.delete(GROUP);
    await age(601);
    expect((await get()).json().data.groups).toEqual([
      { id: GROUP, name: 'Test Group', ranks: [] },
    ]);
    const cached = await queryRows(
      t.tdb.database,
      sql`SELECT name FROM roblox_group_cache WHERE group_id = ${GROUP}`,
    );
    expect(cached).toEqual([{ name: null }]);
    t.world.groups.set(GROUP, group); // back (or a new group with the id)
    const res = await put(bindsFor([GROUP]));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.groups[0].ranks).toHaveLength(4);
  });

  it('stores nothing for a group a save names that does not exist', async () => {
    const res = await put(bindsFor(['424242']));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('body.binds[0].group_id: Roblox group 424242 does not exist.');
    expect(
      await queryRows(t.tdb.database, sql`SELECT group_id FROM roblox_group_cache ORDER BY 1`),
    ).toEqual([{ group_id: GROUP }]);
  });
});
