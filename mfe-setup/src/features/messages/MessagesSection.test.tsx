import { fireEvent, screen, within } from '@testing-library/react';
import { SEED_SERVERS, signIn } from '@roconnect/shared-lib/testing';
import { recordRequests } from '../../testing/recordRequests';
import { notifications } from '../../testing/renderWithToasts';
import { openConsoleSection } from '../../testing/renderDiscordSettings';
import { setupMockServerOf } from '../../testing/mockServerOf';

const SERVER_ID = SEED_SERVERS.ownerReady;
const { server, record } = setupMockServerOf(SERVER_ID);
const DEMO_USER_DISCORD_ID = '100000000000000001';

beforeEach(() => signIn());

async function open() {
  return (await openConsoleSection(SERVER_ID, 'messages', 'Messages')).user;
}
const field = (name: string) => screen.getByRole('textbox', { name });

it('shows RoConnect’s texts until replaced, counts the characters and saves the server’s words', async () => {
  const bodies = recordRequests(server, 'put', `/api/v1/server/${SERVER_ID}/edit/messages`);
  const user = await open();
  expect(field('Verified DM')).toHaveAttribute(
    'placeholder',
    'You are verified in {server-name} as {roblox-name} on Roblox.',
  );
  await user.type(field('Verified DM'), 'Welcome, {{display-name}!');
  expect(field('Verified DM')).toHaveAccessibleDescription(
    /Tokens: \{roblox-name\}, \{display-name\}, \{discord-name\}, \{server-name\}, \{group-rank\}\. The roles given follow it\. 24 \/ 2,000 characters/,
  );
  await user.click(screen.getByRole('button', { name: 'Save Messages' }));
  expect(await notifications().findByText('Messages saved')).toBeInTheDocument();
  expect(bodies).toEqual([
    { verified_dm: 'Welcome, {display-name}!', welcome_dm: null, verify_message: null },
  ]);
  expect(record().messages?.verified_dm).toBe('Welcome, {display-name}!');
});

it('says what is wrong before saving: a mass mention, a token the text cannot use, a half-filled Verify message', async () => {
  const bodies = recordRequests(server, 'put', `/api/v1/server/${SERVER_ID}/edit/messages`);
  const user = await open();
  fireEvent.change(field('Welcome DM'), { target: { value: 'Hi @everyone' } });
  expect(field('Welcome DM')).toHaveAccessibleDescription(/mentions @everyone/);
  fireEvent.change(field('Welcome DM'), { target: { value: 'Hi {roblox-name}' } });
  expect(field('Welcome DM')).toHaveAccessibleDescription(
    /names \{roblox-name\}, which this text cannot use; use \{discord-name\}, \{server-name\}/,
  );
  fireEvent.change(field('Welcome DM'), { target: { value: '' } });
  await user.type(field('Title'), 'Join us');
  await user.click(screen.getByRole('button', { name: 'Save Messages' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Fill in the title, the text and the button label, or leave all three empty.',
  );
  expect(bodies).toEqual([]);
});

it('previews the texts for a member', async () => {
  const user = await open();
  await user.type(field('Verified DM'), 'Hello {{display-name} in {{server-name}');
  await user.type(field('Preview for a member (Discord user ID)'), DEMO_USER_DISCORD_ID);
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  const shown = await screen.findByLabelText('Preview');
  expect(within(shown).getByText('Hello Demo Builder in Demo Builders Club')).toBeInTheDocument();
});
