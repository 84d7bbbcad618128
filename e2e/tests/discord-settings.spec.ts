import type { APIRequestContext, Page } from '@playwright/test';
import { EMULATOR_CONTROL, expect, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { screenshots } from '../support/screenshots';
import {
  apiCall,
  DEMO_BUILDERS,
  demoSeed,
  openSection,
  ownerWithDemoBuildersSetUp,
  resetEmulator,
  section,
  toasts,
  type DemoSeed,
} from '../support/console';

/**
 * A server's Discord settings (the console's section /server/edit/{id}/discord) through the shell, against the API
 * and the emulator: the owner comes from the server page, picks the log channel and posts the
 * Verify message, and the emulator holds what the bot posted in each channel.
 */
const CHANNELS = [
  { id: DEMO_BUILDERS, name: 'general', type: 0 },
  { id: '300000000000000901', name: 'verify-here', type: 0 },
  { id: '300000000000000902', name: 'staff-log', type: 0 },
  { id: '300000000000000903', name: 'Lounge', type: 2 },
];
const [, VERIFY_CHANNEL, LOG_CHANNEL] = CHANNELS;
const VERIFY_TEXT = 'Welcome to Demo Builders! Press Verify to get your roles.';
const SHOTS = 'discord-settings';

interface ChannelState {
  id: string;
  name: string;
  messages: { content: string; embeds: unknown[]; components: unknown[] }[];
}

/** The demo seed with Demo Builders' channels listed (a voice channel the bot cannot post in). */
function seedWithChannels(): DemoSeed {
  const seed = demoSeed();
  const guild = seed.discord.guilds.find((g) => g.id === DEMO_BUILDERS)!;
  Object.assign(guild, { channels: CHANNELS });
  return seed;
}

/** Demo Builders' channels as the emulator holds them now, with what the bot posted in each. */
async function emulatorChannels(request: APIRequestContext): Promise<ChannelState[]> {
  const response = await request.get(`${EMULATOR_CONTROL}/state`);
  expect(response.ok()).toBe(true);
  const state = (await response.json()) as {
    discord: { guilds: { id: string; channels: ChannelState[] }[] };
  };
  return state.discord.guilds.find((g) => g.id === DEMO_BUILDERS)?.channels ?? [];
}

const channelNamed = (channels: ChannelState[], id: string) => channels.find((c) => c.id === id);

let owner: Page | undefined;
test.beforeEach(async ({ request }) => {
  await resetEmulator(request, seedWithChannels());
});
test.afterEach(async ({ request }) => {
  // the API's database outlives the spec: no log channel (the channel is this spec's only)
  if (owner)
    await apiCall(owner, 'PUT', `/api/v1/server/${DEMO_BUILDERS}/log-channel`, {
      channel_id: null,
    });
  owner = undefined;
  // the demo seed again, for this and every later reset
  await resetEmulator(request, demoSeed());
});

test('the owner follows the server page to its Discord settings, picks the log channel and posts the Verify message; the emulator holds both posts', async ({
  page,
}) => {
  // the Verify button gives the roles the setup chooses: the API asks for a finished setup
  await ownerWithDemoBuildersSetUp(page);
  owner = page;

  await page.goto(`/server/edit/${DEMO_BUILDERS}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Builders' })).toBeVisible();
  await openSection(page, 'Discord');
  await page.waitForURL(`**/server/edit/${DEMO_BUILDERS}/discord`);
  await expect(page).toHaveTitle('Discord settings · RoConnect');
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Builders' })).toBeVisible();

  // the log channel: only the text channels the bot can post in are offered
  const log = section(page, 'Log channel');
  const logPicker = log.getByRole('combobox', { name: 'Log channel' });
  await expect(logPicker).toBeEnabled();
  await expect(logPicker.getByRole('option')).toHaveText([
    'No log channel',
    '#general',
    '#verify-here',
    '#staff-log',
  ]);
  await logPicker.selectOption({ label: `#${LOG_CHANNEL!.name}` });
  await log.getByRole('button', { name: 'Save Log Channel' }).click();
  await expect(toasts(page).getByText('Log channel updated successfully!')).toBeVisible();

  // the Verify message, with text of the owner's own, by keyboard from the channel picker on
  const verify = section(page, 'Verify message');
  const channel = verify.getByRole('combobox', { name: 'Channel' });
  await channel.selectOption({ label: `#${VERIFY_CHANNEL!.name}` });
  await channel.press('Tab');
  const text = verify.getByRole('textbox', { name: 'Message text (optional)' });
  await expect(text).toBeFocused();
  await page.keyboard.type(VERIFY_TEXT);
  await expect(verify.getByText(`${VERIFY_TEXT.length} / 1,500 characters`)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(verify.getByRole('button', { name: 'Post Verify Message' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(verify.getByRole('status')).toHaveText('Posted in #verify-here.');
  await expect(toasts(page).getByText('Verify message posted in #verify-here')).toBeVisible();

  // the bot's posts: the Verify message with its button, and the log channel's first entries
  await expect
    .poll(async () => {
      const posted = channelNamed(await emulatorChannels(page.request), VERIFY_CHANNEL!.id);
      return posted?.messages.map((m) => ({
        content: m.content,
        button: JSON.stringify(m.components).includes('"label":"Verify"'),
      }));
    })
    .toEqual([{ content: VERIFY_TEXT, button: true }]);
  await expect
    .poll(async () => {
      const logged = channelNamed(await emulatorChannels(page.request), LOG_CHANNEL!.id);
      return logged?.messages.filter((m) => m.embeds.length > 0).length ?? 0;
    })
    .toBeGreaterThan(0);

  // the saved log channel shows when the page is opened again
  await page.reload();
  await expect(
    section(page, 'Log channel').getByRole('combobox', { name: 'Log channel' }),
  ).toHaveValue(LOG_CHANNEL!.id);
  await expectNoSeriousViolations(page, 'Discord settings: serious or critical axe violations');
  await screenshots(page, SHOTS, 'discord-settings');
});
