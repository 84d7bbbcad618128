import type { AppContext } from '../../context';
import { IntegrationError, type DiscordEmbed } from '../../integrations/types';
import { followAudit, type AuditEvent } from '../audit/record';
import { findUserByDiscordId } from '../accounts/linked';
import { getConfig, setLogChannelError } from '../config/config-store';
import { mayShowLink } from '../privacy/consent';
import { batchEmbeds, logEmbed } from './embeds';

export interface LogPosterOptions {
  /** how long entries of one server gather before they are posted together */
  windowMs: number;
  log: {
    warn(obj: object, msg: string): void;
  };
}

/** Entries kept per server and window beyond what one message shows (the rest are counted). */
const MAX_BUFFERED = 50;

/** Discord's answers that mean the channel is not usable, as opposed to a passing outage. */
const CHANNEL_REFUSALS = new Set(['missing_permissions', 'missing_access', 'unknown_channel']);

export interface LogPoster {
  /** posts what is gathered now and waits for every post under way */
  flush(): Promise<void>;
  /** stops following the audit log, after a last flush */
  close(): Promise<void>;
}

/**
 * Posts the audit log to each server's log channel (api/README.md › Discord settings › The log
 * channel). Entries gather per server for `windowMs` and go out as one message; the verifications
 * of a server-wide update are not posted one by one: the run's summary is one message at its end.
 * A post that fails is logged and, when Discord refuses the channel, kept for the health check; it
 * never fails the action that was recorded.
 */
export function startLogPoster(ctx: AppContext, options: LogPosterOptions): LogPoster {
  const pending = new Map<
    string,
    { embeds: Promise<DiscordEmbed>[]; dropped: number; timer: NodeJS.Timeout }
  >();
  const posting = new Set<Promise<void>>();

  /** each server's posts, one after the other, so its log reads in order */
  const lastPost = new Map<string, Promise<void>>();

  function send(guildId: string, embeds: Promise<DiscordEmbed[]>) {
    const work = (lastPost.get(guildId) ?? Promise.resolve()).then(async () =>
      post(guildId, await embeds),
    );
    lastPost.set(guildId, work);
    posting.add(work);
    void work.finally(() => {
      posting.delete(work);
      if (lastPost.get(guildId) === work) lastPost.delete(guildId);
    });
  }

  async function post(guildId: string, embeds: DiscordEmbed[]): Promise<void> {
    try {
      const config = await getConfig(ctx.db, guildId);
      const channelId = config?.logChannelId;
      if (!channelId) return;
      try {
        await ctx.integrations.discordBot.postMessage(channelId, { embeds });
        if (config.logChannelError) await setLogChannelError(ctx.db, guildId, channelId, null);
      } catch (err) {
        options.log.warn({ err, guildId, channelId }, 'could not post to the log channel');
        if (err instanceof IntegrationError && CHANNEL_REFUSALS.has(err.kind))
          await setLogChannelError(ctx.db, guildId, channelId, err.message);
      }
    } catch (err) {
      options.log.warn({ err, guildId }, 'could not post to the log channel');
    }
  }

  /** the server's gathered entries as one message's embeds, or null when none are waiting */
  function take(guildId: string): Promise<DiscordEmbed[]> | null {
    const batch = pending.get(guildId);
    if (!batch) return null;
    pending.delete(guildId);
    clearTimeout(batch.timer);
    return Promise.all(batch.embeds).then((embeds) => batchEmbeds(embeds, batch.dropped));
  }

  /**
   * The entry's embed, naming the member's Roblox account only where they allow it to be shown
   * (domain/privacy); when that cannot be read, it is not named. Never rejects.
   */
  async function embedFor(event: AuditEvent, at: Date): Promise<DiscordEmbed> {
    if (event.kind !== 'verification' && event.kind !== 'unlink_cleanup')
      return logEmbed(event, at);
    let shown = false;
    try {
      const userId =
        event.kind === 'verification'
          ? event.record.member.id
          : (await findUserByDiscordId(ctx.db, event.cleanup.member.discordId))?.id;
      shown = userId ? await mayShowLink(ctx.db, userId, event.guildId) : false;
    } catch (err) {
      options.log.warn({ err, guildId: event.guildId }, "could not read a member's privacy");
    }
    return logEmbed(event, at, !shown);
  }

  function flushGuild(guildId: string) {
    const embeds = take(guildId);
    if (embeds) send(guildId, embeds);
  }

  function onEntry(event: AuditEvent) {
    if (event.kind === 'verification' && event.record.source === 'update_all') return;
    const embed = embedFor(event, new Date());
    if (event.kind === 'update_run') {
      // the run's one message, after what gathered before it
      flushGuild(event.guildId);
      send(
        event.guildId,
        embed.then((e) => [e]),
      );
      return;
    }
    const batch = pending.get(event.guildId);
    if (batch) {
      if (batch.embeds.length < MAX_BUFFERED) batch.embeds.push(embed);
      else batch.dropped += 1;
      return;
    }
    const timer = setTimeout(() => flushGuild(event.guildId), options.windowMs);
    timer.unref();
    pending.set(event.guildId, { embeds: [embed], dropped: 0, timer });
  }

  const stop = followAudit(ctx.db, onEntry);

  const flush = async () => {
    for (const guildId of [...pending.keys()]) flushGuild(guildId);
    await Promise.allSettled([...posting]);
  };
  return {
    flush,
    close: async () => {
      stop();
      await flush();
    },
  };
}
