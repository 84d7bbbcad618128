/**
 * Joins and leaves through the gateway, against the emulator: the emulator dispatches
 * GUILD_MEMBER_ADD / REMOVE to the gateway worker, which queues a job the API's worker runs.
 */
import { and, eq, sql } from 'drizzle-orm';
import { guildMemberPresence } from '../../../src/db/schema';
import { metricsRegistry } from '../../../src/lib/metrics';
import { until } from '../../support/until';
import {
  dmsTo,
  GUILD,
  join,
  leave,
  linkAccount,
  LOW_ROLE,
  memberOf,
  NEWCOMERS,
  roleId,
  RUBY,
  useGatewayStack,
} from '../../gateway/gateway-stack';

jest.setTimeout(60_000);
/** a job's run: the gateway's hand-off and the worker's wake are immediate; Discord calls take a moment */
const JOB_RUN = { timeoutMs: 15_000, everyMs: 50 };

const gateway = useGatewayStack({ readyWorker: {} });

const presence = async (userId: string) => {
  const [row] = await gateway.tdb.database.db
    .select({ status: guildMemberPresence.status })
    .from(guildMemberPresence)
    .where(and(eq(guildMemberPresence.guildId, GUILD), eq(guildMemberPresence.discordId, userId)));
  return row?.status ?? null;
};
/** Waits for `userId`'s presence in GUILD to be `status` (`what` says why it is awaited). */
const presenceToBe = (status: string, what: string, userId: string) =>
  until(
    what,
    () => presence(userId),
    (p) => p === status,
    JOB_RUN,
  );
const setConfig = (changes: { join_handling?: 'verify' | 'off'; join_dm?: boolean }) =>
  gateway.tdb.database.db.execute(sql`UPDATE guild_configs SET
    join_handling = coalesce(${changes.join_handling ?? null}, join_handling),
    join_dm = coalesce(${changes.join_dm ?? null}::boolean, join_dm)
    WHERE guild_id = ${GUILD}`);

it('a linked member who joins gets their roles and the verified DM, and no Roblox nickname: they did not verify here themselves', async () => {
  await linkAccount(gateway.tdb.database, RUBY);
  const verified = await roleId(gateway.stack, 'Verified');
  const reads = jest.spyOn(gateway.stack.app.ctx.integrations.discordBot, 'getMember');
  await join(gateway.stack, RUBY.discordId);
  const member = await until(
    'the joiner to be verified',
    () => memberOf(gateway.stack, RUBY.discordId),
    (m) => m !== null && m.roles.includes(verified),
    JOB_RUN,
  );
  // joining is no consent to show the Roblox account (docs/security.md › Member privacy)
  expect(member!.nick).toBeNull();
  // the test group's Owner rank role too, and never the unverified role
  expect(member!.roles.length).toBeGreaterThanOrEqual(2);
  expect(member!.roles).not.toContain(LOW_ROLE);
  // the DM follows the member's edit: wait for it as the member would
  const dms = await until(
    'the verified DM',
    () => dmsTo(gateway.stack, RUBY.discordId),
    (d) => d.length > 0,
    JOB_RUN,
  );
  expect(dms.map((dm) => dm.content)).toEqual([
    expect.stringContaining('You are verified in Bot Guild as RankedRuby'),
  ]);
  expect(await presence(RUBY.discordId)).toBe('present');
  // read once: that read's roles stand for the roles at the edit (one request on the member route)
  expect(reads.mock.calls.filter(([, userId]) => userId === RUBY.discordId)).toHaveLength(1);
  reads.mockRestore();
});

it('an unlinked member who joins gets the unverified role, and the verify link when the server asks', async () => {
  await setConfig({ join_dm: true });
  const [newcomer] = NEWCOMERS;
  await join(gateway.stack, newcomer!);
  await until(
    'the unverified role',
    () => memberOf(gateway.stack, newcomer!),
    (m) => m !== null && m.roles.includes(LOW_ROLE),
    JOB_RUN,
  );
  const dms = await until(
    'the join DM',
    () => dmsTo(gateway.stack, newcomer!),
    (d) => d.length === 1,
    JOB_RUN,
  );
  expect(dms[0]!.content).toContain(`/verify?server_id=${GUILD}`);
  expect((await memberOf(gateway.stack, newcomer!))!.nick).toBeNull();
});

it('with join handling off, a joiner is only noted as present: nothing is written to Discord', async () => {
  await setConfig({ join_handling: 'off', join_dm: true });
  const newcomer = NEWCOMERS[1]!;
  await join(gateway.stack, newcomer);
  // the job ran: it notes every join, whatever the setting
  await presenceToBe('present', 'the join to be handled', newcomer);
  expect(await memberOf(gateway.stack, newcomer)).toMatchObject({ roles: [], nick: null });
  expect(await dmsTo(gateway.stack, newcomer)).toEqual([]);
  await setConfig({ join_handling: 'verify', join_dm: false });
});

it('a member who leaves is marked gone in that server, and nothing is written to Discord', async () => {
  // every bot call to Discord, by route
  const calls = async () =>
    JSON.stringify(
      (
        (await (await fetch(`${gateway.stack.emulator.url}/__emulator/calls`)).json()) as {
          bot: unknown;
        }
      ).bot,
    );
  const newcomer = NEWCOMERS[2]!;
  await join(gateway.stack, newcomer);
  await until(
    'the unverified role',
    () => memberOf(gateway.stack, newcomer),
    (m) => !!m?.roles.includes(LOW_ROLE),
    JOB_RUN,
  );
  const before = await calls();
  await leave(gateway.stack, newcomer);
  await presenceToBe('gone', 'the member to be gone', newcomer);
  expect(await calls()).toBe(before);
});

it('counts the events queued and the shards held and ready in /metrics', async () => {
  const text = await metricsRegistry.metrics();
  expect(text).toMatch(/^gateway_member_events_total\{kind="join",queued="true"\} [1-9]/m);
  expect(text).toMatch(/^gateway_member_events_total\{kind="leave",queued="true"\} [1-9]/m);
  expect(text).toMatch(/^gateway_shards\{state="held"\} 1$/m);
  expect(text).toMatch(/^gateway_shards\{state="ready"\} 1$/m);
});
