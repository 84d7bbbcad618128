import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import {
  API_PATHS,
  MAX_GROUPS_PER_SERVER,
  MAX_ITEMS_PER_SERVER,
  type ServerRole,
} from '@roconnect/shared-lib';
import { SEED_GROUP_ID, SEED_SERVERS, failNext, signIn } from '@roconnect/shared-lib/testing';
import { serverChanged, usePageQueryClient } from '@roconnect/shared-lib/query';
import { notifications, renderWithToasts } from '../../testing/renderWithToasts';
import { blurControlsWhenDisabled } from '../../testing/blurWhenDisabled';
import { recordRequests } from '../../testing/recordRequests';
import { BindsSection } from './BindsSection';
import { setupMockServerOf } from '../../testing/mockServerOf';
import { textsOf } from '../../testing/textsOf';

const SERVER_ID = SEED_SERVERS.ownerReady;
const { server, db, record } = setupMockServerOf(SERVER_ID);
const VERIFIED = '200000000000000011';
const ROLES: ServerRole[] = [{ id: VERIFIED, name: 'Verified', position: 2, assignable: true }];

beforeEach(() => signIn());

async function renderBinds(onSaved = jest.fn()) {
  renderWithToasts(<BindsSection serverId={SERVER_ID} roles={ROLES} onSaved={onSaved} />);
  const user = userEvent.setup();
  await screen.findByRole('button', { name: 'Save Binds' });
  return { user, onSaved, section: screen.getByRole('region', { name: 'Role Binds' }) };
}

const range = (n: number, group?: HTMLElement) =>
  within(group ?? document.body).getByRole('group', { name: `Rank range ${n}` });

