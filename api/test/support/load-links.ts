import { randomUUID } from 'node:crypto';
import type { generateLoadSeed } from '@roconnect/emulator';
import type { Database } from '../../src/db/client';
import { robloxAccounts, users } from '../../src/db/schema';

type LoadLink = ReturnType<typeof generateLoadSeed>['links'][number];

/** The load seed's links as rows: each of these members signed in once and linked their Roblox account. */
export async function insertLoadLinks(database: Database, links: LoadLink[]): Promise<void> {
  for (const link of links) {
    const userId = randomUUID();
    await database.db
      .insert(users)
      .values({ id: userId, discordId: link.discord_id, username: link.discord_username });
    await database.db.insert(robloxAccounts).values({
      id: randomUUID(),
      userId,
      robloxId: String(link.roblox_id),
      username: link.roblox_username,
      displayName: link.roblox_display_name,
    });
  }
}
