import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API_PATHS, type ApiKey, type WebhookDeliveriesData } from '@roconnect/shared-lib';
import { SEED_SERVERS, setupMockServer, signIn } from '@roconnect/shared-lib/testing';
import { notifications, renderWithToasts } from '../../testing/renderWithToasts';
import { DeveloperSettings } from './DeveloperSettings';

const { server } = setupMockServer();
const SERVER_ID = SEED_SERVERS.ownerReady;
const ok = (data: unknown, status = 200) => HttpResponse.json({ success: true, data }, { status });
const refuse = (status: number, message: string) =>
  HttpResponse.json({ success: false, error: 'bad_request', message }, { status });

/** The server's keys and webhook as the API would keep them, for this file's handlers. */
let keys: ApiKey[];
let webhook: WebhookDeliveriesData;
let created: number;

beforeEach(() => {
  keys = [];
  webhook = { webhook: null, deliveries: [] };
  created = 0;
  server.use(
    http.get(`*${API_PATHS.serverApiKeys(SERVER_ID)}`, () => ok(keys)),
    http.post(`*${API_PATHS.serverApiKeys(SERVER_ID)}`, async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      created += 1;
      const key = {
        id: `00000000-0000-4000-8000-00000000000${created}`,
        name,
        prefix: `rc_${created}abc`,
        created_at: new Date().toISOString(),
        last_used_at: null,
      };
      keys = [key, ...keys];
      return ok({ ...key, key: `rc_${created}abc-the-whole-secret-key` }, 201);
    }),
    http.delete(`*${API_PATHS.serverApiKeys(SERVER_ID)}/:keyId`, ({ params }) => {
      keys = keys.filter((key) => key.id !== params.keyId);
      return ok({ id: params.keyId, revoked_at: new Date().toISOString() });
    }),
    http.get(`*${API_PATHS.serverWebhookDeliveries(SERVER_ID)}`, () => ok(webhook)),
    http.put(`*${API_PATHS.serverWebhook(SERVER_ID)}`, async ({ request }) => {
      const { url } = (await request.json()) as { url: string | null };
      if (url?.includes('127.0.0.1'))
        return refuse(400, 'url: private and loopback addresses are refused');
      webhook = {
        ...webhook,
        webhook: url ? { url, created_at: new Date().toISOString() } : null,
      };
      return ok({ url, secret: url ? 'whsec_shown-once' : null });
    }),
  );
  signIn();
});

const region = (name: string) => screen.getByRole('region', { name });

async function openPage() {
  renderWithToasts(<DeveloperSettings serverId={SERVER_ID} />);
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Demo Builders Club' }),
  ).toBeInTheDocument();
  return userEvent.setup();
}

it('shows the server, its two sections and their empty states', async () => {
  await openPage();
  expect(
    screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
  ).toEqual(['API keys', 'Webhook']);
  expect(await within(region('API keys')).findByText('No API keys')).toBeInTheDocument();
  expect(await within(region('Webhook')).findByText('No deliveries yet')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Server Configuration' })).toHaveAttribute(
    'href',
    `/server/edit/${SERVER_ID}`,
  );
});

it('creates a key with a name, shows it once with a warning and a copy button, and lists it', async () => {
  const user = await openPage();
  const keysRegion = region('API keys');
  await within(keysRegion).findByText('No API keys');
  await user.type(within(keysRegion).getByLabelText('Key name'), 'Game server{Enter}');

  const shown = await within(keysRegion).findByLabelText('New key "Game server"');
  expect(shown).toHaveValue('rc_1abc-the-whole-secret-key');
  expect(within(keysRegion).getByText(/only time it is shown/)).toBeInTheDocument();
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  await user.click(within(keysRegion).getByRole('button', { name: 'Copy' }));
  expect(writeText).toHaveBeenCalledWith('rc_1abc-the-whole-secret-key');
  expect(await notifications().findByText('Copied')).toBeInTheDocument();

  const list = await within(keysRegion).findByRole('list', { name: 'API keys' });
  expect(within(list).getByText('Game server')).toBeInTheDocument();
  expect(within(list).getByText('Never used')).toBeInTheDocument();
  // the key itself is never listed, only its first characters
  expect(within(list).queryByText(/the-whole-secret-key/)).not.toBeInTheDocument();

  await user.click(within(keysRegion).getByRole('button', { name: 'I saved it' }));
  expect(within(keysRegion).queryByLabelText('New key "Game server"')).not.toBeInTheDocument();
});

