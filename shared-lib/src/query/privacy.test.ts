import { privacyApi } from '../api/privacy';
import { DEMO_USER, SEED_SERVERS } from '../mocks';
import { setupMockServer } from '../testing/mockServer';
import { signIn } from '../testing/signIn';
import { accountLookupsQuery, privacySettingsQuery } from './privacy';
import { createQueryClient } from './queryClient';

setupMockServer();

it('reads where the member’s account is shown: the default, and each server they verified in', async () => {
  signIn();
  const settings = await createQueryClient().fetchQuery(privacySettingsQuery());
  expect(settings).toEqual({
    default_visible: true,
    servers: [
      {
        server_id: SEED_SERVERS.memberWithBot,
        server_name: 'Tycoon Fans',
        visible: true,
        verified: true,
      },
    ],
  });
});

it('saves one server’s choice and answers the settings as they are now', async () => {
  signIn();
  const saved = await privacyApi.saveSettings({
    default_visible: true,
    servers: [{ server_id: SEED_SERVERS.memberWithBot, visible: false }],
  });
  expect(saved.servers).toEqual([expect.objectContaining({ visible: false })]);
  const read = await createQueryClient().fetchQuery(privacySettingsQuery());
  expect(read).toEqual(saved);
});

it('reads the member’s own lookups', async () => {
  signIn();
  const lookups = await createQueryClient().fetchQuery(accountLookupsQuery());
  expect(lookups).toEqual([
    expect.objectContaining({ source: 'whois', server_name: 'Tycoon Fans' }),
  ]);
  expect(lookups[0]).not.toHaveProperty('subject_user_id');
});

it('downloads the export as the file the API names, and deletes the account', async () => {
  signIn();
  const { blob, filename } = await privacyApi.exportData();
  expect(filename).toMatch(/^roconnect-export-.+\.json$/);
  expect(JSON.parse(await blob.text())).toMatchObject({ profile: { id: DEMO_USER.id } });
  expect(await privacyApi.deleteAccount()).toMatchObject({ deleted: true });
  await expect(privacyApi.settings()).rejects.toMatchObject({ response: { status: 401 } });
});
