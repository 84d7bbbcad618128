import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { API_PATHS } from '@roconnect/shared-lib';
import {
  SEED_GROUP_ID,
  SEED_SERVERS,
  renderWithProviders,
  setupRemoteTest,
} from '@roconnect/shared-lib/testing';
import { ServersTab } from '../../parcels/ServersTab/ServersTab';

const { server: mockServer, db } = setupRemoteTest({ signedIn: true });

const card = (name: string) =>
  within(screen.getByRole('heading', { level: 3, name }).closest('li')!);

/** The health calls the tab makes, by server id. */
function recordHealthCalls(): string[] {
  const ids: string[] = [];
  mockServer.use(
    http.get('*/api/v1/server/:id/health', ({ params }) => {
      ids.push(String(params.id));
      return undefined;
    }),
  );
  return ids;
}

describe('Needs attention badge', () => {
  it('marks a ready server whose bot sits below a bound role, and only that one', async () => {
    const ready = db.servers.find((s) => s.server_id === SEED_SERVERS.ownerReady)!;
    ready.binds = [
      { group_id: SEED_GROUP_ID, min_rank: 1, max_rank: 1, role_id: '200000000000000012' },
    ];
    const calls = recordHealthCalls();
    renderWithProviders(<ServersTab />);
    await screen.findByRole('heading', { level: 3, name: 'Demo Builders Club' });
    const badge = await card('Demo Builders Club').findByRole('note', {
      name: /^Needs attention: The RoConnect role sits below "Moderators"/,
    });
    expect(badge).toHaveTextContent('Needs attention');
    expect(card('Demo Racing League').queryByText('Needs attention')).not.toBeInTheDocument();
    // setup incomplete and no-bot servers are never checked
    expect(calls).toEqual([SEED_SERVERS.ownerReady]);
  });

  it('shows no badge when the check finds nothing', async () => {
    const calls = recordHealthCalls();
    renderWithProviders(<ServersTab />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await screen.findAllByText('Bot Added');
    expect(screen.queryByText('Needs attention')).not.toBeInTheDocument();
  });

  it('stays quiet when the health check fails', async () => {
    mockServer.use(
      http.get(`*${API_PATHS.serverHealth(SEED_SERVERS.ownerReady)}`, () =>
        Response.json({ success: false, error: 'discord_error', message: 'x' }, { status: 502 }),
      ),
    );
    renderWithProviders(<ServersTab />);
    await screen.findAllByText('Bot Added');
    expect(screen.queryByText('Needs attention')).not.toBeInTheDocument();
  });
});
