import { startEmulator } from '../src';
import { testSeed, useEmulator } from './helpers';

// seeds/test.json: RankedRuby (501) holds badge 8001 and owns game pass 8101 and asset 8201;
// PlainPete (502) has nothing; LoneLeo (503) owns 8101 but keeps the inventory private.
const app = useEmulator();

const get = (url: string) => app.inject({ url });
const errorOf = (res: { json(): unknown }) =>
  (res.json() as { errors: { code: number; message: string }[] }).errors[0];

describe('badges.roblox.com', () => {
  it('lists only the awarded badges with their dates, each asked id once', async () => {
    const res = await get('/v1/users/501/badges/awarded-dates?badgeIds=8001,8002,8001,999');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [{ badgeId: 8001, awardedDate: '2022-02-02T10:00:00.000Z' }],
    });
    const none = await get('/v1/users/502/badges/awarded-dates?badgeIds=8001,8002');
    expect(none.json()).toEqual({ data: [] });
  });

  it('takes the ids repeated as well as a CSV', async () => {
    const res = await get('/v1/users/501/badges/awarded-dates?badgeIds=8002&badgeIds=8001');
    expect(res.json()).toEqual({
      data: [{ badgeId: 8001, awardedDate: '2022-02-02T10:00:00.000Z' }],
    });
  });

  it('refuses an unknown user (404 code 4), missing or bad ids (400) and over 100 ids (400 code 5)', async () => {
    const unknown = await get('/v1/users/9999/badges/awarded-dates?badgeIds=8001');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({
      code: 4,
      message: 'User is invalid or does not exist.',
    });
    for (const query of ['', '?badgeIds=', '?badgeIds=8001,abc']) {
      const bad = await get(`/v1/users/501/badges/awarded-dates${query}`);
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad)!.message).toMatch(/badgeIds/);
    }
    const ids = Array.from({ length: 101 }, (_, i) => 10_000 + i).join(',');
    const many = await get(`/v1/users/501/badges/awarded-dates?badgeIds=${ids}`);
    expect(many.statusCode).toBe(400);
    expect(errorOf(many)).toMatchObject({ code: 5, message: 'Too many badge Ids.' });
    const hundred = ids.split(',').slice(0, 100).join(',');
    expect((await get(`/v1/users/501/badges/awarded-dates?badgeIds=${hundred}`)).statusCode).toBe(
      200,
    );
  });

  it("answers a badge's details and 404 code 1 for an unknown one", async () => {
    const res = await get('/v1/badges/8001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: 8001,
      name: 'Test Badge',
      displayName: 'Test Badge',
      enabled: true,
      statistics: { awardedCount: 1 },
      awardingUniverse: { id: expect.any(Number), name: expect.any(String) },
    });
    for (const id of ['8999', 'abc']) {
      const missing = await get(`/v1/badges/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing)).toMatchObject({
        code: 1,
        message: 'Badge is invalid or does not exist.',
      });
    }
  });
});

describe('inventory.roblox.com items', () => {
  const page = (data: unknown[]) => ({ previousPageCursor: null, nextPageCursor: null, data });

  it('answers an owned game pass, asset and badge with Roblox shapes, by name or number', async () => {
    for (const type of ['GamePass', 'gamepass', '1']) {
      const res = await get(`/v1/users/501/items/${type}/8101`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(
        page([{ type: 'GamePass', id: 8101, name: 'Test VIP', instanceId: null }]),
      );
    }
    for (const type of ['Asset', '0']) {
      const res = await get(`/v1/users/501/items/${type}/8201`);
      expect(res.json()).toEqual(
        page([{ type: 'Asset', id: 8201, name: 'Test Hat', instanceId: expect.any(Number) }]),
      );
    }
    const badge = await get('/v1/users/501/items/Badge/8001');
    expect(badge.json()).toEqual(
      page([{ type: 'Badge', id: 8001, name: 'Test Badge', instanceId: null }]),
    );
  });

  it('answers empty data for an item the user does not own', async () => {
    for (const url of [
      '/v1/users/501/items/GamePass/8102',
      '/v1/users/502/items/Asset/8201',
      '/v1/users/502/items/Badge/8001',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(page([]));
    }
  });

  it('refuses a private inventory with 403 and Roblox’s error, owned or not', async () => {
    for (const id of ['8101', '8102']) {
      const res = await get(`/v1/users/503/items/GamePass/${id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        errors: [
          {
            code: 4,
            message: "You don't have permissions for the specificed user.",
            userFacingMessage: 'Something went wrong',
          },
        ],
      });
    }
  });

  it.each([
    ['/v1/users/9999/items/GamePass/8101', 1, 'The specified user does not exist!'],
    ['/v1/users/501/items/Hat/8101', 6, 'The specified item type does not exist.'],
    ['/v1/users/501/items/7/8101', 6, 'The specified item type does not exist.'],
    [
      '/v1/users/501/items/GamePass/8999',
      5,
      'The specified game pass does not exist! Are you using the new game pass ID?',
    ],
    ['/v1/users/501/items/Asset/8999', 7, 'The specified Asset does not exist!'],
    ['/v1/users/501/items/Badge/8999', 10, 'The specified asset is not a badge!'],
    ['/v1/users/501/items/Bundle/1', 12, 'The specified bundle does not exist!'],
  ])('%s → 400 code %i', async (url, code, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code, message });
  });
});

