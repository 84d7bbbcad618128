import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API_PATHS, type WebhookDeliveriesData } from '@roconnect/shared-lib';
import { queryClient } from '@roconnect/shared-lib/query';
import { SEED_SERVERS, setupMockServer, signIn } from '@roconnect/shared-lib/testing';
import { recordRequests } from '../../../testing/recordRequests';
import { notifications, renderWithToasts } from '../../../testing/renderWithToasts';
import { developerApiAddresses } from '../../../features/developers/ApiKeysSection';
import { ServerConfig } from '../ServerConfig';

// shared-lib's mock API: the demo user manages this server, which has no key and no webhook yet
const { server } = setupMockServer();
const SERVER_ID = SEED_SERVERS.ownerReady;
const ok = (data: unknown) => HttpResponse.json({ success: true, data });
const refuse = (status: number, message: string) =>
  HttpResponse.json({ success: false, error: 'bad_request', message }, { status });

beforeEach(() => signIn());

const region = (name: string) => screen.getByRole('region', { name });

async function openPage() {
  renderWithToasts(<ServerConfig serverId={SERVER_ID} section="developers" />);
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
});

it('shows where the developer API and its OpenAPI document are: the API base config.json names', async () => {
  await openPage();
  // the tests' apiBaseUrl is '', the page's own origin
  const origin = window.location.origin;
  const keysRegion = region('API keys');
  expect(within(keysRegion).getByText(`${origin}/api/public/v1`)).toBeInTheDocument();
  expect(within(keysRegion).getByRole('link', { name: 'OpenAPI document' })).toHaveAttribute(
    'href',
    `${origin}/api/public/v1/openapi.json`,
  );
  // one origin (`"apiBaseUrl": "/_api"`): the page's own, as the API's OpenAPI `servers` says
  expect(developerApiAddresses('/_api', 'https://app.example.com')).toEqual({
    api: 'https://app.example.com/_api/api/public/v1',
    openapi: 'https://app.example.com/_api/api/public/v1/openapi.json',
  });
  expect(developerApiAddresses('', 'https://app.example.com').api).toBe(
    'https://app.example.com/api/public/v1',
  );
});

it('creates a key with a name, shows it once with a warning and a copy button, and lists it', async () => {
  const user = await openPage();
  const keysRegion = region('API keys');
  await within(keysRegion).findByText('No API keys');
  await user.type(within(keysRegion).getByLabelText('Key name'), 'Game server{Enter}');

  const shown = await within(keysRegion).findByLabelText('New key "Game server"');
  const key = (shown as HTMLInputElement).value;
  expect(key).toMatch(/^rck_mock0001x{35}$/);
  expect(within(keysRegion).getByText(/only time it is shown/)).toBeInTheDocument();
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  await user.click(within(keysRegion).getByRole('button', { name: 'Copy' }));
  expect(writeText).toHaveBeenCalledWith(key);
  expect(await notifications().findByText('Copied')).toBeInTheDocument();

  const list = await within(keysRegion).findByRole('list', { name: 'API keys' });
  expect(within(list).getByText('Game server')).toBeInTheDocument();
  expect(within(list).getByText('Never used')).toBeInTheDocument();
  // the list has the key's first characters, never the key
  expect(within(list).getByText(`${key.slice(0, 10)}…`)).toBeInTheDocument();
  expect(list).not.toHaveTextContent(key);

  await user.click(within(keysRegion).getByRole('button', { name: 'I saved it' }));
  expect(within(keysRegion).queryByLabelText('New key "Game server"')).not.toBeInTheDocument();
});

it('names what is wrong with a key name before asking the API', async () => {
  const sent = recordRequests(server, 'post', API_PATHS.serverApiKeys(SERVER_ID));
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
  expect(sent).toEqual([]);
});

