/**
 * docs/security.md › Threats and defences (N3): every console read that shows member data or spends the bot's calls takes
 * the same live rights as the writes, so a demoted or kicked manager is refused within a minute.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { memberUpdateRuns, userGuilds, users } from '../../../src/db/schema';
import { useConsole } from '../../support/console';
import type { Session } from '../../support/fake-login';
import { GUILD_A, GUILD_B, MAX, MO } from '../../support/world';

const { t, cast } = useConsole();
const RUN = randomUUID();
beforeEach(async () => {
  await t.tdb.database.db
    .insert(memberUpdateRuns)
    .values({ id: RUN, guildId: GUILD_A, status: 'done', finishedAt: new Date() });
});

const A = `/api/v1/server/${GUILD_A}`;
const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.headers });
/** The stored copy of the user's rights, as if read from Discord `seconds` ago. */
async function ageRights(discordId: string, seconds: number) {
  const { db } = t.tdb.database;
  const [user] = await db.select().from(users).where(eq(users.discordId, discordId));
  await db
    .update(userGuilds)
    .set({ syncedAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(userGuilds.userId, user!.id));
}
const guildListReads = (discordId: string) =>
  t.world.calls.filter((c) => c === `guilds ${discordId}`).length;

const READS = [
  ['the audit log', `${A}/audit`],
  ['the audit export', `${A}/audit/export`],
  ['health', `${A}/health`],
  ['the edit page', `${A}/edit`],
  ['the binds', `${A}/binds`],
  ['the latest member update', `${A}/members/update`],
  ['one member update', `${A}/members/update/${RUN}`],
] as const;

describe('a demoted manager', () => {
  it.each(READS)('is refused %s once the 60 s window has passed', async (_what, url) => {
    expect((await get(cast.manager, url)).statusCode).toBe(200);
    t.world.guilds.get(GUILD_A)!.members.get(MO)!.permissions = '0'; // demoted in Discord
    // inside the window the stored copy stands (the writes have always worked this way)
    expect((await get(cast.manager, url)).statusCode).toBe(200);
    await ageRights(MO, 61);
    const refused = await get(cast.manager, url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, error: 'not_server_manager' });
  });
});

describe('live rights on reads', () => {
  it('a kicked manager is refused the audit export too', async () => {
    t.world.guilds.get(GUILD_A)!.members.delete(MO);
    await ageRights(MO, 61);
    expect((await get(cast.manager, `${A}/audit/export`)).statusCode).toBe(403);
  });

  it('a manager who still has the right is re-read once and keeps reading', async () => {
    await ageRights(MO, 61);
    const before = guildListReads(MO);
    for (const [, url] of READS) expect((await get(cast.manager, url)).statusCode).toBe(200);
    // one read from Discord refreshed the copy for the minute that follows
    expect(guildListReads(MO) - before).toBe(1);
  });

  it('a server missing from a guild list read within the minute is refused without asking Discord', async () => {
    const before = guildListReads(MAX);
    for (let i = 0; i < 5; i++) {
      const res = await get(cast.member, `/api/v1/server/${GUILD_B}/audit`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('not_server_manager');
    }
    expect(guildListReads(MAX)).toBe(before);
    // once the list is old it is read again, once
    await ageRights(MAX, 61);
    for (let i = 0; i < 3; i++)
      expect((await get(cast.member, `/api/v1/server/${GUILD_B}/audit`)).statusCode).toBe(403);
    expect(guildListReads(MAX)).toBe(before + 1);
  });
});
