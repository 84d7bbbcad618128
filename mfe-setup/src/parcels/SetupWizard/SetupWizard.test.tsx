import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS } from '@roconnect/shared-lib';
import {
  SEED_GROUP_ID,
  SEED_SERVERS,
  failNext,
  networkErrorNext,
  signIn,
} from '@roconnect/shared-lib/testing';
import { notifications, renderWithToasts } from '../../testing/renderWithToasts';
import { holdRequests, recordRequests } from '../../testing/recordRequests';
import { SetupWizard } from './SetupWizard';
import { CLOSE_WHILE_SAVING_MESSAGE } from './SetupWizard';
import {
  EMPTY_GROUP_MESSAGE,
  GROUP_NO_ANSWER_MESSAGE,
  GROUP_NOT_DONE_MESSAGE,
} from './useSetupWizard';
import { setupMockServerOf } from '../../testing/mockServerOf';

const SERVER_ID = SEED_SERVERS.ownerSetupIncomplete;
const { server, record: serverRecord } = setupMockServerOf(SERVER_ID);
const GROUP_URL = `https://www.roblox.com/communities/${SEED_GROUP_ID}/demo-builders-group`;

function renderWizard(serverId: string = SERVER_ID) {
  const onComplete = jest.fn();
  const onCancel = jest.fn();
  const onSaveSettledAfterClose = jest.fn();
  signIn();
  const view = renderWithToasts(
    <SetupWizard
      serverId={serverId}
      serverName="Demo Racing League"
      onComplete={onComplete}
      onCancel={onCancel}
      onSaveSettledAfterClose={onSaveSettledAfterClose}
    />,
  );
  return {
    onComplete,
    onCancel,
    onSaveSettledAfterClose,
    unmount: view.unmount,
    user: userEvent.setup(),
  };
}

const dialog = () => screen.getByRole('dialog', { name: 'Set up RoConnect in Demo Racing League' });
const stepHeading = async (name: string) =>
  within(dialog()).findByRole('heading', { level: 3, name });
const currentStep = () =>
  within(dialog())
    .getByRole('list', { name: 'Setup progress' })
    .querySelector('[aria-current="step"]');

/** Opens the wizard at its third step, the group. */
async function openAtGroupStep() {
  serverRecord().setup = { setup_completed: false, setup_step: 'group' };
  const wizard = renderWizard();
  await stepHeading('Group Integration');
  return wizard;
}

/** Opens the wizard at the group step, types `group` and clicks Complete Setup. */
async function completeWithGroup(group: string = GROUP_URL) {
  const wizard = await openAtGroupStep();
  await wizard.user.type(screen.getByRole('textbox', { name: 'Roblox group ID or URL' }), group);
  await wizard.user.click(screen.getByRole('button', { name: 'Complete Setup' }));
  return wizard;
}

