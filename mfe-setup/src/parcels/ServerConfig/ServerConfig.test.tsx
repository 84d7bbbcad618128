import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API_PATHS, setNavigator, type ServerConsoleSection } from '@roconnect/shared-lib';
import { SEED_GROUP_ID, SEED_SERVERS, failNext, signIn } from '@roconnect/shared-lib/testing';
import { notifications, renderWithToasts } from '../../testing/renderWithToasts';
import { holdRequests, recordRequests } from '../../testing/recordRequests';
import { ServerConfig } from './ServerConfig';
import { EMPTY_GROUP_EDIT_MESSAGE } from './GroupSection';
import { setupMockServerOf } from '../../testing/mockServerOf';
import { textsOf } from '../../testing/textsOf';

const SERVER_ID = SEED_SERVERS.ownerReady;
const { server, record: serverRecord } = setupMockServerOf(SERVER_ID);
const navigateTo = jest.fn();

beforeEach(() => setNavigator(navigateTo));
afterEach(() => {
  setNavigator(null);
  navigateTo.mockReset();
});

/** Opens a section of the console: the nickname and verified role's by default. */
async function renderPage(section: ServerConsoleSection = 'verification') {
  signIn();
  renderWithToasts(<ServerConfig serverId={SERVER_ID} section={section} />);
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1 });
  return user;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('ServerConfig: loading', () => {
  it('opens on the overview: the bot, the verify link and the key settings', async () => {
    signIn();
    renderWithToasts(<ServerConfig serverId={SERVER_ID} />);
    expect(screen.getByText('Loading server configuration...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Demo Builders Club' }),
    ).toBeInTheDocument();
    // a block in the shell's <main> (docs/architecture.md › Pages), not a second main
    expect(screen.queryByRole('main')).toBeNull();
    for (const name of ['Bot health', 'Verify link', 'At a glance']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const glance = section('At a glance');
    expect(within(glance).getByRole('link', { name: 'Roblox username' })).toHaveAttribute(
      'href',
      `/server/edit/${SERVER_ID}/verification`,
    );
    expect(within(glance).getByRole('link', { name: 'Verified' })).toBeInTheDocument();
    expect(within(glance).getByRole('link', { name: 'No group linked' })).toHaveAttribute(
      'href',
      `/server/edit/${SERVER_ID}/group`,
    );
  });

  it("shows the spec's sections with their saved values, each in its section", async () => {
    await renderPage('verification');
    for (const name of ['Nickname Configuration', 'Verified Role Setup']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('radio', { name: 'Roblox username' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Verified role name' })).toHaveValue('Verified');
    expect(screen.getByRole('combobox', { name: 'Existing role' })).toHaveValue(
      '200000000000000011',
    );
    cleanup();
    await renderPage('group');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Group Integration' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Roblox group ID or URL' })).toHaveValue('');
  });

  it('offers only the roles the bot can assign', async () => {
    await renderPage();
    const options = textsOf(screen.getByRole('combobox', { name: 'Existing role' }), 'option');
    expect(options).toEqual(['Use the name (create the role if missing)', 'Verified']);
    expect(
      screen.getByText(/Roles at or above the RoConnect bot's role are not listed/),
    ).toBeInTheDocument();
  });

  it('uses the defaults when fields are missing', async () => {
    server.use(
      http.get(`*${API_PATHS.serverEdit(SERVER_ID)}`, () =>
        HttpResponse.json({ success: true, data: { server_config: {}, roles: [], group: null } }),
      ),
    );
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Unknown Server' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Roblox username' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Verified role name' })).toHaveValue('Verified');
    expect(screen.getByRole('combobox', { name: 'Existing role' })).toHaveValue('');
  });

  it('says so and goes to the Servers tab when the server is refused (not managed)', async () => {
    signIn();
    renderWithToasts(<ServerConfig serverId={SEED_SERVERS.memberWithBot} />);
    expect(
      await notifications().findByText('Failed to load server configuration'),
    ).toBeInTheDocument();
    expect(navigateTo).toHaveBeenCalledWith('/dashboard?tab=servers', {});
    expect(
      screen.getByRole('heading', { name: 'Failed to load server configuration' }),
    ).toBeInTheDocument();
  });

  it('says so and goes to the Servers tab when the data is invalid', async () => {
    server.use(
      http.get(`*${API_PATHS.serverEdit(SERVER_ID)}`, () =>
        HttpResponse.json({ success: true, data: {} }),
      ),
    );
    signIn();
    renderWithToasts(<ServerConfig serverId={SERVER_ID} />);
    expect(
      await notifications().findByText('Failed to load server configuration'),
    ).toBeInTheDocument();
    expect(navigateTo).toHaveBeenCalledWith('/dashboard?tab=servers', {});
  });

  it('raises no toast for /login when a signed-out visit is refused with a 401', async () => {
    localStorage.clear();
    renderWithToasts(<ServerConfig serverId={SERVER_ID} />);
    expect(
      await screen.findByRole('heading', { name: 'Failed to load server configuration' }),
    ).toBeInTheDocument();
    expect(notifications().queryByText('Failed to load server configuration')).toBeNull();
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it("shows the owners' Linked Roles guide beside the group's settings", async () => {
    await renderPage('group');
    const guide = await screen.findByRole('region', { name: 'Linked Roles' });
    expect(within(guide).getByText(/Open its Links tab and choose Add requirement/)).toBeVisible();
  });

  it('shows the overview for a section it does not know', async () => {
    signIn();
    renderWithToasts(<ServerConfig serverId={SERVER_ID} section="no-such-section" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'At a glance' })).toBeVisible();
    expect(screen.getByRole('link', { current: 'page' })).toHaveTextContent('Overview');
  });

  it('shows the section and server the shell hands it next, without remounting', async () => {
    signIn();
    const { rerender } = renderWithToasts(
      <ServerConfig serverId={SERVER_ID} section="verification" />,
    );
    expect(await screen.findByRole('heading', { name: 'Nickname Configuration' })).toBeVisible();
    rerender(<ServerConfig serverId={SERVER_ID} section="group" />);
    expect(screen.getByRole('heading', { name: 'Group Integration' })).toBeVisible();
    expect(screen.getByRole('link', { current: 'page' })).toHaveTextContent('Group');
    rerender(<ServerConfig serverId={SEED_SERVERS.ownerSetupIncomplete} section="group" />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Demo Racing League' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Group Integration' })).toBeVisible();
  });

  it('Back to Dashboard goes to the Servers tab', async () => {
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(navigateTo).toHaveBeenCalledWith('/dashboard?tab=servers', {});
  });
});

