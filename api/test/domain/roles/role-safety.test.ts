/**
 * "The bot as a ladder" replayed (docs/security.md): a manager cannot make the bot hand out a
 * powerful role, nor one above their own, and a demoted manager loses the right within a minute.
 */
import { eq } from 'drizzle-orm';
import { userGuilds } from '../../../src/db/schema';
import { useFakeApp } from '../../support/harness';
import { addGuild, addMember, type FakeWorld } from '../../support/fake-integrations';
import { completeSetup, loginAs, type Session } from '../../support/fake-login';
import { GROUP, GUILD_A, MO, OLIVIA, standardWorld } from '../../support/world';

const ADMINS = '130000000000000010'; // Administrator, below the bot
const ADMIN = '130000000000000011'; // Administrator, named like a Roblox rank, below the bot
const KICKERS = '130000000000000015'; // Kick Members, below the bot
const HELPER = '130000000000000012'; // harmless, above Mo's own role
const TRUSTED = '130000000000000013'; // harmless, below Mo's own role
const MO_ROLE = '130000000000000014'; // Mo's highest role in GUILD_M
const GUILD_M = '120000000000000009'; // owned by Olivia, bot present, Mo manages it (Manage Server)

function world(): FakeWorld {
  const w = standardWorld();
  w.guilds
    .get(GUILD_A)!
    .roles.push(
      { id: ADMINS, name: 'Admins', position: 3, managed: false, permissions: '8' },
      { id: ADMIN, name: 'Admin', position: 4, managed: false, permissions: '8' },
      { id: KICKERS, name: 'Kickers', position: 1, managed: false, permissions: '2' },
    );
  const m = addGuild(w, { id: GUILD_M, name: 'Managed', ownerId: OLIVIA, botTop: 9 });
  m.roles.push(
    { id: HELPER, name: 'Helper', position: 6, managed: false, permissions: '0' },
    { id: MO_ROLE, name: 'Staff', position: 5, managed: false, permissions: '32' },
    { id: TRUSTED, name: 'Trusted', position: 2, managed: false, permissions: '0' },
  );
  addMember(m, OLIVIA, '8');
  addMember(m, MO, '32', [MO_ROLE]);
  // a Roblox rank named like the powerful "Admin" role
  w.groups.get(GROUP)!.roles.push({ id: '70019', name: 'admin', rank: 200 });
  return w;
}

const t = useFakeApp(world);
const call = (s: Session, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: s.headers, ...(payload ? { payload } : {}) });

/** A 409 refusal `error` whose message says `says`. */
function expectRefused(res: Awaited<ReturnType<typeof call>>, error: string, says: string) {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toMatchObject({ error });
  expect(res.json().message).toContain(says);
}

/** The body of an edit of the verified role: `name`, the role `id` (null: made by name). */
const verifiedRole = (name: string, id: string | null) => ({
  verified_role_name: name,
  verified_role_id: id,
});

