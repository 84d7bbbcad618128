import { screen, waitFor, within } from '@testing-library/react';
import { API_PATHS } from '@roconnect/shared-lib';
import { SEED_SERVERS, failNext } from '@roconnect/shared-lib/testing';
import { holdRequests, recordRequests } from '../../testing/recordRequests';
import { renderDiscordSettingsSection } from '../../testing/renderDiscordSettings';
import { notifications } from '../../testing/renderWithToasts';
import { setupMockServerOf } from '../../testing/mockServerOf';

const SERVER_ID = SEED_SERVERS.ownerReady;
const { server, record } = setupMockServerOf(SERVER_ID);

const open = () => renderDiscordSettingsSection(SERVER_ID, 'When members join');

it('turns join handling off and the join DM on, and sends only those two settings', async () => {
  const bodies = recordRequests(server, 'put', API_PATHS.automation(SERVER_ID));
  const { user, section } = await open();
  expect(within(section).getByRole('radio', { name: /Verify new members/ })).toBeChecked();
  await user.click(within(section).getByRole('radio', { name: /Off/ }));
  await user.click(
    within(section).getByRole('checkbox', { name: 'DM unlinked members the verify link' }),
  );
  await user.click(within(section).getByRole('button', { name: 'Save Join Settings' }));
  expect(
    await notifications().findByText('Join settings updated successfully!'),
  ).toBeInTheDocument();
  expect(bodies).toEqual([{ join_handling: 'off', join_dm: true }]);
  expect(record()).toMatchObject({ join_handling: 'off', join_dm: true, resync: 'off' });
});

it('is keyboard usable: Space ticks the checkbox, Tab reaches Save, Enter saves', async () => {
  const { user, section } = await open();
  const checkbox = within(section).getByRole('checkbox', {
    name: 'DM unlinked members the verify link',
  });
  checkbox.focus();
  await user.keyboard(' ');
  expect(checkbox).toBeChecked();
  expect(checkbox).toHaveAccessibleDescription(/while join handling is on/);
  await user.tab();
  expect(within(section).getByRole('button', { name: 'Save Join Settings' })).toHaveFocus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(record().join_dm).toBe(true));
});

it('shows that it is saving, then the saved state', async () => {
  const gate = holdRequests(server, 'put', API_PATHS.automation(SERVER_ID));
  const { user, section } = await open();
  await user.click(within(section).getByRole('radio', { name: /Off/ }));
  await user.click(within(section).getByRole('button', { name: 'Save Join Settings' }));
  const busy = await within(section).findByRole('button', { name: 'Saving...' });
  expect(busy).toBeDisabled();
  expect(within(section).getByRole('radio', { name: /Off/ })).toBeDisabled();
  gate.release();
  expect(await within(section).findByRole('button', { name: 'Save Join Settings' })).toBeEnabled();
  expect(record().join_handling).toBe('off');
});

it('names what the API refused under the choices', async () => {
  const message = 'join_handling must be verify or off.';
  server.use(failNext('put', API_PATHS.automation(SERVER_ID), 400, message));
  const { user, section } = await open();
  await user.click(within(section).getByRole('button', { name: 'Save Join Settings' }));
  expect(await notifications().findByText('Failed to update join settings')).toBeInTheDocument();
  expect(within(section).getByText(message)).toBeInTheDocument();
  expect(within(section).getByRole('group', { name: 'Join handling' })).toHaveAccessibleDescription(
    message,
  );
  expect(screen.queryByText('Join settings updated successfully!')).toBeNull();
});
