import { developerApi } from '../api/developerApi';
import { SEED_SERVERS } from '../mocks';
import { setupMockServer } from '../testing/mockServer';
import { signIn } from '../testing/signIn';
import { apiKeysQuery, webhookDeliveriesQuery } from './developerApi';
import { serverChanged } from './invalidations';
import { createQueryClient } from './queryClient';

setupMockServer();
const SERVER_ID = SEED_SERVERS.ownerReady;

it('reads the server’s keys without the keys themselves', async () => {
  signIn();
  const created = await developerApi.createApiKey(SERVER_ID, 'Game server');
  expect(created.key).toBeTruthy();
  const keys = await createQueryClient().fetchQuery(apiKeysQuery(SERVER_ID));
  expect(keys).toEqual([
    expect.objectContaining({ id: created.id, name: 'Game server', last_used_at: null }),
  ]);
  expect(keys[0]).not.toHaveProperty('key');
});

it('reads the webhook and its deliveries: none before a webhook is saved', async () => {
  signIn();
  const client = createQueryClient();
  expect(await client.fetchQuery(webhookDeliveriesQuery(SERVER_ID))).toEqual({
    webhook: null,
    deliveries: [],
  });
});

it("is one of the server's reads: a change to the server reads the keys again, another's does not", async () => {
  signIn();
  const client = createQueryClient();
  await client.fetchQuery(apiKeysQuery(SERVER_ID));
  await serverChanged(client, SEED_SERVERS.memberWithBot);
  expect(client.getQueryState(apiKeysQuery(SERVER_ID).queryKey)?.isInvalidated).toBe(false);
  await serverChanged(client, SERVER_ID);
  expect(client.getQueryState(apiKeysQuery(SERVER_ID).queryKey)?.isInvalidated).toBe(true);
});
