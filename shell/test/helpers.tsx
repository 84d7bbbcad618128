import type { ReactElement, ReactNode } from 'react';
import { cleanup, render, screen, waitFor, type RenderResult } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { session, theme } from '@roconnect/shared-lib';
import { setupMockServer, signIn } from '@roconnect/shared-lib/testing';
import { registerRemoteManifest } from '../src/features/remotes/remoteRegistry';
import { App } from '../src/app/App';
import { MemoryRouter, useLocation } from '../src/router';
import { federation } from './mocks/federationRuntime';

export { federation };

// Parcels have React roots of their own that single-spa unmounts after the shell's tree is gone.
// Wait for that here (inside waitFor, where React expects updates outside act), so a parcel never
// outlives its test.
const teardowns: (() => void)[] = [];

/** Run `fn` when the test ends, before its parcels are awaited (e.g. to stop a started shell). */
export function onTeardown(fn: () => void): void {
  teardowns.push(fn);
}

afterEach(async () => {
  teardowns.splice(0).forEach((fn) => fn());
  cleanup();
  await waitFor(() => expect(federation.liveParcels()).toBe(0));
});

export const TEST_REMOTES = {
  mfe_public: 'http://localhost:3001/mf-manifest.json',
  mfe_accounts: 'http://localhost:3002/mf-manifest.json',
  mfe_servers: 'http://localhost:3003/mf-manifest.json',
  mfe_setup: 'http://localhost:3004/mf-manifest.json',
};

/** Fresh fake federation runtime with every test remote registered, as bootstrap does. */
export function resetRemotes(): void {
  federation.reset();
  registerRemoteManifest(TEST_REMOTES);
}

/** Shows the router's current address so tests can assert navigation by text. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output aria-label="current location">{pathname + search}</output>;
}

function ThemeWrapper({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** Renders in shared-lib's theme; `rerender` keeps the theme. */
export function renderWithTheme(ui: ReactElement): RenderResult {
  return render(ui, { wrapper: ThemeWrapper });
}

/** The shell's App in a MemoryRouter at `route`, as bootstrap renders it on the browser's address. */
export function renderApp(route: string): RenderResult {
  return renderWithTheme(
    <MemoryRouter initialEntries={[route]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** The router's address as the LocationProbe shows it. */
export const currentLocation = () => screen.getByRole('status', { name: 'current location' });

type MockServer = ReturnType<typeof setupMockServer>['server'];

/**
 * Per test: the remotes reset, the demo user signed in and checked, then every API call recorded
 * (as `METHOD /path`) in the returned list.
 */
export function setupSignedInShell(server: MockServer): string[] {
  const requests: string[] = [];
  beforeEach(async () => {
    resetRemotes();
    signIn();
    await session.start();
    requests.length = 0;
    server.events.on('request:start', ({ request }) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
    });
  });
  afterEach(() => server.events.removeAllListeners());
  return requests;
}
