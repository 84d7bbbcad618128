/**
 * The verification plan on its own: facts in, the roles, nickname, refusals and DM out, with no
 * Discord, Roblox or database in between (applyMemberUpdate performs it; the behaviour tests in
 * features/verification and features/member-updates drive both).
 */
import type { RobloxAccountRow } from '../../../src/domain/accounts/accounts';
import type { UserRow } from '../../../src/domain/accounts/users';
import type { ConfigRow } from '../../../src/domain/config/config-store';
import {
  planMemberUpdate,
  verifiedMessage,
  type MemberUpdateFacts,
} from '../../../src/domain/verification/plan-member-update';
import type { DiscordRole } from '../../../src/integrations/types';

const GUILD = '500';
const OWNER = '900';
const MEMBER = '901';
const GROUP = '7000';
const VERIFIED = 'r-verified';
const UNVERIFIED = 'r-unverified';
const JUNIOR = 'r-junior';
const SENIOR = 'r-senior';
const ADMINISTRATOR = String(1n << 3n);
const created = new Date('2024-01-01T00:00:00Z');

const role = (id: string, name: string, permissions = '0'): DiscordRole => ({
  id,
  name,
  position: 1,
  managed: false,
  permissions,
});

const config: ConfigRow = {
  guildId: GUILD,
  nicknameFormat: 'roblox_username',
  verifiedRoleName: 'Verified',
  verifiedRoleId: VERIFIED,
  groupId: GROUP,
  groupName: 'Rangers',
  unverifiedRoleId: null,
  joinHandling: 'verify',
  joinDm: false,
  logChannelId: null,
  logChannelError: null,
  resync: 'off',
  verifyChannelId: null,
  verifyMessageId: null,
  nicknameTemplate: null,
  nicknameBypassRoleIds: [],
  roleBypassRoleIds: [],
  minAccountAgeDays: null,
  blockedRobloxUserIds: [],
  blockedGroupIds: [],
  restrictionAction: 'deny',
  restrictionChosenBy: null,
  managerRoleIds: [],
  updaterRoleIds: [],
  requiredGroupIds: [],
  banEvasion: 'flag',
  setupStep: 'done',
  setupCompleted: true,
  updatedBy: null,
  updatedAt: created,
};
const user: UserRow = {
  id: 'u-1',
  discordId: MEMBER,
  username: 'member_max',
  globalName: 'Max',
  avatar: null,
  createdAt: created,
  updatedAt: created,
  lastSeenAt: created,
  privacyDefaultVisible: true,
  roleConnectionsOffAt: null,
};
const account: RobloxAccountRow = {
  id: 'a-1',
  userId: 'u-1',
  robloxId: '42',
  username: 'PlainPete',
  displayName: 'Pete',
  avatarUrl: null,
  linkedAt: created,
  verified: false,
};
const juniors = {
  groupId: GROUP,
  groupName: 'Rangers',
  minRank: 1,
  maxRank: 49,
  roleId: JUNIOR,
  roleName: 'Juniors',
};
const seniors = { ...juniors, minRank: 50, maxRank: 255, roleId: SENIOR, roleName: 'Seniors' };

/** A member already verified with no bind: the verified role, the right nickname. */
function facts(overrides: Partial<MemberUpdateFacts> = {}): MemberUpdateFacts {
  return {
    guild: { id: GUILD, name: 'Obby Lounge', ownerDiscordId: OWNER },
    config,
    user,
    account,
    member: { user_id: MEMBER, nick: 'PlainPete', roles: [VERIFIED] },
    notify: true,
    source: 'website',
    actorUserId: user.id,
    robloxShown: true,
    binds: [],
    ranks: new Map(),
    roles: [
      role(VERIFIED, 'Verified'),
      role(UNVERIFIED, 'Newcomers'),
      role(JUNIOR, 'Juniors (live)'),
      role(SENIOR, 'Seniors (live)'),
    ],
    ...overrides,
  };
}

const steps = (overrides: Partial<MemberUpdateFacts>) =>
  planMemberUpdate(facts(overrides)).roles.map((s) => [s.add ? '+' : '-', s.role.id, s.refused]);

