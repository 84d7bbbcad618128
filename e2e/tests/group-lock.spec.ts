import { expect, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { DEMO_BUILDERS, apiCall, section, toasts } from '../support/console';
import {
  expectRestrictedInDemoBuilders,
  freshDemoBuilders,
  useMemberSpec,
  verifyWithNewLink,
} from '../support/member';

/**
 * The group lock through the shell, against the API and the emulator's demo seed: the owner makes
 * Demo Builders only for members of the RoConnect Demo Group in the Restrictions section; a member
 * who verifies with JustVisiting, who is in no group, reads that they cannot get roles there and
 * why, with the group's name.
 */
const MEMBER = 'alex_builds';
const DEMO_GROUP = '4000001';

useMemberSpec(MEMBER);

test('the owner locks the server to a group; a member outside it is restricted and sees why', async ({
  page,
  browser,
  request,
}) => {
  await freshDemoBuilders(request, browser, async (owner) => {
    await owner.goto(`/server/edit/${DEMO_BUILDERS}/rules`);
    const restrictions = section(owner, 'Restrictions');
    const lock = restrictions.getByRole('textbox', { name: /Required Roblox group IDs/ });
    await expect(lock).toHaveAccessibleDescription(/at most 10/);
    await lock.fill(DEMO_GROUP);
    await restrictions.getByRole('button', { name: 'Save Restrictions' }).click();
    await expect(toasts(owner).getByText('Restrictions saved')).toBeVisible();
    await expectNoSeriousViolations(owner, 'restrictions with a group lock');
    const { data } = (await apiCall(owner, 'GET', `/api/v1/server/${DEMO_BUILDERS}/config`)) as {
      data: { server_config: { restrictions: { required_group_ids: string[] } } };
    };
    expect(data.server_config.restrictions.required_group_ids).toEqual([DEMO_GROUP]);
  });

  await verifyWithNewLink(page, MEMBER, 'JustVisiting');
  await expectRestrictedInDemoBuilders(
    page,
    'Why: this server is only for members of the Roblox group RoConnect Demo Group.',
  );
  await expect(page.getByRole('heading', { name: 'Verification Successful!' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'verify result of a member outside the group lock');
});
