import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, setNavigator } from '@roconnect/shared-lib';
import { SEED_SERVERS, failNext, signIn } from '@roconnect/shared-lib/testing';
import { recordRequests } from '../../../testing/recordRequests';
import { notifications, renderWithToasts } from '../../../testing/renderWithToasts';
import { ServerConfig } from '../ServerConfig';
import { setupMockServerOf } from '../../../testing/mockServerOf';

const SERVER_ID = SEED_SERVERS.ownerReady;
const { server, record } = setupMockServerOf(SERVER_ID);
const VERIFIED = '200000000000000011';
const MODERATORS = '200000000000000012';
const navigateTo = jest.fn();

beforeEach(() => setNavigator(navigateTo));
afterEach(() => {
  setNavigator(null);
  navigateTo.mockReset();
});

/** Opens the Restrictions section (`rules`), or the Bypass roles one. */
async function renderRules(section: 'rules' | 'bypass' = 'rules', { cached = false } = {}) {
  signIn();
  renderWithToasts(<ServerConfig serverId={SERVER_ID} section={section} />);
  if (!cached) expect(screen.getByText('Loading server configuration...')).toBeInTheDocument();
  await screen.findByRole('heading', { level: 1, name: 'Demo Builders Club' });
  return userEvent.setup();
}
const region = (name: string) => screen.getByRole('region', { name });

describe('Bypass roles and Restrictions', () => {
  it('shows the two sections with the saved values', async () => {
    Object.assign(record(), {
      nickname_bypass_role_ids: [MODERATORS],
      role_bypass_role_ids: [],
      restrictions: {
        min_account_age_days: 30,
        blocked_roblox_user_ids: ['11', '12'],
        blocked_group_ids: [],
        required_group_ids: [],
        ban_evasion: 'flag',
        action: 'kick',
      },
    });
    await renderRules('bypass');
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Bypass roles']);
    const keepNickname = within(region('Bypass roles')).getByRole('group', {
      name: 'Keep their nickname',
    });
    expect(within(keepNickname).getByRole('checkbox', { name: 'Moderators' })).toBeChecked();
    expect(within(keepNickname).getByRole('checkbox', { name: 'Verified' })).not.toBeChecked();
    expect(within(keepNickname).queryByRole('checkbox', { name: '@everyone' })).toBeNull();
    cleanup();
    await renderRules('rules', { cached: true });
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Restrictions']);
    const restrictions = region('Restrictions');
    expect(within(restrictions).getByRole('textbox', { name: /account age/ })).toHaveValue('30');
    expect(
      within(restrictions).getByRole('textbox', { name: 'Blocked Roblox user IDs' }),
    ).toHaveValue('11\n12');
    const kick = within(restrictions).getByRole('radio', { name: /Kick/ });
    expect(kick).toBeChecked();
    expect(kick).toHaveAccessibleDescription(
      /removed from the server.*Never applied to server managers/,
    );
  });

  it('saves both bypass lists', async () => {
    const bodies = recordRequests(server, 'put', API_PATHS.editBypassRoles(SERVER_ID));
    const user = await renderRules('bypass');
    const section = region('Bypass roles');
    await user.click(
      within(within(section).getByRole('group', { name: 'Keep their nickname' })).getByRole(
        'checkbox',
        { name: 'Moderators' },
      ),
    );
    await user.click(
      within(within(section).getByRole('group', { name: 'Keep their roles' })).getByRole(
        'checkbox',
        { name: 'Verified' },
      ),
    );
    await user.click(within(section).getByRole('button', { name: 'Save Bypass Roles' }));
    expect(await notifications().findByText('Bypass roles saved')).toBeInTheDocument();
    expect(bodies).toEqual([
      { nickname_bypass_role_ids: [MODERATORS], role_bypass_role_ids: [VERIFIED] },
    ]);
  });

  it('checks the restrictions before sending, then saves them', async () => {
    const bodies = recordRequests(server, 'put', API_PATHS.editRestrictions(SERVER_ID));
    const user = await renderRules();
    const section = region('Restrictions');
    const age = within(section).getByRole('textbox', { name: /account age/ });
    const users = within(section).getByRole('textbox', { name: 'Blocked Roblox user IDs' });
    const groups = within(section).getByRole('textbox', { name: 'Blocked Roblox group IDs' });
    await user.type(age, 'ten');
    await user.type(users, '42, someone');
    await user.click(within(section).getByRole('button', { name: 'Save Restrictions' }));
    expect(age).toHaveAccessibleDescription(/whole number of days from 0 to 3650/);
    expect(users).toHaveAccessibleDescription(/“someone” is not a Roblox user ID/);
    expect(bodies).toEqual([]);

    await user.clear(age);
    await user.type(age, '14');
    await user.clear(users);
    await user.type(users, '42\n43 42');
    await user.type(groups, '5000001');
    await user.click(within(section).getByRole('radio', { name: /Ban/ }));
    await user.click(within(section).getByRole('button', { name: 'Save Restrictions' }));
    expect(await notifications().findByText('Restrictions saved')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        min_account_age_days: 14,
        blocked_roblox_user_ids: ['42', '43'],
        blocked_group_ids: ['5000001'],
        required_group_ids: [],
        ban_evasion: 'flag',
        action: 'ban',
      },
    ]);
  });

  it('shows the API’s refusal of the restrictions', async () => {
    server.use(
      failNext(
        'put',
        API_PATHS.editRestrictions(SERVER_ID),
        400,
        'The bot needs Ban Members to ban.',
      ),
    );
    const user = await renderRules();
    const section = region('Restrictions');
    await user.click(within(section).getByRole('radio', { name: /Ban/ }));
    await user.click(within(section).getByRole('button', { name: 'Save Restrictions' }));
    expect(
      await within(section).findByText('The bot needs Ban Members to ban.'),
    ).toBeInTheDocument();
  });

  it('says so and goes to the dashboard when the server cannot be loaded', async () => {
    server.use(failNext('get', API_PATHS.serverEdit(SERVER_ID), 500));
    signIn();
    renderWithToasts(<ServerConfig serverId={SERVER_ID} section="rules" />);
    expect(
      await notifications().findByText('Failed to load server configuration'),
    ).toBeInTheDocument();
    expect(navigateTo).toHaveBeenCalledWith('/dashboard?tab=servers', expect.anything());
  });
});
