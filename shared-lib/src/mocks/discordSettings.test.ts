import { api } from '../api/endpoints';
import { discordSettingsApi } from '../api/discordSettings';
import { refusal, setupMockServer, signIn } from '../testing';
import { SEED_SERVERS } from './seed';

const { db } = setupMockServer();
beforeEach(() => signIn());

const ready = SEED_SERVERS.ownerReady; // set up, bot in it
const incomplete = SEED_SERVERS.ownerSetupIncomplete;
const GENERAL = ready;
const LOGS = '200000000000000071';
const LOUNGE = '200000000000000081';
const server = () => db.servers.find((s) => s.server_id === ready)!;

describe('the mock API’s Discord settings', () => {
  it('lists the text channels the bot can post in', async () => {
    expect(await discordSettingsApi.channels(ready)).toEqual([
      { id: GENERAL, name: 'general' },
      { id: LOGS, name: 'logs' },
    ]);
    server().channels[1]!.bot_can_post = false;
    expect(await discordSettingsApi.channels(ready)).toEqual([{ id: GENERAL, name: 'general' }]);
  });

  it('sets and clears the log channel, read back in the configuration and the audit log', async () => {
    const set = await discordSettingsApi.setLogChannel(ready, LOGS);
    expect(set.server_config.log_channel_id).toBe(LOGS);
    expect((await api.server.config(ready)).server_config.log_channel_id).toBe(LOGS);
    await discordSettingsApi.setLogChannel(ready, null);
    expect((await api.server.config(ready)).server_config.log_channel_id).toBeNull();
    const page = await api.server.audit(ready);
    expect(
      page.entries
        .filter((e) => e.kind === 'setting_change' && e.setting === 'log_channel')
        .map((e) => (e.kind === 'setting_change' ? [e.before, e.after] : null)),
    ).toEqual([
      [`#logs (${LOGS})`, null],
      [null, `#logs (${LOGS})`],
    ]);
  });

  it('refuses a channel the bot cannot post in with the API’s 422', async () => {
    expect(await refusal(discordSettingsApi.setLogChannel(ready, LOUNGE))).toMatchObject({
      status: 422,
      error: 'channel_not_postable',
      message: '#Lounge is not a text channel. Choose a text channel.',
    });
    expect(await refusal(discordSettingsApi.setLogChannel(ready, 'logs'))).toMatchObject({
      status: 400,
      message: 'body.channel_id must be a Discord id (17 to 20 digits) or null',
    });
  });

  it('saves join handling, join DM and resync, each field checked by name', async () => {
    const saved = await discordSettingsApi.saveAutomation(ready, {
      join_handling: 'off',
      join_dm: true,
    });
    expect(saved.server_config).toMatchObject({
      join_handling: 'off',
      join_dm: true,
      resync: 'off',
    });
    expect(
      (await discordSettingsApi.saveAutomation(ready, { resync: 'weekly' })).server_config,
    ).toMatchObject({ join_handling: 'off', join_dm: true, resync: 'weekly' });
    expect(await refusal(discordSettingsApi.saveAutomation(ready, {}))).toMatchObject({
      status: 400,
      message: 'body must set at least one of join_handling, join_dm or resync.',
    });
    expect(
      await refusal(discordSettingsApi.saveAutomation(ready, { resync: 'hourly' as 'daily' })),
    ).toMatchObject({ status: 400, message: 'body.resync must be one of off, daily, weekly' });
  });

  it('posts the Verify message (201), and names its channel in the health check once the bot loses it', async () => {
    const posted = await discordSettingsApi.postVerifyMessage(ready, { channel_id: GENERAL });
    expect(posted).toEqual({ message_id: expect.any(String), channel_id: GENERAL });
    expect(server().posted).toEqual([
      {
        id: posted.message_id,
        channel_id: GENERAL,
        content: 'Press Verify to get your roles in this server from your linked Roblox account.',
        custom_id: 'roconnect:verify',
      },
    ]);
    expect((await api.server.health(ready)).problems).toEqual([]);
    server().channels[0]!.bot_can_post = false;
    expect((await api.server.health(ready)).problems.map((p) => p.code)).toEqual([
      'verify_channel_unpostable',
    ]);
  });

  it('refuses a blank text and a server whose setup is not complete', async () => {
    expect(
      await refusal(
        discordSettingsApi.postVerifyMessage(ready, { channel_id: GENERAL, text: ' ' }),
      ),
    ).toMatchObject({
      status: 400,
      message: 'body.text must not be blank: leave it out for the default text.',
    });
    expect(
      await refusal(discordSettingsApi.postVerifyMessage(incomplete, { channel_id: incomplete })),
    ).toMatchObject({ status: 409, error: 'setup_incomplete' });
  });
});
