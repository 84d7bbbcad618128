/** An update of every member updates each linked member through updateMember, as the run. */
import { generateLoadSeed } from '@roconnect/emulator';
import { verifications } from '../../../src/db/schema';
import { updateMember } from '../../../src/domain/verification/update-member';
import { openTestDatabase, type TestDatabase } from '../../support/db';
import { insertLoadLinks } from '../../support/load-links';
import { loginThroughEmulator, startStack, type Stack } from '../../support/emulator-flow';
import { until } from '../../support/until';

jest.mock('../../../src/domain/verification/update-member', () =>
  jest.requireActual('../../support/watched-update-member').watchedUpdateMember(),
);
const updates = jest.mocked(updateMember);

jest.setTimeout(120_000);

const load = generateLoadSeed({ members: 4, linked: 2 });
let tdb: TestDatabase;
let stack: Stack;

beforeAll(async () => {
  tdb = await openTestDatabase();
  stack = await startStack(tdb.database, {
    seed: load.seed,
    env: { MEMBER_UPDATE_SLICE_SECONDS: '1' },
    jobs: true,
    policies: {},
  });
});
afterAll(async () => {
  await stack?.close();
  await tdb?.cleanup();
});

it('a run updates each linked member through updateMember, with its removal allowance', async () => {
  const owner = await loginThroughEmulator(stack, load.owner_id);
  await owner.call('POST', '/api/v1/dashboard/user/sync-servers');
  const setup = `/api/v1/server/${load.guild_id}/setup`;
  await owner.call('POST', `${setup}/nickname`, { nickname_format: 'roblox_username' });
  await owner.call('POST', `${setup}/verified-role`, { verified_role_name: 'Verified' });
  await owner.call('POST', `${setup}/group`, { skip: true });
  await insertLoadLinks(tdb.database, load.links);
  updates.mockClear();

  const update = `/api/v1/server/${load.guild_id}/members/update`;
  const jobId = (await owner.call('POST', update)).json.data.job_id as string;
  const job = await until(
    'the run to end',
    async () => (await owner.call('GET', `${update}/${jobId}`)).json.data,
    (now) => !['queued', 'running'].includes(now.status),
    { timeoutMs: 60_000, everyMs: 200 },
  );
  expect(job).toMatchObject({ status: 'done', failed: 0 });

  const linked = load.links.map((l) => l.discord_id).sort();
  expect(linked).toHaveLength(2);
  expect(updates.mock.calls.map(([, r]) => r.user.discordId).sort()).toEqual(linked);
  for (const [, request] of updates.mock.calls)
    expect(request).toMatchObject({
      trigger: 'update_run',
      askedBy: { kind: 'update_run', runId: jobId },
      guild: { id: load.guild_id },
      removalRights: expect.any(Function),
      mayRemove: expect.any(Function),
    });
  const audit = await tdb.database.db
    .select({
      member: verifications.memberDiscordId,
      source: verifications.source,
      actor: verifications.actorDiscordId,
    })
    .from(verifications);
  expect(audit.sort((a, b) => String(a.member).localeCompare(String(b.member)))).toEqual(
    linked.map((member) => ({ member, source: 'update_all', actor: null })),
  );
});
