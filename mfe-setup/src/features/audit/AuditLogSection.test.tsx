import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { API_PATHS, relativeTime } from '@roconnect/shared-lib';
import { SEED_SERVERS, failNext, setupMockServer, signIn } from '@roconnect/shared-lib/testing';
import type { MockAuditEntry } from '@roconnect/shared-lib/mocks';
import { blurControlsWhenDisabled } from '../../testing/blurWhenDisabled';
import { notifications, renderWithToasts } from '../../testing/renderWithToasts';
import { AUDIT_PAGE_SIZE } from './useAuditLog';
import { AuditLogSection } from './AuditLogSection';

jest.setTimeout(20_000);

const { server, db } = setupMockServer();
const SERVER_ID = SEED_SERVERS.ownerReady;
beforeEach(() => signIn());

const region = () => screen.getByRole('region', { name: 'Audit Log' });
const bodyRows = () => within(region()).getAllByRole('row').slice(1);

function addSettingChanges(count: number) {
  for (let i = 0; i < count; i += 1) {
    db.audit.push({
      server_id: SERVER_ID,
      id: `extra-${i}`,
      kind: 'setting_change',
      at: new Date(Date.UTC(2025, 8, 1, 0, i)).toISOString(),
      actor: null,
      setting: 'nickname_format',
      before: `before-${i}`,
      after: `after-${i}`,
    } as MockAuditEntry);
  }
}

it('shows verifications and setting changes newest first, with their details', async () => {
  renderWithToasts(<AuditLogSection serverId={SERVER_ID} />);
  expect(screen.getByText('Loading the audit log...')).toBeInTheDocument();
  await within(region()).findByRole('table');
  const [verification, setting] = bodyRows();
  expect(verification).toHaveTextContent('Verified other_owner on the website');
  const details = within(verification!);
  const detail = (term: string) => details.getByText(term).nextElementSibling;
  expect(detail('Roblox account')).toHaveTextContent('SomeoneElse');
  expect(detail('Roles added')).toHaveTextContent('Verified');
  expect(detail('Roles removed')).toHaveTextContent('none');
  expect(detail('Nickname')).toHaveTextContent('(none) → SomeoneElse');
  expect(detail('DM sent')).toHaveTextContent('Yes');
  expect(setting).toHaveTextContent('demo_user');
  expect(setting).toHaveTextContent('Changed Nickname format');
  expect(setting).toHaveTextContent('Roblox username → Roblox display name');
  const time = within(setting!).getByText(relativeTime('2025-08-01T09:00:00.000Z'));
  expect(time).toHaveAttribute('datetime', '2025-08-01T09:00:00.000Z');
  expect(time).toHaveAttribute('title', expect.stringMatching(/2025/));
});

