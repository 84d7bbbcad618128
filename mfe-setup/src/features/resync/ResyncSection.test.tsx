import { screen, within } from '@testing-library/react';
import { API_PATHS } from '@roconnect/shared-lib';
import { SEED_SERVERS, failNext } from '@roconnect/shared-lib/testing';
import { holdRequests, recordRequests } from '../../testing/recordRequests';
import { renderDiscordSettingsSection } from '../../testing/renderDiscordSettings';
import { notifications } from '../../testing/renderWithToasts';
import { setupMockServerOf } from '../../testing/mockServerOf';

const SERVER_ID = SEED_SERVERS.ownerReady;
const { server, record } = setupMockServerOf(SERVER_ID);

const open = () => renderDiscordSettingsSection(SERVER_ID, 'Scheduled resync');

it('offers off, daily and weekly, off by default', async () => {
  const { section } = await open();
  const group = within(section).getByRole('group', { name: 'Resync schedule' });
  expect(
    within(group)
      .getAllByRole('radio')
      .map((radio) => radio.getAttribute('value')),
  ).toEqual(['off', 'daily', 'weekly']);
  expect(within(group).getByRole('radio', { name: /Off/ })).toBeChecked();
});

it('saves a schedule, sending only the schedule, then turns it off again', async () => {
  record().join_handling = 'off';
  const bodies = recordRequests(server, 'put', API_PATHS.automation(SERVER_ID));
  const { user, section } = await open();
  await user.click(within(section).getByRole('radio', { name: /Daily/ }));
  await user.click(within(section).getByRole('button', { name: 'Save Resync Schedule' }));
  expect(
    await notifications().findByText('Resync schedule updated successfully!'),
  ).toBeInTheDocument();
  expect(record().resync).toBe('daily');
  await user.click(within(section).getByRole('radio', { name: /Off/ }));
  await user.click(within(section).getByRole('button', { name: 'Save Resync Schedule' }));
  expect(await notifications().findAllByText('Resync schedule updated successfully!')).toHaveLength(
    2,
  );
  expect(bodies).toEqual([{ resync: 'daily' }, { resync: 'off' }]);
  // the join settings, saved elsewhere, are left as they were
  expect(record()).toMatchObject({ resync: 'off', join_handling: 'off' });
});

it('shows that it is saving until the API answers', async () => {
  const gate = holdRequests(server, 'put', API_PATHS.automation(SERVER_ID));
  const { user, section } = await open();
  await user.click(within(section).getByRole('radio', { name: /Weekly/ }));
  await user.click(within(section).getByRole('button', { name: 'Save Resync Schedule' }));
  expect(await within(section).findByRole('button', { name: 'Saving...' })).toBeDisabled();
  expect(within(section).getByRole('form')).toHaveAttribute('aria-busy', 'true');
  gate.release();
  expect(
    await notifications().findByText('Resync schedule updated successfully!'),
  ).toBeInTheDocument();
  expect(within(section).getByRole('button', { name: 'Save Resync Schedule' })).toBeEnabled();
  expect(record().resync).toBe('weekly');
});

it('moves between the choices with the arrow keys', async () => {
  const { user, section } = await open();
  within(section).getByRole('radio', { name: /Off/ }).focus();
  await user.keyboard('{ArrowDown}');
  expect(within(section).getByRole('radio', { name: /Daily/ })).toBeChecked();
});

it('names what the API refused under the choices', async () => {
  const message = 'resync must be off, daily or weekly.';
  server.use(failNext('put', API_PATHS.automation(SERVER_ID), 400, message));
  const { user, section } = await open();
  await user.click(within(section).getByRole('radio', { name: /Weekly/ }));
  await user.click(within(section).getByRole('button', { name: 'Save Resync Schedule' }));
  expect(await notifications().findByText('Failed to update resync schedule')).toBeInTheDocument();
  expect(
    within(section).getByRole('group', { name: 'Resync schedule' }),
  ).toHaveAccessibleDescription(message);
  expect(screen.queryByText('Resync schedule updated successfully!')).toBeNull();
  expect(record().resync).toBe('off');
});
