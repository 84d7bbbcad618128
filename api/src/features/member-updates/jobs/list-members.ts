import { versionedBase } from '../../../integrations/discord/urls';
import { withDiscordUserAgent } from '../../../integrations/discord/userAgent';
import { IntegrationError, type IntegrationSettings } from '../../../integrations/types';
import { discord429Responses } from '../../../lib/metrics';

export interface ListedMember {
  discordId: string;
  bot: boolean;
  roles: string[];
  nick: string | null;
}

/** What the owner reads when Discord refuses the member list for want of the intent. */
export const MEMBERS_INTENT_OFF =
  'Turn on the Server Members intent: Discord refused the member list (403 Missing Access). In the Discord Developer Portal, open the application › Bot › Privileged Gateway Intents, turn on Server Members Intent, save, then update all members again.';

/** Discord's largest page of GET /guilds/{g}/members. */
export const MEMBER_PAGE = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One page of a guild's members after `after` (user-id order). Waits out a 429 (counted), and
 * when the bucket says nothing remains, waits for its reset before answering, so the next page
 * is never sent into a closed bucket.
 */
export async function listMembersPage(
  settings: Pick<IntegrationSettings, 'discordApiBaseUrl' | 'discordBotToken'>,
  guildId: string,
  after: string,
): Promise<ListedMember[]> {
  const url = `${versionedBase(settings.discordApiBaseUrl)}/guilds/${guildId}/members?limit=${MEMBER_PAGE}&after=${after}`;
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, {
      headers: withDiscordUserAgent({ authorization: `Bot ${settings.discordBotToken}` }),
      signal: AbortSignal.timeout(15_000),
    }).catch(() => null);
    if (!res || res.status >= 500) {
      if (attempt < 3) {
        await sleep(200 * 2 ** attempt);
        continue;
      }
      throw new IntegrationError('discord', 'unavailable', 'Discord could not list the members.');
    }
    const body: unknown = await res.json().catch(() => null);
    if (res.status === 429 && attempt < 10) {
      discord429Responses.inc({
        route: '/guilds/:id/members',
        global: String(res.headers.get('x-ratelimit-global') === 'true'),
      });
      const retryAfter = Number(
        (body as { retry_after?: unknown } | null)?.retry_after ?? res.headers.get('retry-after'),
      );
      await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 1000);
      continue;
    }
    // Listing members needs the Server Members privileged intent, even over REST (docs/production.md)
    if (res.status === 403 && (body as { code?: unknown } | null)?.code === 50001)
      throw new IntegrationError('discord', 'missing_access', MEMBERS_INTENT_OFF, 50001, 403);
    if (res.status !== 200 || !Array.isArray(body))
      throw new IntegrationError(
        'discord',
        res.status === 404
          ? 'unknown_guild'
          : res.status === 429
            ? 'rate_limited'
            : 'missing_access',
        `Discord refused the member list (HTTP ${res.status}).`,
        undefined,
        res.status,
      );
    // polite: never send the next page into a bucket Discord says is empty
    if (res.headers.get('x-ratelimit-remaining') === '0') {
      const resetAfter = Number(res.headers.get('x-ratelimit-reset-after'));
      if (Number.isFinite(resetAfter) && resetAfter > 0) await sleep(resetAfter * 1000);
    }
    return (
      body as { user: { id: string; bot?: boolean }; roles: string[]; nick?: string | null }[]
    ).map((m) => ({
      discordId: m.user.id,
      bot: m.user.bot === true,
      roles: m.roles,
      nick: m.nick ?? null,
    }));
  }
}
