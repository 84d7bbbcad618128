import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { escapeHtml } from '../html/page';
import { announceGuildChanges, guildsWithBot } from '../gateway/events';
import { SeedError, validateSeed } from '../seed/validate';
import { parseFaults } from '../runtime/faults';
import { registerApplicationControl } from './application';
import { registerBanControl } from './bans';
import { registerLatencyControl } from './latency';
import { registerChannelControl } from './channels';
import { registerGatewayControl } from './gateway';
import { registerGuildSettingsControl } from './guildSettings';
import { registerMemberJoinControl } from './memberJoins';
import { registerMemberControl } from './members';
import { registerRobloxUserControl } from './robloxUsers';
import { registerRoleControl } from './roles';
import { snapshot } from './state';
import { registerInteractionControl } from '../interactions/control';
import { parseRateLimitSettings, rateLimitJson } from '../runtime/rateLimiter';

/** /__emulator/*: inspect state, reset, inject faults. Never faulted itself. */
export async function controlPlugin(app: FastifyInstance, ctx: EmulatorContext): Promise<void> {
  app.get('/__emulator/state', async () => snapshot(ctx));
  registerApplicationControl(app, ctx);
  registerMemberControl(app, ctx);
  registerMemberJoinControl(app, ctx);
  registerBanControl(app, ctx);
  registerChannelControl(app, ctx);
  registerGuildSettingsControl(app, ctx);
  registerGatewayControl(app, ctx);
  registerRoleControl(app, ctx);
  registerRobloxUserControl(app, ctx);
  registerInteractionControl(app, ctx);

  /** the REST side's rate limits and how many 429s were given; PUT "discord", "off" or custom */
  app.get('/__emulator/rate-limits', async () => rateLimitJson(ctx.rateLimiter));
  app.put('/__emulator/rate-limits', async (request, reply) => {
    const body = request.body as { preset?: unknown } | null;
    const parsed = parseRateLimitSettings(
      body && typeof body === 'object' && 'preset' in body ? body.preset : body,
    );
    if (typeof parsed === 'string')
      return reply.code(400).send({ error: 'invalid_rate_limits', message: parsed });
    ctx.rateLimiter.configure(parsed);
    return rateLimitJson(ctx.rateLimiter);
  });

  /** body optional; `{"seed": {...}}` replaces the seed for this and later resets */
  app.post('/__emulator/reset', async (request, reply) => {
    const body = request.body as { seed?: unknown } | null | undefined;
    if (body && typeof body === 'object' && body.seed !== undefined) {
      try {
        ctx.seed = validateSeed(body.seed);
      } catch (err) {
        if (err instanceof SeedError)
          return reply
            .code(400)
            .send({ error: 'invalid_seed', message: err.message, issues: err.issues });
        throw err;
      }
    }
    const before = guildsWithBot(ctx);
    ctx.store.reset(ctx.seed);
    announceGuildChanges(ctx, before);
    ctx.faults.clear();
    ctx.latency.clear();
    ctx.botCalls.clear();
    ctx.robloxCalls.clear();
    // the limits the emulator started with, whatever a test set since
    ctx.rateLimiter.configure(ctx.config.rateLimits);
    ctx.webhooks.clear();
    ctx.gateway.resetSettings();
    return { ok: true };
  });

  /** the bot's Discord REST calls and the Roblox web API calls since the last reset, by route */
  app.get('/__emulator/calls', async () => ({
    bot: ctx.botCalls.snapshot(),
    member_writes: ctx.botCalls.memberWriteSnapshot(),
    roblox: ctx.robloxCalls.snapshot(),
  }));
  app.delete('/__emulator/calls', async () => {
    ctx.botCalls.clear();
    ctx.robloxCalls.clear();
    return { ok: true };
  });

  registerLatencyControl(app, ctx.latency);

  app.get('/__emulator/faults', async () => ({ faults: ctx.faults.list() }));

  app.post('/__emulator/faults', async (request, reply) => {
    const parsed = parseFaults(request.body);
    if (!parsed.ok)
      return reply.code(400).send({ error: 'invalid_faults', message: parsed.message });
    ctx.faults.add(parsed.value);
    return { ok: true, faults: ctx.faults.list() };
  });

  app.delete('/__emulator/faults', async () => {
    ctx.faults.clear();
    return { ok: true };
  });

  app.get<{ Params: { file: string } }>('/__emulator/headshots/:file', async (request, reply) => {
    const match = /^(\d{1,16})\.svg$/.exec(request.params.file);
    const user = match ? ctx.store.roblox.users.get(Number(match[1])) : undefined;
    if (!user) return reply.code(404).send({ error: 'not_found', message: 'No such headshot.' });
    const hue = (user.id * 47) % 360;
    const initial = escapeHtml(user.name.charAt(0).toUpperCase());
    return reply
      .type('image/svg+xml')
      .header('Cache-Control', 'public, max-age=300')
      .send(
        `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="150" viewBox="0 0 150 150" role="img" aria-label="${escapeHtml(user.name)}">` +
          `<rect width="150" height="150" fill="hsl(${hue},55%,45%)"/>` +
          `<text x="75" y="98" font-size="72" text-anchor="middle" fill="#fff" font-family="sans-serif">${initial}</text></svg>`,
      );
  });
}
