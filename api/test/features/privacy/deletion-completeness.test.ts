import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TOMBSTONE } from '../../../src/domain/account-actions/delete-user';
import { purgeInactiveAccounts } from '../../../src/domain/maintenance/inactive-accounts';
import type { AppContext } from '../../../src/context';
import { queryRows } from '../../support/db';
import { loginThroughEmulator, useStack } from '../../support/emulator-flow';
import { refusal } from '../../support/app';

// What deleting an account, the export and the purge leave behind (docs/security.md › Member
// privacy, T6). Each test fails on the code before these fixes.

const OWNER = '110000000000000001'; // owner_olivia
const MAX = '110000000000000002'; // member_max
const NINA = '110000000000000003'; // no_dms_nina
const GUILD = '120000000000000001';

const { tdb, stack } = useStack();

const userIdOf = async (discordId: string) =>
  (
    await queryRows<{ id: string }>(
      tdb.database,
      sql`SELECT id FROM users WHERE discord_id = ${discordId}`,
    )
  )[0]?.id;

/** An audit entry as the bot writes it for `member`, done by `actor` (null: by themself). */
async function auditEntry(
  member: { userId: string | null; discordId: string; username: string },
  extra: Partial<{
    actorUserId: string;
    actorDiscordId: string;
    actorUsername: string;
    warnings: string[];
  }> = {},
) {
  await tdb.database.db.execute(sql`
    INSERT INTO verifications (id, guild_id, user_id, roles_added, roles_removed, nickname,
      dm_sent, warnings, source, actor_user_id, actor_discord_id, actor_username,
      member_discord_id, member_username, roblox_id, roblox_username, nickname_before,
      nickname_after)
    VALUES (${randomUUID()}, ${GUILD}, ${member.userId}, '["Verified"]', '[]', 'PlainPete', false,
      ${JSON.stringify(extra.warnings ?? [])}::jsonb, ${extra.actorUserId ? 'staff' : 'website'},
      ${extra.actorUserId ?? member.userId}, ${extra.actorDiscordId ?? member.discordId},
      ${extra.actorUsername ?? member.username}, ${member.discordId}, ${member.username}, '502',
      'PlainPete', null, 'PlainPete')`);
}

async function deleteAccount(session: { call: (m: string, p: string) => Promise<any> }) {
  const res = await session.call('DELETE', '/api/v1/dashboard/user');
  expect([res.status, res.json.error]).toEqual([200, undefined]);
}

