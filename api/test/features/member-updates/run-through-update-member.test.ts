/** An update of every member updates each linked member through updateMember, as the run. */
import { verifications } from '../../../src/db/schema';
import { updateMember } from '../../../src/domain/verification/update-member';
import { useUpdateRunStack } from '../../support/update-runs';

jest.mock('../../../src/domain/verification/update-member', () =>
  jest.requireActual('../../support/watched-update-member').watchedUpdateMember(),
);
const updates = jest.mocked(updateMember);

jest.setTimeout(120_000);

const { load, tdb, ownerWithLinks, runs, runEnded } = useUpdateRunStack({
  members: 4,
  linked: 2,
});

it('a run updates each linked member through updateMember, with its removal allowance', async () => {
  const owner = await ownerWithLinks();
  updates.mockClear();

  const jobId = (await owner.call('POST', runs)).json.data.job_id as string;
  const job = await runEnded(owner, jobId);
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
