import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { csvCell } from '../../../src/features/audit/csv';
import { callAs, completeSetup, type Session } from '../../support/fake-login';
import {
  CONSOLE_ACCESS,
  linkedAccountId,
  RANGER,
  useConsole,
  verifyAs,
} from '../../support/console';
import { GUILD_A, MAX, MO, OLIVIA, PETE, ROLE_LOW } from '../../support/world';

const { t, cast } = useConsole();

const A = `/api/v1/server/${GUILD_A}`;
const audit = (s: Session, query = '') =>
  t.app.inject({ method: 'GET', url: `${A}/audit${query}`, headers: s.headers });
const exportCsv = (s: Session, query = '') =>
  t.app.inject({ method: 'GET', url: `${A}/audit/export${query}`, headers: s.headers });
const setNickname = (s: Session, nickname_format: string) =>
  callAs(t.app, s, 'PUT', `${A}/edit/nickname`, { nickname_format });

/** Setup by the owner, then Max verifies with Pete's account and Mo with Ranger's. */
async function history() {
  await completeSetup(t.app, cast.owner, GUILD_A);
  t.world.guilds.get(GUILD_A)!.members.get(MAX)!.nick = 'maxie';
  await verifyAs(t.app, cast.member, GUILD_A, await linkedAccountId(t.app, cast.member, PETE));
  await verifyAs(t.app, cast.manager, GUILD_A, await linkedAccountId(t.app, cast.manager, RANGER));
}

