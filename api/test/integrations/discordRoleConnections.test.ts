import { createDiscordOAuthClient } from '../../src/integrations/discord/oauthClient';
import { createDiscordRoleConnectionsClient } from '../../src/integrations/discord/roleConnections';
import { createRobloxApiClient } from '../../src/integrations/roblox/apiClient';
import { consent, emulatorState, failure, IDS, settingsFor, useTestEmulator } from './helpers';

const emulator = useTestEmulator();

const client = () => createDiscordRoleConnectionsClient(settingsFor(emulator.url), { retries: 0 });
const RECORDS = [
  { type: 7, key: 'verified', name: 'Verified', description: 'Verified with RoConnect' },
  { type: 5, key: 'account_age_days', name: 'Account age', description: 'Days since created' },
];

/** a user's access token, signed in through the emulator's consent with `scope` */
async function userToken(scope: string): Promise<string> {
  const oauth = createDiscordOAuthClient(settingsFor(emulator.url));
  const url = new URL(oauth.loginUrl('st'));
  url.searchParams.set('scope', scope);
  const redirect = await consent(url.toString(), { user_id: IDS.member });
  return (await oauth.exchangeCode(redirect.searchParams.get('code')!)).access_token;
}

describe('Discord role-connections client', () => {
  it('reads and replaces the metadata records with the bot token', async () => {
    expect(await client().getMetadata()).toEqual([]);
    await client().putMetadata(RECORDS);
    expect(await client().getMetadata()).toEqual(RECORDS);
    await client().putMetadata(RECORDS.slice(0, 1));
    expect((await emulatorState(emulator)).role_connections.metadata).toEqual(RECORDS.slice(0, 1));
  });

  it("says what Discord refused, naming no token, for records it rejects or another app's", async () => {
    const bad = await failure(client().putMetadata([{ ...RECORDS[0]!, key: 'Not A Key' }]));
    expect(bad).toMatchObject({ provider: 'discord', kind: 'unavailable', status: 400 });
    expect(bad.message).toMatch(/^Discord refused to register the role-connection metadata/);
    expect(bad.message).not.toContain('emulator-bot-token');
    const other = createDiscordRoleConnectionsClient(
      settingsFor(emulator.url, { discordClientId: '100000000000000099' }),
      { retries: 0 },
    );
    expect(await failure(other.putMetadata(RECORDS))).toMatchObject({ status: 403 });
  });

  it("writes a user's values with their token when it carries role_connections.write", async () => {
    await client().putMetadata(RECORDS);
    const token = await userToken('identify guilds role_connections.write');
    await client().putUserConnection(token, {
      platform_name: 'Roblox',
      platform_username: 'PlainPete',
      metadata: { verified: '1', account_age_days: '2019-03-04T05:06:07.000Z' },
    });
    expect((await emulatorState(emulator)).role_connections.users).toEqual([
      expect.objectContaining({
        user_id: IDS.member,
        platform_username: 'PlainPete',
        metadata: { verified: '1', account_age_days: '2019-03-04T05:06:07.000Z' },
      }),
    ]);
  });

  it('answers 403 for a token without the scope and invalid_grant for an unknown one', async () => {
    const token = await userToken('identify guilds');
    expect(await failure(client().putUserConnection(token, { metadata: {} }))).toMatchObject({
      kind: 'unavailable',
      status: 403,
    });
    expect(
      await failure(client().putUserConnection('not-a-token', { metadata: {} })),
    ).toMatchObject({ kind: 'invalid_grant', status: 401 });
  });
});

describe('Roblox account creation date', () => {
  const roblox = () => createRobloxApiClient(settingsFor(emulator.url), { retries: 0 });

  it("reads the account's creation date, and null for an account Roblox does not know", async () => {
    expect(await roblox().getUserCreatedAt(IDS.robloxMember)).toEqual(
      new Date('2015-01-01T00:00:00.000Z'),
    );
    expect(await roblox().getUserCreatedAt('987654321')).toBeNull();
    expect(await roblox().getUserCreatedAt('not-an-id')).toBeNull();
  });
});