describe('deleting an account', () => {
  it("scrubs the member's Discord id from other members' kept warnings and from setting changes", async () => {
    const max = await loginThroughEmulator(stack, MAX);
    const nina = await loginThroughEmulator(stack, NINA);
    // Max chose kick, then lost the right: Nina's entry says why she was only denied roles
    await auditEntry(
      { userId: (await userIdOf(NINA))!, discordId: NINA, username: 'no_dms_nina' },
      {
        warnings: [
          `RoConnect did not kick this member, so they were only denied roles: the person who chose kick (Discord user ${MAX}) is no longer a member of this server.`,
        ],
      },
    );
    await tdb.database.db.execute(sql`
      INSERT INTO setting_changes (id, guild_id, actor_user_id, actor_discord_id, actor_username,
        setting, before, after)
      VALUES (${randomUUID()}, ${GUILD}, null, ${OWNER}, 'owner_olivia', 'restrictions',
        ${`accounts at least 30 days old; action kick, chosen by Discord user ${MAX}`},
        'accounts at least 30 days old; action deny')`);

    await deleteAccount(max);

    const warnings = await queryRows<{ warnings: string[] }>(
      tdb.database,
      sql`SELECT warnings FROM verifications WHERE member_discord_id = ${NINA}`,
    );
    expect(warnings.map((w) => w.warnings)).toEqual([
      [
        `RoConnect did not kick this member, so they were only denied roles: the person who chose kick (${TOMBSTONE}) is no longer a member of this server.`,
      ],
    ]);
    const changes = await queryRows<{ before: string; after: string }>(
      tdb.database,
      sql`SELECT before, after FROM setting_changes`,
    );
    expect(changes).toEqual([
      {
        before: `accounts at least 30 days old; action kick, chosen by ${TOMBSTONE}`,
        after: 'accounts at least 30 days old; action deny',
      },
    ]);
    // Nina's own entry still names her: only Max's id went
    expect(JSON.stringify(warnings)).not.toContain(MAX);
    expect((await nina.call('GET', '/api/v1/dashboard/user/linked-accounts')).status).toBe(200);
  });

  it('drops pending webhook deliveries naming the member; an unlink still goes, without their names', async () => {
    const max = await loginThroughEmulator(stack, MAX);
    const body = (event: string, discordId: string, username: string) =>
      JSON.stringify({
        id: randomUUID(),
        event,
        created_at: new Date().toISOString(),
        server_id: GUILD,
        data: {
          member: { discord_id: discordId, username },
          roblox: { roblox_id: '502', username: 'PlainPete' },
          roles_added: event === 'member.verified' ? ['Verified'] : [],
          roles_removed: event === 'member.unlinked' ? ['Verified'] : [],
          nickname: event === 'member.verified' ? 'PlainPete' : null,
        },
      });
    const ids = {
      maxVerified: randomUUID(),
      maxUnlinked: randomUUID(),
      ninaVerified: randomUUID(),
      maxFailed: randomUUID(),
    };
    const pending: [string, string, string][] = [
      [ids.maxVerified, 'member.verified', body('member.verified', MAX, 'member_max')],
      [ids.maxUnlinked, 'member.unlinked', body('member.unlinked', MAX, 'member_max')],
      [ids.ninaVerified, 'member.verified', body('member.verified', NINA, 'no_dms_nina')],
    ];
    // each waiting for its next attempt (the endpoint failed once)
    for (const [id, event, text] of pending)
      await tdb.database.db.execute(sql`
        INSERT INTO webhook_deliveries (id, guild_id, event, body, status, attempts)
        VALUES (${id}, ${GUILD}, ${event}, ${text}, 'pending', 1)`);
    // one that failed for good, its body kept for a manager's retry
    await tdb.database.db.execute(sql`
      INSERT INTO webhook_deliveries (id, guild_id, event, body, status, attempts, finished_at)
      VALUES (${ids.maxFailed}, ${GUILD}, 'member.verified',
              ${body('member.verified', MAX, 'member_max')}, 'failed', 6, now())`);

    await deleteAccount(max);

    const delivery = async (id: string) =>
      (
        await queryRows<{
          body: string | null;
          status: string;
          last_error: string | null;
          finished_at: Date | null;
        }>(
          tdb.database,
          sql`SELECT body, status, last_error, finished_at FROM webhook_deliveries WHERE id = ${id}`,
        )
      )[0]!;
    // Max's verification is not sent at all
    const verified = await delivery(ids.maxVerified);
    expect(verified).toMatchObject({
      body: null,
      status: 'failed',
      last_error: 'Not sent: the member deleted their account.',
    });
    expect(verified.finished_at).not.toBeNull();
    // his unlink still tells the server whose link ended, without his name or Roblox account
    const unlinked = await delivery(ids.maxUnlinked);
    expect(unlinked.status).toBe('pending');
    expect(JSON.parse(unlinked.body!).data).toEqual({
      member: { discord_id: MAX, username: TOMBSTONE },
      roblox: null,
      roles_added: [],
      roles_removed: ['Verified'],
      nickname: null,
    });
    // the failed one can no longer be sent again: its body is gone
    expect(await delivery(ids.maxFailed)).toMatchObject({ body: null, status: 'failed' });
    // Nina's delivery is hers, untouched
    const ninas = await delivery(ids.ninaVerified);
    expect([ninas.status, ninas.body]).toEqual(['pending', pending[2]![2]]);
  });
});

describe('the export', () => {
  it("gives the caller's actor rows without the other member's identity; that member's own export keeps it", async () => {
    const olivia = await loginThroughEmulator(stack, OWNER);
    const max = await loginThroughEmulator(stack, MAX);
    const maxId = (await userIdOf(MAX))!;
    const oliviaId = (await userIdOf(OWNER))!;
    // Olivia updated Max with /update, and looked him up with /whois
    await auditEntry(
      { userId: maxId, discordId: MAX, username: 'member_max' },
      {
        actorUserId: oliviaId,
        actorDiscordId: OWNER,
        actorUsername: 'owner_olivia',
        warnings: ['Discord refused to set the nickname "PlainPete": Missing Permissions'],
      },
    );
    await tdb.database.db.execute(sql`
      INSERT INTO privacy_lookups (id, subject_user_id, guild_id, source, actor_discord_id,
        actor_name, shown)
      VALUES (${randomUUID()}, ${maxId}, ${GUILD}, 'whois', ${OWNER}, 'owner_olivia', true)`);

    const exported = async (session: typeof olivia) => {
      const res = await session.call('GET', '/api/v1/dashboard/user/export');
      expect(res.status).toBe(200);
      return res.json;
    };
    const hers = await exported(olivia);
    expect(hers.records.verifications).toEqual([
      expect.objectContaining({
        guild_id: GUILD,
        source: 'staff',
        actor_discord_id: OWNER,
        actor_username: 'owner_olivia',
        roles_added: ['Verified'],
        user_id: null,
        member_discord_id: null,
        member_username: null,
        roblox_id: null,
        roblox_username: null,
        nickname: null,
        nickname_after: null,
        warnings: null,
      }),
    ]);
    expect(hers.records.privacy_lookups).toEqual([
      expect.objectContaining({ actor_discord_id: OWNER, subject_user_id: null, shown: true }),
    ]);
    const text = JSON.stringify(hers);
    for (const needle of [maxId, MAX, 'member_max', 'PlainPete'])
      expect([needle, text.includes(needle)]).toEqual([needle, false]);
    // Pete's Roblox id as a value, string or number (a timestamp's milliseconds may hold "502")
    expect(text.match(/[:[,]"?502"?[,\]}]/g)).toBeNull();

    // Max's export is his: the same entry with his identity in it
    const his = await exported(max);
    expect(his.records.verifications).toEqual([
      expect.objectContaining({
        user_id: maxId,
        member_discord_id: MAX,
        member_username: 'member_max',
        roblox_username: 'PlainPete',
        warnings: ['Discord refused to set the nickname "PlainPete": Missing Permissions'],
      }),
    ]);
    expect(his.records.privacy_lookups).toEqual([
      expect.objectContaining({ subject_user_id: maxId, actor_discord_id: OWNER }),
    ]);
  });
});

