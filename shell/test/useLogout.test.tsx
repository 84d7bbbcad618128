import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AUTH_ROUTES, toast } from '@roconnect/shared-lib';
import { setupMockServer } from '@roconnect/shared-lib/testing';
import { currentLocation, renderApp, setupSignedInShell } from './helpers';

const { server } = setupMockServer();
setupSignedInShell(server);

const toasts = () => toast.getToasts().map(({ type, message }) => `${type}: ${message}`);

// useLogout: its busy state is useApiAction's (the header keeps React Query out), not a flag of
// its own; what it says and where it goes are the DashboardPage tests'.
describe('Logout in the signed-in header', () => {
  it('is busy while the API ends the session, once: a second press sends nothing', async () => {
    const user = userEvent.setup();
    let answer!: () => void;
    let calls = 0;
    server.use(
      http.post(`*${AUTH_ROUTES.logout.path}`, async () => {
        calls += 1;
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({ success: true, data: {} });
      }),
    );
    renderApp('/dashboard');
    const logout = await within(await screen.findByRole('banner')).findByRole('button', {
      name: 'Logout',
    });
    expect(logout).not.toHaveAttribute('aria-busy');

    await user.click(logout);
    await waitFor(() => expect(calls).toBe(1));
    expect(logout).toHaveAttribute('aria-busy', 'true');
    expect(logout).toBeDisabled();
    await user.click(logout);
    expect(calls).toBe(1);

    answer();
    await waitFor(() => expect(currentLocation()).toHaveTextContent(/^\/$/));
    expect(toasts()).toEqual(['success: Successfully logged out!']);
  });
});
