import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import {
  buildCommandInteraction,
  buildComponentInteraction,
  InteractionInputError,
  type ComponentRequest,
  type InteractionRequest,
} from './payload';

/** How long the sender waits for a deferred reply's edit (Discord allows 15 minutes). */
const EDIT_WAIT_MS = 15_000;

/** Interaction responses after which the API goes on through the webhook (deferred: 5 and 6). */
const DEFERRED = new Set([5, 6]);

type Parsed =
  { kind: 'command'; input: InteractionRequest } | { kind: 'component'; input: ComponentRequest };

function parseRequest(body: unknown): Parsed | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'Send a JSON object {guild_id, user_id, command, options?, channel_id?} or {guild_id, user_id, channel_id, custom_id, message_id?}.';
  const b = body as Record<string, unknown>;
  for (const field of ['guild_id', 'user_id'] as const)
    if (typeof b[field] !== 'string' || b[field] === '')
      return `${field} must be a non-empty string.`;
  for (const field of ['channel_id', 'message_id'] as const)
    if (b[field] !== undefined && (typeof b[field] !== 'string' || b[field] === ''))
      return `${field} must be a non-empty string.`;
  if (b.custom_id !== undefined) {
    if (b.command !== undefined) return 'Send either command or custom_id, not both.';
    if (typeof b.custom_id !== 'string' || b.custom_id === '')
      return 'custom_id must be a non-empty string.';
    if (b.channel_id === undefined) return 'channel_id must be a non-empty string.';
    return { kind: 'component', input: b as unknown as ComponentRequest };
  }
  if (b.message_id !== undefined) return 'message_id goes with custom_id (a button press).';
  if (typeof b.command !== 'string' || b.command === '')
    return 'command (a slash command) or custom_id (a button press) must be a non-empty string.';
  if (
    b.options !== undefined &&
    (typeof b.options !== 'object' || b.options === null || Array.isArray(b.options))
  )
    return 'options must be an object of option name → value.';
  return { kind: 'command', input: b as unknown as InteractionRequest };
}

/**
 * POST /__emulator/interactions: what a member typing a slash command (or pressing a button) makes Discord do. Builds
 * the payload, signs it, posts it to the API and answers with the API's response plus whatever
 * the API then did through the interaction's webhook (waiting for the edit of a deferred reply).
 */
export function registerInteractionControl(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get('/__emulator/interactions/public-key', async () => ({
    public_key: ctx.signer.publicKeyHex,
  }));

  app.post('/__emulator/interactions', async (request, reply) => {
    const parsed = parseRequest(request.body);
    if (typeof parsed === 'string')
      return reply.code(400).send({ error: 'invalid_interaction', message: parsed });
    let payload: { id: string; token: string };
    try {
      payload =
        parsed.kind === 'command'
          ? buildCommandInteraction(ctx, parsed.input)
          : buildComponentInteraction(ctx, parsed.input);
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
    if (res.ok && DEFERRED.has((response as { type?: number } | null)?.type ?? 0))
      await ctx.webhooks.waitForActivity(payload.token, EDIT_WAIT_MS);
    return {
      status: res.status,
      response,
      ...ctx.webhooks.activity(payload.token),
      interaction: { id: payload.id, token: payload.token },
    };
  });
}
