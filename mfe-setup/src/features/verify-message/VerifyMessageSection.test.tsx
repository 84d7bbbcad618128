import { fireEvent, waitFor, within } from '@testing-library/react';
import { API_PATHS, VERIFY_MESSAGE_MAX_LENGTH } from '@roconnect/shared-lib';
import { SEED_SERVERS } from '@roconnect/shared-lib/testing';
import { mockChannels } from '../../testing/mockChannels';
import { holdRequests, recordRequests } from '../../testing/recordRequests';
import { renderDiscordSettingsSection } from '../../testing/renderDiscordSettings';
import { notifications } from '../../testing/renderWithToasts';
import { NO_CHANNEL_MESSAGE } from './VerifyMessageSection';
import { setupMockServerOf } from '../../testing/mockServerOf';

const SERVER_ID = SEED_SERVERS.ownerReady;
const { server, db, record } = setupMockServerOf(SERVER_ID);
const VERIFY_HERE = '100000000000000777';
const channels = mockChannels(db, SERVER_ID);
/** what the bot posted: channel and text */
const posted = () =>
  record().posted.map((message) => ({ channel_id: message.channel_id, content: message.content }));

beforeEach(() => channels.addText(VERIFY_HERE, 'verify-here'));

async function open() {
  const opened = await renderDiscordSettingsSection(SERVER_ID, 'Verify message');
  await waitFor(() => expect(channel(opened.section)).toBeEnabled());
  return opened;
}
const channel = (section: HTMLElement) =>
  within(section).getByRole('combobox', { name: 'Channel' });
const text = (section: HTMLElement) =>
  within(section).getByRole('textbox', { name: 'Message text (optional)' });
const postButton = (section: HTMLElement) =>
  within(section).getByRole('button', { name: 'Post Verify Message' });

it('posts in the chosen channel with the default text, and says where', async () => {
  const bodies = recordRequests(server, 'post', API_PATHS.verifyMessage(SERVER_ID));
  const { user, section } = await open();
  expect(text(section)).toHaveAccessibleDescription(
    `Leave it empty for the default text. 0 / ${VERIFY_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`,
  );
  await user.selectOptions(channel(section), '#verify-here');
  await user.click(postButton(section));
  expect(
    await notifications().findByText('Verify message posted in #verify-here'),
  ).toBeInTheDocument();
  expect(within(section).getByRole('status')).toHaveTextContent('Posted in #verify-here.');
  expect(bodies).toEqual([{ channel_id: VERIFY_HERE }]);
  expect(posted()).toEqual([{ channel_id: VERIFY_HERE, content: expect.stringMatching(/Verify/) }]);
});

it('posts its own text, without the spaces around it, and counts it', async () => {
  const bodies = recordRequests(server, 'post', API_PATHS.verifyMessage(SERVER_ID));
  const { user, section } = await open();
  await user.selectOptions(channel(section), '#general');
  await user.type(text(section), '  Press Verify to get your roles.  ');
  expect(text(section)).toHaveAccessibleDescription(/ 31 \/ 1,500 characters$/);
  await user.click(postButton(section));
  expect(await within(section).findByRole('status')).toHaveTextContent('Posted in #general.');
  expect(bodies).toEqual([{ channel_id: SERVER_ID, text: 'Press Verify to get your roles.' }]);
  expect(posted()).toEqual([{ channel_id: SERVER_ID, content: 'Press Verify to get your roles.' }]);
});

it('asks for a channel before posting, and sends nothing', async () => {
  const { user, section } = await open();
  await user.click(postButton(section));
  expect(channel(section)).toHaveFocus();
  expect(channel(section)).toHaveAccessibleDescription(new RegExp(NO_CHANNEL_MESSAGE));
  expect(channel(section)).toHaveAttribute('aria-invalid', 'true');
  // choosing one clears it
  await user.selectOptions(channel(section), '#general');
  expect(channel(section)).not.toHaveAttribute('aria-invalid');
  expect(posted()).toEqual([]);
});

it('says when the text is over the limit, by how much, and sends nothing', async () => {
  const { user, section } = await open();
  await user.selectOptions(channel(section), '#general');
  // pasted at once: typing 1,501 characters one by one would make a slow test
  fireEvent.change(text(section), { target: { value: 'a'.repeat(VERIFY_MESSAGE_MAX_LENGTH + 1) } });
  expect(text(section)).toHaveAttribute('aria-invalid', 'true');
  expect(text(section)).toHaveAccessibleDescription(
    /1,501 \/ 1,500 characters The message text is 1,501 characters long; the limit is 1,500\./,
  );
  await user.click(postButton(section));
  expect(text(section)).toHaveFocus();
  expect(posted()).toEqual([]);
  // exactly at the limit is fine
  await user.type(text(section), '{Backspace}');
  expect(text(section)).not.toHaveAttribute('aria-invalid');
  await user.click(postButton(section));
  await waitFor(() => expect(posted()).toHaveLength(1));
});

it('counts an emoji as one character, as the API does', async () => {
  const { section } = await open();
  fireEvent.change(text(section), { target: { value: '✅🎮' } });
  expect(text(section)).toHaveAccessibleDescription(/ 2 \/ 1,500 characters$/);
});

it('shows that it is posting until Discord has the message', async () => {
  const gate = holdRequests(server, 'post', API_PATHS.verifyMessage(SERVER_ID));
  const { user, section } = await open();
  await user.selectOptions(channel(section), '#general');
  await user.click(postButton(section));
  expect(await within(section).findByRole('button', { name: 'Posting...' })).toBeDisabled();
  expect(text(section)).toBeDisabled();
  gate.release();
  expect(await within(section).findByRole('status')).toHaveTextContent('Posted in #general.');
  expect(postButton(section)).toBeEnabled();
});

it('names why the channel was refused under it', async () => {
  const { user, section } = await open();
  // staff take Send Messages away from the bot after the page listed the channel
  channels.deny('verify-here');
  await user.selectOptions(channel(section), '#verify-here');
  await user.click(postButton(section));
  expect(await notifications().findByText('Failed to post the Verify message')).toBeInTheDocument();
  expect(channel(section)).toHaveAccessibleDescription(
    /The bot cannot post in #verify-here\. .*let the bot's role View Channel and Send Messages\./,
  );
  expect(within(section).queryByRole('status')).toBeNull();
  expect(posted()).toEqual([]);
});

it('says the server must be set up first', async () => {
  record().setup.setup_completed = false;
  const { user, section } = await open();
  await user.selectOptions(channel(section), '#general');
  await user.click(postButton(section));
  expect(await notifications().findByText('Failed to post the Verify message')).toBeInTheDocument();
  expect(channel(section)).toHaveAccessibleDescription(/Finish setting up this server first/);
});

it('edits the posted message in place and removes it', async () => {
  const { user, section } = await open();
  await user.selectOptions(channel(section), '#verify-here');
  await user.click(postButton(section));
  const update = await within(section).findByRole('button', { name: 'Update Posted Message' });
  await user.type(text(section), 'Press the button below.');
  await user.click(update);
  expect(await notifications().findByText('Verify message updated')).toBeInTheDocument();
  expect(posted()).toEqual([{ channel_id: VERIFY_HERE, content: 'Press the button below.' }]);

  await user.click(within(section).getByRole('button', { name: 'Remove Verify Message' }));
  expect(await notifications().findByText('Verify message removed')).toBeInTheDocument();
  expect(posted()).toEqual([]);
  await waitFor(() =>
    expect(within(section).queryByRole('button', { name: 'Remove Verify Message' })).toBeNull(),
  );
});
