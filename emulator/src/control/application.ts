import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { parseApplicationPatch } from '../store/application';

/**
 * GET and PATCH /__emulator/application: the Developer Portal settings Discord checks calls
 * against (emulator/README.md › Application), e.g. `{"guild_members_intent": false}` to see what
 * the product does when an operator forgot the Server Members intent. Reset restores them.
 */
export function registerApplicationControl(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get('/__emulator/application', async () => ctx.store.application);
  app.patch('/__emulator/application', async (request, reply) => {
    const patch = parseApplicationPatch(request.body);
    if (typeof patch === 'string')
      return reply.code(400).send({ error: 'invalid_application', message: patch });
    Object.assign(ctx.store.application, patch);
    return ctx.store.application;
  });
}
