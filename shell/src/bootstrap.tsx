import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import {
  configureRuntime,
  GlobalStyle,
  httpClients,
  installUnauthorizedInterceptor,
  navigate,
  session,
  theme,
} from '@roconnect/shared-lib';
import { App } from './app/App';
import { fetchCspNonce, watchHeadForMissingNonce } from './features/csp/cspNonce';
import { fetchRemoteManifest, registerRemoteManifest } from './features/remotes/remoteRegistry';
import { loadShellConfig } from './app/shellConfig';

async function start() {
  // The nonce first: styled-components and webpack stamp it on every tag they add after this.
  await fetchCspNonce();
  watchHeadForMissingNonce();

  const [config, remotes] = await Promise.all([loadShellConfig(), fetchRemoteManifest().catch(reportRemotesFailure)]);
  configureRuntime({ apiBaseUrl: config.apiBaseUrl });
  registerRemoteManifest(remotes);

  installUnauthorizedInterceptor(httpClients, (path) => {
    session.clear();
    navigate(path, { replace: true });
  });
  void session.start();

  createRoot(document.getElementById('root')!).render(
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </ThemeProvider>,
  );
}

function reportRemotesFailure(error: unknown) {
  // Without the manifest every region shows its own fallback; the frame still renders.
  console.warn('Could not load remotes.json', error);
  return {};
}

void start();