describe('SetupWizard: where it opens', () => {
  it('finishes at once when setup is already complete', async () => {
    const { onComplete } = renderWizard(SEED_SERVERS.ownerReady);
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
    expect(
      screen.queryByRole('heading', { name: 'Nickname Configuration' }),
    ).not.toBeInTheDocument();
  });

  it('opens at step 2 for setup_step verified_role', async () => {
    serverRecord().setup = { setup_completed: false, setup_step: 'verified_role' };
    renderWizard();
    await stepHeading('Verified Role Setup');
    expect(currentStep()).toHaveTextContent('Verified Role Setup');
    expect(within(dialog()).getByRole('button', { name: 'Previous' })).toBeInTheDocument();
  });

  it('opens at step 3 for setup_step group', async () => {
    await openAtGroupStep();
    expect(currentStep()).toHaveTextContent('Group Integration');
    expect(within(dialog()).getByRole('button', { name: 'Complete Setup' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Skip Group' })).toBeInTheDocument();
  });

  it('starts at step 1 with the default nickname format when no step is given', async () => {
    serverRecord().setup = { setup_completed: false, setup_step: null };
    renderWizard();
    await stepHeading('Nickname Configuration');
    expect(dialog()).toHaveAccessibleName('Set up RoConnect in Demo Racing League');
    expect(screen.getByRole('radio', { name: 'Roblox username' })).toBeChecked();
    expect(screen.getAllByRole('radio')).toHaveLength(6);
    expect(screen.getByText('Example: Demo User (DemoBuilder)')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'Skip Group' })).not.toBeInTheDocument();
  });

  it('starts at step 1, silently, when the setup status cannot be loaded', async () => {
    server.use(failNext('get', API_PATHS.serverSetup(SERVER_ID), 500));
    renderWizard();
    await stepHeading('Nickname Configuration');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('pre-fills the fields from the saved configuration', async () => {
    Object.assign(serverRecord(), {
      nickname_format: 'discord_display',
      verified_role_name: 'Members',
    });
    serverRecord().setup = { setup_completed: false, setup_step: 'verified_role' };
    const { user } = renderWizard();
    await stepHeading('Verified Role Setup');
    expect(screen.getByRole('textbox', { name: 'Verified role name' })).toHaveValue('Members');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('radio', { name: 'Discord display name' })).toBeChecked();
  });
});

describe('SetupWizard: going through the steps', () => {
  it('saves each step, moves on, goes back with Previous and completes with a group URL', async () => {
    const groupBodies = recordRequests(server, 'post', API_PATHS.setupGroup(SERVER_ID));
    const { user, onComplete } = renderWizard();
    await stepHeading('Nickname Configuration');

    await user.click(screen.getByRole('radio', { name: 'Roblox display name' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await notifications().findByText('Step 1 completed successfully!')).toBeInTheDocument();
    expect(await stepHeading('Verified Role Setup')).toHaveFocus();
    expect(serverRecord().nickname_format).toBe('roblox_display');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await stepHeading('Nickname Configuration');
    expect(screen.getByRole('radio', { name: 'Roblox display name' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await stepHeading('Verified Role Setup');

    const roleName = screen.getByRole('textbox', { name: 'Verified role name' });
    expect(roleName).toHaveValue('Verified');
    await user.clear(roleName);
    await user.type(roleName, 'Verified Builder');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await notifications().findByText('Step 2 completed successfully!')).toBeInTheDocument();
    await stepHeading('Group Integration');
    expect(serverRecord().roles.some((role) => role.name === 'Verified Builder')).toBe(true);

    await user.type(screen.getByRole('textbox', { name: 'Roblox group ID or URL' }), GROUP_URL);
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(await notifications().findByText('Step 3 completed successfully!')).toBeInTheDocument();
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(groupBodies).toEqual([{ group_url: GROUP_URL }]);
    expect(serverRecord().setup.setup_completed).toBe(true);
    expect(serverRecord().group_id).toBe(SEED_GROUP_ID);
  });

  it('sends a plain number as group_id', async () => {
    const groupBodies = recordRequests(server, 'post', API_PATHS.setupGroup(SERVER_ID));
    const { user, onComplete } = await openAtGroupStep();
    await user.type(
      screen.getByRole('textbox', { name: 'Roblox group ID or URL' }),
      `${SEED_GROUP_ID}{Enter}`,
    );
    await waitFor(() => expect(onComplete).toHaveBeenCalled());
    expect(groupBodies).toEqual([{ group_id: SEED_GROUP_ID }]);
  });

  it('sends nothing and stays on step 3 when the group field is empty', async () => {
    const groupBodies = recordRequests(server, 'post', API_PATHS.setupGroup(SERVER_ID));
    const { onComplete } = await completeWithGroup('   ');
    expect(
      screen.getByRole('textbox', { name: 'Roblox group ID or URL' }),
    ).toHaveAccessibleDescription(expect.stringContaining(EMPTY_GROUP_MESSAGE));
    expect(groupBodies).toEqual([]);
    expect(onComplete).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Group Integration' })).toBeInTheDocument();
  });

  it('skips the group and completes', async () => {
    const groupBodies = recordRequests(server, 'post', API_PATHS.setupGroup(SERVER_ID));
    const { user, onComplete } = await openAtGroupStep();
    await user.click(screen.getByRole('button', { name: 'Skip Group' }));
    expect(
      await notifications().findByText('Group setup skipped successfully!'),
    ).toBeInTheDocument();
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(groupBodies).toEqual([{ skip: true }]);
  });
});

describe('SetupWizard: failures', () => {
  /** Opens the wizard at step `step`, named `heading`, and presses Next, whose save fails. */
  async function failNextAt(step: number, heading: string) {
    const { user } = renderWizard();
    await stepHeading(heading);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await notifications().findByText(`Failed to complete step ${step}. Please try again.`),
    ).toBeInTheDocument();
  }

  it('stays on step 1 when its save fails', async () => {
    server.use(networkErrorNext('post', API_PATHS.setupNickname(SERVER_ID)));
    await failNextAt(1, 'Nickname Configuration');
    expect(screen.getByRole('heading', { name: 'Nickname Configuration' })).toBeInTheDocument();
  });

  it('shows the API message when step 2 is refused (a role above the bot)', async () => {
    const message =
      'The role "Head Moderator" is at or above the bot\'s highest role, so the bot cannot give it.';
    serverRecord().setup = { setup_completed: false, setup_step: 'verified_role' };
    server.use(failNext('post', API_PATHS.setupVerifiedRole(SERVER_ID), 409, message));
    await failNextAt(2, 'Verified Role Setup');
    expect(within(dialog()).getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Verified role name' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('heading', { name: 'Verified Role Setup' })).toBeInTheDocument();
  });

  it('shows the API message when the group does not exist, and does not complete', async () => {
    const { onComplete } = await completeWithGroup('999999');
    expect(
      await notifications().findByText('Failed to complete step 3. Please try again.'),
    ).toBeInTheDocument();
    expect(within(dialog()).getByText('Roblox group 999999 was not found.')).toBeInTheDocument();
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('stays open when skipping the group fails', async () => {
    server.use(failNext('post', API_PATHS.setupGroup(SERVER_ID), 500));
    const { user, onComplete } = await openAtGroupStep();
    await user.click(screen.getByRole('button', { name: 'Skip Group' }));
    expect(
      await notifications().findByText('Failed to skip group setup. Please try again.'),
    ).toBeInTheDocument();
    expect(onComplete).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Skip Group' })).toBeEnabled();
  });
});

describe('SetupWizard: busy and closing', () => {
  it("shows 'Saving...' while a step saves", async () => {
    const gate = holdRequests(server, 'post', API_PATHS.setupNickname(SERVER_ID));
    const { user } = renderWizard();
    await stepHeading('Nickname Configuration');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const saving = await screen.findByRole('button', { name: /Saving\.\.\./ });
    expect(saving).toBeDisabled();
    gate.release();
    await stepHeading('Verified Role Setup');
  });

  it("shows it is working for the whole long group call, with 'Saving...'", async () => {
    const gate = holdRequests(server, 'post', API_PATHS.setupGroup(SERVER_ID));
    const { onComplete } = await completeWithGroup();
    expect(await screen.findByRole('button', { name: /Saving\.\.\./ })).toBeDisabled();
    expect(
      within(dialog()).getByText(/Linking the group and creating its roles/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip Group' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    gate.release();
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
  });

  describe('while the long group call runs', () => {
    async function startGroupSave() {
      const gate = holdRequests(server, 'post', API_PATHS.setupGroup(SERVER_ID));
      const wizard = await completeWithGroup();
      await screen.findByRole('button', { name: /Saving\.\.\./ });
      return { ...wizard, gate };
    }
    const question = () => within(dialog()).queryByText(CLOSE_WHILE_SAVING_MESSAGE);

    it('Cancel, Escape, × and a click outside ask first instead of closing', async () => {
      const { user, onCancel, gate, onComplete } = await startGroupSave();

      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(question()).toBeInTheDocument();
      const keepWaiting = screen.getByRole('button', { name: 'Keep waiting' });
      expect(keepWaiting).toHaveFocus();
      await user.click(keepWaiting);
      expect(question()).not.toBeInTheDocument();

      await user.keyboard('{Escape}');
      expect(question()).toBeInTheDocument();
      await user.keyboard('{Escape}'); // asked again: keep waiting
      expect(question()).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Cancel setup' }));
      expect(question()).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Keep waiting' }));
      await user.pointer({ keys: '[MouseLeft]', target: screen.getByTestId('modal-backdrop') });
      expect(question()).toBeInTheDocument();
      expect(onCancel).not.toHaveBeenCalled();

      // the save ends while the question is up: the question goes, the wizard completes
      gate.release();
      await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
      expect(question()).not.toBeInTheDocument();
      expect(onCancel).not.toHaveBeenCalled();
    });

    it('Close anyway closes; once the save settles the shell is told, to reload', async () => {
      const { user, onCancel, gate, unmount, onSaveSettledAfterClose, onComplete } =
        await startGroupSave();
      onCancel.mockImplementation(() => unmount()); // the shell unmounts the parcel
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('button', { name: 'Close anyway' }));
      expect(onCancel).toHaveBeenCalledTimes(1);
      expect(onSaveSettledAfterClose).not.toHaveBeenCalled();

      gate.release();
      await waitFor(() => expect(onSaveSettledAfterClose).toHaveBeenCalledTimes(1));
      expect(onComplete).not.toHaveBeenCalled();
    });
  });

  describe('a group call without an answer (timeout, lost connection)', () => {
    async function saveGroupWithoutAnswer() {
      server.use(networkErrorNext('post', API_PATHS.setupGroup(SERVER_ID)));
      const wizard = await completeWithGroup();
      expect(await within(dialog()).findByText(GROUP_NO_ANSWER_MESSAGE)).toBeInTheDocument();
      return wizard;
    }

    it('says the roles may still be being created, not that it failed', async () => {
      await saveGroupWithoutAnswer();
      expect(
        notifications().queryByText('Failed to complete step 3. Please try again.'),
      ).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Check status' })).toBeEnabled();
    });

    it('Check status completes the wizard when setup finished meanwhile', async () => {
      const { user, onComplete } = await saveGroupWithoutAnswer();
      serverRecord().setup = { setup_completed: true, setup_step: null };
      await user.click(screen.getByRole('button', { name: 'Check status' }));
      await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
      expect(
        await notifications().findByText('Step 3 completed successfully!'),
      ).toBeInTheDocument();
    });

    it('Check status says when setup is not finished yet', async () => {
      const { user, onComplete } = await saveGroupWithoutAnswer();
      await user.click(screen.getByRole('button', { name: 'Check status' }));
      expect(await within(dialog()).findByText(GROUP_NOT_DONE_MESSAGE)).toBeInTheDocument();
      expect(onComplete).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeEnabled();
    });
  });

  it('Cancel closes without saving', async () => {
    const { user, onCancel, onComplete } = renderWizard();
    await stepHeading('Nickname Configuration');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('Escape closes like Cancel', async () => {
    const { user, onCancel } = renderWizard();
    await stepHeading('Nickname Configuration');
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('the × button closes like Cancel', async () => {
    const { user, onCancel } = renderWizard();
    await stepHeading('Nickname Configuration');
    await user.click(screen.getByRole('button', { name: 'Cancel setup' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = renderWizard();
    await stepHeading('Nickname Configuration');
    for (let i = 0; i < 12; i += 1) {
      await user.tab();
      expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    }
  });
});