it('loads more pages until there are no more', async () => {
  addSettingChanges(AUDIT_PAGE_SIZE);
  const user = userEvent.setup();
  renderWithToasts(<AuditLogSection serverId={SERVER_ID} />);
  await within(region()).findByRole('table');
  expect(bodyRows()).toHaveLength(AUDIT_PAGE_SIZE);
  await user.click(within(region()).getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(bodyRows()).toHaveLength(AUDIT_PAGE_SIZE + 2));
  expect(bodyRows().at(-1)).toHaveTextContent('Roblox username → Roblox display name');
  expect(within(region()).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});

it('filters by member, checks the id, and shows everyone again', async () => {
  const members: (string | null)[] = [];
  server.use(
    http.get(`*${API_PATHS.serverAudit(SERVER_ID)}`, ({ request }) => {
      members.push(new URL(request.url).searchParams.get('member'));
      return undefined;
    }),
  );
  const user = userEvent.setup();
  renderWithToasts(<AuditLogSection serverId={SERVER_ID} />);
  await within(region()).findByRole('table');
  const input = within(region()).getByRole('textbox', {
    name: 'Filter by member (Discord user ID)',
  });
  await user.type(input, 'alex');
  await user.click(within(region()).getByRole('button', { name: 'Filter' }));
  expect(input).toHaveAccessibleDescription("Enter the member's Discord user ID (17–20 digits).");
  await user.clear(input);
  await user.type(input, '100000000000000002{Enter}');
  await waitFor(() => expect(bodyRows()).toHaveLength(1));
  expect(bodyRows()[0]).toHaveTextContent('Verified other_owner');
  await user.clear(input);
  await user.type(input, '100000000000000009{Enter}');
  expect(await within(region()).findByText('Nothing for this member')).toBeInTheDocument();
  await user.click(within(region()).getByRole('button', { name: 'Show everyone' }));
  await waitFor(() => expect(bodyRows()).toHaveLength(2));
  expect(members).toEqual([null, '100000000000000002', '100000000000000009', null]);
});

describe('with the keyboard', () => {
  let stopBlurring: () => void;
  beforeEach(() => {
    stopBlurring = blurControlsWhenDisabled();
  });
  afterEach(() => stopBlurring());

  async function loadMoreWithEnter(beforeEnter?: () => void) {
    addSettingChanges(AUDIT_PAGE_SIZE);
    const user = userEvent.setup();
    renderWithToasts(<AuditLogSection serverId={SERVER_ID} />);
    await within(region()).findByRole('table');
    beforeEnter?.();
    const button = within(region()).getByRole('button', { name: 'Load more' });
    button.focus();
    await user.keyboard('{Enter}');
    return button;
  }

  it('Load more takes the focus to the first entry it added', async () => {
    await loadMoreWithEnter();
    await waitFor(() => expect(bodyRows()).toHaveLength(AUDIT_PAGE_SIZE + 2));
    expect(bodyRows()[AUDIT_PAGE_SIZE]).toHaveFocus();
  });

  it('Load more keeps the focus when the next page does not come', async () => {
    const button = await loadMoreWithEnter(() =>
      server.use(failNext('get', API_PATHS.serverAudit(SERVER_ID), 502)),
    );
    expect(await within(region()).findByText("Couldn't load more entries")).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(AUDIT_PAGE_SIZE);
    expect(button).toHaveFocus();
  });

  it('Show everyone leaves the focus in the emptied filter field', async () => {
    const user = userEvent.setup();
    renderWithToasts(<AuditLogSection serverId={SERVER_ID} />);
    await within(region()).findByRole('table');
    const input = within(region()).getByRole('textbox', {
      name: 'Filter by member (Discord user ID)',
    });
    await user.type(input, '100000000000000009{Enter}');
    expect(await within(region()).findByText('Nothing for this member')).toBeInTheDocument();
    await user.tab(); // Filter
    await user.tab(); // Show everyone
    expect(within(region()).getByRole('button', { name: 'Show everyone' })).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
  });
});

it('exports the CSV as a file', async () => {
  const createObjectURL = jest.fn(() => 'blob:audit');
  const revokeObjectURL = jest.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  const clicked: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(`${this.download} ${this.getAttribute('href')}`);
  });
  const user = userEvent.setup();
  renderWithToasts(<AuditLogSection serverId={SERVER_ID} />);
  await within(region()).findByRole('table');
  await user.click(within(region()).getByRole('button', { name: 'Export CSV' }));
  expect(await notifications().findByText('Audit log exported')).toBeInTheDocument();
  expect(clicked).toEqual([`roconnect-audit-${SERVER_ID}.csv blob:audit`]);
  const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
  expect(await blob.text()).toMatch(/^at,kind,actor/);
});

it('says when to export again after too many exports, in the API’s words', async () => {
  server.use(
    failNext(
      'get',
      API_PATHS.serverAuditExport(SERVER_ID),
      429,
      'Too many requests for this server: try again in 1 minute.',
    ),
  );
  const user = userEvent.setup();
  renderWithToasts(<AuditLogSection serverId={SERVER_ID} />);
  await within(region()).findByRole('table');
  await user.click(within(region()).getByRole('button', { name: 'Export CSV' }));
  expect(
    await notifications().findByText(
      'Failed to export the audit log. Too many requests for this server: try again in 1 minute.',
    ),
  ).toBeInTheDocument();
});

it('shows an empty state, and a retry when loading fails', async () => {
  db.audit = [];
  server.use(failNext('get', API_PATHS.serverAudit(SERVER_ID), 500));
  const user = userEvent.setup();
  renderWithToasts(<AuditLogSection serverId={SERVER_ID} />);
  expect(await within(region()).findByText("Couldn't load the audit log")).toBeInTheDocument();
  await user.click(within(region()).getByRole('button', { name: /try again|retry/i }));
  expect(await within(region()).findByText('Nothing here yet')).toBeInTheDocument();
});
