import { waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { API_PATHS } from '@roconnect/shared-lib';
import { SEED_SERVERS, failNext } from '@roconnect/shared-lib/testing';
import { mockChannels } from '../../testing/mockChannels';
import { holdRequests, recordRequests } from '../../testing/recordRequests';
import { renderDiscordSettingsSection } from '../../testing/renderDiscordSettings';
import { notifications } from '../../testing/renderWithToasts';
import { setupMockServerOf } from '../../testing/mockServerOf';
import { textsOf } from '../../testing/textsOf';

const SERVER_ID = SEED_SERVERS.ownerReady;
const { server, db, record } = setupMockServerOf(SERVER_ID);

const channels = mockChannels(db, SERVER_ID);

const open = () => renderDiscordSettingsSection(SERVER_ID, 'Log channel');
const picker = (section: HTMLElement) =>
  within(section).getByRole('combobox', { name: 'Log channel' });
/** Opens the section once the channels are listed. */
async function openListed() {
  const opened = await open();
  await waitFor(() => expect(picker(opened.section)).toBeEnabled());
  return opened;
}
async function pickAndSave(user: UserEvent, section: HTMLElement, channel: string) {
  await user.selectOptions(picker(section), channel);
  await user.click(within(section).getByRole('button', { name: 'Save Log Channel' }));
}
const optionNames = (select: HTMLElement) => textsOf(select, 'option');

it('says the channels are loading until Discord answers, then lists them', async () => {
  const gate = holdRequests(server, 'get', API_PATHS.serverChannels(SERVER_ID));
  const { section } = await open();
  const select = picker(section);
  expect(select).toBeDisabled();
  expect(select).toHaveAccessibleDescription('Loading channels...');
  gate.release();
  await waitFor(() => expect(select).toBeEnabled());
  // the seed's voice channel takes no messages: not listed
  expect(optionNames(select)).toEqual(['No log channel', '#general', '#logs']);
  expect(select).toHaveAccessibleDescription(/Only text channels the RoConnect bot can post in/);
});

it('saves a channel, then no log channel', async () => {
  const bodies = recordRequests(server, 'put', API_PATHS.logChannel(SERVER_ID));
  const { user, section } = await openListed();
  await pickAndSave(user, section, '#logs');
  expect(await notifications().findByText('Log channel updated successfully!')).toBeInTheDocument();
  expect(record().log_channel_id).toBe(channels.idOf('logs'));
  await pickAndSave(user, section, 'No log channel');
  await waitFor(() => expect(record().log_channel_id).toBeNull());
  expect(bodies).toEqual([{ channel_id: channels.idOf('logs') }, { channel_id: null }]);
});

it('shows that it is saving until the API answers', async () => {
  const gate = holdRequests(server, 'put', API_PATHS.logChannel(SERVER_ID));
  const { user, section } = await openListed();
  await pickAndSave(user, section, '#general');
  expect(await within(section).findByRole('button', { name: 'Saving...' })).toBeDisabled();
  expect(picker(section)).toBeDisabled();
  gate.release();
  expect(await notifications().findByText('Log channel updated successfully!')).toBeInTheDocument();
  expect(record().log_channel_id).toBe(SERVER_ID);
});

it('names the channel the API refused under the picker', async () => {
  const { user, section } = await openListed();
  // staff take Send Messages away from the bot after the page listed the channel
  channels.deny('logs');
  await pickAndSave(user, section, '#logs');
  expect(await notifications().findByText('Failed to update log channel')).toBeInTheDocument();
  expect(picker(section)).toHaveAccessibleDescription(
    /The bot cannot post in #logs\. .*let the bot's role View Channel and Send Messages\./,
  );
  expect(picker(section)).toHaveAttribute('aria-invalid', 'true');
  expect(record().log_channel_id).toBeNull();
});

it('keeps a saved channel the bot can no longer post in, named as such', async () => {
  record().log_channel_id = '400000000000000099';
  const { section } = await openListed();
  expect(picker(section)).toHaveDisplayValue('Channel no longer available');
});

it('says when the channels cannot be loaded, and loads them again on Try Again', async () => {
  server.use(failNext('get', API_PATHS.serverChannels(SERVER_ID), 502, 'Discord did not answer.'));
  const { user, section } = await open();
  expect(
    await within(section).findByText(
      'Could not load the channels from Discord. Discord did not answer.',
    ),
  ).toBeInTheDocument();
  expect(picker(section)).toHaveAccessibleDescription(
    /Could not load the channels from Discord\. Discord did not answer\./,
  );
  await user.click(within(section).getByRole('button', { name: 'Try Again' }));
  await waitFor(() => expect(picker(section)).toBeEnabled());
  expect(optionNames(picker(section))).toEqual(['No log channel', '#general', '#logs']);
  expect(within(section).queryByRole('button', { name: 'Try Again' })).toBeNull();
});

it('says when the bot can post in no channel at all', async () => {
  for (const channel of record().channels) channel.bot_can_post = false;
  const { section } = await openListed();
  expect(optionNames(picker(section))).toEqual(['No log channel']);
  expect(picker(section)).toHaveAccessibleDescription(
    /cannot post in any text channel here: give it View Channels and Send Messages/,
  );
});
