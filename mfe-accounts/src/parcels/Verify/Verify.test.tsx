import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API_PATHS, VERIFY_SUCCESS_REDIRECT_MS, type VerifyResult } from '@roconnect/shared-lib';
import {
  SEED_ACCOUNTS,
  SEED_SERVERS,
  failNext,
  networkErrorNext,
  renderWithProviders,
  setupRemoteTest,
  toastMessages,
  verifyResult,
} from '@roconnect/shared-lib/testing';
import { Verify } from './Verify';

const { server, db, navigate } = setupRemoteTest({ signedIn: true });

function renderVerify(query: Record<string, string> = {}) {
  return renderWithProviders(<Verify query={query} />);
}

const accountRadio = (name: string) => screen.getByRole('radio', { name });

/** Runs a test on fake timers that also follow the real clock (the page's 3 s redirect). */
function withFakeTimers(test: () => Promise<void>) {
  return async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      await test();
    } finally {
      jest.useRealTimers();
    }
  };
}

/** The success screen goes back to the Accounts tab by itself, not a moment before the delay. */
function expectBackToAccountsAfterTheDelay() {
  navigate.mockClear();
  act(() => jest.advanceTimersByTime(VERIFY_SUCCESS_REDIRECT_MS - 50));
  expect(navigate).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(50));
  expect(navigate).toHaveBeenCalledWith('/dashboard?tab=accounts', {});
}

/** The page stays, long after the delay, for the member to read it. */
function expectToStay() {
  navigate.mockClear();
  act(() => jest.advanceTimersByTime(VERIFY_SUCCESS_REDIRECT_MS * 10));
  expect(navigate).not.toHaveBeenCalled();
}

/** The API's answer to Verify & Update: roles and nickname set, a DM sent, but what `data` says. */
const verifyAnswer = (data: Partial<VerifyResult>) =>
  http.post(`*${API_PATHS.verifyInServer}`, () =>
    HttpResponse.json({ success: true, data: verifyResult(data) }),
  );
const serverGroup = () => screen.getByRole('group', { name: 'Choose a server' });

describe('Verify page load', () => {
  it('refreshes the session and syncs the servers before loading accounts and eligible servers', async () => {
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) =>
      calls.push(`${request.method} ${new URL(request.url).pathname}`),
    );
    renderVerify();
    expect(screen.getByRole('heading', { level: 1, name: 'Verify & Update' })).toBeInTheDocument();
    expect(screen.getByText('Loading verification data...')).toBeInTheDocument();
    await screen.findByRole('radio', { name: 'DemoBuilder' });
    server.events.removeAllListeners();
    expect(calls.slice(0, 2)).toEqual([
      `POST ${API_PATHS.refresh}`,
      `POST ${API_PATHS.syncServers}`,
    ]);
    expect(calls.slice(2).sort()).toEqual(
      [`GET ${API_PATHS.linkedAccounts}`, `GET ${API_PATHS.verificationServers}`].sort(),
    );
  });

  it('ignores a failed refresh and a failed sync', async () => {
    server.use(
      failNext('post', API_PATHS.refresh, 401),
      failNext('post', API_PATHS.syncServers, 502),
    );
    renderVerify();
    expect(await screen.findByRole('radio', { name: 'DemoBuilder' })).toBeInTheDocument();
    expect(toastMessages()).toEqual([]);
  });

  it('shows the load failure (toast and error state) and Try Again loads again', async () => {
    server.use(failNext('get', API_PATHS.verificationServers, 500));
    renderVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load verification data.');
    expect(toastMessages()).toEqual(['error: Failed to load verification data.']);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('radio', { name: 'DemoBuilder' })).toBeInTheDocument();
  });

  it("is a full page with its level-one heading, in the shell's main (none of its own), and a way back to the dashboard", async () => {
    renderVerify();
    expect(screen.getByRole('heading', { level: 1, name: 'Verify & Update' })).toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(navigate).toHaveBeenCalledWith('/dashboard?tab=accounts', {});
  });

  it('says nothing when a signed-out visit is sent to /login by the 401', async () => {
    localStorage.clear();
    server.use(failNext('get', API_PATHS.linkedAccounts, 401));
    renderVerify();
    // the parcel gives up on the load (its error state) but raises no toast for /login to show
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load verification data.');
    expect(toastMessages()).toEqual([]);
  });
});