it('shows a key’s last use after a call with it, and revokes it only after a confirmation', async () => {
  const user = await openPage();
  const keysRegion = region('API keys');
  await user.type(within(keysRegion).getByLabelText('Key name'), 'Old bot{Enter}');
  const key = ((await within(keysRegion).findByLabelText('New key "Old bot"')) as HTMLInputElement)
    .value;
  const list = await within(keysRegion).findByRole('list', { name: 'API keys' });
  expect(within(list).getByText('Never used')).toBeInTheDocument();

  // another program calls the public API with the key; the page reads its keys again later
  await fetch(`http://api.test/api/public/v1/servers/${SERVER_ID}/members/100000000000000002`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  await act(() => queryClient.invalidateQueries());
  expect(await within(list).findByText('Last used just now')).toBeInTheDocument();

  await user.click(within(list).getByRole('button', { name: 'Revoke Old bot' }));
  const dialog = screen.getByRole('dialog', { name: 'Revoke this key?' });
  expect(dialog).toHaveTextContent('"Old bot" stops working at once.');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(within(list).getByText('Old bot')).toBeInTheDocument();

  await user.click(within(list).getByRole('button', { name: 'Revoke Old bot' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Revoke this key?' })).getByRole('button', {
      name: 'Revoke key',
    }),
  );
  expect(await notifications().findByText('Key "Old bot" revoked')).toBeInTheDocument();
  expect(await within(region('API keys')).findByText('No API keys')).toBeInTheDocument();
});

it('names the API’s refusal when a revoke fails, and keeps the key listed', async () => {
  const user = await openPage();
  const keysRegion = region('API keys');
  await user.type(within(keysRegion).getByLabelText('Key name'), 'Game{Enter}');
  const list = await within(keysRegion).findByRole('list', { name: 'API keys' });
  server.use(
    http.delete(`*${API_PATHS.serverApiKeys(SERVER_ID)}/:keyId`, () =>
      refuse(404, 'This server has no such API key, or it was revoked already.'),
    ),
  );
  await user.click(within(list).getByRole('button', { name: 'Revoke Game' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Revoke this key?' })).getByRole('button', {
      name: 'Revoke key',
    }),
  );
  expect(
    await notifications().findByText(
      'Failed to revoke the key. This server has no such API key, or it was revoked already.',
    ),
  ).toBeInTheDocument();
  expect(within(list).getByText('Game')).toBeInTheDocument();
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

it('saves a webhook address, shows the signing secret once, refuses what the API refuses, and removes it', async () => {
  const user = await openPage();
  const hook = region('Webhook');
  const field = within(hook).getByLabelText('Webhook address');
  await within(hook).findByText('No deliveries yet');

  await user.type(field, 'not a url{Enter}');
  expect(field).toHaveAccessibleDescription(
    'Enter a full address, like https://example.com/roconnect.',
  );

  await user.clear(field);
  await user.type(field, 'https://127.0.0.1/hook{Enter}');
  await waitFor(() =>
    expect(field).toHaveAccessibleDescription(
      "The webhook's host 127.0.0.1 is a private or loopback address: webhooks go to public HTTPS endpoints only.",
    ),
  );

  await user.clear(field);
  await user.type(field, 'https://hooks.example.com/roconnect{Enter}');
  expect(await within(hook).findByLabelText('Signing secret')).toHaveValue(
    `whsec_mock${'s'.repeat(38)}`,
  );
  expect(await notifications().findByText('Webhook saved')).toBeInTheDocument();
  expect(field).toHaveValue('https://hooks.example.com/roconnect');
  await user.click(within(hook).getByRole('button', { name: 'I saved it' }));
  expect(within(hook).queryByLabelText('Signing secret')).not.toBeInTheDocument();

  // the deliveries so far: the newest first, each with its status and what the last attempt got
  const rows = within(
    await within(hook).findByRole('list', { name: 'Recent deliveries' }),
  ).getAllByRole('listitem');
  expect(rows[0]).toHaveTextContent('member.updated');
  expect(rows[0]).toHaveTextContent('Failed');
  expect(rows[0]).toHaveTextContent('HTTP 500 · 6 attempts · The endpoint answered 500.');
  expect(rows[1]).toHaveTextContent('member.verified');
  expect(rows[1]).toHaveTextContent('Delivered');

  await user.click(within(hook).getByRole('button', { name: 'Remove' }));
  expect(await notifications().findByText('Webhook removed')).toBeInTheDocument();
  expect(await within(hook).findByText('No deliveries yet')).toBeInTheDocument();
  expect(field).toHaveValue('');
});

it('shows a delivery still being retried as such', async () => {
  const deliveries: WebhookDeliveriesData = {
    webhook: { url: 'https://hooks.example.com/roconnect', created_at: '2026-11-01T00:00:00.000Z' },
    deliveries: [
      {
        id: '00000000-0000-4000-8000-0000000000d1',
        event: 'member.verified',
        status: 'pending',
        attempts: 2,
        response_status: null,
        error: 'connect ECONNREFUSED',
        created_at: new Date().toISOString(),
        finished_at: null,
      },
    ],
  };
  server.use(http.get(`*${API_PATHS.serverWebhookDeliveries(SERVER_ID)}`, () => ok(deliveries)));
  await openPage();
  const hook = region('Webhook');
  const [row] = within(
    await within(hook).findByRole('list', { name: 'Recent deliveries' }),
  ).getAllByRole('listitem');
  expect(row).toHaveTextContent('Retrying');
  expect(row).toHaveTextContent('2 attempts · connect ECONNREFUSED');
  expect(within(hook).getByLabelText('Webhook address')).toHaveValue(
    'https://hooks.example.com/roconnect',
  );
});
