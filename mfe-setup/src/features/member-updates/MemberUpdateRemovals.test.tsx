/**
 * Update all members past its share of kicks and bans: the run waits for the server's owner
 * (docs/security.md, "kick and ban through the bot"), the page says so, and only the owner gets
 * the button that lets it go on.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { memberUpdatesApi } from '@roconnect/shared-lib';
import { DEMO_USER, SEED_SERVERS, setupMockServer, signIn } from '@roconnect/shared-lib/testing';
import { renderWithToasts as render } from '../../testing/renderWithToasts';
import { MemberUpdateSection } from './MemberUpdateSection';

const { server, db } = setupMockServer();
const afterEachTest: (() => void)[] = [];
afterEach(() => afterEachTest.splice(0).forEach((undo) => undo()));
const SERVER_ID = SEED_SERVERS.ownerReady;
const CONFIRM = `/api/v1/server/${SERVER_ID}/members/update/:jobId/confirm-removals`;

/**
 * Ten members whose linked Roblox accounts the server blocks, with kick: the mock's run may
 * remove 3 of its 11 members unasked (at least 3), and holds the other 7 back for the owner.
 */
function restrictMostMembers() {
  const record = db.servers.find((s) => s.server_id === SERVER_ID)!;
  const template = db.linkedAccounts[0]!;
  const blocked: string[] = [];
  for (let i = 0; i < 10; i++) {
    const userId = `30000000000000000${i}`;
    record.members.push({ user_id: userId, owner: false, can_manage: false });
    db.linkedAccounts.push({ ...template, id: `acc-${i}`, owner_id: userId, roblox_id: `88${i}` });
    blocked.push(`88${i}`);
  }
  record.restrictions = {
    min_account_age_days: null,
    blocked_roblox_user_ids: blocked,
    blocked_group_ids: [],
    required_group_ids: [],
    ban_evasion: 'flag',
    action: 'kick',
  };
  return record;
}

/** Starts a run and reads it until it waits for the owner, as another tab would have. */
async function runUntilWaiting(): Promise<string> {
  signIn();
  const { job_id: jobId } = await memberUpdatesApi.start(SERVER_ID);
  for (let i = 0; i < 50; i++)
    if ((await memberUpdatesApi.job(SERVER_ID, jobId)).status === 'waiting_for_owner') return jobId;
  throw new Error('the run never waited for the owner');
}

function renderSection() {
  signIn();
  const user = userEvent.setup();
  render(<MemberUpdateSection serverId={SERVER_ID} pollMs={20} />);
  return user;
}

describe('Update all members waiting for the server owner', () => {
  it('tells the owner how many it would remove; once allowed, it goes on and finishes', async () => {
    restrictMostMembers();
    const confirms: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      if (request.method === 'POST' && request.url.endsWith('/confirm-removals'))
        confirms.push(request.url);
    };
    server.events.on('request:start', listener);
    afterEachTest.push(() => server.events.removeListener('request:start', listener));
    await runUntilWaiting();
    const user = renderSection();

    const waiting = await screen.findByRole('status');
    expect(waiting).toHaveTextContent('Waiting for the server owner');
    expect(waiting).toHaveTextContent(
      'This run would remove 7 members. Only the server owner can allow it.',
    );
    expect(waiting).toHaveTextContent('Every other member is updated.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update all members' })).not.toBeInTheDocument();

    // asked once more before anyone is removed; Cancel there allows nothing
    await user.click(screen.getByRole('button', { name: 'Allow removals' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove 7 members?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(confirms).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Allow removals' }));
    dialog = screen.getByRole('dialog', { name: 'Remove 7 members?' });
    expect(dialog).toHaveTextContent('RoConnect will kick or ban the 7 members');
    await user.click(within(dialog).getByRole('button', { name: 'Remove 7 members' }));

    const summary = await screen.findByText('Update finished');
    expect(summary).toBeInTheDocument();
    expect(confirms).toHaveLength(1);
    expect(screen.queryByText('Waiting for the server owner')).not.toBeInTheDocument();
    expect(
      db.audit.filter((e) => e.kind === 'setting_change' && e.setting === 'restrictions'),
    ).toEqual([
      expect.objectContaining({
        after: expect.stringContaining('the owner allowed 7 members to be kicked or banned'),
      }),
    ]);
  });

  it('gives a manager who is not the owner no button, only what to do', async () => {
    const record = restrictMostMembers();
    const jobId = await runUntilWaiting();
    // the demo user manages the server but no longer owns it
    record.members.find((m) => m.user_id === DEMO_USER.id)!.owner = false;
    const user = renderSection();

    const waiting = await screen.findByRole('status');
    expect(waiting).toHaveTextContent(
      'This run would remove 7 members. Only the server owner can allow it.',
    );
    expect(waiting).toHaveTextContent(
      'Ask the server owner to open this page, or cancel the update.',
    );
    expect(screen.queryByRole('button', { name: 'Allow removals' })).not.toBeInTheDocument();
    // the API refuses them all the same
    await expect(memberUpdatesApi.confirmRemovals(SERVER_ID, jobId)).rejects.toMatchObject({
      response: { status: 403, data: { error: 'owner_only' } },
    });

    // cancelling is every manager's: the run ends, nobody else is removed
    await user.click(screen.getByRole('button', { name: 'Cancel update' }));
    expect(await screen.findByText('Update cancelled')).toBeInTheDocument();
    expect((await memberUpdatesApi.job(SERVER_ID, jobId)).status).toBe('cancelled');
  });

  it('says why the removals could not be allowed', async () => {
    restrictMostMembers();
    await runUntilWaiting();
    server.use(
      http.post(`*${CONFIRM}`, () =>
        HttpResponse.json(
          {
            success: false,
            error: 'owner_only',
            message:
              'Only the server owner can allow this update to remove 7 members. Ask the owner to open this page, or cancel the update.',
          },
          { status: 403 },
        ),
      ),
    );
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Allow removals' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove 7 members?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove 7 members' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Only the server owner can allow this update to remove 7 members.',
      ),
    );
    expect(screen.getByText('Waiting for the server owner')).toBeInTheDocument();
  });
});