describe('choosing an account and a server', () => {
  it('asks to select an account first; choosing one reveals the servers; choosing a server reveals the button', async () => {
    renderVerify();
    await screen.findByRole('radio', { name: 'DemoBuilder' });
    expect(screen.getByRole('heading', { name: 'Select an Account' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Choose a server' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify & Update' })).not.toBeInTheDocument();

    await userEvent.click(accountRadio('DemoAlt'));
    expect(screen.queryByRole('heading', { name: 'Select an Account' })).not.toBeInTheDocument();
    const servers = within(serverGroup())
      .getAllByRole('radio')
      .map((radio) => radio.getAttribute('value'));
    // only servers with the bot set up where the user is a member
    expect(servers.sort()).toEqual([SEED_SERVERS.ownerReady, SEED_SERVERS.memberWithBot].sort());
    expect(screen.queryByRole('button', { name: 'Verify & Update' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Tycoon Fans' }));
    expect(screen.getByRole('button', { name: 'Verify & Update' })).toBeEnabled();
  });

  it('preselects the account given in the query (from the dashboard)', async () => {
    renderVerify({ account_id: SEED_ACCOUNTS.pending });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'DemoAlt' })).toBeChecked());
    expect(serverGroup()).toBeInTheDocument();
  });

  it('preselects the server of a shared verify link', async () => {
    renderVerify({ server_id: SEED_SERVERS.memberWithBot });
    await userEvent.click(await screen.findByRole('radio', { name: 'DemoAlt' }));
    expect(screen.getByRole('radio', { name: 'Tycoon Fans' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Verify & Update' })).toBeEnabled();
  });

  it('says so when the shared link’s server is not one the user can verify in', async () => {
    renderVerify({ server_id: SEED_SERVERS.managerNoBot });
    expect(
      await screen.findByText("This verify link's server isn't available to you"),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'DemoAlt' }));
    expect(screen.getByRole('radio', { name: 'Tycoon Fans' })).not.toBeChecked();
  });

  it('ignores an account id in the query that is not one of the user’s', async () => {
    renderVerify({ account_id: SEED_ACCOUNTS.otherUsers });
    await screen.findByRole('radio', { name: 'DemoBuilder' });
    expect(screen.getByRole('heading', { name: 'Select an Account' })).toBeInTheDocument();
  });

  it('shows No Eligible Servers with advice when no server qualifies', async () => {
    db.servers.forEach((s) => {
      s.bot_added = false;
    });
    renderVerify({ account_id: SEED_ACCOUNTS.pending });
    expect(await screen.findByRole('heading', { name: 'No Eligible Servers' })).toBeInTheDocument();
    expect(
      screen.getByText(
        /Join a Discord server that has the RoConnect bot set up, or invite the bot/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify & Update' })).not.toBeInTheDocument();
  });

  it('says there is nothing to verify when no account is linked', async () => {
    db.linkedAccounts = [];
    renderVerify();
    expect(await screen.findByRole('heading', { name: 'No Linked Accounts' })).toBeInTheDocument();
  });
});

describe('verifying', () => {
  async function chooseAndVerify(serverName: string) {
    await userEvent.click(await screen.findByRole('radio', { name: serverName }));
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Update' }));
  }

  it(
    'shows Processing..., then the success screen with what the API did, and goes to the Accounts tab after 3 s',
    withFakeTimers(async () => {
      // the mock API answers at once: hold its answer until Processing... has been seen, then let
      // the request go on to the mock's own handler (a resolver that returns nothing passes it on)
      let answer = () => {};
      const held = new Promise<void>((resolve) => (answer = resolve));
      server.use(
        http.post(`*${API_PATHS.verifyInServer}`, async () => {
          await held;
        }),
      );
      renderVerify({ account_id: SEED_ACCOUNTS.pending });
      await userEvent.click(await screen.findByRole('radio', { name: 'Tycoon Fans' }));
      const pressed = userEvent.click(screen.getByRole('button', { name: 'Verify & Update' }));
      expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
      answer();
      await pressed;

      const title = await screen.findByRole('heading', {
        level: 1,
        name: 'Verification Successful!',
      });
      expect(title).toHaveFocus();
      expect(toastMessages()).toEqual(['success: Verification triggered! Check your DMs.']);
      const outcome = (term: string) =>
        screen.getByText(term, { selector: 'dt' }).nextElementSibling;
      expect(outcome('Roles updated')).toHaveTextContent('Yes (added Verified)');
      expect(outcome('Nickname updated')).toHaveTextContent('Yes (DemoAlt)');
      expect(outcome('DM sent')).toHaveTextContent('Yes');
      expect(db.linkedAccounts.find((a) => a.id === SEED_ACCOUNTS.pending)!.verified).toBe(true);

      expectBackToAccountsAfterTheDelay();
    }),
  );

  it(
    'shows the warnings the API returns and stays until the user continues',
    withFakeTimers(async () => {
      renderVerify({ account_id: SEED_ACCOUNTS.pending });
      await chooseAndVerify('Demo Builders Club');
      await screen.findByRole('heading', { name: 'Verification Successful!' });
      expect(
        screen.getByText('Nickname updated', { selector: 'dt' }).nextElementSibling,
      ).toHaveTextContent('No');
      expect(
        screen.getByText("Discord doesn't let bots change the server owner's nickname."),
      ).toBeInTheDocument();
      expect(screen.queryByText(/Returning to the dashboard/)).not.toBeInTheDocument();

      expectToStay();
      await userEvent.click(screen.getByRole('button', { name: 'Continue to Dashboard' }));
      expect(navigate).toHaveBeenCalledWith('/dashboard?tab=accounts', {});
    }),
  );

  /** Tycoon Fans binds VIP and Double Coins: the demo account owns VIP only. */
  function bindTwoGamePasses() {
    const tycoon = db.servers.find((s) => s.server_id === SEED_SERVERS.memberWithBot)!;
    const [first, second] = tycoon.roles.filter((r) => r.name !== '@everyone');
    tycoon.binds = [
      { kind: 'gamepass', item_id: '9100001', role_id: first!.id, nickname: null, priority: 0 },
      { kind: 'gamepass', item_id: '9100002', role_id: second!.id, nickname: null, priority: 0 },
    ];
    return second!.name;
  }

  const disclosure = () => screen.getByRole('button', { name: 'Why not these roles?' });

  it(
    'names the bound roles not given, keeps why behind "Why not these roles?", and still goes back after 3 s',
    withFakeTimers(async () => {
      const notOwned = bindTwoGamePasses();
      renderVerify({ account_id: SEED_ACCOUNTS.verified });
      await chooseAndVerify('Tycoon Fans');
      await screen.findByRole('heading', { name: 'Verification Successful!' });
      expect(
        screen.getByText('Roles not given', { selector: 'dt' }).nextElementSibling,
      ).toHaveTextContent(notOwned);
      expect(disclosure()).toHaveAttribute('aria-expanded', 'false');
      // closed: the reasons are in the page but neither shown nor read out
      expect(
        screen.queryByRole('region', { name: 'Roles you did not get' }),
      ).not.toBeInTheDocument();
      expect(screen.getByText(/the game pass Double Coins is not owned/)).not.toBeVisible();
      expect(screen.getByText('Returning to the dashboard in 3 seconds...')).toBeInTheDocument();

      expectBackToAccountsAfterTheDelay();
    }),
  );

  it(
    'opening "Why not these roles?" (by keyboard) shows each role with why and stops the redirect',
    withFakeTimers(async () => {
      const notOwned = bindTwoGamePasses();
      renderVerify({ account_id: SEED_ACCOUNTS.verified });
      await chooseAndVerify('Tycoon Fans');
      await screen.findByRole('heading', { name: 'Verification Successful!' });
      navigate.mockClear();
      act(() => jest.advanceTimersByTime(VERIFY_SUCCESS_REDIRECT_MS / 2));

      // the title has the focus: the disclosure is the next stop
      await userEvent.tab();
      expect(disclosure()).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      expect(disclosure()).toHaveAttribute('aria-expanded', 'true');
      const reasons = screen.getByRole('region', { name: 'Roles you did not get' });
      expect(disclosure()).toHaveAttribute('aria-controls', reasons.id);
      expect(
        within(reasons)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([`${notOwned}: the game pass Double Coins is not owned`]);
      expect(screen.queryByText(/Returning to the dashboard/)).not.toBeInTheDocument();

      act(() => jest.advanceTimersByTime(VERIFY_SUCCESS_REDIRECT_MS * 10));
      expect(navigate).not.toHaveBeenCalled();

      // closing it again does not send the member away while they read the page
      await userEvent.keyboard(' ');
      expect(disclosure()).toHaveAttribute('aria-expanded', 'false');
      act(() => jest.advanceTimersByTime(VERIFY_SUCCESS_REDIRECT_MS * 10));
      expect(navigate).not.toHaveBeenCalled();
      await userEvent.click(screen.getByRole('button', { name: 'Continue to Dashboard' }));
      expect(navigate).toHaveBeenCalledWith('/dashboard?tab=accounts', {});
    }),
  );

  it(
    'stays for warnings even with roles not given, the reasons still one click away',
    withFakeTimers(async () => {
      bindTwoGamePasses();
      // the server owner's nickname is a warning
      db.servers
        .find((s) => s.server_id === SEED_SERVERS.memberWithBot)!
        .members.forEach((m) => {
          m.owner = true;
        });
      renderVerify({ account_id: SEED_ACCOUNTS.verified });
      await chooseAndVerify('Tycoon Fans');
      await screen.findByRole('heading', { name: 'Verification Successful!' });
      expect(
        screen.getByText("Discord doesn't let bots change the server owner's nickname."),
      ).toBeVisible();
      expect(disclosure()).toHaveAttribute('aria-expanded', 'false');
      expectToStay();
      expect(screen.getByRole('button', { name: 'Continue to Dashboard' })).toBeInTheDocument();
    }),
  );

  it('says to check the DMs only when the bot sent one', async () => {
    server.use(
      verifyAnswer({
        dm_sent: false,
        warnings: ['We could not send you a direct message right now.'],
      }),
    );
    renderVerify({ account_id: SEED_ACCOUNTS.pending });
    await chooseAndVerify('Tycoon Fans');
    await screen.findByRole('heading', { name: 'Verification Successful!' });
    expect(screen.getByText('DM sent', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'No',
    );
    expect(screen.getByText('We could not send you a direct message right now.')).toBeVisible();
    expect(toastMessages()).toEqual([]);
  });

  it('shows the server’s message when the verify fails', async () => {
    server.use(
      failNext(
        'post',
        API_PATHS.verifyInServer,
        502,
        'Discord refused to change the role "Verified".',
      ),
    );
    renderVerify({ account_id: SEED_ACCOUNTS.pending });
    await chooseAndVerify('Tycoon Fans');
    const message = 'Verification failed: Discord refused to change the role "Verified".';
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(toastMessages()).toEqual([`error: ${message}`]);
    expect(screen.getByRole('button', { name: 'Verify & Update' })).toBeEnabled();
    expect(
      screen.queryByRole('heading', { name: 'Verification Successful!' }),
    ).not.toBeInTheDocument();
  });

  it('shows the error’s own message when there is no response', async () => {
    server.use(networkErrorNext('post', API_PATHS.verifyInServer));
    renderVerify({ account_id: SEED_ACCOUNTS.pending });
    await chooseAndVerify('Tycoon Fans');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verification failed: Network Error',
    );
  });
});

describe('a member a restriction caught', () => {
  async function verifyInTycoonFans() {
    renderVerify({ account_id: SEED_ACCOUNTS.pending });
    await userEvent.click(await screen.findByRole('radio', { name: 'Tycoon Fans' }));
    await userEvent.click(screen.getByRole('button', { name: 'Verify & Update' }));
  }

  it(
    'is told they cannot get roles there and why: no success, no DM toast, no redirect',
    withFakeTimers(async () => {
      const tycoon = db.servers.find((s) => s.server_id === SEED_SERVERS.memberWithBot)!;
      tycoon.restrictions = {
        min_account_age_days: null,
        blocked_roblox_user_ids: ['3000002'],
        blocked_group_ids: [],
        required_group_ids: [],
        ban_evasion: 'flag',
        action: 'deny',
      };
      await verifyInTycoonFans();
      const title = await screen.findByRole('heading', {
        level: 1,
        name: 'You cannot get roles in Tycoon Fans',
      });
      expect(title).toHaveFocus();
      expect(screen.getByText('Why: this Roblox account is blocked in this server.')).toBeVisible();
      // the API's own wording of it as a warning is not said a second time
      expect(screen.queryByText(/You cannot verify in/)).not.toBeInTheDocument();
      expect(screen.queryByText('Verification Successful!')).not.toBeInTheDocument();
      expect(
        screen.queryByRole('button', { name: 'Why not these roles?' }),
      ).not.toBeInTheDocument();
      // the mock's bot sent its DM (saying why), yet the page does not tell them to go read it
      expect(toastMessages()).toEqual([]);

      expectToStay();
      await userEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
      expect(navigate).toHaveBeenCalledWith('/dashboard?tab=accounts', {});
    }),
  );

  const reason = 'the Roblox account is 3 days old; this server needs 30';
  const answer = (warnings: string[], action: 'deny' | 'kick' | 'ban' = 'deny') =>
    verifyAnswer({
      nickname_updated: false,
      roles_added: [],
      roles_removed: ['Verified'],
      nickname: null,
      warnings: [`You cannot verify in Tycoon Fans: ${reason}.`, ...warnings],
      not_given: [{ role_id: '200000000000000021', role_name: 'VIP', reason }],
      restricted: reason,
      restriction_action: action,
    });

  it.each([
    ['kicked', 'kick', 'You were removed from Tycoon Fans'],
    ['banned', 'ban', 'You were banned from Tycoon Fans'],
  ] as const)('is told when they were %s, and why', async (done, action, heading) => {
    server.use(answer([`This member was ${done} from the server: ${reason}.`], action));
    await verifyInTycoonFans();
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toHaveFocus();
    expect(screen.getByText(`You cannot get roles there. Why: ${reason}.`)).toBeVisible();
    expect(screen.getByText('Roles removed: Verified.')).toBeVisible();
    expect(screen.queryByText(/This member was/)).not.toBeInTheDocument();
    expect(screen.queryByText('Verification Successful!')).not.toBeInTheDocument();
    expect(toastMessages()).toEqual([]);
  });

  it('is only denied when Discord refused the kick, and is told that as a note', async () => {
    const refused =
      'Discord refused to kick this member, so they were only denied roles: Missing Permissions';
    server.use(answer([refused]));
    await verifyInTycoonFans();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You cannot get roles in Tycoon Fans' }),
    ).toBeInTheDocument();
    expect(screen.getByText(`Why: ${reason}.`)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(`Please note${refused}`);
  });
});
