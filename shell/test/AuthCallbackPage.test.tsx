import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginCheck, session } from '@roconnect/shared-lib';
import {
  DEMO_ACCESS_TOKEN,
  DEMO_REFRESH_TOKEN,
  DEMO_USER,
  failNext,
  setupMockServer,
} from '@roconnect/shared-lib/testing';
import { MemoryRouter, Route, Routes } from '../src/router';
import { AuthCallbackPage } from '../src/features/auth/AuthCallbackPage';
import { LocationProbe, renderWithTheme } from './helpers';

const { server } = setupMockServer();

/** Discord's return: the browser lands on this address, and the router starts there too. */
function renderCallback(address: string) {
  window.history.replaceState(null, '', address);
  return renderWithTheme(
    <MemoryRouter initialEntries={['/auth/callback']}>
      <Routes>
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function navigatedTo() {
  return (await screen.findByRole('status', { name: 'current location' })).textContent;
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('AuthCallbackPage', () => {
  it('stores the fragment tokens, removes them from the address, loads the user and opens the dashboard', async () => {
    const check = loginCheck.create();
    renderCallback(
      `/auth/callback#code=mock-code&access_token=${DEMO_ACCESS_TOKEN}&refresh_token=${DEMO_REFRESH_TOKEN}&check=${check}`,
    );

    expect(screen.getByText('Completing authentication...')).toBeInTheDocument();
    // the tokens leave the address bar at once, before the user is even loaded
    expect(window.location.href).toBe('http://localhost/auth/callback');

    expect(await navigatedTo()).toBe('/dashboard?auth_success=true');
    expect(localStorage.getItem('auth_token')).toBe(DEMO_ACCESS_TOKEN);
    expect(localStorage.getItem('refresh_token')).toBe(DEMO_REFRESH_TOKEN);
    expect(session.getState()).toEqual({ status: 'authenticated', user: DEMO_USER });
  });

  it('goes back to the page the login was started for (Sign in again on the privacy page)', async () => {
    const check = loginCheck.create('/account/privacy');
    renderCallback(
      `/auth/callback#code=mock-code&access_token=${DEMO_ACCESS_TOKEN}&refresh_token=${DEMO_REFRESH_TOKEN}&check=${check}`,
    );
    expect(await navigatedTo()).toBe('/account/privacy');
    // spent: the next login goes to the dashboard again
    expect(loginCheck.takeReturnPath()).toBeNull();
  });

  it.each([
    ['without a check (tokens planted by a crafted link)', () => ''],
    ['with a check this tab never made', () => `&check=${'x'.repeat(43)}`],
    [
      'with a check from an earlier login of this tab',
      () => {
        const old = loginCheck.create();
        loginCheck.consume(old);
        return `&check=${old}`;
      },
    ],
  ])('refuses fragment tokens %s', async (_name, checkPart) => {
    loginCheck.create();
    const suffix = checkPart();
    renderCallback(
      `/auth/callback#code=mock-code&access_token=${DEMO_ACCESS_TOKEN}&refresh_token=${DEMO_REFRESH_TOKEN}${suffix}`,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link was started in another browser. Please try again.',
    );
    expect(window.location.hash).toBe('');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(session.getState().status).not.toBe('authenticated');
  });

  it('explains a callback the API refused as finished in another browser', async () => {
    renderCallback('/auth/callback?error=browser_mismatch&error_description=anything');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link was started in another browser. Please try again.');
    expect(alert).not.toHaveTextContent('anything');
  });

  it('explains a cancelled Discord authorization', async () => {
    renderCallback('/auth/callback?error=access_denied');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'Authentication Error' }),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent(
      'Discord authorization was cancelled. You can try logging in again.',
    );
    expect(window.location.search).toBe('');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('reports any other error as a failed authentication', async () => {
    renderCallback('/auth/callback?error=server_error&error_description=boom');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Authentication was cancelled or failed.',
    );
  });

  it.each([
    ['no fragment', '/auth/callback'],
    [
      'no code',
      `/auth/callback#access_token=${DEMO_ACCESS_TOKEN}&refresh_token=${DEMO_REFRESH_TOKEN}`,
    ],
    ['no access_token', `/auth/callback#code=mock-code&refresh_token=${DEMO_REFRESH_TOKEN}`],
  ])('says no authorization data was received when there is %s', async (_case, address) => {
    renderCallback(address);
    expect(await screen.findByRole('alert')).toHaveTextContent('No authorization data received.');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(window.location.hash).toBe('');
  });

  it.each([401, 500])('clears the tokens and says so when /auth/me answers %i', async (status) => {
    server.use(failNext('get', '/auth/me', status));
    renderCallback(
      `/auth/callback#code=mock-code&access_token=${DEMO_ACCESS_TOKEN}&refresh_token=${DEMO_REFRESH_TOKEN}&check=${loginCheck.create()}`,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Authentication failed. Please try again.',
    );
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(session.getState().status).toBe('anonymous');
  });

  it('Try Again goes to /login', async () => {
    const user = userEvent.setup();
    renderCallback('/auth/callback?error=access_denied');
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await navigatedTo()).toBe('/login');
  });
});
