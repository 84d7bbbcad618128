/**
 * Only those who may kick can make the bot kick (docs/security.md, "kick and ban through the
 * bot"): saving `kick` or `ban` needs the caller's own Kick or Ban Members above every role the
 * bot can reach, read live; each kick or ban checks again that whoever chose it still could, else
 * the member is only denied.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../support/db';
import { consoleWorld, linkedAccountId, STAFF_ROLE, verifyAs } from '../../support/console';
import { giveBotRole } from '../../support/fake-integrations';
import { completeSetup, loginAs, type Session } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { GUILD_A, MAX, MO, OLIVIA, PETE } from '../../support/world';

const t = useFakeApp(consoleWorld);
const A = `/api/v1/server/${GUILD_A}`;
const KICK_MEMBERS = 1n << 1n;
const BAN_MEMBERS = 1n << 2n;
const ADMINISTRATOR = 1n << 3n;
const MANAGE_SERVER = 1n << 5n;
const MANAGE_ROLES = 1n << 28n;
const MODERATOR = '130000000000000030';

let olivia: Session;
let mo: Session;
const guild = () => t.world.guilds.get(GUILD_A)!;
const staff = () => guild().roles.find((r) => r.id === STAFF_ROLE)!;
const removals = () => t.world.calls.filter((c) => c.startsWith('kick ') || c.startsWith('ban '));

/** Mo's role: Manage Server, and `extra` beside it. */
const giveStaff = (extra: bigint) => (staff().permissions = String(MANAGE_SERVER | extra));

const restrict = (s: Session, action: 'deny' | 'kick' | 'ban') =>
  t.app.inject({
    method: 'PUT',
    url: `${A}/edit/restrictions`,
    headers: s.headers,
    payload: {
      min_account_age_days: null,
      blocked_roblox_user_ids: [PETE],
      blocked_group_ids: [],
      action,
    },
  });

async function stored() {
  const [row] = await queryRows<{ action: string; chosen_by: string | null }>(
    t.tdb.database,
    sql`SELECT restriction_action AS action, restriction_chosen_by AS chosen_by FROM guild_configs`,
  );
  const audit = await queryRows<{ after: string }>(
    t.tdb.database,
    sql`SELECT after FROM setting_changes WHERE setting = 'restrictions'`,
  );
  return { ...row, audit: audit.map((a) => a.after) };
}

beforeEach(async () => {
  olivia = await loginAs(t.app, OLIVIA);
  mo = await loginAs(t.app, MO);
  await completeSetup(t.app, olivia, GUILD_A);
  // the bot may kick and ban, its role at 6: above Staff (4), below High (7)
  const botRole = giveBotRole(t.world, guild(), String(KICK_MEMBERS | BAN_MEMBERS | MANAGE_ROLES));
  botRole.position = 6;
});

