import { screen } from '@testing-library/react';
import { NO_RESTRICTIONS } from '@roconnect/shared-lib';
import { SEED_SERVERS, setupMockServer, signIn } from '@roconnect/shared-lib/testing';
import { openConsoleSection } from '../../testing/renderDiscordSettings';

setupMockServer();
const SERVER_ID = SEED_SERVERS.ownerReady;

beforeEach(() => signIn());

async function openBackup() {
  return (await openConsoleSection(SERVER_ID, 'backup', 'Backup and import')).user;
}

const fileOf = (text: string) => new File([text], 'backup.json', { type: 'application/json' });

it('reads an uploaded backup, shows what it would change and what is missing, then imports it', async () => {
  const user = await openBackup();
  const backup = {
    version: 1,
    settings: {
      nickname_format: 'roblox_display',
      nickname_template: null,
      verified_role: null,
      unverified_role: null,
      nickname_bypass_roles: [{ id: '199999999999999991', name: 'Elsewhere Only' }],
      role_bypass_roles: [],
      join_handling: 'verify',
      join_dm: true,
      log_channel: null,
      resync: 'off',
    },
    binds: [],
    restrictions: NO_RESTRICTIONS,
    staff_roles: { manager_roles: [], updater_roles: [] },
  };
  await user.upload(screen.getByLabelText('Import a backup file'), fileOf(JSON.stringify(backup)));
  expect(await screen.findByText('What backup.json would change')).toBeInTheDocument();
  expect(screen.getByRole('list', { name: 'Changes' })).toHaveTextContent('settings.join_dm');
  expect(screen.getByRole('list', { name: 'Not found in this server' })).toHaveTextContent(
    'Elsewhere Only (settings.nickname_bypass_roles[0])',
  );
  await user.click(screen.getByRole('button', { name: 'Import Configuration' }));
  expect(await screen.findByText('Configuration imported')).toBeInTheDocument();
});

it('says a file that is not JSON is not a backup, and sends nothing', async () => {
  const user = await openBackup();
  await user.upload(screen.getByLabelText('Import a backup file'), fileOf('not json'));
  expect(
    await screen.findByText('backup.json is not a RoConnect backup: it is not JSON.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Import Configuration' })).not.toBeInTheDocument();
});

it('shows the API’s refusal of another version', async () => {
  const user = await openBackup();
  await user.upload(screen.getByLabelText('Import a backup file'), fileOf('{"version": 7}'));
  expect(await screen.findByText(/this backup is version 7/)).toBeInTheDocument();
});
