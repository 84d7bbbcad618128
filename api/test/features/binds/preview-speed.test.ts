/**
 * The binds preview reads every verified member's stored facts and asks Roblox nothing: here
 * 2,000 members are previewed through the route, with the counts each member's facts give. Its
 * one-second goal is timed by bench/investigations/binds-preview.mjs over 10,000 members, not
 * here: CI holds sizes, never timings, which a busy machine moves (docs/performance.md).
 */
import { useFakeApp } from '../../support/harness';
import { callAs, completeSetup, loginAs, type Session } from '../../support/fake-login';
import { GUILD_A, OLIVIA, ROLE_LOW } from '../../support/world';
import { addVerifiedMembers, GENERATED } from '../../support/verified-members';

const t = useFakeApp();
const MEMBERS = 2000;
let olivia: Session;

beforeEach(async () => {
  t.world.groups.set(GENERATED.groupId, { name: 'Load Group', roles: [], members: new Map() });
  t.world.robloxItems.set(`badge:${GENERATED.badgeId}`, 'Load Badge');
  t.world.robloxItems.set(`gamepass:${GENERATED.passId}`, 'Load Pass');
  t.world.robloxItems.set(`asset:${GENERATED.hatId}`, 'Load Hat');
  olivia = await loginAs(t.app, OLIVIA);
  await completeSetup(t.app, olivia, GUILD_A);
  await addVerifiedMembers(t.tdb.database, GUILD_A, MEMBERS, ROLE_LOW);
});

/** How many of members 1..n satisfy `test`. */
const count = (test: (i: number) => boolean) =>
  Array.from({ length: MEMBERS }, (_, k) => k + 1).filter(test).length;

it(`previews ${MEMBERS} verified members from their stored facts, asking Roblox nothing about them`, async () => {
  const binds = [
    { group_id: GENERATED.groupId, min_rank: 100, max_rank: 255, role_id: ROLE_LOW },
    { kind: 'badge', badge_id: GENERATED.badgeId, role_name: 'Badge' },
    { kind: 'gamepass', gamepass_id: GENERATED.passId, role_name: 'Pass' },
  ];
  const preview = () =>
    callAs(t.app, olivia, 'POST', `/api/v1/server/${GUILD_A}/binds/preview`, { binds });
  await preview(); // names into the shared caches, as the editor's first look does
  t.world.calls.length = 0;
  const res = await preview();
  expect(res.statusCode).toBe(200);
  expect(t.world.calls.filter((c) => /^(user groups|badges|owns) /.test(c))).toEqual([]);

  const data = res.json().data;
  expect(data.members).toBe(MEMBERS);
  const low = (i: number) => (i % 4) * 50 >= 100;
  const passKnown = (i: number) => i % 11 !== 0;
  expect(data.roles).toEqual([
    {
      role_id: ROLE_LOW,
      role_name: 'Low',
      gain: count((i) => low(i) && i % 2 === 0),
      lose: count((i) => !low(i) && i % 2 === 1),
      keep: count((i) => low(i) && i % 2 === 1),
      unknown: 0,
    },
    {
      role_id: null,
      role_name: 'Badge',
      gain: count((i) => i % 2 === 0),
      lose: 0,
      keep: 0,
      unknown: 0,
    },
    {
      role_id: null,
      role_name: 'Pass',
      gain: count((i) => passKnown(i) && i % 3 === 0),
      lose: 0,
      keep: 0,
      unknown: 0,
    },
  ]);
});