describe('game pass and asset names', () => {
  it('answers game pass product info on the apis.roblox.com path and without its prefix', async () => {
    for (const url of [
      '/game-passes/v1/game-passes/8101/product-info',
      '/v1/game-passes/8101/product-info',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        TargetId: 8101,
        ProductType: 'Game Pass',
        Name: 'Test VIP',
        Creator: { Id: expect.any(Number), Name: expect.any(String) },
      });
    }
    const missing = await get('/game-passes/v1/game-passes/8999/product-info');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)!.code).toBe(1);
  });

  it('answers economy asset details, 400 code 20 for an unknown asset and 5 for a bad id', async () => {
    const res = await get('/v2/assets/8201/details');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      TargetId: 8201,
      AssetId: 8201,
      Name: 'Test Hat',
      AssetTypeId: 8,
    });
    const unknown = await get('/v2/assets/8101/details'); // a game pass is not an asset
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({
      code: 20,
      message: 'No Product Info found associated with the AssetId.',
    });
    expect(errorOf(await get('/v2/assets/x1/details'))!.code).toBe(5);
  });

  describe('catalog POST /v1/catalog/items/details', () => {
    const post = (payload: unknown, token?: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/catalog/items/details',
        payload: payload as object,
        headers: token ? { 'x-csrf-token': token } : {},
      });

    async function token(): Promise<string> {
      const first = await post({ items: [{ itemType: 'Asset', id: 8201 }] });
      expect(first.statusCode).toBe(403);
      expect(errorOf(first)).toMatchObject({ code: 0, message: 'Token Validation Failed' });
      const value = first.headers['x-csrf-token'];
      expect(typeof value).toBe('string');
      return value as string;
    }

    it('asks for the CSRF token first, then names every known asset in one answer', async () => {
      const csrf = await token();
      const res = await post(
        {
          items: [
            { itemType: 'Asset', id: 8202 },
            { itemType: 1, id: 8201 },
            { itemType: 'Asset', id: 8999 },
            { itemType: 'Bundle', id: 1 },
          ],
        },
        csrf,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json() as { data: { id: number; name: string; itemType: string }[] };
      expect(body.data.map((d) => [d.id, d.name, d.itemType])).toEqual([
        [8202, 'Test Shirt', 'Asset'],
        [8201, 'Test Hat', 'Asset'],
      ]);
      const wrong = await post({ items: [{ itemType: 'Asset', id: 8201 }] }, 'not-the-token');
      expect(wrong.statusCode).toBe(403);
    });

    it('hands out the token for an empty JSON body too, as clients fetch it that way', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/catalog/items/details',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-csrf-token']).toEqual(expect.any(String));
    });

    it.each([
      ['no items', {}, /items/],
      ['empty items', { items: [] }, /items/],
      ['an unknown itemType', { items: [{ itemType: 'Hat', id: 1 }] }, /items\[0\]\.itemType/],
      ['a string id', { items: [{ itemType: 'Asset', id: '1' }] }, /items\[0\]\.id/],
      [
        '121 items',
        { items: Array.from({ length: 121 }, (_, i) => ({ itemType: 'Asset', id: i + 1 })) },
        /120/,
      ],
    ])('refuses %s with 400 naming what is wrong', async (_label, payload, message) => {
      const res = await post(payload, await token());
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)!.message).toMatch(message);
    });
  });
});

