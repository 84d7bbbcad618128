// bench/lib/gatewayFigures.mjs: the gateway bench's percentiles, rate bounds and guild ids.
interface GatewayFiguresModule {
  percentile(values: number[], p: number): number | null;
  joinRateBound(input: {
    members: number;
    routes: Record<string, number>;
    limits: { perRouteLimit: number; perRouteResetAfter: number; globalPerSecond: number };
  }): { perSecond: number; by: string };
  burstPercentileSeconds(members: number, perSecond: number, p: number): number;
  cpuPerThousandEvents(input: {
    cpuMs: number;
    seconds: number;
    idleMsPerSecond: number;
    events: number;
  }): { total: number; lessIdle: number };
  guildIds(count: number, firstMs?: number): string[];
  shardOf(guildId: string, shards: number): number;
  recommendedShards(guilds: number): number;
}
const FIGURES = '../lib/gatewayFigures.mjs';

let f: GatewayFiguresModule;
beforeAll(async () => {
  f = (await import(FIGURES)) as GatewayFiguresModule;
});

const DISCORD = { perRouteLimit: 5, perRouteResetAfter: 1, globalPerSecond: 50 };

describe('percentile (nearest rank)', () => {
  it('takes the value at or above the rank, whatever the order given', () => {
    const values = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5];
    expect(f.percentile(values, 50)).toBe(5);
    expect(f.percentile(values, 95)).toBe(10);
    expect(f.percentile(values, 100)).toBe(10);
    expect(f.percentile([42], 50)).toBe(42);
  });

  it('answers null for no values and refuses a percentile outside (0, 100]', () => {
    expect(f.percentile([], 50)).toBeNull();
    expect(() => f.percentile([1], 0)).toThrow('p must be in (0, 100], got 0');
    expect(() => f.percentile([1], 101)).toThrow('got 101');
  });
});

describe('joinRateBound', () => {
  it('is the per-server route bucket when one write per member is the busiest route', () => {
    const routes = {
      'GET /api/v10/guilds/:guildId': 1,
      'GET /api/v10/guilds/:guildId/members/:userId': 1000,
      'PATCH /api/v10/guilds/:guildId/members/:userId': 1000,
    };
    expect(f.joinRateBound({ members: 1000, routes, limits: DISCORD })).toEqual({
      perSecond: 5,
      by: 'GET /api/v10/guilds/:guildId/members/:userId',
    });
  });

  it('halves when a route is called twice per member (role by role)', () => {
    const routes = { 'PUT /api/v10/guilds/:guildId/members/:userId/roles/:roleId': 2000 };
    expect(f.joinRateBound({ members: 1000, routes, limits: DISCORD }).perSecond).toBe(2.5);
  });

  it('is the global limit when many routes are each called once per member', () => {
    const routes = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`GET /api/v10/route-${i}`, 100]),
    );
    expect(f.joinRateBound({ members: 100, routes, limits: DISCORD })).toEqual({
      perSecond: 2.5,
      by: 'global',
    });
  });

  it('refuses a run with no members', () => {
    expect(() => f.joinRateBound({ members: 0, routes: {}, limits: DISCORD })).toThrow(
      'members must be above 0, got 0',
    );
  });
});

describe('burstPercentileSeconds', () => {
  it('is the rank of the member over the rate', () => {
    expect(f.burstPercentileSeconds(1000, 5, 50)).toBe(100);
    expect(f.burstPercentileSeconds(1000, 5, 95)).toBe(190);
    expect(f.burstPercentileSeconds(1000, 5, 100)).toBe(200);
    expect(() => f.burstPercentileSeconds(1000, 0, 50)).toThrow('perSecond must be above 0');
  });
});

describe('cpuPerThousandEvents', () => {
  it('gives the total and what is left once the idle spend over the window is taken off', () => {
    expect(
      f.cpuPerThousandEvents({ cpuMs: 600, seconds: 10, idleMsPerSecond: 10, events: 2000 }),
    ).toEqual({ total: 300, lessIdle: 250 });
  });

  it('never goes below zero, and refuses no events', () => {
    expect(
      f.cpuPerThousandEvents({ cpuMs: 50, seconds: 10, idleMsPerSecond: 10, events: 1000 })
        .lessIdle,
    ).toBe(0);
    expect(() =>
      f.cpuPerThousandEvents({ cpuMs: 50, seconds: 1, idleMsPerSecond: 0, events: 0 }),
    ).toThrow('events must be above 0, got 0');
  });
});

describe('guildIds and shardOf', () => {
  it('makes distinct snowflakes spread evenly over the shards', () => {
    const ids = f.guildIds(10_000);
    expect(new Set(ids).size).toBe(10_000);
    for (const id of ids) expect(id).toMatch(/^\d{17,19}$/);
    const perShard = new Array(10).fill(0);
    for (const id of ids) perShard[f.shardOf(id, 10)] += 1;
    expect(perShard).toEqual(new Array(10).fill(1000));
  });

  it('starts at the time given, as Discord encodes it', () => {
    const [id] = f.guildIds(1, Date.UTC(2015, 0, 1) + 1);
    expect(id).toBe(String(1 << 22));
    expect(() => f.guildIds(0)).toThrow('count must be 1 or more');
  });

  it('recommends one shard per 1,000 servers', () => {
    expect(f.recommendedShards(1)).toBe(1);
    expect(f.recommendedShards(1000)).toBe(1);
    expect(f.recommendedShards(10_000)).toBe(10);
    expect(f.recommendedShards(10_001)).toBe(11);
  });
});
