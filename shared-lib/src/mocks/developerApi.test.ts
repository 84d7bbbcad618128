import { API_PATHS, PUBLIC_API_ROUTES, fillPath } from '../contract';
import type { ApiKey, CreatedApiKey, WebhookDeliveriesData, WebhookSaved } from '../contract';
import { apiClient } from '../api/httpClient';
import { refusal, setupMockServer, signIn } from '../testing';
import { DEMO_USER, SEED_SERVERS } from './seed';

setupMockServer();
beforeEach(() => signIn());

const ready = SEED_SERVERS.ownerReady;
const data = async <T>(call: Promise<{ data: { data: T } }>) => (await call).data.data;

describe('the mock API’s developer routes', () => {
  it('creates a key shown once, lists it without the key, and revokes it', async () => {
    const created = await data<CreatedApiKey>(
      apiClient.post(API_PATHS.serverApiKeys(ready), { name: ' Game ' }),
    );
    expect(created).toMatchObject({ name: 'Game', key: expect.stringMatching(/^rck_/) });
    const listed = await data<ApiKey[]>(apiClient.get(API_PATHS.serverApiKeys(ready)));
    expect(listed).toEqual([
      {
        id: created.id,
        name: 'Game',
        prefix: created.prefix,
        created_at: created.created_at,
        last_used_at: null,
      },
    ]);
    await apiClient.delete(API_PATHS.serverApiKey(ready, created.id));
    expect(await data<ApiKey[]>(apiClient.get(API_PATHS.serverApiKeys(ready)))).toEqual([]);
    expect(
      await refusal(apiClient.delete(API_PATHS.serverApiKey(ready, created.id))),
    ).toMatchObject({
      status: 404,
      error: 'api_key_not_found',
    });
  });

  it('a call with a key moves its last use; a key of another server is refused', async () => {
    const { key } = await data<CreatedApiKey>(
      apiClient.post(API_PATHS.serverApiKeys(ready), { name: 'Bot' }),
    );
    const url = (serverId: string) =>
      fillPath(PUBLIC_API_ROUTES.member.path, {
        server_id: serverId,
        discord_id: DEMO_USER.discord_id,
      });
    const res = await fetch(`http://api.test${url(ready)}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ discord_id: DEMO_USER.discord_id });
    const [listed] = await data<ApiKey[]>(apiClient.get(API_PATHS.serverApiKeys(ready)));
    expect(listed!.last_used_at).not.toBeNull();
    const other = await fetch(`http://api.test${url(SEED_SERVERS.memberWithBot)}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(other.status).toBe(403);
  });

  it('saves a webhook with its secret once, refuses private addresses, and lists deliveries', async () => {
    expect(
      await refusal(apiClient.put(API_PATHS.serverWebhook(ready), { url: 'https://127.0.0.1/x' })),
    ).toMatchObject({ status: 400, error: 'webhook_address_refused' });
    expect(
      await refusal(apiClient.put(API_PATHS.serverWebhook(ready), { url: 'http://example.com/x' })),
    ).toMatchObject({ status: 400, error: 'invalid_webhook_url' });
    const saved = await data<WebhookSaved>(
      apiClient.put(API_PATHS.serverWebhook(ready), { url: 'https://hooks.example.com/roconnect' }),
    );
    expect(saved).toEqual({
      url: 'https://hooks.example.com/roconnect',
      secret: expect.stringMatching(/^whsec_/),
    });
    const listed = await data<WebhookDeliveriesData>(
      apiClient.get(API_PATHS.serverWebhookDeliveries(ready)),
    );
    expect(listed.webhook?.url).toBe('https://hooks.example.com/roconnect');
    expect(listed.deliveries.map((d) => d.status)).toEqual(['failed', 'delivered']);
    expect(JSON.stringify(listed)).not.toContain(saved.secret!);
    await apiClient.put(API_PATHS.serverWebhook(ready), { url: null });
    expect(
      await data<WebhookDeliveriesData>(apiClient.get(API_PATHS.serverWebhookDeliveries(ready))),
    ).toEqual({
      webhook: null,
      deliveries: [],
    });
  });

  it('only the server’s managers reach its keys', async () => {
    expect(
      await refusal(apiClient.get(API_PATHS.serverApiKeys(SEED_SERVERS.memberWithBot))),
    ).toMatchObject({
      status: 403,
      error: 'not_server_manager',
    });
  });
});
