import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEFAULT_MESSAGES } from '@roconnect/shared-lib/contract';
import { linkedMember } from '../../domain/accounts/linked';
import { recordSettingChange } from '../../domain/audit/record';
import { serverVerifyUrl } from '../../domain/config/verify-link';
import { requireManagingCaller } from '../../domain/guilds/access';
import {
  checkServerMessages,
  verifiedDmText,
  verifyMessageBody,
  welcomeDmText,
} from '../../domain/messages/render';
import {
  describeMessages,
  getServerMessages,
  getVerifyText,
  saveServerMessages,
  type ServerMessages,
} from '../../domain/messages/store';
import { editPostedVerifyMessage, postedVerifyMessage } from '../../domain/messages/verify-post';
import { mayShowLink } from '../../domain/privacy/consent';
import { requireBot } from '../../domain/roles/validate';
import { nicknameValues } from '../../domain/verification/nickname';
import { badRequest, notFound } from '../../lib/errors';
import { MESSAGE_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

const same = (a: ServerMessages['verify_message'], b: ServerMessages['verify_message']) =>
  JSON.stringify(a) === JSON.stringify(b);

/** What a preview shows for a member who does not show their Roblox account here. */
const HIDDEN = {
  'roblox-name': '(their Roblox name)',
  'display-name': '(their Roblox display name)',
  'group-rank': '(their rank)',
} as const;

/**
 * The server's own words (docs/product.md › Messages): GET …/messages, PUT …/edit/messages (each
 * text checked against Discord's limits, mass mentions and its tokens; a change audited and the
 * posted Verify message edited in place) and POST …/edit/messages/preview for a member. The caller
 * must manage the server (domain/guilds/access).
 */
export const messagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };

  serve(app, MESSAGE_ENDPOINTS.messages, authed, async (request) => {
    const { guild } = await requireManagingCaller(ctx, request);
    const [messages, posted] = await Promise.all([
      getServerMessages(ctx.db, guild.id),
      postedVerifyMessage(ctx.db, guild.id),
    ]);
    return ok({
      messages,
      defaults: { ...DEFAULT_MESSAGES, verify_message: { ...DEFAULT_MESSAGES.verify_message } },
      verify_message_post: posted,
    });
  });

  serve(app, MESSAGE_ENDPOINTS.editMessages, authed, async (request) => {
    const { userId, guild } = await requireManagingCaller(ctx, request);
    const body: ServerMessages = request.body;
    checkServerMessages(body);
    const before = await getServerMessages(ctx.db, guild.id);
    const messages = await saveServerMessages(ctx.db, guild.id, body);
    await recordSettingChange(ctx.db, {
      guildId: guild.id,
      actorUserId: userId,
      setting: 'messages',
      before: describeMessages(before),
      after: describeMessages(messages),
    });
    let update: 'edited' | 'unchanged' | 'not_posted' | 'gone' | 'refused' = 'unchanged';
    let warning: string | null = null;
    if (!same(before.verify_message, messages.verify_message)) {
      const outcome = await editPostedVerifyMessage(ctx, guild);
      update = outcome.kind;
      if (outcome.kind === 'refused')
        warning = `Saved, but Discord refused to edit the posted Verify message: ${outcome.error.message}`;
      if (outcome.kind === 'gone')
        warning =
          'Saved. The posted Verify message had been deleted in Discord: post it again to show the new words.';
    }
    return ok({ messages, verify_message_update: update, warning });
  });

  serve(app, MESSAGE_ENDPOINTS.previewMessages, authed, async (request) => {
    const { guild } = await requireManagingCaller(ctx, request);
    const { member_id: memberId } = request.body;
    if (request.body.messages) checkServerMessages(request.body.messages);
    const messages = request.body.messages ?? (await getServerMessages(ctx.db, guild.id));
    requireBot(guild);
    const member = await ctx.integrations.discordBot.getMember(guild.id, memberId);
    if (!member)
      throw notFound(
        `body.member_id: ${memberId} is not a member of this server.`,
        'member_not_found',
      );
    const linked = await linkedMember(ctx.db, memberId);
    if (!linked)
      throw badRequest(
        `body.member_id: ${memberId} has no Roblox account linked to RoConnect; choose a member who has.`,
        'member_not_linked',
      );
    const { user, account } = linked;
    // staff see the member's Roblox account only where the member lets it be shown here
    const shown = await mayShowLink(ctx.db, user.id, guild.id);
    const values = {
      ...nicknameValues({
        discordUsername: user.username,
        discordGlobalName: user.globalName,
        robloxUsername: account.username,
        robloxDisplayName: account.displayName,
        robloxId: account.robloxId,
        serverName: guild.name,
      }),
      ...(shown ? {} : HIDDEN),
    };
    const plain = { forDiscord: false };
    const verify = verifyMessageBody(
      messages,
      await getVerifyText(ctx.db, guild.id),
      guild.name,
      plain,
    );
    const embed = verify.embeds?.[0];
    return ok({
      verified_dm: verifiedDmText(messages, values, [], plain),
      welcome_dm: welcomeDmText(
        messages,
        values,
        serverVerifyUrl(ctx.settings.appUrl, guild.id),
        plain,
      ),
      verify_message: {
        title: embed?.title ?? '',
        body: embed?.description ?? verify.content ?? '',
        button_label: verify.components?.[0]?.components[0]?.label ?? '',
      },
      roblox_hidden: !shown,
    });
  });
};
