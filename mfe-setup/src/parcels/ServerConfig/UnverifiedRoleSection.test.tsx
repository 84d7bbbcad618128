import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS } from '@roconnect/shared-lib';
import { SEED_SERVERS, signIn } from '@roconnect/shared-lib/testing';
import { notifications, renderWithToasts } from '../../testing/renderWithToasts';
import { recordRequests } from '../../testing/recordRequests';
import { ServerConfig } from './ServerConfig';
import { setupMockServerOf } from '../../testing/mockServerOf';
import { textsOf } from '../../testing/textsOf';

const SERVER_ID = SEED_SERVERS.ownerReady;
const { server, record } = setupMockServerOf(SERVER_ID);
const UNVERIFIED = '200000000000000013';

beforeEach(() => {
  signIn();
  record().roles.push({ id: UNVERIFIED, name: 'Newcomer', position: 1 });
});

async function renderSection() {
  renderWithToasts(<ServerConfig serverId={SERVER_ID} section="verification" />);
  await screen.findByRole('heading', { level: 1 });
  return screen.getByRole('region', { name: 'Unverified Role' });
}

it('is off by default and offers only roles the bot can give, other than the verified role', async () => {
  const section = await renderSection();
  const select = within(section).getByRole('combobox', { name: 'Unverified role' });
  expect(select).toHaveDisplayValue('Off (no unverified role)');
  expect(textsOf(select, 'option')).toEqual(['Off (no unverified role)', 'Newcomer']);
});

it('saves a chosen role, then turns it off again', async () => {
  const bodies = recordRequests(server, 'put', API_PATHS.editUnverifiedRole(SERVER_ID));
  const user = userEvent.setup();
  const section = await renderSection();
  const select = within(section).getByRole('combobox', { name: 'Unverified role' });
  await user.selectOptions(select, 'Newcomer');
  await user.click(within(section).getByRole('button', { name: 'Save Unverified Role' }));
  expect(
    await notifications().findByText('Unverified role updated successfully!'),
  ).toBeInTheDocument();
  expect(record().unverified_role_id).toBe(UNVERIFIED);
  await user.selectOptions(select, 'Off (no unverified role)');
  await user.click(within(section).getByRole('button', { name: 'Save Unverified Role' }));
  await waitFor(() => expect(record().unverified_role_id).toBeNull());
  expect(bodies).toEqual([{ unverified_role_id: UNVERIFIED }, { unverified_role_id: null }]);
  expect(record().unverified_role_id).toBeNull();
});

it('shows the API’s refusal under the picker', async () => {
  record().binds = [{ group_id: '5000001', min_rank: 1, max_rank: 1, role_id: UNVERIFIED }];
  const user = userEvent.setup();
  const section = await renderSection();
  const select = within(section).getByRole('combobox', { name: 'Unverified role' });
  await user.selectOptions(select, 'Newcomer');
  await user.click(within(section).getByRole('button', { name: 'Save Unverified Role' }));
  expect(await notifications().findByText('Failed to update unverified role')).toBeInTheDocument();
  expect(select).toHaveAccessibleDescription(/cannot be the verified role or a bound role/);
});
