import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { guildOr404, refuse } from './refusals';

/**
 * `PATCH /__emulator/guilds/{guild_id}` `{"mfa_level": 0 | 1}`: what a server owner sets in
 * Server Settings → Safety Setup. With 1, the bot's elevated actions need the application owner's
 * 2FA (`owner_mfa_enabled`, PATCH /__emulator/application) or answer 403 60003. Reset restores the seed.
 */
export function registerGuildSettingsControl(app: FastifyInstance, ctx: EmulatorContext): void {
  app.patch<{ Params: { guildId: string } }>(
    '/__emulator/guilds/:guildId',
    async (request, reply) => {
      const guild = guildOr404(ctx, request.params.guildId, reply);
      if (!guild) return reply;
      const body = request.body;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return refuse(reply, 400, 'invalid_guild', 'the body must be {"mfa_level": 0 | 1}');
      for (const [key, value] of Object.entries(body)) {
        if (key !== 'mfa_level')
          return refuse(reply, 400, 'invalid_guild', `unknown server setting: ${key}`);
        if (value !== 0 && value !== 1)
          return refuse(reply, 400, 'invalid_guild', 'mfa_level must be 0 or 1');
      }
      const { mfa_level } = body as { mfa_level?: 0 | 1 };
      if (mfa_level !== undefined) guild.mfa_level = mfa_level;
      return { id: guild.id, name: guild.name, mfa_level: guild.mfa_level };
    },
  );
}