describe('the two-year purge', () => {
  it('users whose deletion keeps failing do not hold the others back', async () => {
    // Discord cannot be reached for the clean-up of anyone with a verified account
    const base = stack.app.ctx;
    const ctx: AppContext = {
      ...base,
      integrations: {
        ...base.integrations,
        discordBot: {
          ...base.integrations.discordBot,
          getGuild: async () => {
            throw new Error('connect ECONNREFUSED discord.com');
          },
        },
      },
    };
    // a full batch (50) of long-gone users with a verified account, the oldest
    for (let i = 0; i < 50; i++) {
      const id = randomUUID();
      const discordId = String(190000000000000000n + BigInt(i));
      await tdb.database.db.execute(sql`
        INSERT INTO users (id, discord_id, username, last_seen_at)
        VALUES (${id}, ${discordId}, ${`gone_${i}`}, now() - interval '4 years')`);
      const account = randomUUID();
      await tdb.database.db.execute(sql`
        INSERT INTO roblox_accounts (id, user_id, roblox_id, username, display_name, verified)
        VALUES (${account}, ${id}, ${String(9000 + i)}, ${`Gone${i}`}, ${`Gone${i}`}, true)`);
      await tdb.database.db.execute(sql`
        INSERT INTO verifications (id, guild_id, user_id, roblox_account_id, roles_added,
          roles_removed, dm_sent, warnings, member_discord_id, member_username)
        VALUES (${randomUUID()}, ${GUILD}, ${id}, ${account}, '[]', '[]', false, '[]',
          ${discordId}, ${`gone_${i}`})`);
    }
    // and Nina, not seen for three years, with nothing to clean up at Discord
    await loginThroughEmulator(stack, NINA);
    await tdb.database.db.execute(
      sql`UPDATE users SET last_seen_at = now() - interval '3 years' WHERE discord_id = ${NINA}`,
    );
    const count = async () =>
      Number(
        (await queryRows<{ n: number }>(tdb.database, sql`SELECT count(*) AS n FROM users`))[0]!.n,
      );

    // the first run tries the 50 oldest, and each fails
    expect(await purgeInactiveAccounts(ctx)).toBe(0);
    expect(await count()).toBe(51);
    // the next one takes Nina before trying them again
    expect(await purgeInactiveAccounts(ctx)).toBe(1);
    expect(await userIdOf(NINA)).toBeUndefined();
    expect(await count()).toBe(50);
  });
});

describe('deletion asks for a recent sign-in', () => {
  const signedInAgo = (minutes: number) =>
    tdb.database.db.execute(
      sql`UPDATE sessions SET created_at = now() - make_interval(mins => ${minutes})`,
    );

  it('refuses a session signed in over 10 minutes ago, even just refreshed; a new sign-in may', async () => {
    const max = await loginThroughEmulator(stack, MAX);
    await signedInAgo(11);

    const refused = await max.call('DELETE', '/api/v1/dashboard/user');
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual(
      refusal(
        'sign_in_again',
        'Sign in again to delete your account: your last sign-in was more than 10 minutes ago.',
      ),
    );
    expect(await userIdOf(MAX)).toBeDefined();

    // a refresh keeps the session, and its sign-in time
    const refreshed = await fetch(`${stack.api}/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: max.refresh }),
    });
    expect(refreshed.status).toBe(200);
    const { access_token } = ((await refreshed.json()) as any).data;
    const res = await fetch(`${stack.api}/api/v1/dashboard/user`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(res.status).toBe(403);
    expect(await userIdOf(MAX)).toBeDefined();

    // signing in again (Discord's sign-in: a new session) lets the deletion through
    await deleteAccount(await loginThroughEmulator(stack, MAX));
    expect(await userIdOf(MAX)).toBeUndefined();
  });

  it('lets a session signed in 9 minutes ago delete', async () => {
    const max = await loginThroughEmulator(stack, MAX);
    await signedInAgo(9);
    await deleteAccount(max);
    expect(await userIdOf(MAX)).toBeUndefined();
  });
});
