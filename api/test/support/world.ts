import {
  addGroup,
  addGuild,
  addMember,
  addRobloxUser,
  addUser,
  createWorld,
  groupRoles,
  type FakeWorld,
} from './fake-integrations';

export const OLIVIA = '110000000000000001'; // owns GUILD_A
export const MAX = '110000000000000002'; // plain member of GUILD_A
export const MO = '110000000000000004'; // owns GUILD_B and GUILD_C
/** In the emulator's test seed only (not in standardWorld): a plain member of GUILD_A. */
export const NINA = '110000000000000003';
export const GUILD_A = '120000000000000001'; // bot present
export const GUILD_B = '120000000000000002'; // no bot; Olivia has Manage Server
export const GUILD_C = '120000000000000003'; // bot present; Olivia is a plain member
export const ROLE_HIGH = '130000000000000001';
export const ROLE_LOW = '130000000000000002';
export const RUBY = '501'; // Owner rank in the group
export const PETE = '502'; // Member rank
export const GROUP = '7001';

/** The standard fake world of the route tests. */
export function standardWorld(): FakeWorld {
  const world = createWorld();
  addUser(world, OLIVIA, 'owner_olivia', 'Olivia');
  addUser(world, MAX, 'member_max');
  addUser(world, MO, 'mod_mo', 'Mo');
  const a = addGuild(world, { id: GUILD_A, name: 'Bot Guild', ownerId: OLIVIA, botTop: 5 });
  a.roles.push(
    { id: ROLE_HIGH, name: 'High', position: 7, managed: false, permissions: '0' },
    { id: ROLE_LOW, name: 'Low', position: 2, managed: false, permissions: '0' },
  );
  addMember(a, OLIVIA, '8');
  addMember(a, MAX, '0');
  addMember(a, MO, '0');
  const b = addGuild(world, { id: GUILD_B, name: 'No Bot Guild', ownerId: MO, botPresent: false });
  addMember(b, MO, '8');
  addMember(b, OLIVIA, '32');
  const c = addGuild(world, { id: GUILD_C, name: 'Community', ownerId: MO });
  addMember(c, MO, '8');
  addMember(c, OLIVIA, '1024');
  addRobloxUser(world, RUBY, 'RankedRuby', 'Ruby');
  addRobloxUser(world, PETE, 'PlainPete', 'Pete', 'https://pics.test/pete.png');
  const ranks = groupRoles(GROUP, { Guest: 0, Member: 1, Officer: 50, Owner: 255 });
  addGroup(world, GROUP, 'Test Group', ranks, { [RUBY]: 255, [PETE]: 1 });
  return world;
}
