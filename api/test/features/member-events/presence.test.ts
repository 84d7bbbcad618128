/** A member's presence per server: the newest event wins, whatever order the jobs ran in. */
import type { AppContext } from '../../../src/context';
import { handleMemberEvent } from '../../../src/features/member-events/handle-event';
import { presenceOf, recordPresence } from '../../../src/features/member-events/presence-store';
import type { Integrations } from '../../../src/integrations/types';
import { testSettings } from '../../support/app';
import { useTestDatabase } from '../../support/db';

const tdb = useTestDatabase();

const GUILD = '120000000000000001';
const USER = '110000000000000011';
const t = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, seconds));

it('keeps the newest event: an older one handled late changes nothing', async () => {
  expect(await recordPresence(tdb.database.db, GUILD, USER, 'present', t(1))).toBe(true);
  expect(await recordPresence(tdb.database.db, GUILD, USER, 'gone', t(3))).toBe(true);
  // the join of t(2), retried after the leave was handled
  expect(await recordPresence(tdb.database.db, GUILD, USER, 'present', t(2))).toBe(false);
  expect(await presenceOf(tdb.database.db, GUILD, USER)).toEqual({ status: 'gone', seenAt: t(3) });
  // the same event again is still the newest
  expect(await recordPresence(tdb.database.db, GUILD, USER, 'gone', t(3))).toBe(true);
  // each server apart
  expect(await recordPresence(tdb.database.db, '120000000000000002', USER, 'present', t(0))).toBe(
    true,
  );
});

it('a join handled after the member left again touches nothing in Discord', async () => {
  const untouchable = new Proxy(
    {},
    {
      get: (_target, name) => {
        throw new Error(`Discord was called (${String(name)})`);
      },
    },
  );
  const ctx: AppContext = {
    settings: testSettings(),
    db: tdb.database.db,
    integrations: { discordBot: untouchable, roblox: untouchable } as unknown as Integrations,
  };
  await handleMemberEvent(ctx, {
    kind: 'leave',
    guildId: GUILD,
    userId: USER,
    at: t(5).toISOString(),
  });
  expect(
    await handleMemberEvent(ctx, {
      kind: 'join',
      guildId: GUILD,
      userId: USER,
      at: t(4).toISOString(),
    }),
  ).toEqual({ kind: 'skipped', reason: 'newer_event_seen' });
  expect((await presenceOf(tdb.database.db, GUILD, USER))!.status).toBe('gone');
});
