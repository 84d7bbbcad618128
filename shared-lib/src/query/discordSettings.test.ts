import { SEED_SERVERS } from '../mocks';
import { setupMockServer } from '../testing/mockServer';
import { signIn } from '../testing/signIn';
import { serverChannelsQuery } from './discordSettings';
import { serverChanged } from './invalidations';
import { createQueryClient } from './queryClient';

const { db } = setupMockServer();
const SERVER_ID = SEED_SERVERS.ownerReady;
const record = () => db.servers.find((s) => s.server_id === SERVER_ID)!;

it('reads the text channels the bot can post in', async () => {
  signIn();
  const channels = await createQueryClient().fetchQuery(serverChannelsQuery(SERVER_ID));
  expect(channels.map((c) => c.name)).toEqual(['general', 'logs']);
});

it("is one of the server's reads: a change to the server reads it again, another's does not", async () => {
  signIn();
  const client = createQueryClient();
  await client.fetchQuery(serverChannelsQuery(SERVER_ID));
  record().channels.push({ id: '100000000000000999', name: 'rules', type: 0, bot_can_post: true });
  await serverChanged(client, SEED_SERVERS.memberWithBot);
  expect(client.getQueryState(serverChannelsQuery(SERVER_ID).queryKey)?.isInvalidated).toBe(false);
  await serverChanged(client, SERVER_ID);
  expect(client.getQueryState(serverChannelsQuery(SERVER_ID).queryKey)?.isInvalidated).toBe(true);
  const again = await client.fetchQuery(serverChannelsQuery(SERVER_ID));
  expect(again.map((c) => c.name)).toEqual(['general', 'logs', 'rules']);
});
