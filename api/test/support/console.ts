import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from './db';
import {
  addGroup,
  addMember,
  addRobloxUser,
  addUser,
  groupRoles,
  type FakeWorld,
} from './fake-integrations';
import { completeSetup, linkedAccountsOf, linkRoblox, loginAs, type Session } from './fake-login';
import { useFakeApp, type FakeApp } from './harness';
import { GUILD_A, MAX, MO, OLIVIA, PETE, RUBY, standardWorld } from './world';

/** The owner's console tests: GUILD_A with a manager (Mo), a member (Max) and a stranger. */
export const STRANGER = '110000000000000009'; // signed in, not in GUILD_A
export const STAFF_ROLE = '130000000000000020'; // Mo's role in GUILD_A (Manage Server), position 4
export const EXTRA_ROLE = '130000000000000021'; // harmless, position 3, below Mo and the bot
export const GROUP2 = '7002';
export const RANGER = '503'; // rank 100 in GROUP2, not in GROUP

export function consoleWorld(): FakeWorld {
  const w = standardWorld();
  addUser(w, STRANGER, 'stranger_sam');
  const a = w.guilds.get(GUILD_A)!;
  a.roles.push(
    { id: STAFF_ROLE, name: 'Staff', position: 4, managed: false, permissions: '32' },
    { id: EXTRA_ROLE, name: 'Extra', position: 3, managed: false, permissions: '0' },
  );
  addMember(a, MO, '32', [STAFF_ROLE]);
  const ranks = groupRoles(GROUP2, { Guest: 0, Recruit: 10, Ranger: 100, Chief: 255 });
  addGroup(w, GROUP2, 'Second Group', ranks, { [RANGER]: 100, [PETE]: 10 });
  addRobloxUser(w, RANGER, 'RangerRay', 'Ray');
  return w;
}

export interface Cast {
  owner: Session;
  manager: Session;
  member: Session;
  stranger: Session;
}

export async function signInCast(app: FastifyInstance): Promise<Cast> {
  return {
    owner: await loginAs(app, OLIVIA),
    manager: await loginAs(app, MO),
    member: await loginAs(app, MAX),
    stranger: await loginAs(app, STRANGER),
  };
}

/** The id of the caller's linked account for a Roblox user (linking it first). */
export async function linkedAccountId(
  app: FastifyInstance,
  s: Session,
  robloxId: string,
): Promise<string> {
  await linkRoblox(app, s, robloxId);
  return (await linkedAccountsOf(app, s)).find((a) => a.roblox_id === robloxId)!.id;
}

export const verifyAs = (app: FastifyInstance, s: Session, serverId: string, accountId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/dashboard/bot/verify-in-server',
    headers: s.headers,
    payload: { server_id: serverId, account_id: accountId },
  });

export { RUBY, PETE };

/**
 * The hooks of a console test: a fresh app over `world` for each test (useFakeApp) with the
 * cast signed in, and with `setUp` that server's three setup steps done by the owner. Declare
 * it before the file's own hooks; read the fields inside tests and hooks.
 */
export function useConsole(options: { world?: () => FakeWorld; setUp?: string } = {}): {
  t: FakeApp;
  cast: Cast;
} {
  const t = useFakeApp(options.world ?? consoleWorld);
  let signedIn: Cast | undefined;
  beforeEach(async () => {
    signedIn = await signInCast(t.app);
    if (options.setUp) await completeSetup(t.app, signedIn.owner, options.setUp);
  });
  const who = (role: keyof Cast) => {
    if (!signedIn) throw new Error('the cast is only there inside tests and hooks');
    return signedIn[role];
  };
  const cast: Cast = {
    get owner() {
      return who('owner');
    },
    get manager() {
      return who('manager');
    },
    get member() {
      return who('member');
    },
    get stranger() {
      return who('stranger');
    },
  };
  return { t, cast };
}

/** The server-settings changes recorded in `t` (setting_changes), oldest first, with who made each. */
export const settingChanges = (t: FakeApp) =>
  queryRows(
    t.tdb.database,
    sql`SELECT setting, before, after, actor_username FROM setting_changes ORDER BY created_at`,
  );

/** Who of the cast may use a server's console (its managers), with the status each gets. */
export const CONSOLE_ACCESS = [
  ['owner', 200],
  ['manager', 200],
  ['member', 403],
  ['stranger', 403],
] as const;
