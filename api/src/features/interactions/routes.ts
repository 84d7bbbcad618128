import type { FastifyInstance } from 'fastify';
import { INTERACTION_ROUTES } from '@roconnect/shared-lib/contract';
import type { AppContext } from '../../context';
import {
  InteractionType,
  ResponseType,
  messageData,
  type Interaction,
  type Reply,
} from './interaction';
import { editOriginalResponse } from './respond';
import { createSignatureChecker } from './signature';
import { updateCommand } from './update-command';
import { verifyButton, verifyCommand } from './verify-command';
import { VERIFY_BUTTON_ID } from '../../domain/config/verify-link';
import { whoisCommand } from './whois-command';
import { triggerLimits } from './trigger-limits';

const COMMANDS: Record<string, (ctx: AppContext, i: Interaction) => Promise<Reply>> = {
  verify: verifyCommand,
  update: updateCommand,
  whois: whoisCommand,
};

/** Buttons by custom_id: the Verify message's (features/discord-settings posts it). */
const BUTTONS: Record<string, (ctx: AppContext, i: Interaction) => Promise<Reply>> = {
  [VERIFY_BUTTON_ID]: verifyButton,
};

/** What reads Roblox for a member, so counts against the trigger limits (trigger-limits.ts). */
const TRIGGERS = new Set(['verify', 'update', VERIFY_BUTTON_ID]);

const FAILED: Reply = {
  content: 'Something went wrong talking to Discord or Roblox. Please try again in a moment.',
};

/**
 * POST /api/interactions: Discord's HTTP interactions. Every request must carry a valid Ed25519
 * signature of its raw body and a fresh timestamp; anything else is 401 before it is parsed.
 */
export async function interactionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const checkSignature = createSignatureChecker(ctx.settings.discordPublicKey);
  const limited = triggerLimits(app, ctx.settings);
  const pending = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => void (await Promise.allSettled([...pending])));

  // the signature covers the exact bytes, so this route keeps the body as received
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  const { path } = INTERACTION_ROUTES.interactions;
  app.post(path, { schema: { hide: true } }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const check = checkSignature(
      request.headers['x-signature-ed25519'] as string | undefined,
      request.headers['x-signature-timestamp'] as string | undefined,
      raw,
    );
    if (!check.ok) {
      request.log.warn({ reason: check.reason }, 'refused an interaction');
      return reply
        .code(401)
        .send({ error: 'invalid_signature', message: 'Invalid request signature.' });
    }
    let interaction: Interaction;
    try {
      interaction = JSON.parse(raw) as Interaction;
    } catch {
      return reply.code(400).send({ error: 'bad_request', message: 'The body is not valid JSON.' });
    }
    if (interaction.type === InteractionType.Ping) return { type: ResponseType.Pong };
    const isCommand = interaction.type === InteractionType.ApplicationCommand;
    const isButton = interaction.type === InteractionType.MessageComponent;
    if ((!isCommand && !isButton) || !interaction.data)
      return reply
        .code(400)
        .send({ error: 'bad_request', message: 'Unsupported interaction type.' });

    const name = (isCommand ? interaction.data.name : interaction.data.custom_id) ?? '';
    const handler = Object.hasOwn(isCommand ? COMMANDS : BUTTONS, name)
      ? (isCommand ? COMMANDS : BUTTONS)[name]
      : undefined;
    if (!handler)
      return {
        type: ResponseType.Message,
        data: messageData({
          content: isCommand ? 'Unknown command.' : 'This button is no longer in use.',
        }),
      };

    const refusal = TRIGGERS.has(name) ? await limited(request, interaction) : null;
    if (refusal) return { type: ResponseType.Message, data: messageData({ content: refusal }) };

    const work = handler(ctx, interaction).catch((err: unknown) => {
      request.log.error({ err, interaction: name }, 'interaction command failed');
      return FAILED;
    });
    let timer: NodeJS.Timeout | undefined;
    const slow = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ctx.settings.interactionDeferMs);
    });
    const quick = await Promise.race([work, slow]);
    clearTimeout(timer);
    if (quick) return { type: ResponseType.Message, data: messageData(quick) };

    // too slow for one answer: "thinking…" now (ephemeral), the result as an edit when done
    const edit = work
      .then((result) =>
        editOriginalResponse(
          ctx.settings.integrations,
          interaction.application_id,
          interaction.token,
          result,
        ),
      )
      .catch((err: unknown) => request.log.error({ err }, 'could not edit the deferred reply'))
      .finally(() => pending.delete(edit));
    pending.add(edit);
    return { type: ResponseType.Deferred, data: { flags: 64 } };
  });
}
