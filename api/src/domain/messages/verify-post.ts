import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { guildConfigs } from '../../db/schema';
import { IntegrationError } from '../../integrations/types';
import { getConfig } from '../config/config-store';
import { verifyMessageBody } from './render';
import { getServerMessages, getVerifyText } from './store';

/** Discord's answers that mean "not in this channel" (50013, 50001, 10003): the owner can fix them. */
export const CHANNEL_REFUSALS = new Set([
  'missing_permissions',
  'missing_access',
  'unknown_channel',
]);

/** Where the server's Verify message is posted now; null: nowhere. */
export async function postedVerifyMessage(db: Db, guildId: string) {
  const config = await getConfig(db, guildId);
  return config?.verifyChannelId && config.verifyMessageId
    ? { channel_id: config.verifyChannelId, message_id: config.verifyMessageId }
    : null;
}

/** Forgets the posted Verify message (deleted in Discord, or removed). */
export async function forgetVerifyMessage(db: Db, guildId: string): Promise<void> {
  await db
    .update(guildConfigs)
    .set({ verifyChannelId: null, verifyMessageId: null })
    .where(eq(guildConfigs.guildId, guildId));
}

/** The Verify message as it reads now: the server's words, or the text it was posted with. */
export async function currentVerifyMessageBody(db: Db, guild: { id: string; name: string }) {
  const [messages, text] = await Promise.all([
    getServerMessages(db, guild.id),
    getVerifyText(db, guild.id),
  ]);
  return verifyMessageBody(messages, text, guild.name);
}

export type VerifyEditOutcome =
  | { kind: 'edited' }
  | { kind: 'not_posted' }
  /** someone deleted it in Discord: it is forgotten */
  | { kind: 'gone' }
  /** Discord refused the edit in that channel (50013, 50001, 10003) */
  | { kind: 'refused'; error: IntegrationError };

/**
 * Edits the posted Verify message in place (Discord's Edit Message) to read as the server's words
 * say now. Other failures of Discord (an outage) are thrown.
 */
export async function editPostedVerifyMessage(
  ctx: AppContext,
  guild: { id: string; name: string },
): Promise<VerifyEditOutcome> {
  const posted = await postedVerifyMessage(ctx.db, guild.id);
  if (!posted) return { kind: 'not_posted' };
  try {
    await ctx.integrations.discordBot.editMessage(
      posted.channel_id,
      posted.message_id,
      await currentVerifyMessageBody(ctx.db, guild),
    );
    return { kind: 'edited' };
  } catch (err) {
    if (!(err instanceof IntegrationError)) throw err;
    if (err.kind === 'unknown_message') {
      await forgetVerifyMessage(ctx.db, guild.id);
      return { kind: 'gone' };
    }
    if (CHANNEL_REFUSALS.has(err.kind)) return { kind: 'refused', error: err };
    throw err;
  }
}