describe('ServerConfig: Nickname Configuration', () => {
  it('saves the chosen format', async () => {
    const user = await renderPage();
    await user.click(
      screen.getByRole('radio', { name: 'Discord display name with Roblox username' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save Nickname Format' }));
    expect(
      await notifications().findByText('Nickname format updated successfully!'),
    ).toBeInTheDocument();
    expect(serverRecord().nickname_format).toBe('discord_display_with_roblox');
  });

  const radio = (name: string) => screen.getByRole('radio', { name });
  const templateField = () =>
    within(section('Nickname Configuration')).getByRole('textbox', { name: 'Template' });

  it('shows the format and its template as one: choosing one shows the other', async () => {
    const user = await renderPage();
    expect(radio('Roblox username')).toBeChecked();
    expect(templateField()).toHaveValue('{roblox-name}');
    await user.click(radio('Discord display name with Roblox username'));
    expect(templateField()).toHaveValue('{discord-name} ({roblox-name})');
    expect(templateField()).toHaveAccessibleDescription('For example: Demo User (DemoBuilder)');
    // a template that is no format's is "Your own template"; one that is a format's, that format
    await user.clear(templateField());
    await user.type(templateField(), 'VIP {{roblox-name}');
    expect(radio('Your own template')).toBeChecked();
    expect(radio('Roblox username')).not.toBeChecked();
    await user.clear(templateField());
    await user.type(templateField(), '{{display-name}');
    expect(radio('Roblox display name')).toBeChecked();
    await user.clear(templateField());
    expect(radio('Do not set nicknames')).toBeChecked();
    expect(templateField()).toHaveAccessibleDescription(
      'No nickname is set: members keep their own.',
    );
  });

  it('a template of the server’s own shows as "Your own template", not the old format', async () => {
    Object.assign(serverRecord(), {
      nickname_format: 'discord_display',
      nickname_template: '{roblox-name} [{group-rank}]',
    });
    await renderPage();
    expect(radio('Your own template')).toBeChecked();
    expect(radio('Discord display name')).not.toBeChecked();
    expect(templateField()).toHaveValue('{roblox-name} [{group-rank}]');
    expect(templateField()).toHaveAccessibleDescription('For example: DemoBuilder [Officer]');
  });

  it('saving a format over a template of the server’s own says so first, and it can come back', async () => {
    serverRecord().nickname_template = 'VIP {roblox-name}';
    const bodies = recordRequests(server, 'put', API_PATHS.editNickname(SERVER_ID));
    const user = await renderPage();
    const nickname = section('Nickname Configuration');
    expect(within(nickname).queryByText(/^Saving replaces/)).not.toBeInTheDocument();
    await user.click(radio('Roblox display name'));
    expect(templateField()).toHaveValue('{display-name}');
    expect(
      within(nickname).getByText('Saving replaces your own template “VIP {roblox-name}”.'),
    ).toBeInTheDocument();
    // changed their mind: their template comes back as it was
    await user.click(radio('Your own template'));
    expect(templateField()).toHaveValue('VIP {roblox-name}');
    expect(templateField()).toHaveFocus();
    expect(within(nickname).queryByText(/^Saving replaces/)).not.toBeInTheDocument();
    await user.click(radio('Roblox display name'));
    await user.click(within(nickname).getByRole('button', { name: 'Save Nickname Format' }));
    expect(
      await notifications().findByText('Nickname format updated successfully!'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ nickname_format: 'roblox_display' }]);
    expect(serverRecord()).toMatchObject({
      nickname_format: 'roblox_display',
      nickname_template: null,
    });
    await waitFor(() =>
      expect(within(nickname).queryByText(/^Saving replaces/)).not.toBeInTheDocument(),
    );
  });

  it('saves a template of the server’s own, and says what is wrong with one before sending it', async () => {
    const bodies = recordRequests(server, 'put', API_PATHS.editNickname(SERVER_ID));
    const user = await renderPage();
    const nickname = section('Nickname Configuration');
    await user.click(radio('Your own template'));
    expect(templateField()).toHaveValue('{display-name} ({roblox-name})');
    await user.clear(templateField());
    await user.type(templateField(), '{{rank} {{roblox-name}');
    await user.click(within(nickname).getByRole('button', { name: 'Save Nickname Format' }));
    expect(templateField()).toHaveAccessibleDescription(
      /The template names \{rank\}, which is not a token/,
    );
    expect(bodies).toEqual([]);
    await user.clear(templateField());
    await user.paste('{roblox-name} [{group-rank}]');
    await user.click(within(nickname).getByRole('button', { name: 'Save Nickname Format' }));
    expect(await notifications().findByText('Nickname template saved')).toBeInTheDocument();
    expect(bodies).toEqual([{ nickname_template: '{roblox-name} [{group-rank}]' }]);
    expect(serverRecord().nickname_template).toBe('{roblox-name} [{group-rank}]');
    expect(radio('Your own template')).toBeChecked();
  });

  it('says when the save fails', async () => {
    server.use(failNext('put', API_PATHS.editNickname(SERVER_ID), 500));
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Save Nickname Format' }));
    expect(
      await notifications().findByText('Failed to update nickname format'),
    ).toBeInTheDocument();
  });
});

describe('ServerConfig: Verified Role Setup', () => {
  it('saves a new role name, creating the role', async () => {
    const bodies = recordRequests(server, 'put', API_PATHS.editVerifiedRole(SERVER_ID));
    const user = await renderPage();
    const name = screen.getByRole('textbox', { name: 'Verified role name' });
    await user.clear(name);
    await user.type(name, 'Trusted');
    expect(screen.getByRole('combobox', { name: 'Existing role' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save Verified Role' }));
    expect(
      await notifications().findByText('Verified role updated successfully!'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ verified_role_name: 'Trusted', verified_role_id: null }]);
    expect(serverRecord().verified_role_name).toBe('Trusted');
    // The new role is listed once the page has reloaded the server's roles.
    await waitFor(() =>
      expect(
        within(screen.getByRole('combobox', { name: 'Existing role' })).getByRole('option', {
          name: 'Trusted',
        }),
      ).toBeInTheDocument(),
    );
  });

  it('saves a chosen existing role', async () => {
    serverRecord().verified_role_id = null;
    serverRecord().roles.push({ id: '200000000000000013', name: 'Members', position: 3 });
    const bodies = recordRequests(server, 'put', API_PATHS.editVerifiedRole(SERVER_ID));
    const user = await renderPage();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Existing role' }), 'Members');
    expect(screen.getByRole('textbox', { name: 'Verified role name' })).toHaveValue('Members');
    await user.click(screen.getByRole('button', { name: 'Save Verified Role' }));
    expect(
      await notifications().findByText('Verified role updated successfully!'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      { verified_role_name: 'Members', verified_role_id: '200000000000000013' },
    ]);
    expect(serverRecord().verified_role_id).toBe('200000000000000013');
  });

  it("shows the API's message when it refuses the role", async () => {
    const message =
      'The role "Moderators" is at or above the bot\'s highest role, so the bot cannot give it.';
    server.use(failNext('put', API_PATHS.editVerifiedRole(SERVER_ID), 409, message));
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Save Verified Role' }));
    expect(await notifications().findByText('Failed to update verified role')).toBeInTheDocument();
    expect(within(section('Verified Role Setup')).getByText(message)).toBeInTheDocument();
  });
});

describe('ServerConfig: Group Integration', () => {
  it('links a group from a URL and lists its ranks', async () => {
    const url = `https://www.roblox.com/groups/${SEED_GROUP_ID}/demo`;
    const bodies = recordRequests(server, 'put', API_PATHS.editGroup(SERVER_ID));
    const user = await renderPage('group');
    await user.type(screen.getByRole('textbox', { name: 'Roblox group ID or URL' }), url);
    await user.click(screen.getByRole('button', { name: 'Save Group' }));
    expect(
      await notifications().findByText('Group configuration updated successfully!'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ group_url: url }]);
    expect(
      await screen.findByRole('heading', { name: 'Linked group: Demo Builders Group' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Ranks with a role' })).getAllByRole('listitem'),
    ).toHaveLength(3);
  });

  it("shows 'Saving...' during the long group call and sends a number as group_id", async () => {
    const bodies = recordRequests(server, 'put', API_PATHS.editGroup(SERVER_ID));
    const gate = holdRequests(server, 'put', API_PATHS.editGroup(SERVER_ID));
    const user = await renderPage('group');
    await user.type(screen.getByRole('textbox', { name: 'Roblox group ID or URL' }), SEED_GROUP_ID);
    await user.click(screen.getByRole('button', { name: 'Save Group' }));
    expect(
      await within(section('Group Integration')).findByRole('button', { name: /Saving\.\.\./ }),
    ).toBeDisabled();
    gate.release();
    expect(
      await notifications().findByText('Group configuration updated successfully!'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ group_id: SEED_GROUP_ID }]);
  });

  it("shows the API's message when the group does not exist", async () => {
    const user = await renderPage('group');
    await user.type(screen.getByRole('textbox', { name: 'Roblox group ID or URL' }), '999999');
    await user.click(screen.getByRole('button', { name: 'Save Group' }));
    expect(
      await notifications().findByText('Failed to update group configuration'),
    ).toBeInTheDocument();
    expect(
      within(section('Group Integration')).getByText('Roblox group 999999 was not found.'),
    ).toBeInTheDocument();
  });

  describe('with the group linked and a badge bind beside its rank binds', () => {
    const VERIFIED = '200000000000000011';
    beforeEach(() => {
      const record = serverRecord();
      record.group_id = SEED_GROUP_ID;
      record.group_roles = [];
      record.binds = [
        { group_id: SEED_GROUP_ID, min_rank: 1, max_rank: 1, role_id: VERIFIED },
        { group_id: SEED_GROUP_ID, min_rank: 100, max_rank: 100, role_id: VERIFIED },
        { group_id: SEED_GROUP_ID, min_rank: 255, max_rank: 255, role_id: VERIFIED },
        { kind: 'badge', item_id: '2124000001', role_id: VERIFIED, nickname: null, priority: 0 },
      ];
    });

    it('says what Save Group replaces before saving, and the badge bind stays', async () => {
      const user = await renderPage('group');
      const group = section('Group Integration');
      expect(
        await within(group).findByText(
          'Replaces the 3 rank binds of Demo Builders Group; other binds stay.',
        ),
      ).toBeInTheDocument();
      const field = within(group).getByRole('textbox', { name: 'Roblox group ID or URL' });
      await user.clear(field);
      await user.type(field, '4000002');
      expect(
        await within(group).findByText(
          /^Adds a rank bind for each rank of .*; other binds stay\.$/,
        ),
      ).toBeInTheDocument();
      await user.clear(field);
      await user.type(field, SEED_GROUP_ID);
      await user.click(within(group).getByRole('button', { name: 'Save Group' }));
      expect(
        await notifications().findByText('Group configuration updated successfully!'),
      ).toBeInTheDocument();
      expect(serverRecord().binds).toContainEqual(
        expect.objectContaining({ kind: 'badge', item_id: '2124000001' }),
      );
      expect(serverRecord().binds).toHaveLength(4);
    });

    it('removing the group integration says how many binds go and asks first; other binds stay', async () => {
      const removals: string[] = [];
      server.use(
        http.delete(`*${API_PATHS.editGroup(SERVER_ID)}`, ({ request }) => {
          removals.push(request.method);
          return undefined;
        }),
      );
      const user = await renderPage('group');
      const group = section('Group Integration');
      const remove = within(group).getByRole('button', { name: 'Remove group integration' });
      await waitFor(() => expect(remove).toBeEnabled());
      await user.click(remove);
      let dialog = screen.getByRole('dialog', { name: 'Remove the group integration?' });
      expect(dialog).toHaveTextContent(
        'Removes the 3 rank binds of Demo Builders Group. Your other bind stays.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(removals).toEqual([]);
      expect(serverRecord().binds).toHaveLength(4);

      await user.click(remove);
      dialog = screen.getByRole('dialog', { name: 'Remove the group integration?' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove 3 rank binds' }));
      expect(await notifications().findByText('Group integration removed')).toBeInTheDocument();
      expect(removals).toEqual(['DELETE']);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(serverRecord().binds).toEqual([
        { kind: 'badge', item_id: '2124000001', role_id: VERIFIED, nickname: null, priority: 0 },
      ]);
      expect(serverRecord().group_id).toBeNull();
      expect(within(group).getByRole('textbox', { name: 'Roblox group ID or URL' })).toHaveValue(
        '',
      );
      // the binds editor, a section of its own, shows the badge bind that stayed
      cleanup();
      await renderPage('binds');
      expect(
        await within(section('Role Binds')).findByRole('group', { name: 'Badge bind 1' }),
      ).toBeInTheDocument();
    });
  });

  it('sends nothing when the field is empty', async () => {
    const bodies = recordRequests(server, 'put', API_PATHS.editGroup(SERVER_ID));
    const user = await renderPage('group');
    await user.click(screen.getByRole('button', { name: 'Save Group' }));
    expect(
      within(section('Group Integration')).getByText(EMPTY_GROUP_EDIT_MESSAGE),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});
