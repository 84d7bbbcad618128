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

const { server, db } = setupMockServer();
const SERVER_ID = SEED_SERVERS.ownerReady;
beforeEach(() => signIn());

const region = () => screen.getByRole('region', { name: 'Audit Log' });
const bodyRows = () => within(region()).getAllByRole('row').slice(1);
const memberField = () =>
  within(region()).getByRole('textbox', { name: 'Filter by member (name or Discord user ID)' });

/** Renders the section and waits for its first page of entries; returns the user to act on it. */
async function renderLoaded() {
  const user = userEvent.setup();
  renderWithToasts(<AuditLogSection serverId={SERVER_ID} />);
  await within(region()).findByRole('table');
  return user;
}

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
  expect(verification).toHaveTextContent('Verified Other Owner on the website');
  const details = within(verification!);
  const detail = (term: string) => details.getByText(term).nextElementSibling;
  expect(detail('Roblox account')).toHaveTextContent('SomeoneElse');
  expect(detail('Roles added')).toHaveTextContent('Verified');
  expect(detail('Roles removed')).toHaveTextContent('none');
  expect(detail('Nickname')).toHaveTextContent('(none) → SomeoneElse');
  expect(detail('DM sent')).toHaveTextContent('Yes');
  expect(setting).toHaveTextContent('Demo User');
  expect(setting).toHaveTextContent('Changed Nickname format');
  expect(setting).toHaveTextContent('Roblox username → Roblox display name');
  const time = within(setting!).getByText(relativeTime('2025-08-01T09:00:00.000Z'));
  expect(time).toHaveAttribute('datetime', '2025-08-01T09:00:00.000Z');
  expect(time).toHaveAttribute('title', expect.stringMatching(/2025/));
});

it('loads more pages until there are no more', async () => {
  addSettingChanges(AUDIT_PAGE_SIZE);
  const user = await renderLoaded();
  expect(bodyRows()).toHaveLength(AUDIT_PAGE_SIZE);
  await user.click(within(region()).getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(bodyRows()).toHaveLength(AUDIT_PAGE_SIZE + 2));
  expect(bodyRows().at(-1)).toHaveTextContent('Roblox username → Roblox display name');
  expect(within(region()).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});

it('shows roles, channels and people by name, their ids on hover', async () => {
  db.audit.push({
    server_id: SERVER_ID,
    id: 'audit-role',
    kind: 'setting_change',
    at: '2025-08-03T09:00:00.000Z',
    actor: { user_id: 'x', discord_id: '100000000000000002', username: 'other_owner' },
    setting: 'verified_role',
    before: 'Old name (200000000000000012)',
    after: 'Verified (200000000000000011)',
  } as MockAuditEntry);
  await renderLoaded();
  const row = bodyRows()[0]!;
  // the role's name as the server has it now, its id on hover
  expect(row).toHaveTextContent('Changed Verified role');
  expect(row).toHaveTextContent('Moderators → Verified');
  expect(within(row).getByText('Moderators')).toHaveAttribute(
    'title',
    'Role ID 200000000000000012',
  );
  expect(within(row).getByText('Other Owner')).toHaveAttribute(
    'title',
    'Discord user ID 100000000000000002',
  );
  expect(row).not.toHaveTextContent('200000000000000011');
});

/** The filters each request of the log carried, as its query. */
function recordQueries() {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`*${API_PATHS.serverAudit(SERVER_ID)}`, ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      delete params.limit;
      queries.push(params);
      return undefined;
    }),
  );
  return queries;
}

const field = (name: string | RegExp) => within(region()).getByLabelText(name);

it('filters by a member’s name or Discord user ID, and clears the filters', async () => {
  const queries = recordQueries();
  const user = await renderLoaded();
  const who = memberField();
  await user.type(who, 'OTHER{Enter}');
  await waitFor(() => expect(bodyRows()).toHaveLength(1));
  expect(bodyRows()[0]).toHaveTextContent('Verified Other Owner');
  await user.clear(who);
  await user.type(who, '100000000000000009{Enter}');
  expect(await within(region()).findByText('Nothing matches these filters')).toBeInTheDocument();
  await user.click(within(region()).getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(bodyRows()).toHaveLength(2));
  expect(who).toHaveValue('');
  expect(queries).toEqual([{}, { name: 'OTHER' }, { member: '100000000000000009' }, {}]);
});