describe('powerful roles are refused with 409 role_too_powerful naming the permission', () => {
  let olivia: Session;
  beforeEach(async () => {
    olivia = await loginAs(t.app, OLIVIA);
  });

  it('as the verified role at setup (an existing role picked by name)', async () => {
    const base = `/api/v1/server/${GUILD_A}/setup`;
    await call(olivia, 'POST', `${base}/nickname`, { nickname_format: 'none' });
    const res = await call(olivia, 'POST', `${base}/verified-role`, {
      verified_role_name: 'admins',
    });
    expectRefused(res, 'role_too_powerful', '"Admins" has the Administrator permission');
  });

  it('as the verified role when editing, by id and by name', async () => {
    await completeSetup(t.app, olivia, GUILD_A);
    const url = `/api/v1/server/${GUILD_A}/edit/verified-role`;
    const byId = await call(olivia, 'PUT', url, verifiedRole('Admins', ADMINS));
    expect(byId.statusCode).toBe(409);
    expect(byId.json().message).toContain('Administrator');
    const byName = await call(olivia, 'PUT', url, verifiedRole('Admin', null));
    expectRefused(byName, 'role_too_powerful', '"Admin" has the Administrator permission');
    // any moderator permission, not only Administrator
    const kickers = await call(olivia, 'PUT', url, verifiedRole('Kickers', KICKERS));
    expect(kickers.statusCode).toBe(409);
    expect(kickers.json().message).toContain('"Kickers" has the Kick Members permission');
  });

  it('as a same-named rank role, before any role is created', async () => {
    const before = t.world.guilds.get(GUILD_A)!.roles.length;
    const base = `/api/v1/server/${GUILD_A}/setup`;
    await call(olivia, 'POST', `${base}/nickname`, { nickname_format: 'none' });
    await call(olivia, 'POST', `${base}/verified-role`, { verified_role_name: 'Verified' });
    const res = await call(olivia, 'POST', `${base}/group`, { group_id: GROUP });
    expectRefused(res, 'role_too_powerful', '"Admin" has the Administrator permission');
    // only the verified role was created; no rank role and no bind
    expect(t.world.guilds.get(GUILD_A)!.roles.length).toBe(before + 1);
    const edit = await call(olivia, 'PUT', `/api/v1/server/${GUILD_A}/edit/group`, {
      group_id: GROUP,
    });
    expect(edit.statusCode).toBe(409);
  });

  it('the configuration page offers neither as assignable', async () => {
    await completeSetup(t.app, olivia, GUILD_A);
    const roles = (await call(olivia, 'GET', `/api/v1/server/${GUILD_A}/edit`)).json().data.roles;
    const byId = new Map(
      roles.map((r: { id: string; assignable: boolean }) => [r.id, r.assignable]),
    );
    expect(byId.get(ADMINS)).toBe(false);
    expect(byId.get(ADMIN)).toBe(false);
    expect(byId.get(KICKERS)).toBe(false);
  });
});

describe('a manager who is not the owner', () => {
  it('may only pick roles below their own highest role (409 role_above_manager)', async () => {
    const mo = await loginAs(t.app, MO);
    await completeSetup(t.app, mo, GUILD_M);
    const url = `/api/v1/server/${GUILD_M}/edit/verified-role`;
    const above = await call(mo, 'PUT', url, verifiedRole('Helper', HELPER));
    expectRefused(above, 'role_above_manager', '"Helper" is at or above your highest role');
    const below = await call(mo, 'PUT', url, verifiedRole('Trusted', TRUSTED));
    expect(below.statusCode).toBe(200);
    const roles = (await call(mo, 'GET', `/api/v1/server/${GUILD_M}/edit`)).json().data.roles;
    expect(roles.find((r: { id: string }) => r.id === HELPER).assignable).toBe(false);
    // the owner may pick it
    const olivia = await loginAs(t.app, OLIVIA);
    expect((await call(olivia, 'PUT', url, verifiedRole('Helper', HELPER))).statusCode).toBe(200);
  });
});

describe('manager rights are live', () => {
  const ageMembership = (seconds: number) =>
    t.tdb.database.db
      .update(userGuilds)
      .set({ syncedAt: new Date(Date.now() - seconds * 1000) })
      .where(eq(userGuilds.guildId, GUILD_M));
  const rename = (s: Session) =>
    call(s, 'PUT', `/api/v1/server/${GUILD_M}/edit/nickname`, { nickname_format: 'none' });

  it('a demoted manager is refused on the next write once the 60 s window has passed', async () => {
    const mo = await loginAs(t.app, MO);
    await completeSetup(t.app, mo, GUILD_M);
    t.world.guilds.get(GUILD_M)!.members.get(MO)!.permissions = '0'; // demoted in Discord
    expect((await rename(mo)).statusCode).toBe(200); // still inside the window
    await ageMembership(61);
    const refused = await rename(mo);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'not_server_manager' });
  });

  it('a kicked manager is refused too, and a still-rightful one keeps working', async () => {
    const mo = await loginAs(t.app, MO);
    await completeSetup(t.app, mo, GUILD_M);
    await ageMembership(61);
    expect((await rename(mo)).statusCode).toBe(200); // re-read from Discord: still a manager
    t.world.guilds.get(GUILD_M)!.members.delete(MO);
    await ageMembership(61);
    expect((await rename(mo)).statusCode).toBe(403);
  });
});
