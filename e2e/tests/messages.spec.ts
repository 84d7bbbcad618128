import type { APIRequestContext } from '@playwright/test';
import { EMULATOR_CONTROL, expect, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import {
  DEMO_BUILDERS,
  apiCall,
  ownerWithDemoBuildersSetUp,
  resetEmulator,
  section,
  toasts,
} from '../support/console';
import { inOwnBrowser, linkRoblox, useMemberSpec, withoutLinks } from '../support/member';

/**
 * The server's own words through the shell, against the API and the emulator's demo seed: the
 * owner posts the Verify message, writes the server's title, text and button label in the Messages
 * section, previews the texts for a member, saves, and the posted message in Discord reads them
 * (edited in place); then removes it from the Discord section.
 */
const MEMBER = 'alex_builds';
const ALEX = '200000000000000002';
/** the demo guilds have no channels of their own: the emulator gives each `general`, its own id */
const GENERAL = DEMO_BUILDERS;

interface Posted {
  id: string;
  content: string;
  embeds: { title?: string; description?: string }[];
  components: { components: { label: string }[] }[];
  edited_at?: string;
}

/** What the bot posted in Demo Builders' general channel, as the emulator holds it now. */
async function postedInGeneral(request: APIRequestContext): Promise<Posted[]> {
  const response = await request.get(`${EMULATOR_CONTROL}/state`);
  const state = (await response.json()) as {
    discord: { guilds: { id: string; channels: { id: string; messages: Posted[] }[] }[] };
  };
  const guild = state.discord.guilds.find((g) => g.id === DEMO_BUILDERS);
  return guild?.channels.find((c) => c.id === GENERAL)?.messages ?? [];
}

useMemberSpec(MEMBER, (owner) =>
  apiCall(owner, 'PUT', `/api/v1/server/${DEMO_BUILDERS}/edit/messages`, {
    verified_dm: null,
    welcome_dm: null,
    verify_message: null,
  }),
);

test('the owner writes the server’s words, previews them for a member, and the posted Verify message is edited in place; then removes it', async ({
  page,
  browser,
  request,
}) => {
  await resetEmulator(request);
  // a member with a linked account to preview for
  await inOwnBrowser(
    browser,
    async (member) => {
      await withoutLinks(member);
      await linkRoblox(member, 'DemoBuilder');
    },
    MEMBER,
  );
  await ownerWithDemoBuildersSetUp(page);

  // the Verify message, posted from the Discord section
  await page.goto(`/server/edit/${DEMO_BUILDERS}/discord`);
  const verify = section(page, 'Verify message');
  await verify.getByRole('combobox', { name: 'Channel' }).selectOption({ label: '#general' });
  await verify.getByRole('button', { name: 'Post Verify Message' }).click();
  // the post's own answer: Remove is there already when an earlier spec on this stack posted one,
  // and then the section's description says "A Verify message is posted in #general." too
  await expect(verify.getByText('Posted in #general.', { exact: true })).toBeVisible();
  await expect(verify.getByRole('button', { name: 'Remove Verify Message' })).toBeVisible();
  const [first] = await postedInGeneral(request);
  expect(first?.content).toMatch(/^Press Verify/);

  // the Messages section, at its own address
  await page.goto(`/server/edit/${DEMO_BUILDERS}/messages`);
  const messages = section(page, 'Messages');
  await messages.getByRole('textbox', { name: 'Title' }).fill('Welcome to {server-name}');
  await messages.getByRole('textbox', { name: 'Text' }).fill('Press the button for your roles.');
  const label = messages.getByRole('textbox', { name: 'Button label' });
  await label.fill('Get my roles');
  await expect(label).toHaveAccessibleDescription(/12 \/ 80 characters/);
  await messages
    .getByRole('textbox', { name: 'Verified DM' })
    .fill('Hi {display-name}, you are in {server-name}.');

  await messages.getByRole('textbox', { name: /Preview for a member/ }).fill(ALEX);
  await messages.getByRole('button', { name: 'Preview' }).click();
  const preview = messages.getByLabel('Preview', { exact: true });
  // their Roblox account shows only where they verified with it before (an earlier spec on this
  // stack may have); otherwise a placeholder stands for it, even in a preview
  await expect(preview).toContainText(
    /Hi (\(their Roblox display name\)|Demo Builder), you are in Demo Builders\./,
  );
  await expect(preview).toContainText('Welcome to Demo Builders');
  await expectNoSeriousViolations(page, 'messages section with a preview');

  await messages.getByRole('button', { name: 'Save Messages' }).click();
  await expect(toasts(page).getByText('Messages saved')).toBeVisible();
  await expect(messages.getByRole('status')).toHaveText(
    'The posted Verify message now reads as saved.',
  );
  // the same message in Discord, edited in place
  await expect
    .poll(async () => {
      const [message] = await postedInGeneral(request);
      return (
        message && [
          message.id,
          message.embeds[0]?.title,
          message.components[0]?.components[0]?.label,
        ]
      );
    })
    .toEqual([first!.id, 'Welcome to Demo Builders', 'Get my roles']);

  // removed from the Discord section
  await page.goto(`/server/edit/${DEMO_BUILDERS}/discord`);
  await section(page, 'Verify message')
    .getByRole('button', { name: 'Remove Verify Message' })
    .click();
  await expect(toasts(page).getByText('Verify message removed')).toBeVisible();
  await expect.poll(async () => (await postedInGeneral(request)).length).toBe(0);
});