describe('who may read the audit log', () => {
  it.each(CONSOLE_ACCESS)('GET audit and export as the %s: %i', async (who, status) => {
    expect((await audit(cast[who])).statusCode).toBe(status);
    const csv = await exportCsv(cast[who]);
    expect(csv.statusCode).toBe(status);
    if (status === 403) expect(csv.json().error).toBe('not_server_manager');
  });

  it('answers 401 without a sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${A}/audit` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${A}/audit/export` })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/server/{id}/audit', () => {
  it('lists verifications and setting changes, newest first, with who did what', async () => {
    await history();
    const res = await audit(cast.owner);
    expect(res.statusCode).toBe(200);
    const { entries, next_before } = res.json().data;
    expect(next_before).toBeNull();
    expect(entries.map((e: { kind: string; setting?: string }) => e.setting ?? e.kind)).toEqual([
      'verification',
      'verification',
      'verified_role',
      'nickname_format',
    ]); // the skipped group step changed no bind, so it is no entry
    expect(entries[1]).toEqual({
      kind: 'verification',
      id: expect.any(String),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      actor: {
        user_id: expect.any(String),
        discord_id: MAX,
        username: 'member_max',
        name: 'member_max',
      },
      source: 'website',
      member: {
        user_id: expect.any(String),
        discord_id: MAX,
        username: 'member_max',
        name: 'member_max',
      },
      roblox_account: { roblox_id: PETE, username: 'PlainPete' },
      roles_added: ['Verified'],
      roles_removed: [],
      roles_added_named: [{ text: 'Verified', kind: 'role', id: expect.any(String) }],
      roles_removed_named: [],
      nickname_before: 'maxie',
      nickname_after: 'PlainPete',
      dm_sent: true,
      warnings: [],
    });
    expect(entries[2]).toEqual({
      kind: 'setting_change',
      id: expect.any(String),
      at: expect.any(String),
      actor: {
        user_id: expect.any(String),
        discord_id: OLIVIA,
        username: 'owner_olivia',
        name: 'Olivia',
      },
      setting: 'verified_role',
      before: null,
      after: expect.stringMatching(/^Verified \(\d+\)$/),
      before_named: null,
      after_named: [{ text: 'Verified', kind: 'role', id: expect.any(String) }],
    });
  });

  it('pages with next_before, never repeating or skipping, even for entries at the same instant', async () => {
    for (const f of ['none', 'roblox_display', 'discord_username', 'roblox_username'])
      await setNickname(cast.owner, f);
    // three changes at one instant: ordered by id
    const at = new Date('2030-01-01T00:00:00.000Z');
    for (let i = 0; i < 3; i++)
      await t.tdb.database.db.execute(
        sql`INSERT INTO setting_changes (id, guild_id, setting, before, after, created_at)
            VALUES (${randomUUID()}, ${GUILD_A}, 'nickname_format', 'a', ${`same ${i}`}, ${at})`,
      );
    const all = (await audit(cast.owner, '?limit=100')).json().data.entries;
    expect(all).toHaveLength(7);
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${before ? `&before=${encodeURIComponent(before)}` : ''}`;
      const page = (await audit(cast.owner, query)).json().data;
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((e: { id: string }) => e.id));
      before = page.next_before;
      pages += 1;
    } while (before);
    expect(pages).toBe(4);
    expect(seen).toEqual(all.map((e: { id: string }) => e.id));
  });

  it('takes an ISO time as before, and 25 entries by default', async () => {
    for (let i = 0; i < 30; i++)
      await t.tdb.database.db.execute(
        sql`INSERT INTO setting_changes (id, guild_id, setting, before, after, created_at)
            VALUES (${randomUUID()}, ${GUILD_A}, 'binds', null, ${String(i)},
                    ${new Date(Date.UTC(2030, 0, 1, 0, 0, i))})`,
      );
    const first = (await audit(cast.owner)).json().data;
    expect(first.entries).toHaveLength(25);
    expect(first.entries[0].after).toBe('29');
    const older = (await audit(cast.owner, '?before=2030-01-01T00:00:10Z')).json().data;
    expect(older.entries.map((e: { after: string }) => e.after)).toEqual([
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      '3',
      '2',
      '1',
      '0',
    ]);
    expect(older.next_before).toBeNull();
  });

  it('filters by member: their verifications and what they did', async () => {
    await history();
    await setNickname(cast.manager, 'none');
    const mo = (await audit(cast.owner, `?member=${MO}`)).json().data.entries;
    expect(mo.map((e: { kind: string; member?: { discord_id: string } }) => e.kind)).toEqual([
      'setting_change',
      'verification',
    ]);
    expect(mo[1].member.discord_id).toBe(MO);
    const max = (await audit(cast.owner, `?member=${MAX}`)).json().data.entries;
    expect(max).toHaveLength(1);
    expect(max[0].roblox_account.username).toBe('PlainPete');
  });

  it.each([
    ['?limit=0', 'querystring.limit must be at least 1'],
    ['?limit=101', 'querystring.limit must be at most 100'],
    ['?limit=ten', 'querystring.limit must be a whole number'],
    ['?member=max', 'querystring.member must be a Discord id (17 to 20 digits)'],
    [
      '?before=yesterday',
      'querystring.before must be the next_before of an earlier page or an ISO 8601 time',
    ],
    [
      `?before=${Buffer.from('["x","y"]').toString('base64url')}`,
      'querystring.before must be the next_before of an earlier page or an ISO 8601 time',
    ],
    ['?page=2', 'querystring.page is not allowed'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await audit(cast.owner, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('GET /api/v1/server/{id}/audit/export', () => {
  it('sends every entry as a CSV attachment with a header row', async () => {
    await history();
    const res = await exportCsv(cast.owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="roconnect-audit-${GUILD_A}.csv"`,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'at,kind,source,actor_discord_id,actor_username,member_discord_id,member_username,roblox_id,roblox_username,roles_added,roles_removed,nickname_before,nickname_after,dm_sent,warnings,setting,before,after,actor_name,member_name,roles_added_names,roles_removed_names,before_names,after_names',
    );
    expect(lines).toHaveLength(5);
    expect(lines[2]).toMatch(
      new RegExp(
        `^[^,]+,verification,website,${MAX},member_max,${MAX},member_max,${PETE},PlainPete,Verified,,maxie,PlainPete,true,,,,,member_max,member_max,Verified,,,$`,
      ),
    );
    const onlyMax = await exportCsv(cast.owner, `?member=${MAX}`);
    expect(onlyMax.body.trimEnd().split('\r\n')).toHaveLength(2);
    expect(onlyMax.headers['content-disposition']).toContain(`-${MAX}.csv`);
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', async () => {
    t.world.guilds.get(GUILD_A)!.roles.find((r) => r.id === ROLE_LOW)!.name = '=HYPERLINK("x")';
    await t.app.inject({
      method: 'PUT',
      url: `${A}/binds`,
      headers: cast.owner.headers,
      payload: { binds: [{ group_id: '7001', min_rank: 1, max_rank: 1, role_id: ROLE_LOW }] },
    });
    const body = (await exportCsv(cast.owner)).body;
    expect(body).toContain(',binds,,"group 7001 rank 1 → =HYPERLINK(""x"")",');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell(null)).toBe('');
    expect(csvCell(false)).toBe('false');
  });

  it('refuses a bad member filter with 400', async () => {
    const res = await exportCsv(cast.owner, '?member=nobody');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('querystring.member must be a Discord id (17 to 20 digits)');
  });
});

// ---- the log for people (docs/product.md › Audit log): names, filters, the CSV's name columns ----

