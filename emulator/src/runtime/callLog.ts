import type { FastifyInstance } from 'fastify';

/**
 * Counts the calls made to the emulated Discord REST API with the bot's token, by route, so tests
 * can prove how much of the bot's shared budget (50 requests/s for every tenant) a flow spends.
 */
export class CallLog {
  private readonly byRoute = new Map<string, number>();
  /**
   * changes to one member ("PUT /guilds/g/members/u/roles/r", a kick, a ban), to prove nobody was
   * changed twice
   */
  private readonly memberWrites = new Map<string, number>();

  record(route: string): void {
    this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1);
  }

  recordMemberWrite(target: string): void {
    this.memberWrites.set(target, (this.memberWrites.get(target) ?? 0) + 1);
  }

  clear(): void {
    this.byRoute.clear();
    this.memberWrites.clear();
  }

  snapshot(): { total: number; routes: Record<string, number> } {
    const routes = Object.fromEntries([...this.byRoute].sort(([a], [b]) => a.localeCompare(b)));
    const total = [...this.byRoute.values()].reduce((sum, n) => sum + n, 0);
    return { total, routes };
  }

  /** how many changes each member target got, and which got more than one */
  memberWriteSnapshot(): { total: number; most_on_one_target: number; repeated: string[] } {
    const writes = [...this.memberWrites.values()];
    return {
      total: writes.reduce((sum, n) => sum + n, 0),
      most_on_one_target: writes.reduce((most, n) => Math.max(most, n), 0),
      repeated: [...this.memberWrites].filter(([, n]) => n > 1).map(([target]) => target),
    };
  }
}

/** Records every bot-token call of a Discord REST scope as "METHOD /route/:pattern". */
export function recordBotCalls(scope: FastifyInstance, log: CallLog): void {
  scope.addHook('onRequest', async (request) => {
    if (!/^Bot\s/.test(request.headers.authorization ?? '')) return;
    const route = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    log.record(`${request.method} ${route}`);
    if (request.method !== 'GET' && /\/guilds\/:guildId\/(members|bans)\/:userId/.test(route))
      log.recordMemberWrite(
        `${request.method} ${request.url.split('?')[0]?.replace(/^\/api(\/v\d+)?/, '')}`,
      );
  });
}

/**
 * Counts the calls made to the emulated Roblox web APIs (groups, users, thumbnails, badges,
 * inventory, game passes, economy, catalog; not OAuth), by
 * route, and the most that were answered at once: what a tenant's page costs Roblox's per-address
 * limits, which every tenant of one API shares.
 */
export class RobloxCallLog {
  readonly calls = new CallLog();
  private inFlight = 0;
  private mostInFlight = 0;

  clear(): void {
    this.calls.clear();
    this.mostInFlight = this.inFlight;
  }

  snapshot(): { total: number; routes: Record<string, number>; most_in_flight: number } {
    return { ...this.calls.snapshot(), most_in_flight: this.mostInFlight };
  }

  /** Records every web API call of `scope` from its start until its answer is sent. */
  register(scope: FastifyInstance): void {
    const counted = new WeakSet<object>();
    scope.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0] ?? '';
      // OAuth (/oauth/…) is not counted; apis.roblox.com's game passes sit under /game-passes/v1/…
      if (!/^\/(game-passes\/)?v\d+\//.test(path)) return;
      counted.add(request);
      this.calls.record(`${request.method} ${request.routeOptions.url ?? path}`);
      this.inFlight += 1;
      this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    });
    const done = async (request: object) => {
      if (!counted.delete(request)) return;
      this.inFlight -= 1;
    };
    scope.addHook('onResponse', done);
    scope.addHook('onRequestAbort', done);
  }
}
