import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API_PATHS, memberUpdatesApi } from '@roconnect/shared-lib';
import { SEED_SERVERS, setupMockServer, signIn } from '@roconnect/shared-lib/testing';
import { recordRequests } from '../../testing/recordRequests';
import { renderWithToasts as render } from '../../testing/renderWithToasts';
import { MemberUpdateSection } from './MemberUpdateSection';
import { secondsLeft, timeLeftText } from './timeLeft';
import { textsOf } from '../../testing/textsOf';

const { server, db } = setupMockServer();
const SERVER_ID = SEED_SERVERS.ownerReady;
const memberCount = () => db.servers.find((s) => s.server_id === SERVER_ID)!.members.length;

function renderSection() {
  signIn();
  const user = userEvent.setup();
  const view = render(<MemberUpdateSection serverId={SERVER_ID} pollMs={20} />);
  return { user, ...view };
}

async function confirmUpdate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Update all members' }));
  const dialog = screen.getByRole('dialog', { name: 'Update all members?' });
  await user.click(within(dialog).getByRole('button', { name: 'Update all members' }));
}

describe('Update all members', () => {
  it('asks first; Cancel in the dialog starts nothing', async () => {
    const posts = recordRequests(server, 'post', API_PATHS.membersUpdate(SERVER_ID));
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Update all members' }));
    const dialog = screen.getByRole('dialog', { name: 'Update all members?' });
    expect(dialog).toHaveTextContent('re-apply the roles and nickname of every member');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('shows a live progress bar, then the summary', async () => {
    const record = db.servers.find((s) => s.server_id === SERVER_ID)!;
    for (let i = 0; i < 5; i++) record.members.push({ ...record.members[0]!, user_id: `9${i}` });
    const { user } = renderSection();
    await confirmUpdate(user);
    const bar = await screen.findByRole('progressbar', { name: 'Member update progress' });
    expect(bar).toHaveAttribute('aria-valuemax', String(memberCount()));
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(1));
    expect(screen.getByRole('button', { name: 'Cancel update' })).toBeInTheDocument();
    const summary = await screen.findByRole('status');
    expect(summary).toHaveTextContent('Update finished');
    expect(summary).toHaveTextContent(`${memberCount()} members updated.`);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update all members' })).toBeEnabled();
  });

  it('shows a run that is still going after a reload, and cancels it', async () => {
    signIn();
    const { job_id: jobId } = await memberUpdatesApi.start(SERVER_ID);
    const user = userEvent.setup();
    // a slow poll: the run stays on screen while it is cancelled
    render(<MemberUpdateSection serverId={SERVER_ID} pollMs={60_000} />);
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel update' }));
    expect(await screen.findByText('Update cancelled')).toBeInTheDocument();
    expect((await memberUpdatesApi.job(SERVER_ID, jobId)).status).toBe('cancelled');
  });

  it('counts failures in the progress and the summary', async () => {
    server.use(
      http.get(
        `*${API_PATHS.membersUpdateJob(SERVER_ID, ':jobId').replace('%3A', ':')}`,
        ({ params }) =>
          HttpResponse.json({
            success: true,
            data: {
              job_id: params.jobId,
              status: 'done',
              total: 10,
              done: 8,
              failed: 2,
              started_at: '2026-01-01T00:00:00.000Z',
              finished_at: '2026-01-01T00:00:05.000Z',
            },
          }),
      ),
    );
    const { user } = renderSection();
    await confirmUpdate(user);
    expect(await screen.findByRole('status')).toHaveTextContent('8 members updated, 2 failed.');
  });

  it('says why it cannot start', async () => {
    server.use(
      http.post(`*${API_PATHS.membersUpdate(SERVER_ID)}`, () =>
        HttpResponse.json(
          {
            success: false,
            error: 'setup_incomplete',
            message: 'The bot setup of this server is not complete yet.',
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderSection();
    await confirmUpdate(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The bot setup of this server is not complete yet.',
    );
  });
});

describe('time left', () => {
  it('estimates from the pace since the first reading', () => {
    expect(secondsLeft({ at: 0, handled: 0 }, { at: 0, handled: 0 }, 100)).toBeNull();
    expect(secondsLeft({ at: 0, handled: 0 }, { at: 10_000, handled: 20 }, 100)).toBe(40);
    expect(timeLeftText(null)).toBe('Estimating time left...');
    expect(timeLeftText(40)).toBe('About 40 seconds left');
    expect(timeLeftText(1)).toBe('About 1 second left');
    expect(timeLeftText(150)).toBe('About 3 minutes left');
  });
});

describe('Update all members: the preview before Start', () => {
  it('shows per role how many members would gain and lose it, and starts nothing', async () => {
    const record = db.servers.find((s) => s.server_id === SERVER_ID)!;
    const verified = record.roles.find((r) => r.name === 'Verified')!;
    // the demo member verified here holds Verified, but does not own the Double Coins pass
    db.linkedAccounts[0]!.verified_in.push({
      server_id: SERVER_ID,
      server_name: record.server_name,
      verified_at: '2025-08-02T10:05:00.000Z',
    });
    record.member_roles[db.linkedAccounts[0]!.owner_id] = [verified.id];
    record.binds = [
      { kind: 'gamepass', item_id: '9100002', role_id: verified.id, nickname: null, priority: 0 },
    ];
    const posts = recordRequests(server, 'post', API_PATHS.membersUpdate(SERVER_ID));
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Update all members' }));
    const dialog = screen.getByRole('dialog', { name: 'Update all members?' });
    const preview = await within(dialog).findByRole('region', {
      name: 'Roles this update would change',
    });
    expect(preview).toHaveTextContent('Over 1 verified member');
    const row = await within(preview).findByRole('row', { name: /^Verified/ });
    expect(textsOf(row, 'cell')).toEqual(['0', '1', '0', '0']);
    expect(posts).toEqual([]);
  });

  it('says so when there are no binds to preview', async () => {
    db.servers.find((s) => s.server_id === SERVER_ID)!.binds = [];
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Update all members' }));
    const dialog = screen.getByRole('dialog', { name: 'Update all members?' });
    expect(await within(dialog).findByText(/No binds yet/)).toBeInTheDocument();
  });
});

describe('Update by role', () => {
  it('updates only the members with the chosen role, and says so while it runs', async () => {
    const record = db.servers.find((s) => s.server_id === SERVER_ID)!;
    const role = record.roles.find((r) => r.name !== '@everyone')!;
    const posts = recordRequests(server, 'post', API_PATHS.membersUpdate(SERVER_ID));
    signIn();
    const user = userEvent.setup();
    render(
      <MemberUpdateSection
        serverId={SERVER_ID}
        pollMs={5000}
        roles={[{ ...role, assignable: true }]}
      />,
    );
    await user.selectOptions(
      await screen.findByLabelText('Members to update'),
      `Members with ${role.name}`,
    );
    const label = `Update members with ${role.name}`;
    await user.click(screen.getByRole('button', { name: label }));
    const dialog = screen.getByRole('dialog', { name: `${label}?` });
    await user.click(within(dialog).getByRole('button', { name: label }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts).toEqual([{ role_id: role.id }]);
    expect(
      await screen.findByText(`Members with ${role.name}`, { selector: 'p' }),
    ).toBeInTheDocument();
  });
});