type Entry = {
  kind: string;
  setting?: string;
  after?: string | null;
  actor: { name?: string } | null;
  member?: { name?: string };
  roles_added_named?: unknown[];
  before_named?: unknown[] | null;
  after_named?: unknown[] | null;
};
const entriesOf = async (query = '') =>
  (await audit(cast.owner, query)).json().data.entries as Entry[];

/** A setting change written as the routes write them, at `at`. */
const change = (setting: string, after: string | null, at = new Date(), actorDiscordId?: string) =>
  t.tdb.database.db.execute(
    sql`INSERT INTO setting_changes (id, guild_id, actor_user_id, actor_discord_id, actor_username, setting, before, after, created_at)
        SELECT ${randomUUID()}, ${GUILD_A}, u.id, u.discord_id, u.username, ${setting}, NULL, ${after}, ${at}
        FROM (SELECT 1) one LEFT JOIN users u ON u.discord_id = ${actorDiscordId ?? null}`,
  );

const verifiedRole = () => t.world.guilds.get(GUILD_A)!.roles.find((r) => r.name === 'Verified')!;

describe('names', () => {
  it('shows roles, channels and users by their names now, with their ids, and an unknown id as itself', async () => {
    await completeSetup(t.app, cast.owner, GUILD_A);
    await verifyAs(t.app, cast.member, GUILD_A, await linkedAccountId(t.app, cast.member, PETE));
    const role = verifiedRole();
    // renamed in Discord after the entries were made: the log shows the name it has now
    role.name = 'Verified Builders';
    // a millisecond apart each, so the newest-first order is theirs and not a tie's
    const base = Date.now() + 1000;
    await change('log_channel', `#old-name (${GUILD_A})`, new Date(base));
    await change(
      'restrictions',
      `accounts at least 30 days old; action kick, chosen by Discord user ${OLIVIA}`,
      new Date(base + 1),
    );
    await change('unverified_role', 'unknown role (130000000000000999)', new Date(base + 2));

    const entries = await entriesOf();
    const [unknownRole, restrictions, channel, verification] = entries;
    expect(unknownRole!.after_named).toEqual([
      { text: '130000000000000999', kind: 'role', id: '130000000000000999' },
    ]);
    expect(restrictions!.after_named).toEqual([
      { text: 'accounts at least 30 days old; action kick, chosen by Discord user ' },
      { text: 'Olivia', kind: 'user', id: OLIVIA },
    ]);
    expect(channel!.after_named).toEqual([{ text: '#general', kind: 'channel', id: GUILD_A }]);
    expect(verification).toMatchObject({
      kind: 'verification',
      actor: { name: 'member_max' },
      member: { name: 'member_max' },
      roles_added_named: expect.arrayContaining([
        { text: 'Verified Builders', kind: 'role', id: role.id },
      ]),
    });
    const setRole = entries.find((e) => e.setting === 'verified_role')!;
    expect(setRole.after).toBe(`Verified (${role.id})`);
    expect(setRole.after_named).toEqual([{ text: 'Verified Builders', kind: 'role', id: role.id }]);
    expect(setRole.actor).toMatchObject({ username: 'owner_olivia', name: 'Olivia' });
  });

  it('a role the server no longer has keeps the name it was stored with', async () => {
    await completeSetup(t.app, cast.owner, GUILD_A);
    const role = verifiedRole();
    const guild = t.world.guilds.get(GUILD_A)!;
    guild.roles = guild.roles.filter((r) => r.id !== role.id);
    const setRole = (await entriesOf()).find((e) => e.setting === 'verified_role')!;
    expect(setRole.after_named).toEqual([{ text: 'Verified', kind: 'role', id: role.id }]);
  });
});