describe('BindsSection', () => {
  it('shows the saved binds grouped by group, with the ranks named', async () => {
    record().binds = [
      { group_id: SEED_GROUP_ID, min_rank: 1, max_rank: 99, role_id: VERIFIED },
      { group_id: SEED_GROUP_ID, min_rank: 100, max_rank: 255, role_id: VERIFIED },
    ];
    record().group_id = SEED_GROUP_ID;
    await renderBinds();
    const group = screen.getByRole('region', { name: 'Demo Builders Group' });
    const first = range(1, group);
    expect(within(first).getByRole('combobox', { name: 'Lowest rank' })).toHaveDisplayValue(
      'Member (1)',
    );
    // 99 is not a named rank: the field becomes a number box with the value kept
    expect(within(first).getByRole('textbox', { name: 'Highest rank' })).toHaveValue('99');
    expect(within(first).getByRole('combobox', { name: 'Role' })).toHaveDisplayValue('Verified');
    expect(
      within(range(2, group)).getByRole('combobox', { name: 'Highest rank' }),
    ).toHaveDisplayValue('Owner (255)');
  });

  it('adds a group, a range to an existing role and one to a new role, and saves them', async () => {
    const bodies = recordRequests(server, 'put', API_PATHS.serverBinds(SERVER_ID));
    const { user, onSaved, section } = await renderBinds();
    expect(within(section).getByText('No binds yet')).toBeInTheDocument();
    await user.click(within(section).getByRole('textbox', { name: 'Add another Roblox group' }));
    await user.paste(`https://www.roblox.com/communities/${SEED_GROUP_ID}/about`);
    await user.click(within(section).getByRole('button', { name: 'Add group' }));
    // the new group's name and ranks are looked up before any save
    const group = await within(section).findByRole('region', { name: 'Demo Builders Group' });
    const first = range(1, group);
    await user.selectOptions(
      within(first).getByRole('combobox', { name: 'Lowest rank' }),
      'Officer (100)',
    );
    await user.selectOptions(within(first).getByRole('combobox', { name: 'Role' }), 'Verified');
    await user.click(within(group).getByRole('button', { name: 'Add a rank range' }));
    const second = range(2, group);
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Role' }), 'New role…');
    await user.type(within(second).getByRole('textbox', { name: 'New role name' }), 'Members');
    // what saving would do is said before it
    expect(within(section).getByText('Saving adds 2 binds. Other binds stay as they are.'));
    expect(
      textsOf(within(section).getByRole('list', { name: 'Unsaved changes' }), 'listitem'),
    ).toEqual([
      'Add ranks 100–255 of Demo Builders Group → Verified',
      'Add ranks 1–255 of Demo Builders Group → Members (new)',
    ]);
    await user.click(within(section).getByRole('button', { name: 'Save Binds' }));

    expect(await notifications().findByText('Binds saved: 2 added')).toBeInTheDocument();
    expect(within(section).queryByText(/^Saving /)).not.toBeInTheDocument();
    expect(bodies).toEqual([
      {
        binds: [
          { group_id: SEED_GROUP_ID, min_rank: 100, max_rank: 255, role_id: VERIFIED },
          { group_id: SEED_GROUP_ID, min_rank: 1, max_rank: 255, role_name: 'Members' },
        ],
      },
    ]);
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(
      within(section).getByRole('region', { name: 'Demo Builders Group' }),
    ).toBeInTheDocument();
  });

  it('says what is wrong with each row and sends nothing', async () => {
    const bodies = recordRequests(server, 'put', API_PATHS.serverBinds(SERVER_ID));
    const { user, section } = await renderBinds();
    await user.type(
      within(section).getByRole('textbox', { name: 'Add another Roblox group' }),
      '42',
    );
    await user.keyboard('{Enter}');
    // a group Roblox does not know keeps number fields, and says so
    expect(await within(section).findByText('Roblox has no group with ID 42.')).toBeInTheDocument();
    const first = range(1);
    await user.clear(within(first).getByRole('textbox', { name: 'Lowest rank' }));
    await user.type(within(first).getByRole('textbox', { name: 'Lowest rank' }), '200');
    await user.clear(within(first).getByRole('textbox', { name: 'Highest rank' }));
    await user.type(within(first).getByRole('textbox', { name: 'Highest rank' }), '10');
    await user.click(within(section).getByRole('button', { name: 'Add a rank range' }));
    await user.click(within(section).getByRole('button', { name: 'Save Binds' }));

    expect(first).toHaveAccessibleDescription(
      'The lowest rank must not be above the highest rank.',
    );
    expect(range(2)).toHaveAccessibleDescription('Choose a role, or create a new one.');
    expect(
      within(section).getByText('Some binds need fixing before they can be saved.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('refuses a group id that is not a number, and the same group twice', async () => {
    const { user, section } = await renderBinds();
    const input = within(section).getByRole('textbox', { name: 'Add another Roblox group' });
    await user.type(input, 'my group');
    await user.click(within(section).getByRole('button', { name: 'Add group' }));
    expect(input).toHaveAccessibleDescription('Enter a Roblox group ID (a number) or its URL.');
    await user.clear(input);
    await user.type(input, SEED_GROUP_ID);
    await user.click(within(section).getByRole('button', { name: 'Add group' }));
    await user.type(input, SEED_GROUP_ID);
    await user.click(within(section).getByRole('button', { name: 'Add group' }));
    expect(input).toHaveAccessibleDescription(/already in the list/);
  });

  it('names the group as its ID or URL is typed, or says Roblox has no such group', async () => {
    const { user, section } = await renderBinds();
    const input = within(section).getByRole('textbox', { name: 'Add another Roblox group' });
    await user.type(input, `https://www.roblox.com/communities/${SEED_GROUP_ID}/about`);
    await waitFor(() => expect(input).toHaveAccessibleDescription('Demo Builders Group'));
    await user.clear(input);
    await user.type(input, '42');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('Roblox has no group with ID 42.'),
    );
    expect(input).toBeInvalid();
  });

  it('adds no group past the most a server may bind, and says why', async () => {
    record().binds = Array.from({ length: MAX_GROUPS_PER_SERVER }, (_, i) => ({
      group_id: String(9000 + i),
      min_rank: 1,
      max_rank: 255,
      role_id: VERIFIED,
    }));
    const { user, section } = await renderBinds();
    expect(within(section).getAllByRole('heading', { level: 3, name: /\(ID \d+\)/ })).toHaveLength(
      MAX_GROUPS_PER_SERVER,
    );
    const input = within(section).getByRole('textbox', { name: 'Add another Roblox group' });
    await user.type(input, '42');
    await user.click(within(section).getByRole('button', { name: 'Add group' }));
    expect(input).toHaveAccessibleDescription(
      `A server can bind at most ${MAX_GROUPS_PER_SERVER} Roblox groups. Remove one to add another.`,
    );
    expect(within(section).getAllByRole('heading', { level: 3, name: /\(ID \d+\)/ })).toHaveLength(
      MAX_GROUPS_PER_SERVER,
    );
  });

  it('puts the API’s refusal on the row it names', async () => {
    const { user, section } = await renderBinds();
    await user.type(
      within(section).getByRole('textbox', { name: 'Add another Roblox group' }),
      '42',
    );
    await user.click(within(section).getByRole('button', { name: 'Add group' }));
    await user.selectOptions(within(range(1)).getByRole('combobox', { name: 'Role' }), 'Verified');
    await user.click(within(section).getByRole('button', { name: 'Save Binds' }));
    await waitFor(() =>
      expect(range(1)).toHaveAccessibleDescription('Roblox group 42 does not exist.'),
    );
    expect(await notifications().findByText('Failed to save binds')).toBeInTheDocument();
  });

  describe('one bind at a time: the others stay as they are on the server', () => {
    const OTHER = '200000000000000019';
    const twoRanges = () => [
      { group_id: SEED_GROUP_ID, min_rank: 1, max_rank: 99, role_id: VERIFIED },
      { group_id: SEED_GROUP_ID, min_rank: 100, max_rank: 255, role_id: VERIFIED },
    ];
    beforeEach(() => {
      record().roles.push({ id: OTHER, name: 'Other', position: 1 });
      record().binds = [
        ...twoRanges(),
        { kind: 'badge', item_id: '2124000001', role_id: VERIFIED, nickname: null, priority: 0 },
      ];
      record().group_id = SEED_GROUP_ID;
    });

    it('saving one changed range sends the server’s list now with only that range changed', async () => {
      const bodies = recordRequests(server, 'put', API_PATHS.serverBinds(SERVER_ID));
      const { user, section } = await renderBinds();
      // meanwhile, elsewhere: a game pass bind is added and the badge bind's role changed
      record().binds = [
        ...twoRanges(),
        { kind: 'badge', item_id: '2124000001', role_id: OTHER, nickname: null, priority: 0 },
        { kind: 'gamepass', item_id: '9100001', role_id: VERIFIED, nickname: null, priority: 0 },
      ];
      await user.selectOptions(
        within(range(2)).getByRole('combobox', { name: 'Lowest rank' }),
        'Officer (100)',
      );
      await user.selectOptions(
        within(range(2)).getByRole('combobox', { name: 'Highest rank' }),
        'Officer (100)',
      );
      expect(
        within(section).getByText('Saving changes 1 bind. Other binds stay as they are.'),
      ).toBeInTheDocument();
      expect(within(section).getByRole('list', { name: 'Unsaved changes' })).toHaveTextContent(
        'Change to rank 100 of Demo Builders Group → Verified',
      );
      await user.click(within(section).getByRole('button', { name: 'Save Binds' }));

      expect(await notifications().findByText('Binds saved: 1 changed')).toBeInTheDocument();
      expect(bodies).toEqual([
        {
          binds: [
            { group_id: SEED_GROUP_ID, min_rank: 1, max_rank: 99, role_id: VERIFIED },
            { group_id: SEED_GROUP_ID, min_rank: 100, max_rank: 100, role_id: VERIFIED },
            { kind: 'badge', badge_id: '2124000001', role_id: OTHER },
            { kind: 'gamepass', gamepass_id: '9100001', role_id: VERIFIED },
          ],
        },
      ]);
      // the editor shows the list as saved, the other changes included
      expect(within(section).getByRole('group', { name: 'Game pass bind 1' })).toBeInTheDocument();
    });

    it('removing one bind takes out that one only', async () => {
      const bodies = recordRequests(server, 'put', API_PATHS.serverBinds(SERVER_ID));
      const { user, section } = await renderBinds();
      record().binds.push({
        kind: 'gamepass',
        item_id: '9100001',
        role_id: VERIFIED,
        nickname: null,
        priority: 0,
      });
      const badge = within(section).getByRole('group', { name: 'Badge bind 1' });
      await user.click(within(badge).getByRole('button', { name: /Remove/ }));
      expect(
        within(section).getByText('Saving removes 1 bind. Other binds stay as they are.'),
      ).toBeInTheDocument();
      await user.click(within(section).getByRole('button', { name: 'Save Binds' }));
      expect(await notifications().findByText('Binds saved: 1 removed')).toBeInTheDocument();
      expect(bodies.at(-1)).toEqual({
        binds: [...twoRanges(), { kind: 'gamepass', gamepass_id: '9100001', role_id: VERIFIED }],
      });
    });

    it('removing several says how many and asks first', async () => {
      const bodies = recordRequests(server, 'put', API_PATHS.serverBinds(SERVER_ID));
      const { user, section } = await renderBinds();
      const group = within(section).getByRole('region', { name: 'Demo Builders Group' });
      await user.click(within(group).getByRole('button', { name: 'Remove this group' }));
      await user.click(within(section).getByRole('button', { name: 'Save Binds' }));
      let dialog = screen.getByRole('dialog', { name: 'Remove 2 binds?' });
      expect(textsOf(dialog, 'listitem')).toEqual([
        'ranks 1–99 of Demo Builders Group → Verified',
        'ranks 100–255 of Demo Builders Group → Verified',
      ]);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(bodies).toEqual([]);

      await user.click(within(section).getByRole('button', { name: 'Save Binds' }));
      dialog = screen.getByRole('dialog', { name: 'Remove 2 binds?' });
      await user.click(within(dialog).getByRole('button', { name: 'Save and remove 2 binds' }));
      expect(await notifications().findByText('Binds saved: 2 removed')).toBeInTheDocument();
      expect(bodies).toEqual([
        { binds: [{ kind: 'badge', badge_id: '2124000001', role_id: VERIFIED }] },
      ]);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('keeps unsaved changes when the binds are read again after a save elsewhere', async () => {
      function WithReload() {
        const client = usePageQueryClient();
        return (
          <>
            <button type="button" onClick={() => void serverChanged(client, SERVER_ID)}>
              Saved elsewhere
            </button>
            <BindsSection serverId={SERVER_ID} roles={ROLES} onSaved={jest.fn()} />
          </>
        );
      }
      renderWithToasts(<WithReload />);
      const user = userEvent.setup();
      await screen.findByRole('button', { name: 'Save Binds' });
      const section = screen.getByRole('region', { name: 'Role Binds' });
      await user.click(within(section).getByRole('button', { name: 'Add a game pass bind' }));
      const pass = within(section).getByRole('group', { name: 'Game pass bind 1' });
      await user.type(within(pass).getByRole('textbox', { name: 'Game pass ID' }), '9100001');
      // another section saved: the server now has a second group
      record().binds.push({ group_id: '4000002', min_rank: 1, max_rank: 255, role_id: VERIFIED });
      await user.click(screen.getByRole('button', { name: 'Saved elsewhere' }));
      expect(
        await within(section).findByRole('heading', { level: 3, name: /\(ID 4000002\)/ }),
      ).toBeInTheDocument();
      expect(
        within(within(section).getByRole('group', { name: 'Game pass bind 1' })).getByRole(
          'textbox',
          { name: 'Game pass ID' },
        ),
      ).toHaveValue('9100001');
    });
  });

  describe('with the keyboard, as on the server page (a save there reloads the binds)', () => {
    /** The server page marks the server changed after every save, so the binds are read again. */
    function OnServerPage() {
      const client = usePageQueryClient();
      return (
        <BindsSection
          serverId={SERVER_ID}
          roles={ROLES}
          onSaved={() => void serverChanged(client, SERVER_ID)}
        />
      );
    }
    let reads = 0;
    let stopBlurring: () => void;
    beforeEach(() => {
      // 99 is not a named rank: "Highest rank" is a text field, where Enter submits the form
      record().binds = [{ group_id: SEED_GROUP_ID, min_rank: 1, max_rank: 99, role_id: VERIFIED }];
      record().group_id = SEED_GROUP_ID;
      reads = 0;
      server.use(
        http.get(`*${API_PATHS.serverBinds(SERVER_ID)}`, () => {
          reads += 1;
          return undefined;
        }),
      );
      stopBlurring = blurControlsWhenDisabled();
    });
    afterEach(() => stopBlurring());

    async function saveWithEnterIn(control: () => HTMLElement) {
      renderWithToasts(<OnServerPage />);
      const save = await screen.findByRole('button', { name: 'Save Binds' });
      const user = userEvent.setup();
      control().focus();
      await user.keyboard('{Enter}');
      expect(await notifications().findByText('Binds saved')).toBeInTheDocument();
      // the first read, the server's list read again to save the changes to, the reload after
      await waitFor(() => expect(reads).toBe(3));
      return save;
    }

    it('keeps the focus on Save Binds, which stays in place', async () => {
      const save = await saveWithEnterIn(() => screen.getByRole('button', { name: 'Save Binds' }));
      expect(screen.getByRole('button', { name: 'Save Binds' })).toBe(save);
      expect(save).toHaveFocus();
    });

    it('after Enter in a field (replaced by the saved rows) puts the focus on Save Binds', async () => {
      const save = await saveWithEnterIn(() =>
        within(range(1)).getByRole('textbox', { name: 'Highest rank' }),
      );
      expect(save).toHaveFocus();
    });
  });

  describe('badge, game pass and catalog item binds', () => {
    beforeEach(() => {
      // the demo member verified here: the preview counts them
      db.linkedAccounts[0]!.verified_in.push({
        server_id: SERVER_ID,
        server_name: 'Demo Builders Club',
        verified_at: '2025-08-02T10:05:00.000Z',
      });
    });

    it('names the items as their ids are typed, previews the list, and saves every kind', async () => {
      const bodies = recordRequests(server, 'put', API_PATHS.serverBinds(SERVER_ID));
      const previews = recordRequests(server, 'post', API_PATHS.serverBindsPreview(SERVER_ID));
      const { user, section } = await renderBinds();
      const preview = within(section).getByRole('region', { name: 'Preview' });
      expect(
        await within(preview).findByText(/nobody's roles would change|Over 1 verified member/),
      ).toBeInTheDocument();

      await user.click(within(section).getByRole('button', { name: 'Add a badge bind' }));
      const badge = within(section).getByRole('group', { name: 'Badge bind 1' });
      // an id Roblox does not know is named under the field
      const badgeId = within(badge).getByRole('textbox', { name: 'Badge ID' });
      await user.type(badgeId, '777');
      await waitFor(() =>
        expect(badgeId).toHaveAccessibleDescription('Roblox has no badge with ID 777.'),
      );
      expect(badgeId).toBeInvalid();
      // and read out where the focus stays
      expect(
        within(badge).getByText('Roblox has no badge with ID 777.', {
          selector: '[aria-live] *, [aria-live]',
        }),
      ).toBeInTheDocument();
      await user.clear(badgeId);
      await user.type(badgeId, '2124000002');
      await waitFor(() => expect(badgeId).toHaveAccessibleDescription('Master Builder'));
      expect(badgeId).toBeValid();
      await user.selectOptions(within(badge).getByRole('combobox', { name: 'Role' }), 'New role…');
      await user.type(within(badge).getByRole('textbox', { name: 'New role name' }), 'Builders');

      await user.click(within(section).getByRole('button', { name: 'Add a game pass bind' }));
      const pass = within(section).getByRole('group', { name: 'Game pass bind 1' });
      const passId = within(pass).getByRole('textbox', { name: 'Game pass ID' });
      await user.type(passId, '9100001');
      await waitFor(() => expect(passId).toHaveAccessibleDescription('VIP'));
      await user.selectOptions(within(pass).getByRole('combobox', { name: 'Role' }), 'Verified');
      await user.type(
        within(pass).getByRole('textbox', { name: 'Nickname template (optional)' }),
        'VIP {{roblox-name}',
      );
      await user.type(within(pass).getByRole('textbox', { name: 'Priority (optional)' }), '5');

      // the preview follows: the demo member owns the pass, not the badge
      const verified = await within(preview).findByRole('row', { name: /^Verified/ });
      expect(textsOf(verified, 'cell')).toEqual(['1', '0', '0', '0']);
      const builders = within(preview).getByRole('row', { name: /^Builders \(new\)/ });
      expect(within(builders).getAllByRole('cell')[0]).toHaveTextContent('0');
      expect(previews.at(-1)).toEqual({
        binds: [
          { kind: 'badge', badge_id: '2124000002', role_name: 'Builders' },
          {
            kind: 'gamepass',
            gamepass_id: '9100001',
            role_id: VERIFIED,
            nickname: 'VIP {roblox-name}',
            priority: 5,
          },
        ],
      });

      await user.click(within(section).getByRole('button', { name: 'Save Binds' }));
      expect(await notifications().findByText('Binds saved: 2 added')).toBeInTheDocument();
      expect(bodies).toEqual([previews.at(-1)]);
      // the saved list comes back with the badge's and the pass's names
      expect(within(section).getByRole('group', { name: 'Game pass bind 1' })).toBeInTheDocument();
    });

    it('keeps the saved item binds when a group range is saved, and checks their ids', async () => {
      record().binds = [
        { kind: 'badge', item_id: '2124000001', role_id: VERIFIED, nickname: null, priority: 0 },
      ];
      const bodies = recordRequests(server, 'put', API_PATHS.serverBinds(SERVER_ID));
      const { user, section } = await renderBinds();
      const badge = within(section).getByRole('group', { name: 'Badge bind 1' });
      expect(within(badge).getByRole('textbox', { name: 'Badge ID' })).toHaveValue('2124000001');
      await waitFor(() =>
        expect(
          within(badge).getByRole('textbox', { name: 'Badge ID' }),
        ).toHaveAccessibleDescription('Welcome Badge'),
      );
      await user.click(within(section).getByRole('button', { name: 'Add a catalog item bind' }));
      const item = within(section).getByRole('group', { name: 'Catalog item bind 1' });
      await user.selectOptions(within(item).getByRole('combobox', { name: 'Role' }), 'Verified');
      await user.click(within(section).getByRole('button', { name: 'Save Binds' }));
      expect(item).toHaveAccessibleDescription('Enter the catalog item ID (a number).');
      expect(bodies).toEqual([]);
      expect(within(section).getByRole('region', { name: 'Preview' })).toHaveTextContent(
        'Fix the binds marked above to see what they would change.',
      );
      await user.type(within(item).getByRole('textbox', { name: 'Catalog item ID' }), '1029025');
      await user.click(within(section).getByRole('button', { name: 'Save Binds' }));
      expect(await notifications().findByText('Binds saved: 1 added')).toBeInTheDocument();
      expect(bodies).toEqual([
        {
          binds: [
            { kind: 'badge', badge_id: '2124000001', role_id: VERIFIED },
            { kind: 'asset', asset_id: '1029025', role_id: VERIFIED },
          ],
        },
      ]);
    });
  });

  it('says a list past the most items a server may bind is too long, before saving it', async () => {
    record().binds = Array.from({ length: MAX_ITEMS_PER_SERVER }, (_, i) => ({
      kind: 'badge' as const,
      item_id: String(2124100000 + i),
      role_id: VERIFIED,
      nickname: null,
      priority: 0,
    }));
    const bodies = recordRequests(server, 'put', API_PATHS.serverBinds(SERVER_ID));
    const { user, section } = await renderBinds();
    await user.click(within(section).getByRole('button', { name: 'Add a catalog item bind' }));
    const item = within(section).getByRole('group', { name: 'Catalog item bind 1' });
    await user.type(within(item).getByRole('textbox', { name: 'Catalog item ID' }), '1029025');
    await user.selectOptions(within(item).getByRole('combobox', { name: 'Role' }), 'Verified');
    await user.click(within(section).getByRole('button', { name: 'Save Binds' }));
    expect(
      await within(section).findByText(
        `A server can bind at most ${MAX_ITEMS_PER_SERVER} badges, game passes and catalog items; this list has ${MAX_ITEMS_PER_SERVER + 1}. Remove 1 and save again.`,
      ),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('offers a retry when the binds cannot be loaded', async () => {
    server.use(failNext('get', API_PATHS.serverBinds(SERVER_ID), 500));
    renderWithToasts(<BindsSection serverId={SERVER_ID} roles={ROLES} onSaved={jest.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('No binds yet')).toBeInTheDocument();
  });
});
