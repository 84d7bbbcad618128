/**
 * Discord's DM-open rate (40003 "You are opening direct messages too fast") during a wave of
 * joins: the welcome DM is skipped and said so, never retried (a retry would open more DMs).
 */
import { sql } from 'drizzle-orm';
import { handleMemberEvent } from '../../../src/features/member-events/handle-event';
import { openTestDatabase, type TestDatabase } from '../../support/db';
import { startStack, type Stack } from '../../support/emulator-flow';
import {
  dmsTo,
  GUILD,
  gatewaySeed,
  join,
  LOW_ROLE,
  NEWCOMERS,
  setUpServer,
} from '../../gateway/gateway-stack';

let tdb: TestDatabase;
let stack: Stack;

beforeAll(async () => {
  tdb = await openTestDatabase();
  stack = await startStack(tdb.database, { seed: gatewaySeed() });
  await setUpServer(stack);
  await tdb.database.db.execute(
    sql`UPDATE guild_configs SET join_dm = true WHERE guild_id = ${GUILD}`,
  );
});
afterAll(async () => {
  await stack?.close();
  await tdb?.cleanup();
});

const joined = (userId: string) =>
  handleMemberEvent(stack.app.ctx, {
    kind: 'join',
    guildId: GUILD,
    userId,
    at: new Date().toISOString(),
  });

it('a join past the DM-open rate gets its role, and its DM is skipped with the reason, not retried', async () => {
  // one DM channel per hour: the second joiner's DM is refused with 40003
  const limits = await fetch(`${stack.emulator.url}/__emulator/rate-limits`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enabled: false, dm_opens_per_window: 1, dm_open_window: 3600 }),
  });
  expect(limits.status).toBe(200);
  const [first, second] = NEWCOMERS as [string, string];
  await join(stack, first);
  await join(stack, second);

  expect(await joined(first)).toMatchObject({ kind: 'unlinked', dmSent: true });
  const outcome = await joined(second);
  expect(outcome).toMatchObject({ kind: 'unlinked', dmSent: false });
  expect(outcome.kind === 'unlinked' && outcome.dmSkipped).toMatch(
    /opening direct messages too fast.*skipped/,
  );
  // the unverified role was still given; only the courtesy DM is missing
  expect(outcome.kind === 'unlinked' && outcome.unverifiedRole.added).toEqual([LOW_ROLE]);
  expect(await dmsTo(stack, first)).toHaveLength(1);
  expect(await dmsTo(stack, second)).toHaveLength(0);
});
