/** Gateway dispatches → member-event jobs: which events, their data, and their dedup keys. */
import { GatewayDispatchEvents, type GatewayDispatchPayload } from 'discord-api-types/v10';
import { memberEventJobId } from '../../src/features/member-events/events';
import { parseMemberEvent } from '../../src/features/member-events/jobs';
import { memberEventOf } from '../../src/gateway/dispatch';

const GUILD = '120000000000000001';
const USER = '110000000000000011';
const receivedAt = new Date('2026-11-27T12:00:00.000Z');

const add = (s: number, user: object, joinedAt = '2026-11-27T11:59:59.500000+00:00') =>
  ({
    op: 0,
    s,
    t: GatewayDispatchEvents.GuildMemberAdd,
    d: {
      guild_id: GUILD,
      user,
      joined_at: joinedAt,
      roles: [],
      deaf: false,
      mute: false,
      flags: 0,
    },
  }) as unknown as GatewayDispatchPayload;
const remove = (s: number, user: object) =>
  ({
    op: 0,
    s,
    t: GatewayDispatchEvents.GuildMemberRemove,
    d: { guild_id: GUILD, user },
  }) as unknown as GatewayDispatchPayload;

it('a member joining becomes a join at the time it arrived, keyed by Discord’s joined_at in every session', () => {
  const job = memberEventOf(add(7, { id: USER, username: 'jo' }), { sessionId: 'a', receivedAt });
  expect(job).toEqual({
    event: { kind: 'join', guildId: GUILD, userId: USER, at: receivedAt.toISOString() },
    dedupKey: `join|${GUILD}|${USER}|2026-11-27T11:59:59.500Z`,
  });
  // the same join seen by another holder's session, with another sequence number, later
  const again = memberEventOf(add(99, { id: USER, username: 'jo' }), {
    sessionId: 'b',
    receivedAt: new Date(),
  });
  expect(again!.dedupKey).toBe(job!.dedupKey);
  // without a usable joined_at, the session and sequence number key it, as for a leave
  expect(
    memberEventOf(add(8, { id: USER, username: 'jo' }, 'not a time'), {
      sessionId: 'a',
      receivedAt,
    })!.dedupKey,
  ).toBe(`join|${GUILD}|${USER}|a|8`);
});

it('a member leaving becomes a leave at the time it arrived, keyed by session and sequence', () => {
  const job = memberEventOf(remove(12, { id: USER, username: 'jo' }), {
    sessionId: 'sess',
    receivedAt,
  });
  expect(job).toEqual({
    event: { kind: 'leave', guildId: GUILD, userId: USER, at: receivedAt.toISOString() },
    dedupKey: `leave|${GUILD}|${USER}|sess|12`,
  });
  // replayed in the same session after a resume: the same key
  expect(
    memberEventOf(remove(12, { id: USER, username: 'jo' }), {
      sessionId: 'sess',
      receivedAt: new Date(),
    })!.dedupKey,
  ).toBe(job!.dedupKey);
});

it('bots and every other dispatch are not handed on', () => {
  expect(memberEventOf(add(1, { id: USER, bot: true }), { sessionId: 'a', receivedAt })).toBeNull();
  expect(
    memberEventOf(remove(1, { id: USER, bot: true }), { sessionId: 'a', receivedAt }),
  ).toBeNull();
  const ready = { op: 0, s: 1, t: GatewayDispatchEvents.Ready, d: {} } as GatewayDispatchPayload;
  expect(memberEventOf(ready, { sessionId: 'a', receivedAt })).toBeNull();
});

it('a dedup key always gives the same job id, a UUID; different keys give different ids', () => {
  const id = memberEventJobId('join|1|2|t');
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(memberEventJobId('join|1|2|t')).toBe(id);
  expect(memberEventJobId('join|1|2|u')).not.toBe(id);
});

it('a job whose data is not an event is recognised as such', () => {
  const event = { kind: 'join', guildId: GUILD, userId: USER, at: receivedAt.toISOString() };
  expect(parseMemberEvent(event)).toEqual(event);
  expect(parseMemberEvent({ ...event, kind: 'wave' })).toBeNull();
  expect(parseMemberEvent({ ...event, guildId: 'x' })).toBeNull();
  expect(parseMemberEvent({ ...event, at: 'soon' })).toBeNull();
  expect(parseMemberEvent(null)).toBeNull();
});
