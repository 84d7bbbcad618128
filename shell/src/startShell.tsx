import { createRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import { hasNavigator, GlobalStyle, navigate, session, theme } from '@roconnect/shared-lib';
import {
  configureRuntime,
  installUnauthorizedInterceptor,
  withHttpClients,
} from '@roconnect/shared-lib/host';
import { App } from './app/App';
import { BrowserRouter } from './router';
import { initCspNonce, watchHeadForMissingNonce } from './features/csp/cspNonce';
import { fetchRemoteManifest, registerRemoteManifest } from './features/remotes/remoteRegistry';
import { capturePrerenderedParcel } from './features/remotes/prerenderedParcel';
import { preloadParcels } from './features/remotes/routePreloads';
import { dashboardTabParcel, routeForPath } from './app/routeTable';
import { loadShellConfig } from './app/shellConfig';
import { readInlineDeploy } from './inlineDeploy';
import {
  forgetEarlyDashboardLoad,
  startDashboardLoadEarly,
} from './features/dashboard/loadDashboardData';

export interface StartShellOptions {
  root: HTMLElement;
  /** where the deploy-time files live (defaults: same origin) */
  configUrl?: string;
  remotesUrl?: string;
  /** fetch used for the CSP nonce when the page carries none */
  fetchImpl?: typeof fetch;
}

export interface ShellHandle {
  /** the session start check (docs/product.md › Sessions), settled */
  sessionChecked: Promise<unknown>;
  /** unmount and undo the global wiring (tests) */
  stop(): void;
}

/** Start the shell: CSP nonce, config, remotes, session interceptors and check, then the app. */
export async function startShell({
  root,
  configUrl,
  remotesUrl,
  fetchImpl,
}: StartShellOptions): Promise<ShellHandle> {
  // The nonce first: styled-components and webpack stamp it on every tag they add after this.
  await initCspNonce(fetchImpl);
  const stopWatching = watchHeadForMissingNonce(fetchImpl);

  const inlined = readInlineDeploy();
  const [config, remotes] = await Promise.all([
    loadShellConfig(configUrl, inlined.config),
    fetchRemoteManifest(remotesUrl, inlined.remotes).catch(reportRemotesFailure),
  ]);
  configureRuntime(config);
  registerRemoteManifest(remotes);

  // The clients load with the first API call; the interceptors are on them before it is sent.
  const removeInterceptor = withHttpClients((clients) =>
    installUnauthorizedInterceptor(clients, (path) => {
      // The guard of the page being left redirects too; both must agree on the expired message.
      session.clear(path);
      // Before the router is up (the start check itself), the guards do the routing: no reload.
      if (hasNavigator()) navigate(path, { replace: true });
    }),
  );
  // A logout (or a refused refresh) in another tab signs this one out at once.
  const stopFollowingTabs = session.followOtherTabs();
  const sessionChecked = session.start();
  // the row the router opens here, so /Dashboard/ starts early as the server's early load does
  if (routeForPath(window.location.pathname).path === '/dashboard' && startDashboardLoadEarly())
    // the tab's parcel loads while the session check and the data calls are on the network
    preloadParcels([dashboardTabParcel(window.location.search)]);

  capturePrerenderedParcel(root);
  const reactRoot = createRoot(root);
  reactRoot.render(
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </ThemeProvider>,
  );
  return {
    sessionChecked,
    stop() {
      reactRoot.unmount();
      forgetEarlyDashboardLoad();
      removeInterceptor();
      stopFollowingTabs();
      stopWatching();
    },
  };
}

function reportRemotesFailure(error: unknown) {
  // Without the manifest every region shows its own fallback; the frame still renders.
  console.warn('Could not load remotes.json', error);
  return {};
}
