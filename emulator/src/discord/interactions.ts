import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { requireBot } from './auth';
import { discordError } from './errors';
import type { StoredCommand } from '../runtime/storedCommand';

type WebhookParams = { Params: { appId: string; token: string } };

/** Discord's side of interactions: the application's commands and each interaction's webhook. */
export function registerInteractionRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  /** Bulk overwrite: the body is the whole new set; commands keep their id across overwrites. */
  app.put<{ Params: { appId: string } }>(
    '/applications/:appId/commands',
    async (request, reply) => {
      if (!requireBot(ctx, request, reply)) return reply;
      if (request.params.appId !== ctx.config.discordClientId)
        return discordError(reply, 403, 50001, 'Missing Access');
      if (!Array.isArray(request.body)) return discordError(reply, 400, 50035, 'Invalid Form Body');
      const next: StoredCommand[] = [];
      for (const raw of request.body as Record<string, unknown>[]) {
        if (typeof raw?.name !== 'string' || !/^[-_\p{L}\p{N}]{1,32}$/u.test(raw.name))
          return discordError(reply, 400, 50035, 'Invalid Form Body');
        const previous = ctx.commands.find((c) => c.name === raw.name);
        next.push({
          id: previous?.id ?? ctx.store.discord.newId(),
          application_id: ctx.config.discordClientId,
          name: raw.name,
          description: typeof raw.description === 'string' ? raw.description : '',
          type: typeof raw.type === 'number' ? raw.type : 1,
          ...(Array.isArray(raw.options) ? { options: raw.options } : {}),
          version: ctx.store.discord.newId(),
        });
      }
      ctx.commands.splice(0, ctx.commands.length, ...next);
      return ctx.commands;
    },
  );

  app.get<{ Params: { appId: string } }>(
    '/applications/:appId/commands',
    async (request, reply) => {
      if (!requireBot(ctx, request, reply)) return reply;
      return ctx.commands;
    },
  );

  const unknownWebhook = (reply: Parameters<typeof discordError>[0]) =>
    discordError(reply, 404, 10015, 'Unknown Webhook');

  app.patch<WebhookParams>('/webhooks/:appId/:token/messages/@original', async (request, reply) => {
    const { appId, token } = request.params;
    if (appId !== ctx.config.discordClientId || !ctx.webhooks.record(token, 'edit', request.body))
      return unknownWebhook(reply);
    return { id: ctx.store.discord.newId(), ...(request.body as object) };
  });

  app.post<WebhookParams>('/webhooks/:appId/:token', async (request, reply) => {
    const { appId, token } = request.params;
    if (
      appId !== ctx.config.discordClientId ||
      !ctx.webhooks.record(token, 'followup', request.body)
    )
      return unknownWebhook(reply);
    return { id: ctx.store.discord.newId(), ...(request.body as object) };
  });
}
