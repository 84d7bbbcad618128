import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { buildCommandInteraction, InteractionInputError, type InteractionRequest } from './payload';

/** How long the sender waits for a deferred reply's edit (Discord allows 15 minutes). */
const EDIT_WAIT_MS = 15_000;

function parseRequest(body: unknown): InteractionRequest | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'Send a JSON object {guild_id, user_id, command, options?}.';
  const b = body as Record<string, unknown>;
  for (const field of ['guild_id', 'user_id', 'command'] as const)
    if (typeof b[field] !== 'string' || b[field] === '')
      return `${field} must be a non-empty string.`;
  if (
    b.options !== undefined &&
    (typeof b.options !== 'object' || b.options === null || Array.isArray(b.options))
  )
    return 'options must be an object of option name → value.';
  return b as unknown as InteractionRequest;
}

/**
 * POST /__emulator/interactions: what a member typing a slash command makes Discord do. Builds
 * the payload, signs it, posts it to the API and answers with the API's response plus whatever
 * the API then did through the interaction's webhook (waiting for the edit of a deferred reply).
 */
export function registerInteractionControl(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get('/__emulator/interactions/public-key', async () => ({
    public_key: ctx.signer.publicKeyHex,
  }));

  app.post('/__emulator/interactions', async (request, reply) => {
    const input = parseRequest(request.body);
    if (typeof input === 'string')
      return reply.code(400).send({ error: 'invalid_interaction', message: input });
    let payload: ReturnType<typeof buildCommandInteraction>;
    try {
      payload = buildCommandInteraction(ctx, input);
    } catch (err) {
      if (err instanceof InteractionInputError)
        return reply.code(400).send({ error: 'invalid_interaction', message: err.message });
      throw err;
    }
    ctx.webhooks.issue(payload.token);
    const body = JSON.stringify(payload);
    let res: Response;
    try {
      res = await fetch(ctx.config.interactionsUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...ctx.signer.sign(body) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      return reply.code(502).send({
        error: 'interactions_url_unreachable',
        message: `The interactions endpoint ${ctx.config.interactionsUrl} did not answer: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
    const text = await res.text();
    let response: unknown = text;
    try {
      response = JSON.parse(text);
    } catch {
      /* not JSON: shown as text */
    }
    if (res.ok && (response as { type?: number } | null)?.type === 5)
      await ctx.webhooks.waitForActivity(payload.token, EDIT_WAIT_MS);
    return {
      status: res.status,
      response,
      ...ctx.webhooks.activity(payload.token),
      interaction: { id: payload.id, token: payload.token },
    };
  });
}