it('filters by action and by days, in the manager’s own time zone', async () => {
  const queries = recordQueries();
  const user = await renderLoaded();
  await user.selectOptions(field('Action'), 'Verifications');
  await user.click(within(region()).getByRole('button', { name: 'Filter' }));
  await waitFor(() => expect(bodyRows()).toHaveLength(1));
  expect(bodyRows()[0]).toHaveTextContent('Verified Other Owner');
  await user.selectOptions(field('Action'), 'All actions');
  await user.type(field('From'), '2025-08-01');
  await user.type(field('To'), '2025-08-01');
  await user.click(within(region()).getByRole('button', { name: 'Filter' }));
  await waitFor(() => expect(bodyRows()).toHaveLength(1));
  expect(bodyRows()[0]).toHaveTextContent('Changed Nickname format');
  expect(queries.slice(1)).toEqual([
    { action: 'verification' },
    {
      from: new Date(2025, 7, 1).toISOString(),
      to: new Date(2025, 7, 2).toISOString(),
    },
  ]);
});

it('refuses a To day before the From day, and a name too long, without asking', async () => {
  const queries = recordQueries();
  const user = await renderLoaded();
  await user.type(field('From'), '2025-08-02');
  await user.type(field('To'), '2025-08-01');
  await user.click(within(region()).getByRole('button', { name: 'Filter' }));
  expect(field('To')).toHaveAccessibleDescription('Choose a day on or after the From day.');
  await user.clear(field('To'));
  await user.type(field(/Filter by member/), 'x'.repeat(101));
  await user.click(within(region()).getByRole('button', { name: 'Filter' }));
  expect(field(/Filter by member/)).toHaveAccessibleDescription('Enter at most 100 characters.');
  expect(queries).toEqual([{}]);
});

describe('with the keyboard', () => {
  let stopBlurring: () => void;
  beforeEach(() => {
    stopBlurring = blurControlsWhenDisabled();
  });
  afterEach(() => stopBlurring());

  async function loadMoreWithEnter(beforeEnter?: () => void) {
    addSettingChanges(AUDIT_PAGE_SIZE);
    const user = await renderLoaded();
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

  it('Clear filters leaves the focus in the emptied member field', async () => {
    const user = await renderLoaded();
    const input = memberField();
    await user.type(input, '100000000000000009{Enter}');
    expect(await within(region()).findByText('Nothing matches these filters')).toBeInTheDocument();
    const clear = within(region()).getByRole('button', { name: 'Clear filters' });
    clear.focus();
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
  const user = await renderLoaded();
  await user.click(within(region()).getByRole('button', { name: 'Export CSV' }));
  expect(await notifications().findByText('Audit log exported')).toBeInTheDocument();
  expect(clicked).toEqual([`roconnect-audit-${SERVER_ID}.csv blob:audit`]);
  const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
  expect(await blob.text()).toMatch(/^at,kind,actor/);
});

it('exports what the filters show', async () => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:audit'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const exported: Record<string, string>[] = [];
  server.use(
    http.get(`*${API_PATHS.serverAuditExport(SERVER_ID)}`, ({ request }) => {
      exported.push(Object.fromEntries(new URL(request.url).searchParams));
      return undefined;
    }),
  );
  const user = await renderLoaded();
  await user.type(field(/Filter by member/), 'other{Enter}');
  await waitFor(() => expect(bodyRows()).toHaveLength(1));
  await user.click(within(region()).getByRole('button', { name: 'Export CSV' }));
  expect(await notifications().findByText('Audit log exported')).toBeInTheDocument();
  expect(exported).toEqual([{ name: 'other' }]);
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
  const user = await renderLoaded();
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