it('names what is wrong with a key name before asking the API', async () => {
  const user = await openPage();
  const keysRegion = region('API keys');
  await user.click(within(keysRegion).getByRole('button', { name: 'Create Key' }));
  expect(within(keysRegion).getByLabelText('Key name')).toHaveAccessibleDescription(
    'Enter a name for the key.',
  );
  await user.type(within(keysRegion).getByLabelText('Key name'), 'x'.repeat(65));
  await user.click(within(keysRegion).getByRole('button', { name: 'Create Key' }));
  expect(within(keysRegion).getByLabelText('Key name')).toHaveAccessibleDescription(
    'Use at most 64 characters.',
  );
  expect(created).toBe(0);
});

it('shows each key’s last use and revokes one only after a confirmation', async () => {
  keys = [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      name: 'Old bot',
      prefix: 'rc_old',
      created_at: '2026-01-01T00:00:00.000Z',
      last_used_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    },
  ];
  const user = await openPage();
  const list = await within(region('API keys')).findByRole('list', { name: 'API keys' });
  expect(within(list).getByText('Last used 5 minutes ago')).toBeInTheDocument();

  await user.click(within(list).getByRole('button', { name: 'Revoke Old bot' }));
  const dialog = screen.getByRole('dialog', { name: 'Revoke this key?' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(keys).toHaveLength(1);

  await user.click(within(list).getByRole('button', { name: 'Revoke Old bot' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Revoke this key?' })).getByRole('button', {
      name: 'Revoke key',
    }),
  );
  expect(await notifications().findByText('Key "Old bot" revoked')).toBeInTheDocument();
  expect(await within(region('API keys')).findByText('No API keys')).toBeInTheDocument();
});

it('says the keys failed to load and reads them again on Try Again', async () => {
  let fail = true;
  server.use(
    http.get(`*${API_PATHS.serverApiKeys(SERVER_ID)}`, () =>
      fail ? refuse(500, 'boom') : undefined,
    ),
  );
  const user = await openPage();
  const keysRegion = region('API keys');
  expect(await within(keysRegion).findByText('Failed to load API keys.')).toBeInTheDocument();
  fail = false;
  await user.click(within(keysRegion).getByRole('button', { name: /try again/i }));
  expect(await within(keysRegion).findByText('No API keys')).toBeInTheDocument();
});

it('saves a webhook address, shows the signing secret once, and refuses what the API refuses', async () => {
  const user = await openPage();
  const hook = region('Webhook');
  const field = within(hook).getByLabelText('Webhook address');

  await user.type(field, 'not a url{Enter}');
  expect(field).toHaveAccessibleDescription(
    'Enter a full address, like https://example.com/roconnect.',
  );

  await user.clear(field);
  await user.type(field, 'https://127.0.0.1/hook{Enter}');
  await waitFor(() =>
    expect(field).toHaveAccessibleDescription('url: private and loopback addresses are refused'),
  );

  await user.clear(field);
  await user.type(field, 'https://hooks.example.com/roconnect{Enter}');
  expect(await within(hook).findByLabelText('Signing secret')).toHaveValue('whsec_shown-once');
  expect(await notifications().findByText('Webhook saved')).toBeInTheDocument();
  expect(field).toHaveValue('https://hooks.example.com/roconnect');
  await user.click(within(hook).getByRole('button', { name: 'I saved it' }));
  expect(within(hook).queryByLabelText('Signing secret')).not.toBeInTheDocument();

  await user.click(within(hook).getByRole('button', { name: 'Remove' }));
  expect(await notifications().findByText('Webhook removed')).toBeInTheDocument();
  expect(webhook.webhook).toBeNull();
});

it('lists the latest deliveries with their status and what the last attempt got', async () => {
  webhook = {
    webhook: { url: 'https://hooks.example.com/roconnect', created_at: '2026-11-01T00:00:00.000Z' },
    deliveries: [
      {
        id: '00000000-0000-4000-8000-0000000000d1',
        event: 'member.verified',
        status: 'delivered',
        attempts: 1,
        response_status: 200,
        error: null,
        created_at: new Date().toISOString(),
        finished_at: new Date().toISOString(),
      },
      {
        id: '00000000-0000-4000-8000-0000000000d2',
        event: 'member.unlinked',
        status: 'failed',
        attempts: 5,
        response_status: 500,
        error: 'the receiver answered 500',
        created_at: new Date().toISOString(),
        finished_at: new Date().toISOString(),
      },
    ],
  };
  await openPage();
  const hook = region('Webhook');
  const list = await within(hook).findByRole('list', { name: 'Recent deliveries' });
  const rows = within(list).getAllByRole('listitem');
  expect(rows[0]).toHaveTextContent('member.verified');
  expect(rows[0]).toHaveTextContent('Delivered');
  expect(rows[0]).toHaveTextContent('HTTP 200');
  expect(rows[1]).toHaveTextContent('Failed');
  expect(rows[1]).toHaveTextContent('HTTP 500 · 5 attempts · the receiver answered 500');
  expect(within(hook).getByLabelText('Webhook address')).toHaveValue(
    'https://hooks.example.com/roconnect',
  );
});
