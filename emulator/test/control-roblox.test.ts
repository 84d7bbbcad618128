import { useEmulator } from './helpers';

// seeds/test.json: PlainPete (502) has no badges or items; LoneLeo (503) keeps the inventory private
const app = useEmulator();

const control = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
const owns = async (url: string) => {
  const res = await app.inject({ url });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: unknown[] }).data.length === 1;
};

describe('Roblox control endpoints', () => {
  it('awards a badge (now, or at a given date) and takes it back', async () => {
    const before = Date.now();
    const awarded = await control('POST', '/__emulator/roblox/users/502/badges', {
      badge_id: 8001,
    });
    expect(awarded.statusCode).toBe(200);
    const date = (awarded.json() as { badges: { id: number; awarded_date: string }[] }).badges[0]!;
    expect(date.id).toBe(8001);
    expect(Date.parse(date.awarded_date)).toBeGreaterThanOrEqual(before - 1000);
    const dates = await app.inject({ url: '/v1/users/502/badges/awarded-dates?badgeIds=8001' });
    expect(dates.json()).toEqual({ data: [{ badgeId: 8001, awardedDate: date.awarded_date }] });

    await control('POST', '/__emulator/roblox/users/502/badges', {
      badge_id: 8001,
      awarded_date: '2020-01-02T03:04:05Z',
    });
    const moved = await app.inject({ url: '/v1/users/502/badges/awarded-dates?badgeIds=8001' });
    expect(moved.json()).toEqual({
      data: [{ badgeId: 8001, awardedDate: '2020-01-02T03:04:05.000Z' }],
    });

    expect((await control('DELETE', '/__emulator/roblox/users/502/badges/8001')).statusCode).toBe(
      200,
    );
    const gone = await app.inject({ url: '/v1/users/502/badges/awarded-dates?badgeIds=8001' });
    expect(gone.json()).toEqual({ data: [] });
    expect((await control('DELETE', '/__emulator/roblox/users/502/badges/8001')).statusCode).toBe(
      404,
    );
  });

  it('grants a game pass or an asset and takes it back', async () => {
    expect(await owns('/v1/users/502/items/GamePass/8102')).toBe(false);
    const granted = await control('POST', '/__emulator/roblox/users/502/inventory', {
      item_id: 8102,
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id: 502, inventory: [8102] });
    expect(await owns('/v1/users/502/items/GamePass/8102')).toBe(true);
    await control('POST', '/__emulator/roblox/users/502/inventory', { item_id: 8202 });
    expect(await owns('/v1/users/502/items/Asset/8202')).toBe(true);

    expect(
      (await control('DELETE', '/__emulator/roblox/users/502/inventory/8102')).statusCode,
    ).toBe(200);
    expect(await owns('/v1/users/502/items/GamePass/8102')).toBe(false);
    expect(
      (await control('DELETE', '/__emulator/roblox/users/502/inventory/8102')).statusCode,
    ).toBe(404);
  });

  it('makes an inventory private and public again', async () => {
    await control('POST', '/__emulator/roblox/users/502/inventory', { item_id: 8101 });
    const hidden = await control('PUT', '/__emulator/roblox/users/502', {
      inventory_private: true,
    });
    expect(hidden.json()).toMatchObject({ inventory_private: true });
    expect((await app.inject({ url: '/v1/users/502/items/GamePass/8101' })).statusCode).toBe(403);
    await control('PUT', '/__emulator/roblox/users/503', { inventory_private: false });
    expect(await owns('/v1/users/503/items/GamePass/8101')).toBe(true);
  });

  it('shows the items, badges and inventories in the state, and a reset puts the seed back', async () => {
    await control('POST', '/__emulator/roblox/users/502/inventory', { item_id: 8101 });
    const state = app.emulator.state();
    expect(state.roblox.badges).toEqual([
      { id: 8001, name: 'Test Badge' },
      { id: 8002, name: 'Rare Badge' },
    ]);
    expect(state.roblox.gamepasses.map((p) => p.id)).toEqual([8101, 8102]);
    expect(state.roblox.assets.map((a) => a.id)).toEqual([8201, 8202]);
    const [ruby, pete, leo] = state.roblox.users;
    expect(ruby).toMatchObject({
      badges: [{ id: 8001, awarded_date: '2022-02-02T10:00:00.000Z' }],
      inventory: [8101, 8201],
      inventory_private: false,
    });
    expect(pete).toMatchObject({ badges: [], inventory: [8101] });
    expect(leo).toMatchObject({ inventory_private: true });

    await app.inject({ method: 'POST', url: '/__emulator/reset' });
    expect(app.emulator.state().roblox.users[1]).toMatchObject({ inventory: [] });
  });

  it.each<[string, 'POST' | 'PUT', string, unknown, RegExp]>([
    ['no body', 'POST', '/__emulator/roblox/users/502/badges', undefined, /JSON object/],
    [
      'an unknown badge',
      'POST',
      '/__emulator/roblox/users/502/badges',
      { badge_id: 1 },
      /badge_id/,
    ],
    [
      'a bad date',
      'POST',
      '/__emulator/roblox/users/502/badges',
      { badge_id: 8001, awarded_date: 'soon' },
      /awarded_date/,
    ],
    ['an extra field', 'POST', '/__emulator/roblox/users/502/badges', { badge: 8001 }, /badge /],
    [
      'a badge as an item',
      'POST',
      '/__emulator/roblox/users/502/inventory',
      { item_id: 8001 },
      /item_id/,
    ],
    [
      'a string item id',
      'POST',
      '/__emulator/roblox/users/502/inventory',
      { item_id: '8101' },
      /item_id/,
    ],
    [
      'a string flag',
      'PUT',
      '/__emulator/roblox/users/502',
      { inventory_private: 'yes' },
      /inventory_private/,
    ],
    ['a bad created', 'PUT', '/__emulator/roblox/users/502', { created: 'yesterday' }, /created/],
  ])('refuses %s with 400 naming the field', async (_label, method, url, payload, message) => {
    const res = await control(method, url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_roblox_change', message });
  });

  it('answers 404 for an unknown Roblox user', async () => {
    for (const [method, url, payload] of [
      ['POST', '/__emulator/roblox/users/9999/badges', { badge_id: 8001 }],
      ['POST', '/__emulator/roblox/users/9999/inventory', { item_id: 8101 }],
      ['PUT', '/__emulator/roblox/users/9999', { inventory_private: true }],
    ] as const) {
      const res = await control(method, url, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'There is no Roblox user 9999.' });
    }
  });
});
