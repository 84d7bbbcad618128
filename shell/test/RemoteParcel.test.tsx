import { act, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@roconnect/shared-lib';
import userEvent from '@testing-library/user-event';
import { RemoteParcel } from '../src/features/remotes/RemoteParcel';
import { capturePrerenderedParcel } from '../src/features/remotes/prerenderedParcel';
import { registerRemoteManifest } from '../src/features/remotes/remoteRegistry';
import { federation, renderWithTheme, resetRemotes, TEST_REMOTES } from './helpers';

beforeEach(() => {
  resetRemotes();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function region(name: string) {
  return screen.getByRole('region', { name });
}

/** mfe_setup's ServerConfig parcel, given `parcelProps`. */
function serverConfig(parcelProps: Record<string, unknown>) {
  return (
    <RemoteParcel
      remote="mfe_setup"
      expose="ServerConfig"
      label="Server configuration"
      parcelProps={parcelProps}
    />
  );
}

describe('RemoteParcel', () => {
  it('shows a loading state until the remote arrives, then mounts its parcel', async () => {
    const release = federation.hold('mfe_accounts');
    renderWithTheme(<RemoteParcel remote="mfe_accounts" expose="AccountsTab" label="Accounts" />);

    expect(within(region('Accounts')).getByRole('status')).toHaveTextContent('Loading Accounts...');
    expect(screen.queryByText('Parcel mfe_accounts/AccountsTab')).not.toBeInTheDocument();

    act(() => release());
    expect(await screen.findByText('Parcel mfe_accounts/AccountsTab')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(region('Accounts')).queryByRole('status')).not.toBeInTheDocument(),
    );
    expect(federation.loadCalls).toEqual(['mfe_accounts/AccountsTab']);
  });

  it('tells onMounted once its parcel has mounted, and not when the remote fails', async () => {
    const release = federation.hold('mfe_accounts');
    const onMounted = jest.fn();
    renderWithTheme(
      <RemoteParcel
        remote="mfe_accounts"
        expose="AccountsTab"
        label="Accounts"
        onMounted={onMounted}
      />,
    );
    expect(onMounted).not.toHaveBeenCalled();
    act(() => release());
    expect(await screen.findByText('Parcel mfe_accounts/AccountsTab')).toBeInTheDocument();
    await waitFor(() => expect(onMounted).toHaveBeenCalledTimes(1));

    federation.fail('mfe_servers');
    const onServersMounted = jest.fn();
    renderWithTheme(
      <RemoteParcel
        remote="mfe_servers"
        expose="ServersTab"
        label="Servers"
        onMounted={onServersMounted}
      />,
    );
    expect(
      await within(region('Servers')).findByText('Servers is unavailable'),
    ).toBeInTheDocument();
    expect(onServersMounted).not.toHaveBeenCalled();
  });

  it('passes its props to the parcel and updates them when they change', async () => {
    const { rerender } = renderWithTheme(serverConfig({ serverId: '42' }));
    const props = await screen.findByRole('list', { name: 'mfe_setup/ServerConfig props' });
    expect(within(props).getByText('serverId=42')).toBeInTheDocument();

    rerender(serverConfig({ serverId: '77', extra: true }));
    await waitFor(() => expect(within(props).getByText('serverId=77')).toBeInTheDocument());
    expect(within(props).getByText('extra=true')).toBeInTheDocument();
    expect(within(props).queryByText('serverId=42')).not.toBeInTheDocument();
    // an update, not a remount
    expect(federation.events.filter((e) => e.startsWith('mount'))).toHaveLength(1);
  });

  it('applies the latest props when they change again while an update is under way', async () => {
    const view = (serverId: string) => serverConfig({ serverId });
    const { rerender } = renderWithTheme(view('1'));
    const props = await screen.findByRole('list', { name: 'mfe_setup/ServerConfig props' });
    rerender(view('2'));
    rerender(view('3'));
    await waitFor(() => expect(within(props).getByText('serverId=3')).toBeInTheDocument());
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('unmounts the parcel even when it is removed in the middle of an update', async () => {
    const view = (serverId: string) => serverConfig({ serverId });
    const { rerender, unmount } = renderWithTheme(view('1'));
    await screen.findByText('Parcel mfe_setup/ServerConfig');
    rerender(view('2'));
    unmount();
    await waitFor(() =>
      expect(federation.events).toEqual([
        'mount mfe_setup/ServerConfig',
        'unmount mfe_setup/ServerConfig',
      ]),
    );
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('shows Try again in the failing region only; a sibling region keeps working', async () => {
    federation.fail('mfe_servers');
    renderWithTheme(
      <>
        <RemoteParcel remote="mfe_accounts" expose="AccountsTab" label="Accounts" />
        <RemoteParcel remote="mfe_servers" expose="ServersTab" label="Servers" />
      </>,
    );

    const servers = region('Servers');
    expect(await within(servers).findByRole('alert')).toHaveTextContent('Servers is unavailable');
    expect(within(servers).getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    const accounts = region('Accounts');
    expect(
      await within(accounts).findByText('Parcel mfe_accounts/AccountsTab'),
    ).toBeInTheDocument();
    expect(within(accounts).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(accounts).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('re-registers the remote with force after a failure and recovers on Try again', async () => {
    const user = userEvent.setup();
    federation.fail('mfe_servers');
    renderWithTheme(<RemoteParcel remote="mfe_servers" expose="ServersTab" label="Servers" />);
    const tryAgain = await within(region('Servers')).findByRole('button', { name: 'Try again' });

    expect(federation.registerCalls).toContainEqual({
      remotes: [{ name: 'mfe_servers', entry: TEST_REMOTES.mfe_servers }],
      force: true,
    });

    // still down: Try again fails again, the fallback stays
    await user.click(tryAgain);
    await waitFor(() => expect(federation.loadCalls).toHaveLength(2));
    expect(
      await within(region('Servers')).findByRole('button', { name: 'Try again' }),
    ).toBeInTheDocument();

    federation.recover('mfe_servers');
    await user.click(within(region('Servers')).getByRole('button', { name: 'Try again' }));
    expect(
      await within(region('Servers')).findByText('Parcel mfe_servers/ServersTab'),
    ).toBeInTheDocument();
    expect(within(region('Servers')).queryByRole('alert')).not.toBeInTheDocument();
    expect(federation.loadCalls).toEqual([
      'mfe_servers/ServersTab',
      'mfe_servers/ServersTab',
      'mfe_servers/ServersTab',
    ]);
  });

  it('fails in its region when the remote is not in remotes.json', async () => {
    federation.reset();
    registerRemoteManifest({});
    renderWithTheme(<RemoteParcel remote="mfe_public" expose="Landing" label="Home" />);
    expect(await within(region('Home')).findByRole('alert')).toHaveTextContent(
      'Home is unavailable',
    );
    // nothing to re-register without an entry
    expect(federation.registerCalls.filter((call) => call.force)).toEqual([]);
  });

  it('unmounts the parcel when it is removed', async () => {
    const { unmount } = renderWithTheme(
      <RemoteParcel remote="mfe_public" expose="Landing" label="Home" />,
    );
    expect(await screen.findByText('Parcel mfe_public/Landing')).toBeInTheDocument();
    expect(federation.events).toEqual(['mount mfe_public/Landing']);

    unmount();
    await waitFor(() =>
      expect(federation.events).toEqual(['mount mfe_public/Landing', 'unmount mfe_public/Landing']),
    );
    expect(screen.queryByText('Parcel mfe_public/Landing')).not.toBeInTheDocument();
  });

  it('does not mount a parcel that arrives after it was removed', async () => {
    const release = federation.hold('mfe_public');
    const { unmount } = renderWithTheme(
      <RemoteParcel remote="mfe_public" expose="Landing" label="Home" />,
    );
    unmount();
    await act(async () => release());
    await waitFor(() => expect(federation.loadCalls).toEqual(['mfe_public/Landing']));
    expect(federation.events).toEqual([]);
  });
});

describe('RemoteParcel with the view the server prerendered for it', () => {
  function pageWithPrerender(parcelName: string) {
    const root = document.createElement('div');
    root.innerHTML = `<div data-rc-prerender="${parcelName}"><h1>Prerendered landing</h1></div>`;
    document.body.appendChild(root);
    capturePrerenderedParcel(root);
    return root;
  }
  const renderInto = (root: HTMLElement, remote: 'mfe_public', expose: string) =>
    render(<RemoteParcel remote={remote} expose={expose} label="Home" />, {
      container: root,
      wrapper: ({ children }) => <ThemeProvider theme={theme}>{children}</ThemeProvider>,
    });

  it('keeps it on screen instead of the spinner until the parcel replaces it', async () => {
    const release = federation.hold('mfe_public');
    const root = pageWithPrerender('mfe_public/Landing');
    renderInto(root, 'mfe_public', 'Landing');

    const prerendered = screen.getByRole('heading', { name: 'Prerendered landing' });
    expect(within(region('Home')).getByRole('heading')).toBe(prerendered);
    expect(within(region('Home')).queryByRole('status')).not.toBeInTheDocument();

    act(() => release());
    expect(await screen.findByText('Parcel mfe_public/Landing')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Prerendered landing' })).not.toBeInTheDocument();
    expect(within(region('Home')).queryByRole('status')).not.toBeInTheDocument();
  });

  it('removes it and offers Try again when the remote cannot be loaded', async () => {
    federation.fail('mfe_public');
    const root = pageWithPrerender('mfe_public/Landing');
    renderInto(root, 'mfe_public', 'Landing');

    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Prerendered landing' })).not.toBeInTheDocument();
  });

  it('is not used by another parcel: that one shows its spinner', () => {
    federation.hold('mfe_public');
    const root = pageWithPrerender('mfe_public/Landing');
    renderInto(root, 'mfe_public', 'Login');

    expect(within(region('Home')).getByRole('status')).toHaveTextContent('Loading Home...');
    expect(screen.queryByRole('heading', { name: 'Prerendered landing' })).not.toBeInTheDocument();
  });
});
