import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API_PATHS, developerApi, type WebhookDelivery } from '@roconnect/shared-lib';
import { SEED_SERVERS, setupMockServer, signIn } from '@roconnect/shared-lib/testing';
import { notifications, renderWithToasts } from '../../testing/renderWithToasts';
import { ApiKeysSection } from './ApiKeysSection';
import { KEY_PLACEHOLDER } from './ExampleCall';
import { DELIVERIES_SHOWN, WebhookSection } from './WebhookSection';

// shared-lib's mock API: saving a webhook lists a failed and a delivered delivery
const { server } = setupMockServer();
const SERVER_ID = SEED_SERVERS.ownerReady;
beforeEach(() => signIn());

const region = (name: string) => screen.getByRole('region', { name });
const deliveryRows = async () =>
  within(
    await within(region('Webhook')).findByRole('list', { name: 'Recent deliveries' }),
  ).getAllByRole('listitem');

describe('the example call', () => {
  it('shows curl lines for this server with a placeholder key, never a real one, and copies them', async () => {
    const created = await developerApi.createApiKey(SERVER_ID, 'Game server');
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderWithToasts(<ApiKeysSection serverId={SERVER_ID} />);
    const keys = region('API keys');
    await within(keys).findByText('Game server');
    const lookup = `curl -H "Authorization: Bearer ${KEY_PLACEHOLDER}" ${window.location.origin}/api/public/v1/servers/${SERVER_ID}/members/DISCORD_USER_ID`;
    expect(within(keys).getByText(lookup)).toBeInTheDocument();
    expect(
      within(keys).getByText(
        `curl -X POST -H "Authorization: Bearer ${KEY_PLACEHOLDER}" ${window.location.origin}/api/public/v1/servers/${SERVER_ID}/members/DISCORD_USER_ID/update`,
      ),
    ).toBeInTheDocument();
    expect(keys).not.toHaveTextContent(created.key);
    await user.click(
      within(keys).getByRole('button', { name: 'Copy: Look up a member’s Roblox account' }),
    );
    expect(writeText).toHaveBeenCalledWith(lookup);
    expect(await notifications().findByText('Copied')).toBeInTheDocument();
  });

  it('says how to copy when the browser refuses', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    renderWithToasts(<ApiKeysSection serverId={SERVER_ID} />);
    const keys = region('API keys');
    await user.click(
      within(keys).getByRole('button', { name: 'Copy: Update a member’s roles and nickname' }),
    );
    expect(
      await within(keys).findByText(/Your browser did not allow copying\. The line is selected/),
    ).toBeInTheDocument();
  });
});

describe('the webhook’s test and retry', () => {
  it('offers no test before a webhook is saved', async () => {
    renderWithToasts(<WebhookSection serverId={SERVER_ID} />);
    await within(region('Webhook')).findByText('No deliveries yet');
    expect(
      within(region('Webhook')).queryByRole('button', { name: 'Send test webhook' }),
    ).not.toBeInTheDocument();
  });

  it('sends a test event and lists it', async () => {
    await developerApi.saveWebhook(SERVER_ID, 'https://hooks.example.com/roconnect');
    const user = userEvent.setup();
    renderWithToasts(<WebhookSection serverId={SERVER_ID} />);
    await deliveryRows();
    await user.click(within(region('Webhook')).getByRole('button', { name: 'Send test webhook' }));
    expect(await notifications().findByText('Test event sent')).toBeInTheDocument();
    await waitFor(async () => expect(await deliveryRows()).toHaveLength(3));
    const [test] = await deliveryRows();
    expect(test).toHaveTextContent('webhook.test');
    expect(test).toHaveTextContent('Delivered');
  });

  it('sends a failed delivery again; only failed ones have Retry', async () => {
    await developerApi.saveWebhook(SERVER_ID, 'https://hooks.example.com/roconnect');
    const user = userEvent.setup();
    renderWithToasts(<WebhookSection serverId={SERVER_ID} />);
    const [failed, delivered] = await deliveryRows();
    expect(within(delivered!).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
    await user.click(
      within(failed!).getByRole('button', { name: /^Retry the member\.updated delivery/ }),
    );
    expect(await notifications().findByText('Delivery sent again')).toBeInTheDocument();
    await waitFor(async () => expect((await deliveryRows())[0]).toHaveTextContent('Delivered'));
    expect(
      within((await deliveryRows())[0]!).queryByRole('button', { name: /^Retry/ }),
    ).not.toBeInTheDocument();
  });

  it('shows the API’s refusal of a retry', async () => {
    await developerApi.saveWebhook(SERVER_ID, 'https://hooks.example.com/roconnect');
    server.use(
      http.post(`*/api/v1/server/${SERVER_ID}/webhook/deliveries/:deliveryId/retry`, () =>
        HttpResponse.json(
          {
            success: false,
            error: 'delivery_not_kept',
            message: 'This delivery can no longer be sent again: its content is not kept.',
          },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithToasts(<WebhookSection serverId={SERVER_ID} />);
    const [failed] = await deliveryRows();
    await user.click(within(failed!).getByRole('button', { name: /^Retry/ }));
    expect(
      await notifications().findByText(
        'This delivery can no longer be sent again: its content is not kept.',
      ),
    ).toBeInTheDocument();
  });

  it(`lists the latest ${DELIVERIES_SHOWN} deliveries`, async () => {
    const at = new Date().toISOString();
    const deliveries: WebhookDelivery[] = Array.from({ length: 30 }, (_, i) => ({
      id: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
      event: 'member.verified',
      status: 'delivered',
      attempts: 1,
      response_status: 200,
      error: null,
      created_at: at,
      finished_at: at,
    }));
    server.use(
      http.get(`*${API_PATHS.serverWebhookDeliveries(SERVER_ID)}`, () =>
        HttpResponse.json({
          success: true,
          data: { webhook: { url: 'https://hooks.example.com/x', created_at: at }, deliveries },
        }),
      ),
    );
    renderWithToasts(<WebhookSection serverId={SERVER_ID} />);
    expect(await deliveryRows()).toHaveLength(DELIVERIES_SHOWN);
  });
});
