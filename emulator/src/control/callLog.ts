import type { FastifyInstance } from 'fastify';

/**
 * Counts the calls made to the emulated Discord REST API with the bot's token, by route, so tests
 * can prove how much of the bot's shared budget (50 requests/s for every tenant) a flow spends.
 */
export class CallLog {
  private readonly byRoute = new Map<string, number>();

  record(route: string): void {
    this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1);
  }

  clear(): void {
    this.byRoute.clear();
  }

  snapshot(): { total: number; routes: Record<string, number> } {
    const routes = Object.fromEntries([...this.byRoute].sort(([a], [b]) => a.localeCompare(b)));
    const total = [...this.byRoute.values()].reduce((sum, n) => sum + n, 0);
    return { total, routes };
  }
}

/** Records every bot-token call of a Discord REST scope as "METHOD /route/:pattern". */
export function recordBotCalls(scope: FastifyInstance, log: CallLog): void {
  scope.addHook('onRequest', async (request) => {
    if (!/^Bot\s/.test(request.headers.authorization ?? '')) return;
    log.record(`${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`);
  });
}