describe('users.roblox.com', () => {
  it('answers created from the seed, and the default for a user without one', async () => {
    const pete = await app.inject({ url: '/v1/users/502' });
    expect(pete.json()).toMatchObject({ id: 502, created: '2015-01-01T00:00:00.000Z' });
    const control = await app.inject({
      method: 'PUT',
      url: '/__emulator/roblox/users/502',
      payload: { created: '2026-11-20T00:00:00Z' },
    });
    expect(control.statusCode).toBe(200);
    const after = await app.inject({ url: '/v1/users/502' });
    expect(after.json()).toMatchObject({ created: '2026-11-20T00:00:00.000Z' });
  });
});

describe('call log', () => {
  it('counts every items call by route, the game pass path included, and not control calls', async () => {
    await get('/v1/users/501/badges/awarded-dates?badgeIds=8001');
    await get('/v1/users/501/badges/awarded-dates?badgeIds=8002');
    await get('/v1/users/501/items/GamePass/8101');
    await get('/v1/users/503/items/Asset/8201');
    await get('/game-passes/v1/game-passes/8101/product-info');
    await get('/v2/assets/8201/details');
    await app.inject({ method: 'POST', url: '/v1/catalog/items/details', payload: { items: [] } });
    await app.inject({
      method: 'POST',
      url: '/__emulator/roblox/users/502/badges',
      payload: { badge_id: 8001 },
    });
    const calls = (await get('/__emulator/calls')).json() as {
      roblox: { total: number; routes: Record<string, number> };
    };
    expect(calls.roblox.routes).toEqual({
      'GET /game-passes/v1/game-passes/:gamePassId/product-info': 1,
      'GET /v1/users/:userId/badges/awarded-dates': 2,
      'GET /v1/users/:userId/items/:itemType/:itemTargetId': 2,
      'GET /v2/assets/:assetId/details': 1,
      'POST /v1/catalog/items/details': 1,
    });
    expect(calls.roblox.total).toBe(7);
  });

  it('serves faults on the new paths with Roblox’s error body', async () => {
    app.emulator.addFaults([
      { method: 'GET', path: '^/game-passes/', status: 503 },
      { method: 'GET', path: '^/v1/users/\\d+/items/', status: 429 },
    ]);
    const pass = await get('/game-passes/v1/game-passes/8101/product-info');
    expect(pass.statusCode).toBe(503);
    expect(pass.json()).toHaveProperty('errors');
    const owned = await get('/v1/users/501/items/GamePass/8101');
    expect(owned.statusCode).toBe(429);
    expect(owned.json()).toHaveProperty('errors');
    expect((await get('/v1/users/501/items/GamePass/8101')).statusCode).toBe(200);
  });
});

describe('over real HTTP', () => {
  it('a client fetches the CSRF token, names the assets, and checks a pass', async () => {
    const emu = await startEmulator({ seed: testSeed() });
    try {
      const details = (token?: string) =>
        fetch(`${emu.url}/v1/catalog/items/details`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { 'x-csrf-token': token } : {}),
          },
          body: JSON.stringify({ items: [{ itemType: 'Asset', id: 8201 }] }),
        });
      const first = await details();
      expect(first.status).toBe(403);
      const second = await details(first.headers.get('x-csrf-token')!);
      expect(second.status).toBe(200);
      expect(await second.json()).toMatchObject({ data: [{ id: 8201, name: 'Test Hat' }] });
      const owned = await fetch(`${emu.url}/v1/users/501/items/GamePass/8101`);
      expect(await owned.json()).toMatchObject({ data: [{ type: 'GamePass', id: 8101 }] });
    } finally {
      await emu.close();
    }
  });
});
