import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { SEED_SERVERS, setupMockServer, signIn } from '@roconnect/shared-lib/testing';
import { notifications } from '../../testing/renderWithToasts';
import { openConsoleSection } from '../../testing/renderDiscordSettings';

const { server } = setupMockServer();
const SERVER_ID = SEED_SERVERS.ownerReady;

beforeEach(() => signIn());

async function openStaff() {
  return (await openConsoleSection(SERVER_ID, 'staff', 'Staff roles')).user;
}

it('saves a manager role and an updater role', async () => {
  const user = await openStaff();
  const managers = screen.getByRole('group', { name: 'Manager roles' });
  const updaters = screen.getByRole('group', { name: 'Updater roles' });
  const [first] = within(managers).getAllByRole('checkbox');
  await user.click(first!);
  await user.click(within(updaters).getAllByRole('checkbox')[0]!);
  await user.click(screen.getByRole('button', { name: 'Save Staff Roles' }));
  expect(await notifications().findByText('Staff roles saved')).toBeInTheDocument();
  expect(within(managers).getAllByRole('checkbox')[0]).toBeChecked();
});

it('shows the API’s refusal in the section, e.g. to a manager without Manage Server', async () => {
  server.use(
    http.put('*/api/v1/server/:id/edit/staff-roles', () =>
      HttpResponse.json(
        {
          success: false,
          error: 'manage_server_only',
          message:
            'Only the server owner and members with Manage Server or Administrator can do this: a manager role is not enough.',
        },
        { status: 403 },
      ),
    ),
  );
  const user = await openStaff();
  await user.click(screen.getByRole('button', { name: 'Save Staff Roles' }));
  expect(await screen.findByText('Staff roles not saved')).toBeInTheDocument();
  expect(screen.getByText(/a manager role is not enough/)).toBeInTheDocument();
});
