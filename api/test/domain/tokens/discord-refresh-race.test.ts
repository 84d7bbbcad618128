/**
 * A Discord refresh lost to another replica (or to an earlier try whose answer was lost): Discord
 * refuses the old refresh token, but the row already holds the winner's tokens. The user must get
 * those, not be signed out everywhere. Fails without the re-read.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../src/context';
import { discordTokens, sessions, users } from '../../../src/db/schema';
import {
  getDiscordAccessToken,
  saveDiscordTokens,
} from '../../../src/domain/tokens/discord-tokens';
import { IntegrationError, type Integrations } from '../../../src/integrations/types';
import { useFakeApp } from '../../support/harness';
import { testSettings } from '../../support/app';
import { loginAs } from '../../support/fake-login';
import { OLIVIA } from '../../support/world';

const t = useFakeApp();

it('reuses the tokens another replica stored when Discord refuses the spent refresh token', async () => {
  await loginAs(t.app, OLIVIA);
  const db = t.tdb.database.db;
  const [user] = await db.select().from(users).where(eq(users.discordId, OLIVIA));
  await db.update(discordTokens).set({ expiresAt: new Date(0) }); // due for a refresh
  const ctx: AppContext = {
    settings: testSettings(),
    db,
    integrations: {
      discordOAuth: {
        // the other replica wins the race: it stores fresh tokens, and ours is refused
        refresh: async () => {
          await saveDiscordTokens(ctx, user!.id, {
            access_token: 'winner-access',
            refresh_token: 'winner-refresh',
            expires_in: 604800,
            scope: 'identify guilds',
          });
          throw new IntegrationError('discord', 'invalid_grant', 'invalid_grant', undefined, 400);
        },
      },
    } as unknown as Integrations,
  };
  await expect(getDiscordAccessToken(ctx, user!.id)).resolves.toBe('winner-access');
  const live = await db.select().from(sessions);
  expect(live.every((s) => s.revokedAt === null)).toBe(true);
  expect(await db.select().from(discordTokens)).toHaveLength(1);
});