describe('filters', () => {
  async function setUpAndVerify() {
    await completeSetup(t.app, cast.owner, GUILD_A);
    await verifyAs(t.app, cast.member, GUILD_A, await linkedAccountId(t.app, cast.member, PETE));
  }

  it('by name: the member or the actor, their username or display name, in any case', async () => {
    await setUpAndVerify();
    // Olivia's display name, not her username: her setup steps
    const olivia = await entriesOf('?name=OLIV');
    expect(olivia.map((e) => e.setting)).toEqual(['verified_role', 'nickname_format']);
    const max = await entriesOf('?name=Member_M');
    expect(max.map((e) => e.kind)).toEqual(['verification']);
    // the pattern's own characters are taken as they are
    expect(await entriesOf('?name=%25')).toEqual([]);
    expect(await entriesOf('?name=nobody')).toEqual([]);
  });

  it('by action: verifications, or one setting', async () => {
    await setUpAndVerify();
    expect((await entriesOf('?action=verification')).map((e) => e.kind)).toEqual(['verification']);
    expect((await entriesOf('?action=verified_role')).map((e) => e.setting)).toEqual([
      'verified_role',
    ]);
    expect(await entriesOf('?action=webhook')).toEqual([]);
  });

  it('by date: from its start, to its end (UTC), or between two times', async () => {
    for (const day of ['2030-01-01', '2030-01-02', '2030-01-03'])
      await change('binds', day, new Date(`${day}T12:00:00.000Z`));
    const afters = async (query: string) => (await entriesOf(query)).map((e) => e.after);
    expect(await afters('?from=2030-01-02')).toEqual(['2030-01-03', '2030-01-02']);
    expect(await afters('?to=2030-01-02')).toEqual(['2030-01-02', '2030-01-01']);
    expect(await afters('?from=2030-01-02&to=2030-01-02')).toEqual(['2030-01-02']);
    expect(await afters('?from=2030-01-01T12:00:00.001Z&to=2030-01-03T12:00:00%2B00:00')).toEqual([
      '2030-01-02',
    ]);
    // the filters go together
    expect(await afters('?from=2030-01-02&action=verification')).toEqual([]);
  });

  it.each([
    ['?name=', 'querystring.name must not be empty'],
    ['?name=%20%20', 'querystring.name must hold at least one letter or digit.'],
    [`?name=${'x'.repeat(101)}`, 'querystring.name must be at most 100 characters'],
    ['?action=nope', /^querystring\.action must be/],
    [
      '?from=2025-02-30',
      'querystring.from must be an ISO 8601 date (2025-08-01) or date and time with its offset (2025-08-01T09:00:00Z), got "2025-02-30".',
    ],
    [
      '?to=yesterday',
      'querystring.to must be an ISO 8601 date (2025-08-01) or date and time with its offset (2025-08-01T09:00:00Z), got "yesterday".',
    ],
    [
      '?from=2025-08-01T10:00',
      'querystring.from must be an ISO 8601 date (2025-08-01) or date and time with its offset (2025-08-01T09:00:00Z), got "2025-08-01T10:00".',
    ],
    [
      '?from=2025-08-03&to=2025-08-01',
      'querystring.from (2025-08-03) must be before querystring.to (2025-08-01).',
    ],
  ])('answers 400 for %s, naming what is wrong', async (query, message) => {
    for (const res of [await audit(cast.owner, query), await exportCsv(cast.owner, query)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toEqual(
        typeof message === 'string' ? message : expect.stringMatching(message),
      );
    }
  });

  it('names the code of a refused date', async () => {
    expect((await audit(cast.owner, '?from=2025-13-01')).json().error).toBe('invalid_date');
    expect((await audit(cast.owner, '?from=2025-08-02&to=2025-08-01')).json().error).toBe(
      'invalid_date_range',
    );
    expect((await audit(cast.owner, '?name=%20')).json().error).toBe('invalid_name');
  });

  it('are for the server’s managers only, like the log', async () => {
    expect((await audit(cast.member, '?name=max')).statusCode).toBe(403);
    expect((await audit(cast.stranger, '?action=verification')).statusCode).toBe(403);
    expect((await exportCsv(cast.member, '?from=2025-01-01')).statusCode).toBe(403);
  });
});

describe('the CSV', () => {
  it('keeps its columns and adds the names at the end; the filters apply', async () => {
    await completeSetup(t.app, cast.owner, GUILD_A);
    await verifyAs(t.app, cast.member, GUILD_A, await linkedAccountId(t.app, cast.member, PETE));
    verifiedRole().name = 'Verified Builders';
    const res = await exportCsv(cast.owner, '?action=verification');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = res.body.trimEnd().split('\r\n');
    expect(header).toBe(
      'at,kind,source,actor_discord_id,actor_username,member_discord_id,member_username,roblox_id,roblox_username,roles_added,roles_removed,nickname_before,nickname_after,dm_sent,warnings,setting,before,after,' +
        'actor_name,member_name,roles_added_names,roles_removed_names,before_names,after_names',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(
      new RegExp(
        `,${MAX},member_max,${PETE},PlainPete,Verified,.*,member_max,member_max,Verified Builders,,,$`,
      ),
    );
    const changes = (await exportCsv(cast.owner, '?name=olivia')).body.trimEnd().split('\r\n');
    expect(changes.slice(1).every((line) => line.includes(',setting_change,'))).toBe(true);
    expect(changes[1]).toMatch(/,Olivia,,,,,Verified Builders$/);
  });
});
