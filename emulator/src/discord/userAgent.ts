import type { FastifyInstance } from 'fastify';
import { discordError } from './errors';

/**
 * Discord requires every HTTP API client to send `User-Agent: DiscordBot ($url, $versionNumber)`
 * and lets Cloudflare block the rest (emulator/README.md › Discord). The emulator refuses
 * such a call with 403, naming the header.
 */
export function requireDiscordUserAgent(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const agent = request.headers['user-agent'];
    if (typeof agent === 'string' && /^DiscordBot \(\S+, [^)]+\)/.test(agent)) return;
    return discordError(
      reply,
      403,
      0,
      'Requests to the Discord HTTP API need a User-Agent of the form "DiscordBot ($url, $versionNumber)"; ' +
        (typeof agent === 'string' ? `got "${agent.slice(0, 100)}".` : 'none was sent.'),
    );
  });
}