describe('choosing kick or ban', () => {
  it.each([
    ['ban', 'missing_ban_members'],
    ['kick', 'missing_kick_members'],
  ] as const)(
    'refuses %s to a manager with Manage Server only (403 %s), storing nothing',
    async (action, code) => {
      const res = await restrict(mo, action);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: code });
      expect(res.json().message).toBe(
        `Only members who can ${action} members themselves can make the bot ${action}. ` +
          `You need ${action === 'kick' ? 'Kick' : 'Ban'} Members (or Administrator) in this server, or choose deny.`,
      );
      expect(await stored()).toEqual({ action: 'deny', chosen_by: null, audit: [] });
      // deny stays theirs to choose
      expect((await restrict(mo, 'deny')).statusCode).toBe(200);
    },
  );

  it("accepts the owner's ban, and the audit entry says who chose it", async () => {
    const res = await restrict(olivia, 'ban');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.server_config.restrictions.action).toBe('ban');
    expect(await stored()).toEqual({
      action: 'ban',
      chosen_by: OLIVIA,
      audit: [`blocked accounts ${PETE}; action ban, chosen by Discord user ${OLIVIA}`],
    });
  });

  it('accepts a manager with Ban Members whose role is above every role the bot can reach', async () => {
    giveStaff(BAN_MEMBERS);
    expect((await restrict(mo, 'ban')).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ action: 'ban', chosen_by: MO });
    // Kick Members is a right of its own
    const kick = await restrict(mo, 'kick');
    expect(kick.statusCode).toBe(403);
    expect(kick.json()).toMatchObject({ error: 'missing_kick_members' });
  });

  it.each([
    ['Ban Members', BAN_MEMBERS],
    ['Administrator', ADMINISTRATOR],
  ])(
    'refuses a manager with %s whose role is below a role the bot can reach, naming it',
    async (_name, right) => {
      giveStaff(right);
      // Moderator sits between Staff (4) and the bot (6); High (7) is above the bot and left out
      guild().roles.push({
        id: MODERATOR,
        name: 'Moderator',
        position: 5,
        managed: false,
        permissions: String(BAN_MEMBERS),
      });
      const res = await restrict(mo, 'ban');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'role_too_low_to_ban' });
      expect(res.json().message).toMatch(/^Your highest role is not above "Moderator"/);
      expect(await stored()).toEqual({ action: 'deny', chosen_by: null, audit: [] });
    },
  );
});

describe('when the kick or ban runs', () => {
  let max: Session;
  let account: string;
  beforeEach(async () => {
    max = await loginAs(t.app, MAX);
    account = await linkedAccountId(t.app, max, PETE);
    giveStaff(BAN_MEMBERS);
    expect((await restrict(mo, 'ban')).statusCode).toBe(200);
    t.world.calls.length = 0;
  });

  const verifyMax = async () => {
    const res = await verifyAs(t.app, max, GUILD_A, account);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const deniedBecause = (why: string) =>
    `RoConnect did not ban this member, so they were only denied roles: the person who chose ban (Discord user ${MO}) ${why}.`;
  async function expectOnlyDenied(why: string) {
    const result = await verifyMax();
    expect(result.restricted).toBe('this Roblox account is blocked in this server');
    expect(result.warnings).toContain(deniedBecause(why));
    expect(removals()).toEqual([]);
    expect(guild().members.has(MAX)).toBe(true);
    expect(t.world.dms.at(-1)?.content).toMatch(/^You cannot verify in Bot Guild/);
    const [audit] = await queryRows<{ warnings: string[] }>(
      t.tdb.database,
      sql`SELECT warnings FROM verifications ORDER BY created_at DESC LIMIT 1`,
    );
    expect(audit!.warnings).toContain(deniedBecause(why));
  }

  it('bans while the chooser still may', async () => {
    const result = await verifyMax();
    expect(result.warnings).toContain(
      'This member was banned from the server: this Roblox account is blocked in this server.',
    );
    expect(removals()).toEqual([`ban ${GUILD_A} ${MAX}`]);
  });

  it('only denies once the chooser lost Ban Members, and says why', async () => {
    giveStaff(0n);
    await expectOnlyDenied('no longer has Ban Members in this server');
  });

  it('only denies once the chooser left the server', async () => {
    guild().members.delete(MO);
    await expectOnlyDenied('is no longer a member of this server');
  });

  it("only denies a member whose role is not below the chooser's", async () => {
    guild().roles.push({
      id: MODERATOR,
      name: 'Moderator',
      position: 5,
      managed: false,
      permissions: '0',
    });
    guild().members.get(MAX)!.roles.push(MODERATOR);
    await expectOnlyDenied('has no role above this member\'s role "Moderator"');
  });

  it('only denies a kick or ban nobody was checked for (saved before the chooser was kept)', async () => {
    await t.tdb.database.db.execute(sql`UPDATE guild_configs SET restriction_chosen_by = NULL`);
    const result = await verifyMax();
    expect(result.warnings).toContain(
      'RoConnect did not ban this member, so they were only denied roles: nobody allowed to ban has chosen ban since it was saved; save the restrictions again.',
    );
    expect(removals()).toEqual([]);
  });
});
