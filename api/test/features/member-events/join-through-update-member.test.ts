/** A linked member's join updates them through updateMember, as RoConnect on its own. */
import { eq } from 'drizzle-orm';
import { verifications } from '../../../src/db/schema';
import { updateMember } from '../../../src/domain/verification/update-member';
import { handleMemberEvent } from '../../../src/features/member-events/handle-event';
import { completeSetup, linkRoblox, loginAs } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { GROUP, GUILD_A, MAX, OLIVIA, PETE } from '../../support/world';

jest.mock('../../../src/domain/verification/update-member', () =>
  jest.requireActual('../../support/watched-update-member').watchedUpdateMember(),
);
const updates = jest.mocked(updateMember);

const t = useFakeApp();

it("a linked member's join goes through updateMember, with nobody asking", async () => {
  await completeSetup(t.app, await loginAs(t.app, OLIVIA), GUILD_A, { group_id: GROUP });
  await linkRoblox(t.app, await loginAs(t.app, MAX), PETE);
  updates.mockClear();

  const outcome = await handleMemberEvent(t.app.ctx, {
    kind: 'join',
    guildId: GUILD_A,
    userId: MAX,
    at: new Date().toISOString(),
  });
  expect(outcome).toMatchObject({
    kind: 'verified',
    result: { roles_added: ['Verified', 'Member'] },
  });
  expect(updates).toHaveBeenCalledTimes(1);
  expect(updates.mock.calls[0]![1]).toMatchObject({
    trigger: 'join',
    askedBy: { kind: 'bot' },
    guild: { id: GUILD_A },
    user: { discordId: MAX },
  });
  const audit = await t.app.ctx.db
    .select({
      source: verifications.source,
      actor: verifications.actorDiscordId,
      memberAsked: verifications.memberAsked,
    })
    .from(verifications)
    .where(eq(verifications.memberDiscordId, MAX));
  expect(audit).toEqual([{ source: 'discord', actor: null, memberAsked: false }]);
});
