import { fireEvent, within } from '@testing-library/react';
import { SEED_SERVERS, signIn } from '@roconnect/shared-lib/testing';
import { recordRequests } from '../../testing/recordRequests';
import { notifications } from '../../testing/renderWithToasts';
import { openConsoleSection } from '../../testing/renderDiscordSettings';
import { setupMockServerOf } from '../../testing/mockServerOf';

const SERVER_ID = SEED_SERVERS.ownerReady;
const { server, record } = setupMockServerOf(SERVER_ID);

async function open() {
  signIn();
  return openConsoleSection(SERVER_ID, 'rules', 'Restrictions');
}
const lock = (section: HTMLElement) =>
  within(section).getByRole('textbox', { name: 'Required Roblox group IDs (group lock)' });

it('saves the group lock and what happens to an account a banned member used here', async () => {
  const bodies = recordRequests(server, 'put', `/api/v1/server/${SERVER_ID}/edit/restrictions`);
  const { user, section } = await open();
  expect(within(section).getByRole('radio', { name: /^Tell staff\b(?! and)/ })).toBeChecked();
  await user.type(lock(section), '4000001, 4000002');
  await user.click(within(section).getByRole('radio', { name: /Tell staff and restrict/ }));
  await user.click(within(section).getByRole('button', { name: 'Save Restrictions' }));
  expect(await notifications().findByText('Restrictions saved')).toBeInTheDocument();
  expect(bodies).toEqual([
    expect.objectContaining({ required_group_ids: ['4000001', '4000002'], ban_evasion: 'deny' }),
  ]);
  expect(record().restrictions).toMatchObject({
    required_group_ids: ['4000001', '4000002'],
    ban_evasion: 'deny',
  });
});

it('refuses more than 10 groups in the lock before saving', async () => {
  const bodies = recordRequests(server, 'put', `/api/v1/server/${SERVER_ID}/edit/restrictions`);
  const { user, section } = await open();
  fireEvent.change(lock(section), {
    target: { value: Array.from({ length: 11 }, (_, i) => String(5000 + i)).join('\n') },
  });
  await user.click(within(section).getByRole('button', { name: 'Save Restrictions' }));
  expect(lock(section)).toHaveAttribute('aria-invalid', 'true');
  expect(bodies).toEqual([]);
});