describe('planMemberUpdate', () => {
  it('plans nothing for a member whose roles and nickname are already right', () => {
    const plan = planMemberUpdate(facts());
    expect(plan.roles).toEqual([]);
    expect(plan.warnings).toEqual([]);
    expect(plan.nickname).toEqual({ value: 'PlainPete', set: false, warning: null });
  });

  it('gives the verified role and each bound role the rank earns, by their live names', () => {
    const plan = planMemberUpdate(
      facts({
        member: { user_id: MEMBER, nick: null, roles: [] },
        binds: [juniors, seniors],
        ranks: new Map([[GROUP, 20]]),
      }),
    );
    expect(plan.roles).toEqual([
      { role: { id: VERIFIED, name: 'Verified' }, add: true, refused: null },
      { role: { id: JUNIOR, name: 'Juniors (live)' }, add: true, refused: null },
    ]);
    expect(plan.warnings).toEqual([]);
  });

  it('takes a bound role the rank no longer earns, and gives the one it earns now', () => {
    expect(
      steps({
        member: { user_id: MEMBER, nick: 'PlainPete', roles: [VERIFIED, JUNIOR] },
        binds: [juniors, seniors],
        ranks: new Map([[GROUP, 50]]),
      }),
    ).toEqual([
      ['+', SENIOR, null],
      ['-', JUNIOR, null],
    ]);
  });

  it('keeps a role two binds share when one of them still earns it', () => {
    const alsoJunior = { ...seniors, roleId: JUNIOR, roleName: 'Juniors' };
    expect(
      steps({
        member: { user_id: MEMBER, nick: 'PlainPete', roles: [VERIFIED, JUNIOR] },
        binds: [juniors, alsoJunior],
        ranks: new Map([[GROUP, 60]]),
      }),
    ).toEqual([]);
  });

  it('says so when the account is not in a bound group, and takes the roles it gave', () => {
    const plan = planMemberUpdate(
      facts({
        member: { user_id: MEMBER, nick: 'PlainPete', roles: [VERIFIED, JUNIOR] },
        binds: [juniors],
        ranks: new Map(),
      }),
    );
    expect(plan.warnings).toEqual([
      'You are not a member of the Roblox group Rangers, so no rank role was given.',
    ]);
    expect(plan.roles.map((s) => [s.add, s.role.id])).toEqual([[false, JUNIOR]]);
  });

  it('does not warn about a group the account is not in when a bind covers rank 0', () => {
    const guests = { ...juniors, minRank: 0, maxRank: 0, roleId: 'r-guest', roleName: 'Guests' };
    const plan = planMemberUpdate(facts({ binds: [guests], ranks: new Map() }));
    expect(plan.warnings).toEqual([]);
    expect(plan.roles.map((s) => [s.add, s.role.id, s.role.name])).toEqual([
      [true, 'r-guest', 'Guests'],
    ]);
  });

  it('takes the unverified role from a member who verifies, by its live name', () => {
    expect(
      steps({
        config: { ...config, unverifiedRoleId: UNVERIFIED },
        member: { user_id: MEMBER, nick: 'PlainPete', roles: [VERIFIED, UNVERIFIED] },
      }),
    ).toEqual([['-', UNVERIFIED, null]]);
    const plan = planMemberUpdate(
      facts({
        config: { ...config, unverifiedRoleId: UNVERIFIED },
        member: { user_id: MEMBER, nick: 'PlainPete', roles: [VERIFIED, UNVERIFIED] },
      }),
    );
    expect(plan.roles[0]!.role.name).toBe('Newcomers');
  });

  it('leaves the unverified role alone when it is also the verified role', () => {
    expect(
      steps({
        config: { ...config, unverifiedRoleId: VERIFIED },
        member: { user_id: MEMBER, nick: 'PlainPete', roles: [VERIFIED] },
      }),
    ).toEqual([]);
  });

  it('refuses a role that gained a moderator permission, and still gives the others', () => {
    const plan = planMemberUpdate(
      facts({
        member: { user_id: MEMBER, nick: 'PlainPete', roles: [] },
        binds: [juniors],
        ranks: new Map([[GROUP, 10]]),
        roles: [role(VERIFIED, 'Verified'), role(JUNIOR, 'Juniors', ADMINISTRATOR)],
      }),
    );
    expect(plan.roles).toEqual([
      { role: { id: VERIFIED, name: 'Verified' }, add: true, refused: null },
      {
        role: { id: JUNIOR, name: 'Juniors' },
        add: true,
        refused:
          'The role "Juniors" now has the Administrator permission, so it was not given. Ask a server admin to remove that permission or pick another role.',
      },
    ]);
  });

  it('never refuses to take a role away, whatever it carries', () => {
    expect(
      steps({
        member: { user_id: MEMBER, nick: 'PlainPete', roles: [VERIFIED, JUNIOR] },
        binds: [juniors],
        ranks: new Map([[GROUP, 200]]),
        roles: [role(VERIFIED, 'Verified'), role(JUNIOR, 'Juniors', ADMINISTRATOR)],
      }),
    ).toEqual([['-', JUNIOR, null]]);
  });

  it('sets the nickname the format gives when the member’s differs', () => {
    const plan = planMemberUpdate(
      facts({
        config: { ...config, nicknameFormat: 'discord_display_with_roblox' },
        member: { user_id: MEMBER, nick: 'someone else', roles: [VERIFIED] },
      }),
    );
    expect(plan.nickname).toEqual({ value: 'Max (PlainPete)', set: true, warning: null });
    expect(plan.nicknameBefore).toBe('someone else');
  });

  it('makes no nickname from the Roblox account where it is not shown, and says so', () => {
    const plan = planMemberUpdate(
      facts({
        robloxShown: false,
        config: { ...config, nicknameTemplate: '{discord-name} [{group-rank}]' },
        member: { user_id: MEMBER, nick: 'my own', roles: [VERIFIED] },
      }),
    );
    expect(plan.nickname).toEqual({ value: null, set: false, warning: null });
    expect(plan.warnings).toEqual([
      'Your nickname was left as it is: your Roblox account is not shown in this server (see your privacy settings on the website).',
    ]);
    // a template of Discord names only tells nothing of it: it still applies
    const discordOnly = planMemberUpdate(
      facts({
        robloxShown: false,
        config: { ...config, nicknameTemplate: '{discord-name}' },
        member: { user_id: MEMBER, nick: 'my own', roles: [VERIFIED] },
      }),
    );
    expect(discordOnly.nickname).toEqual({ value: 'Max', set: true, warning: null });
    expect(discordOnly.warnings).toEqual([]);
  });

  it('leaves the nickname alone with the format none', () => {
    const plan = planMemberUpdate(
      facts({
        config: { ...config, nicknameFormat: 'none' },
        member: { user_id: MEMBER, nick: 'my own', roles: [VERIFIED] },
      }),
    );
    expect(plan.nickname).toEqual({ value: null, set: false, warning: null });
  });

  it('does not rename the server owner, and says what to set instead', () => {
    const plan = planMemberUpdate(
      facts({
        guild: { id: GUILD, name: 'Obby Lounge', ownerDiscordId: MEMBER },
        member: { user_id: MEMBER, nick: null, roles: [VERIFIED] },
      }),
    );
    expect(plan.nickname).toEqual({
      value: 'PlainPete',
      set: false,
      warning:
        'Discord does not let bots change the server owner\'s nickname; set it to "PlainPete" yourself if you like.',
    });
  });

  it('carries who asked and whether to DM, and the DM names the roles given', () => {
    const plan = planMemberUpdate(facts({ notify: false, source: 'staff', actorUserId: 'u-2' }));
    expect([plan.notify, plan.source, plan.actorUserId]).toEqual([false, 'staff', 'u-2']);
    expect(verifiedMessage(plan, [])).toBe(
      'You are verified in Obby Lounge as PlainPete on Roblox.',
    );
    expect(verifiedMessage(plan, ['Verified', 'Juniors'])).toBe(
      'You are verified in Obby Lounge as PlainPete on Roblox. Roles given: Verified, Juniors.',
    );
  });
});
