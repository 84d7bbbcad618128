import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Fault, FaultRegistry } from '../runtime/faults';

const DEFAULT_MESSAGES: Record<number, string> = {
  400: '400: Bad Request',
  401: '401: Unauthorized',
  403: 'Missing Permissions',
  404: '404: Not Found',
  429: 'You are being rate limited.',
  500: '500: Internal Server Error',
  502: '502: Bad Gateway',
  503: '503: Service Unavailable',
};

/** Roblox's paths: OAuth, the web APIs (`/v1/…`, `/v2/…`) and apis.roblox.com's `/game-passes/…` */
export function isRobloxPath(path: string): boolean {
  return /^\/(oauth|v1|v2|game-passes)\//.test(path);
}

function sendFault(reply: FastifyReply, path: string, fault: Fault): FastifyReply {
  const message =
    fault.message ?? DEFAULT_MESSAGES[fault.status] ?? `${fault.status}: Emulated failure`;
  const roblox = isRobloxPath(path);
  if (roblox && (fault.retry_after !== undefined || fault.status === 429)) {
    // Roblox documents only x-ratelimit-limit/-remaining/-reset (seconds until the quota is back),
    // and its legacy hosts send no Retry-After (emulator/README.md › Control)
    reply.header('x-ratelimit-limit', '60, 60;w=60');
    reply.header('x-ratelimit-remaining', '0');
    reply.header('x-ratelimit-reset', String(Math.ceil(fault.retry_after ?? 1)));
  } else if (fault.retry_after !== undefined || fault.status === 429) {
    const retryAfter = fault.retry_after ?? 1;
    reply.header('Retry-After', String(Math.ceil(retryAfter)));
    reply.header('X-RateLimit-Limit', '5');
    reply.header('X-RateLimit-Remaining', '0');
    reply.header('X-RateLimit-Reset', (Date.now() / 1000 + retryAfter).toFixed(3));
    reply.header('X-RateLimit-Reset-After', retryAfter.toFixed(3));
    reply.header('X-RateLimit-Scope', 'user');
  }
  reply.code(fault.status);
  if (roblox) return reply.send({ errors: [{ code: fault.code ?? 0, message }] });
  if (fault.status === 429) {
    return reply.send({
      message,
      retry_after: fault.retry_after ?? 1,
      global: false,
      ...(fault.code !== undefined ? { code: fault.code } : {}),
    });
  }
  return reply.send({ message, code: fault.code ?? 0 });
}

/** Answers a call with a queued fault before any route runs (control paths are never faulted). */
export function registerFaultHook(app: FastifyInstance, faults: FaultRegistry): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/__emulator')) return;
    const fault = faults.take(request.method, path);
    if (fault) return sendFault(reply, path, fault);
  });
}
