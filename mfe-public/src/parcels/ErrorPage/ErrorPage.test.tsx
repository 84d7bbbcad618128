import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ErrorPageCode } from '@roconnect/shared-lib';
import { recordNavigation, renderWithProviders } from '@roconnect/shared-lib/testing';
import { openPage, reloadPage } from '../../features/browser/reloadPage';
import { ErrorPage } from './ErrorPage';

jest.mock('../../features/browser/reloadPage', () => ({
  reloadPage: jest.fn(),
  openPage: jest.fn(),
}));

const navigate = recordNavigation();
/** Where the visitor was sent, in order. */
const navigations = () => navigate.mock.calls.map(([to]) => to);
beforeEach(() => {
  jest.mocked(reloadPage).mockClear();
  jest.mocked(openPage).mockClear();
});

const cases: { code: ErrorPageCode; title: string; buttons: string[] }[] = [
  { code: '401', title: 'Sign in required', buttons: ['Log In', 'Go Home'] },
  { code: '403', title: 'Access denied', buttons: ['Go Home'] },
  { code: '404', title: 'Page not found', buttons: ['Go Home'] },
  { code: '500', title: 'Something went wrong', buttons: ['Try Again', 'Go Home'] },
  { code: '502', title: 'Service unavailable', buttons: ['Try Again', 'Go Home'] },
];

/** Shows the `code` page (from `query`) and presses its Try Again. */
async function tryAgain(code: ErrorPageCode, query?: Record<string, string>) {
  renderWithProviders(<ErrorPage code={code} query={query} />);
  await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
}

describe('ErrorPage', () => {
  it.each(cases)(
    '$code shows its code, a friendly message and $buttons',
    ({ code, title, buttons }) => {
      const { container } = renderWithProviders(<ErrorPage code={code} />);
      // the shell's <main> holds it: a second one would sit inside the first
      expect(container.querySelector('main')).toBeNull();
      expect(
        screen.getByRole('heading', { level: 1, name: `Error ${code}: ${title}` }),
      ).toBeInTheDocument();
      expect(screen.getByText(code)).toBeInTheDocument();
      const actions = Array.from(container.querySelectorAll('a, button'));
      expect(actions.map((action) => action.textContent)).toEqual(buttons);
      buttons.forEach((name) =>
        expect(screen.getByRole(name === 'Try Again' ? 'button' : 'link', { name })).toBeVisible(),
      );
    },
  );

  it('401: Log In goes to /auth, which the shell sends to the login', async () => {
    renderWithProviders(<ErrorPage code="401" />);
    const logIn = screen.getByRole('link', { name: 'Log In' });
    expect(logIn).toHaveAttribute('href', '/auth');
    await userEvent.click(logIn);
    expect(navigations()).toEqual(['/auth']);
  });

  it.each(['500', '502'] as const)('%s: Try Again reloads the page', async (code) => {
    await tryAgain(code);
    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(openPage).not.toHaveBeenCalled();
    expect(navigations()).toEqual([]);
  });

  it.each([
    ['500', '/dashboard?tab=servers'],
    ['502', '/verify?account=7'],
    ['500', '/server/edit/123#group'],
  ] as const)(
    '%s: Try Again goes back to the page the server error came from (%s), as a new document',
    async (code, from) => {
      await tryAgain(code, { from });
      expect(openPage).toHaveBeenCalledWith(from);
      expect(reloadPage).not.toHaveBeenCalled();
      expect(navigations()).toEqual([]);
    },
  );

  it.each([
    ['another site', 'https://evil.example/login'],
    ['a protocol-relative address', '//evil.example/login'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a tab the browser drops', '/\t/evil.example'],
    ['a newline the browser drops', '/\n/evil.example'],
    ['a script address', 'javascript:alert(1)'],
    ['a path without its slash', 'dashboard'],
    ['an encoded second slash', '%2F%2Fevil.example'],
    ['a leading space', ' /dashboard'],
    ['an error page (no loop)', '/500?from=/dashboard'],
    ['an address too long to be ours', `/dashboard?x=${'a'.repeat(2100)}`],
  ])('500: Try Again never leaves the site: %s reloads this page instead', async (_what, from) => {
    await tryAgain('500', { from });
    expect(openPage).not.toHaveBeenCalled();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it.each(['401', '403', '404', '500', '502'] as const)('%s: Go Home goes to /', async (code) => {
    renderWithProviders(<ErrorPage code={code} />);
    const home = screen.getByRole('link', { name: 'Go Home' });
    expect(home).toHaveAttribute('href', '/');
    await userEvent.click(home);
    expect(navigations()).toEqual(['/']);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('falls back to the 404 page for a code it does not know', () => {
    renderWithProviders(<ErrorPage code={'418' as ErrorPageCode} />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Error 404: Page not found' }),
    ).toBeInTheDocument();
  });
});
