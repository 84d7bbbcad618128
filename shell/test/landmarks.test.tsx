import { act, render, screen, within } from '@testing-library/react';
import type { ParcelConfigObject } from 'single-spa';
import { ThemeProvider } from 'styled-components';
import { PageContainer, defineParcel, session, theme } from '@roconnect/shared-lib';
import { setupMockServer, signIn } from '@roconnect/shared-lib/testing';
import { prerenderedElement } from '../server/prerenderedFragment';
import { App } from '../src/app/App';
import { capturePrerenderedParcel } from '../src/features/remotes/prerenderedParcel';
import { MemoryRouter } from '../src/router';
import { federation, renderApp, resetRemotes } from './helpers';

// The page's landmarks: one <main>, the shell's, never inside another landmark (axe's
// landmark-main-is-top-level), whatever page a parcel renders.
setupMockServer();

beforeEach(() => {
  resetRemotes();
  session.clear();
});
afterEach(() => jest.restoreAllMocks());

/** Elements that are landmarks, or (a header, a footer) would be one at the top of the page. */
const LANDMARK =
  'main, header, footer, nav, aside, section[aria-label], section[aria-labelledby], ' +
  'form[aria-label], [role=main], [role=banner], [role=contentinfo], [role=navigation], ' +
  '[role=complementary], [role=region], [role=search], [role=form]';

/** The landmarks `element` sits in, outermost first, as `tag` or `tag "name"`. */
function landmarksAround(element: Element): string[] {
  const around: string[] = [];
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (!node.matches(LANDMARK)) continue;
    const name = node.getAttribute('aria-label');
    around.unshift(name ? `${node.localName} "${name}"` : node.localName);
  }
  return around;
}

/** A remote's page as the remotes write one: PageContainer holding the page's heading. */
function stubPage(id: string) {
  function Page() {
    return (
      <PageContainer>
        <h1>Page of {id}</h1>
      </PageContainer>
    );
  }
  federation.provide(id, defineParcel(id, Page) as unknown as ParcelConfigObject);
}

async function signedIn() {
  signIn();
  await session.start();
}

/** The page's one main, which sits in no other landmark. */
function theOneMain(): HTMLElement {
  const mains = screen.getAllByRole('main');
  expect(mains).toHaveLength(1);
  expect(landmarksAround(mains[0]!)).toEqual([]);
  return mains[0]!;
}

describe("the page's landmarks", () => {
  it.each([
    ['/', 'mfe_public/Landing', 'Home', false],
    ['/login', 'mfe_public/Login', 'Sign in', false],
    ['/no-such-page', 'mfe_public/ErrorPage', 'Error', false],
    ['/verify', 'mfe_accounts/Verify', 'Verify', true],
    ['/server/edit/123456789', 'mfe_setup/ServerConfig', 'Server configuration', true],
  ])(
    "%s: the parcel's page is in the shell's one top-level <main>, inside its named region",
    async (path, parcelId, regionLabel, withHeader) => {
      stubPage(parcelId);
      if (withHeader) await signedIn();
      renderApp(path);
      const heading = await screen.findByRole('heading', { level: 1, name: `Page of ${parcelId}` });

      const main = theOneMain();
      expect(landmarksAround(heading)).toEqual(['main', `section "${regionLabel}"`]);
      expect(within(main).getByRole('region', { name: regionLabel })).toContainElement(heading);
      if (withHeader) {
        // the signed-in header is the page's banner, before the main and not in it
        const banner = screen.getByRole('banner');
        expect(landmarksAround(banner)).toEqual([]);
        expect(
          banner.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING,
        ).toBeTruthy();
      }
    },
  );

  it("the dashboard: the header outside the one <main>, the tab's parcel inside it", async () => {
    await signedIn();
    renderApp('/dashboard');
    const tab = await screen.findByRole('region', { name: 'mfe_accounts/AccountsTab' });

    const main = theOneMain();
    expect(main).toContainElement(screen.getByRole('heading', { level: 1, name: 'Dashboard' }));
    expect(landmarksAround(tab)).toEqual(['main', 'section "Accounts"']);
    expect(landmarksAround(screen.getByRole('banner'))).toEqual([]);
  });

  it('the dashboard loading, and a page of the shell (a failed sign-in), are in the <main> too', async () => {
    await signedIn();
    const loading = renderApp('/dashboard');
    expect(landmarksAround(screen.getByText('Loading dashboard...'))).toEqual(['main']);
    loading.unmount();

    session.clear();
    renderApp('/auth/callback');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    theOneMain();
    expect(landmarksAround(alert)).toEqual(['main']);
  });
});

describe("the landing's prerendered view, before and after the shell's first render", () => {
  it("sits in the same landmarks: the shell's <main>, the parcel's region Home", () => {
    federation.hold('mfe_public');
    const root = document.createElement('div');
    root.innerHTML = prerenderedElement(
      '<style data-rc-prerender=""></style><h1>Prerendered landing</h1>',
      { remote: 'mfe_public', expose: 'Landing', label: 'Home' },
      'nonce',
    );
    document.body.appendChild(root);
    const served = landmarksAround(root.querySelector('h1')!);
    expect(served).toEqual(['main', 'section "Home"']);

    capturePrerenderedParcel(root);
    act(() => {
      render(
        <MemoryRouter initialEntries={['/']}>
          <App />
        </MemoryRouter>,
        {
          container: root,
          wrapper: ({ children }) => <ThemeProvider theme={theme}>{children}</ThemeProvider>,
        },
      );
    });

    const heading = screen.getByRole('heading', { name: 'Prerendered landing' });
    expect(landmarksAround(heading)).toEqual(served);
    theOneMain();
    // the region's attributes as the server wrote them: the shell's render changed no markup around it
    expect(screen.getByRole('region', { name: 'Home' })).toHaveAttribute(
      'data-remote-status',
      'loading',
    );
  });
});
